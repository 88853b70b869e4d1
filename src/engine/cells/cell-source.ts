import { AnsweredMethods, type ArgsOf, type DataOf, type HistoryQuery, type ResourceName } from "@index-data/wire";
import type { Answered, Correction, IndexDataSource, LatestValue } from "../../client";
import { isPreviewMiss, type CallContext } from "./call-context";
import type { RequestEngine } from "../request-engine";

/**
 * An IndexDataSource bound to one call context, in front of whichever engine the current settings built:
 * callers keep one reference, calls made while the settings still load wait for them, and every call hands the
 * engine its context (which cell, a value preview, the user's own action). For one evaluation of a cell,
 * `missed` tells the caller that a preview needed a request it did not send. `ready` is the engine once it is
 * built (undefined while the settings load): a cell's calls then go straight to it, with no promise of their own.
 */
export class CellSource extends AnsweredMethods implements IndexDataSource {
  private missedAny = false;

  constructor(
    private readonly engine: () => Promise<RequestEngine>,
    private readonly ctx: CallContext,
    private readonly ready: () => RequestEngine | undefined = () => undefined,
  ) {
    super();
    const address = ctx.address;
    if (address === undefined) return;
    // A new evaluation of the cell starts: what it needed before no longer counts.
    const now = ready();
    if (now !== undefined) now.addresses.begin(address);
    else
      engine().then(
        (e) => e.addresses.begin(address),
        // Expected: an engine that could not be built was reported once, when it was built, and fails every call
        // of the cell through `run`, which shows it; the bookkeeping has nothing to add.
        () => undefined,
      );
  }

  get missed(): boolean {
    return this.missedAny;
  }

  /** The message of the error the cell shows, kept for the freeze receipt. */
  noteError(message: string): void {
    const address = this.ctx.address;
    if (address !== undefined)
      this.engine().then(
        (e) => e.addresses.noteError(address, message),
        // Expected: without an engine there is no receipt to keep the message for; its failure was reported once.
        () => undefined,
      );
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Answered<DataOf<N>>> {
    const now = this.direct();
    if (now === undefined) return this.run((e) => e.read(name, args, this.ctx));
    try {
      return now.read(name, args, this.ctx);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  latestValue(symbol: string): Promise<Answered<LatestValue>> {
    const now = this.direct();
    if (now === undefined) return this.run((e) => e.latestValue(symbol, this.ctx));
    try {
      return now.latestValue(symbol, this.ctx);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  corrections(symbol: string, sinceMs: number): Promise<readonly Correction[]> {
    return this.run((e) => e.corrections(symbol, sinceMs, this.ctx));
  }

  /**
   * Foresees on the engine, once it is built when the settings still load (a workbook's first cells come then): before
   * the cell's own reads, which wait for the same engine. A value preview foresees nothing.
   */
  foreseeHistory(symbol: string, query: HistoryQuery): () => void {
    if (this.ctx.preview) return () => undefined;
    const now = this.ready();
    if (now !== undefined) return now.foreseeHistory(symbol, query, this.ctx);
    let withdrawn = false;
    let withdraw = (): void => undefined;
    this.engine().then(
      (engine) => {
        if (!withdrawn) withdraw = engine.foreseeHistory(symbol, query, this.ctx);
      },
      // Expected: an engine that could not be built fails the cell's own reads, which show it; a hint adds nothing.
      () => undefined,
    );
    return () => {
      withdrawn = true;
      withdraw();
    };
  }

  /** The engine to call at once: built, and not for a value preview (whose misses `run` notes). */
  private direct(): RequestEngine | undefined {
    return this.ctx.preview ? undefined : this.ready();
  }

  private run<T>(call: (engine: RequestEngine) => Promise<T>): Promise<T> {
    return this.engine()
      .then(call)
      .catch((error: unknown) => {
        if (isPreviewMiss(error)) this.missedAny = true;
        throw error;
      });
  }
}
