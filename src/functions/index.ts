// PLACEHOLDER (owned by the custom-functions work): imports every src/functions/*.functions.ts file.
export {};
