/**
 * The performance mark the `functions` entry sets once every INDEX function is associated: the load-path
 * bench and the production-build test read it to see when registration finished. Its own module so that
 * Node code can name it without loading the functions.
 */
export const FUNCTIONS_REGISTERED_MARK = "index-data:functions-registered";

/** Sets the mark where the page has a Performance API. */
export function markFunctionsRegistered(): void {
  if (typeof performance !== "undefined" && typeof performance.mark === "function")
    performance.mark(FUNCTIONS_REGISTERED_MARK);
}
