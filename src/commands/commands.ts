// PLACEHOLDER (owned by the request-engine work): ribbon commands of the shared runtime.
export {};
