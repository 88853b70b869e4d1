import type { Clock } from "@index-data/wire/time";
import type { Diagnostics } from "@index-data/wire/diagnostics";
import type { FairQueue } from "../serving/fair-queue";
import { ENDPOINTS, resourceOf } from "../answers/resources";
import type { ReplicaStore } from "../store/replica-store";
import type { SendMark } from "../store/store";
import type { Upstream, UpstreamResult } from "../serving/upstream";
import type { Resource } from "../answers/resources";
import type { DeskCorrections } from "./desk-corrections";
import { CorrectionsSweep } from "./sweep";

/** Whose turn the sweep's sends are, in the audit trail: the gateway's own, no trader's. */
export const SWEEP_ACCOUNT = "gateway/corrections-sweep";

interface DeskSweepOptions {
  readonly clock: Clock;
  readonly everyMs?: number | false | undefined;
  readonly days?: number | undefined;
  readonly store: ReplicaStore;
  readonly queue: FairQueue;
  readonly upstream: Upstream;
  readonly corrections: DeskCorrections;
  /** Told of each send, as a trader's are (metrics, audit, health), with the sweep's account. */
  readonly onUpstream: (resource: Resource, result: UpstreamResult, account: string) => void;
  readonly diagnostics?: Diagnostics | undefined;
}

/**
 * What the budget keeps for traders: the sweep takes a send only while at least this many more could go now. A tenth
 * of the window's limit, at least two, so a trader arriving just after the sweep's send still goes at once.
 */
function reserveOf(limit: number): number {
  return Math.max(2, Math.ceil(limit / 10));
}

/** The corrections sweep on the desk's parts: spare sends from the shared budget, re-reads straight from upstream. */
export function deskSweep(options: DeskSweepOptions): CorrectionsSweep<SendMark> {
  const { clock, store, queue, upstream, corrections } = options;
  const history = ENDPOINTS.find((endpoint) => endpoint.name === "history");
  if (history === undefined) throw new Error("The history endpoint is missing from the resource table.");
  return new CorrectionsSweep<SendMark>({
    clock,
    everyMs: options.everyMs,
    days: options.days,
    symbols: () => corrections.archive.symbols(),
    tradersWaiting: () => Object.values(queue.waiting()).reduce((sum, n) => sum + n, 0),
    spareSend: async () => {
      const now = clock.now();
      const budget = await store.snapshot(now);
      if (budget.sendableNow <= reserveOf(budget.limit)) return undefined;
      const grant = await store.take(now, 1, 1);
      return grant.granted >= 1 ? { seq: grant.lastSeq, ledger: grant.ledger } : undefined;
    },
    reread: async (symbol, startDate, sent) => {
      const resource = resourceOf(history, { symbol }, { startDate }, clock.now());
      const result = await upstream.get(resource, () => clock.now());
      const reading = result.status !== undefined ? { ...result.reading, answered: true, sent } : result.reading;
      await store.learn(clock.now(), reading);
      queue.poke();
      // Counted, audited and archived as any send (the archive's record is corrections.observe's).
      options.onUpstream(resource, result, SWEEP_ACCOUNT);
    },
    diagnostics: options.diagnostics,
  });
}
