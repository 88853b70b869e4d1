import { useEffect, useState } from "react";

/** A value being loaded: what a section renders while waiting, after success and after failure. */
export type Loadable<T> =
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly value: T }
  | { readonly state: "failed"; readonly error: unknown };

const LOADING = { state: "loading" } as const;

/**
 * Runs `load` whenever `key` changes and keeps only the latest answer, so a slow answer for an index the
 * user has already left never overwrites the one on screen. With `keepWhileReloading`, the last value stays
 * on screen until the new one arrives, so a refresh does not blank the list (or take focus from the search box).
 */
export function useLoad<T>(load: () => Promise<T>, key: string, keepWhileReloading = false): Loadable<T> {
  const [result, setResult] = useState<{ key: string; value: Loadable<T> }>({ key, value: LOADING });
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setResult({ key, value: { state: "ready", value } }),
      (error: unknown) => current && setResult({ key, value: { state: "failed", error } }),
    );
    return () => {
      current = false;
    };
    // `load` is re-created on each render; `key` names what it loads.
  }, [key]);
  if (result.key === key) return result.value;
  return keepWhileReloading && result.value.state === "ready" ? result.value : LOADING;
}
