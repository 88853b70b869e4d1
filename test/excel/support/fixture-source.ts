import { methodPerResource, type ArgsOf, type DataOf, type ResourceName } from "../../../src/wire/resources/table";
import type { IndexDataSource, LatestValue, Served, SourceMethods } from "../../../src/client/source";

/** One resource's answer: data (for every argument), data by argument, or an error to reject with. */
type Answer<N extends ResourceName> = DataOf<N> | Error | ((...args: ArgsOf<N>) => DataOf<N> | Error);

/** What each method answers. Missing entries reject with a plain Error. */
export type FixtureAnswers = { [N in ResourceName]?: Answer<N> } & { stale?: boolean };

export interface SourceCall {
  readonly method: keyof IndexDataSource;
  readonly args: readonly unknown[];
}

/** An IndexDataSource over in-memory fixtures that records every call (the fuzz test counts them). */
export class FixtureSource extends methodPerResource<SourceMethods>() implements IndexDataSource {
  readonly calls: SourceCall[] = [];

  constructor(private readonly answers: FixtureAnswers = {}) {
    super();
  }

  #serve<T>(
    method: keyof IndexDataSource,
    args: readonly unknown[],
    answer: T | Error | undefined,
  ): Promise<Served<T>> {
    this.calls.push({ method, args });
    if (answer === undefined) return Promise.reject(new Error(`no fixture for ${method}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve({ data: answer, fetchedAt: "2024-03-01T12:00:00.000Z", stale: this.answers.stale ?? false });
  }

  #answer<N extends ResourceName>(name: N, args: ArgsOf<N>): DataOf<N> | Error | undefined {
    const answer = this.answers[name] as Answer<N> | undefined;
    return typeof answer === "function" ? (answer as (...a: ArgsOf<N>) => DataOf<N> | Error)(...args) : answer;
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Served<DataOf<N>>> {
    return this.#serve(name, args, this.#answer(name, args));
  }

  latestValue(symbol: string): Promise<Served<LatestValue>> {
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
