import { AnsweredMethods, type ArgsOf, type DataOf, type ResourceName } from "@index-data/wire";
import type { Answered, IndexDataSource, LatestValue } from "../../../src/client";

/** One resource's answer: data (for every argument), data by argument, or an error to reject with. */
type Answer<N extends ResourceName> = DataOf<N> | Error | ((...args: ArgsOf<N>) => DataOf<N> | Error);

/** What each method answers. Missing entries reject with a plain Error. */
export type FixtureAnswers = { [N in ResourceName]?: Answer<N> } & { stale?: boolean };

export interface SourceCall {
  readonly method: keyof IndexDataSource;
  readonly args: readonly unknown[];
}

/** An IndexDataSource over in-memory fixtures that records every call (the fuzz test counts them). */
export class FixtureSource extends AnsweredMethods implements IndexDataSource {
  readonly calls: SourceCall[] = [];

  constructor(private readonly answers: FixtureAnswers = {}) {
    super();
  }

  #serve<T>(
    method: keyof IndexDataSource,
    args: readonly unknown[],
    answer: T | Error | undefined,
  ): Promise<Answered<T>> {
    this.calls.push({ method, args });
    if (answer === undefined) return Promise.reject(new Error(`no fixture for ${method}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve({
      data: answer,
      meta: { producedAt: "2024-03-01T12:00:00.000Z", servedStale: this.answers.stale ?? false },
    });
  }

  #answer<N extends ResourceName>(name: N, args: ArgsOf<N>): DataOf<N> | Error | undefined {
    // Read as unknown, not narrowed as Answer<N>: narrowing a union generic over every row is what made the
    // compiler give up (TS2590) at an eleventh row.
    const answer: unknown = this.answers[name];
    const given = typeof answer === "function" ? (answer as (...a: ArgsOf<N>) => unknown)(...args) : answer;
    return given as DataOf<N> | Error | undefined;
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Answered<DataOf<N>>> {
    return this.#serve(name, args, this.#answer(name, args));
  }

  latestValue(symbol: string): Promise<Answered<LatestValue>> {
    const fix = this.#answer("latest", [symbol]);
    const answer = fix === undefined || fix instanceof Error ? fix : { symbol, value: fix.value, asOf: fix.asOf };
    return this.#serve("latestValue", [symbol], answer);
  }
}

/** A service-shaped error without the client's classes: the mapping must work by `name` alone. */
export function serviceError(name: string, message: string, extra: Record<string, unknown> = {}): Error {
  const error = new Error(message);
  Object.defineProperty(error, "name", { value: name });
  Object.assign(error, extra);
  return error;
}
