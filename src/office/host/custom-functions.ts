/**
 * Registers one custom function with Excel's runtime (or the preview's stand-in for it): the implementation Excel
 * calls for the function of `id` in functions.json.
 */
export function associateCustomFunction(id: string, implementation: (...args: never[]) => unknown): void {
  CustomFunctions.associate(id, implementation);
}
