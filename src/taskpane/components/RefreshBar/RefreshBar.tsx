import { Button, ProgressBar } from "@fluentui/react-components";
import { useState } from "react";
import { describeError } from "../../model/errors";
import { formatClock, formatTimestamp } from "../../model/format";
import { useRefreshBarStyles } from "./RefreshBar.styles";
import { ScopedRefresh } from "./ScopedRefresh";
import type { RefreshBarProps } from "./RefreshBar.types";

/**
 * When the values on screen came: the last Refresh, else the load that brought them (a workbook opening loads its
 * cells with nobody pressing Refresh), else nothing yet.
 */
function freshnessLine({ lastRefreshedAt, loadedAt }: RefreshBarProps["snapshot"]): string {
  if (lastRefreshedAt !== undefined) return `Last refreshed: ${formatClock(lastRefreshedAt)}`;
  if (loadedAt !== undefined) return `Values loaded: ${formatClock(loadedAt)}`;
  return "No values loaded yet";
}

/** Refresh button, refresh by scope, "last refreshed" time, cells on last-known values, and progress of queued requests. */
export function RefreshBar({ snapshot, onRefresh, scoped }: RefreshBarProps) {
  const styles = useRefreshBarStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const total = snapshot.requestsDone + snapshot.requestsQueued;
  const refresh = () => {
    setBusy(true);
    setError(undefined);
    onRefresh()
      .catch((cause: unknown) => setError(describeError(cause)))
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.root} role="region" aria-label="Refresh and freshness">
      <div className={styles.line}>
        <Button appearance="primary" size="small" onClick={refresh} disabled={busy}>
          {busy ? "Refreshing…" : "Refresh"}
        </Button>
        <p className={styles.text} role="status">
          {freshnessLine(snapshot)}
        </p>
      </div>
      {scoped !== undefined && <ScopedRefresh {...scoped} />}
      {snapshot.staleCells > 0 && (
        <p className={styles.stale} role="status">
          {snapshot.staleCells} {snapshot.staleCells === 1 ? "cell is" : "cells are"} served from last-known values
          {snapshot.staleAsOf !== undefined ? ` (oldest from ${formatTimestamp(snapshot.staleAsOf)})` : ""}.
        </p>
      )}
      {snapshot.requestsQueued > 0 && (
        <>
          <ProgressBar value={snapshot.requestsDone} max={total} aria-label="Requests done" />
          <p className={styles.text} role="status">
            {snapshot.requestsDone} of {total} requests done
            {snapshot.nextSlotAt !== undefined ? `; next slot opens at ${formatClock(snapshot.nextSlotAt)}` : ""}.
          </p>
        </>
      )}
      {error !== undefined && (
        <p className={styles.stale} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
