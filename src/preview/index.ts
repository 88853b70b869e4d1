// PLACEHOLDER (owned by the custom-functions work): the formula preview harness.
export {};
