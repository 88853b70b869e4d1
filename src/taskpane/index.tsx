// PLACEHOLDER (owned by the taskpane work): the taskpane's React entry.
export {};
