import { keyPrefixOf, symbolKey, type Answered, type History } from "@index-data/wire";
import { instantText, type Clock } from "@index-data/wire/time";
import type { Correction, IndexDataClient } from "../../client";
import { PreviewMiss, type CallContext } from "../cells/call-context";
import type { Dispatch } from "../sending/dispatch";
import type { AnswerCache } from "./answer-cache";
import { correctionsAgainst, firstSeenDays } from "./seen-corrections";

/**
 * INDEX.CORRECTIONS' read. Behind the desk's gateway, its as-published archive answers (the desk saw more than this
 * workbook). Without one, what this workbook saw (its last-known store, kept across reopen) is compared with one
 * fresh read of the history from `since` on: sent within the budget like any request, never answered from the cache
 * nor kept in it, so the fresh read neither hides a correction from the next look nor serves a cell an older answer.
 * Nothing is sent for a value preview.
 */
export class CorrectionsReader {
  constructor(
    private readonly client: IndexDataClient,
    private readonly dispatch: Dispatch,
    private readonly cache: AnswerCache,
    private readonly clock: Clock,
  ) {}

  async read(symbol: string, sinceMs: number, ctx: CallContext): Promise<readonly Correction[]> {
    const s = symbolKey(symbol);
    const key = `corrections|${s}|${instantText(sinceMs)}`;
    if (ctx.preview) throw new PreviewMiss(key);
    const since = instantText(sinceMs);
    // In the lane of the symbol's history: a visible history cell's request goes no sooner than this.
    const answers = { keys: [key], prefixes: [keyPrefixOf("history", s)] };
    const send = <T>(call: () => Promise<T>) =>
      this.dispatch.userWhile(key, ctx.user, () => this.dispatch.send(call, answers));
    if (this.client.options.gateway === true) return send(() => this.client.gatewayCorrections(s, since));
    const [seen, fresh] = await Promise.all([
      this.cache.kept(keyPrefixOf("history", s)),
      send<Answered<History>>(() => this.client.withResponse("history", [s, { startDate: since }])),
    ]);
    return correctionsAgainst(s, firstSeenDays(seen), fresh.data, this.clock.now());
  }
}
