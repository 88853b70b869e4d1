/**
 * Whether this Excel supports an ExcelApi requirement set (Office.context.requirements), false where it cannot
 * say (outside Office, office.js not ready): code that needs a newer API then takes its documented fallback.
 */
export function excelApiSupports(version: string): boolean {
  try {
    return typeof Office !== "undefined" && Office.context?.requirements?.isSetSupported("ExcelApi", version) === true;
  } catch {
    // Expected: an Office.js that cannot say takes the documented fallback.
    return false;
  }
}
