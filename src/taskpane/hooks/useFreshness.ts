import { useEffect, useState } from "react";
import type { FreshnessSnapshot } from "../../engine";
import type { AppContext } from "../../office";

/** The app context's freshness figures, updated whenever the context announces a change. */
export function useFreshness(context: Pick<AppContext, "snapshot" | "subscribe">): FreshnessSnapshot {
  const [snapshot, setSnapshot] = useState<FreshnessSnapshot>(() => context.snapshot());
  useEffect(() => {
    setSnapshot(context.snapshot());
    return context.subscribe(setSnapshot);
  }, [context]);
  return snapshot;
}
