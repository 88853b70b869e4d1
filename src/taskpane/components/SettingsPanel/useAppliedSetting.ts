import { useEffect, useState } from "react";

/**
 * A setting that applies at once (no Save), as Office's own toggles do: its stored value once read (`fallback` if
 * the read fails, and `problem` says so), and `change`, which shows the new value at once and saves it; if Office
 * refuses to apply it, the value stays saved and `problem` says so.
 */
export function useAppliedSetting<T>(
  read: () => Promise<T>,
  apply: (value: T) => Promise<void>,
  fallback: T,
  key: unknown,
) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void read().then(
      (stored) => live && setValue(stored),
      (error: unknown) => {
        if (!live) return;
        setValue(fallback);
        setProblem(`The saved choice could not be read (${messageOf(error)}); this shows the default.`);
      },
    );
    return () => void (live = false);
    // `read` is re-created on each render; `key` names what it reads.
  }, [key]);
  const change = (next: T) => {
    setValue(next);
    setProblem(undefined);
    apply(next).catch((error: unknown) => {
      setProblem(`Saved, but Excel did not take it: ${messageOf(error)}`);
    });
  };
  const validation = problem !== undefined ? ({ validationState: "warning", validationMessage: problem } as const) : {};
  return { value, change, validation };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
