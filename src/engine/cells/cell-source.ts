import { AnsweredMethods, type ArgsOf, type DataOf, type ResourceName } from "../../wire";
import type { Answered, IndexDataSource, LatestValue } from "../../client";
import { isPreviewMiss, type CallContext } from "./call-context";
import type { RequestEngine } from "../request-engine";

/**
 * An IndexDataSource bound to one call context, in front of whichever engine the current settings built:
 * callers keep one reference, calls made while the settings still load wait for them, and every call hands the
 * engine its context (which cell, a value preview, the user's own action). For one evaluation of a cell,
 * `missed` tells the caller that a preview needed a request it did not send.
 */
export class CellSource extends AnsweredMethods implements IndexDataSource {
  private missedAny = false;

  constructor(
    private readonly engine: () => Promise<RequestEngine>,
    private readonly ctx: CallContext,
  ) {
    super();
    const address = ctx.address;
    // A new evaluation of the cell starts: what it needed before no longer counts.
    if (address !== undefined)
      engine().then(
        (e) => e.addresses.begin(address),
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
        () => undefined,
      );
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Answered<DataOf<N>>> {
    return this.run((e) => e.read(name, args, this.ctx));
  }

  latestValue(symbol: string): Promise<Answered<LatestValue>> {
    return this.run((e) => e.latestValue(symbol, this.ctx));
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
