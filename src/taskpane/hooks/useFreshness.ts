import { useEffect, useState } from "react";
import type { FreshnessSnapshot } from "../../client/engine/freshness";
import type { AppContext } from "../../office/context";

/** The shared runtime's freshness figures, updated whenever the context announces a change. */
export function useFreshness(context: Pick<AppContext, "snapshot" | "subscribe">): FreshnessSnapshot {
  const [snapshot, setSnapshot] = useState<FreshnessSnapshot>(() => context.snapshot());
  useEffect(() => {
    setSnapshot(context.snapshot());
    return context.subscribe(setSnapshot);
  }, [context]);
  return snapshot;
}
