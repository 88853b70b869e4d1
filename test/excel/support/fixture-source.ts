import type { BenchmarkHealth } from "../../../src/client/resources/benchmark-health";
import type { CapacityMetrics } from "../../../src/client/resources/capacity";
import type { ForwardCurve } from "../../../src/client/resources/forward";
import type { Health } from "../../../src/client/resources/health";
import type { History, HistoryQuery } from "../../../src/client/resources/history";
import type { IndexSummary } from "../../../src/client/resources/indexes";
import type { LatestFix } from "../../../src/client/resources/latest";
import type { Methodology } from "../../../src/client/resources/methodology";
import type { SystemStatus } from "../../../src/client/resources/system-status";
import type { Volatility } from "../../../src/client/resources/volatility";
import type { IndexDataSource, LatestValue, Served } from "../../../src/client/source";

/** What each method answers: data, or an error to reject with. Missing entries reject with a plain Error. */
export interface FixtureAnswers {
  listIndexes?: readonly IndexSummary[] | Error;
  latest?: (symbol: string) => LatestFix | Error;
  history?: (symbol: string, query?: HistoryQuery) => History | Error;
  volatility?: (symbol: string, windowDays?: number) => Volatility | Error;
  forward?: (symbol: string) => ForwardCurve | Error;
  capacity?: (symbol: string) => CapacityMetrics | Error;
  benchmarkHealth?: BenchmarkHealth | Error;
  systemStatus?: SystemStatus | Error;
  health?: Health | Error;
  methodology?: Methodology | Error;
  stale?: boolean;
}

export interface SourceCall {
  readonly method: keyof IndexDataSource;
  readonly args: readonly unknown[];
}

/** An IndexDataSource over in-memory fixtures that records every call (the fuzz test counts them). */
export class FixtureSource implements IndexDataSource {
  readonly calls: SourceCall[] = [];

  constructor(private readonly answers: FixtureAnswers = {}) {}

  #serve<T>(method: keyof IndexDataSource, args: readonly unknown[], answer: T | Error | undefined): Promise<Served<T>> {
    this.calls.push({ method, args });
    if (answer === undefined) return Promise.reject(new Error(`no fixture for ${method}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve({ data: answer, fetchedAt: "2024-03-01T12:00:00.000Z", stale: this.answers.stale ?? false });
  }

  listIndexes() {
    return this.#serve("listIndexes", [], this.answers.listIndexes);
  }
  latest(symbol: string) {
    return this.#serve("latest", [symbol], this.answers.latest?.(symbol));
  }
  latestValue(symbol: string): Promise<Served<LatestValue>> {
    const fix = this.answers.latest?.(symbol);
    const answer = fix === undefined || fix instanceof Error ? fix : { symbol, value: fix.value, asOf: fix.asOf };
    return this.#serve("latestValue", [symbol], answer);
  }
  history(symbol: string, query?: HistoryQuery) {
    return this.#serve("history", [symbol, query], this.answers.history?.(symbol, query));
  }
  volatility(symbol: string, windowDays?: number) {
    return this.#serve("volatility", [symbol, windowDays], this.answers.volatility?.(symbol, windowDays));
  }
  forward(symbol: string) {
    return this.#serve("forward", [symbol], this.answers.forward?.(symbol));
  }
  capacity(symbol: string) {
    return this.#serve("capacity", [symbol], this.answers.capacity?.(symbol));
  }
  benchmarkHealth() {
    return this.#serve("benchmarkHealth", [], this.answers.benchmarkHealth);
  }
  systemStatus() {
    return this.#serve("systemStatus", [], this.answers.systemStatus);
  }
  health() {
    return this.#serve("health", [], this.answers.health);
  }
  methodology() {
    return this.#serve("methodology", [], this.answers.methodology);
  }
}

/** A service-shaped error without the client's classes: the mapping must work by `name` alone. */
export function serviceError(name: string, message: string, extra: Record<string, unknown> = {}): Error {
  const error = new Error(message);
  Object.defineProperty(error, "name", { value: name });
  Object.assign(error, extra);
  return error;
}
