// The answers a sheet needs, recorded once from the reference service and replayed to a fresh engine by a fake
// fetch: what the CPU and memory benchmarks run on, so that their figures are the client's alone (no network, no
// service), and the baseline is computed from the very same answers.

/** One answer as the service sent it: what the engine parses, validates and shapes. */
export interface RecordedAnswer {
  /** Path and query, e.g. `/api/v1/index/RTM-NWE-A-1x3/history?startDate=…`. */
  readonly path: string;
  readonly status: number;
  readonly headers: readonly [string, string][];
  readonly body: string;
}

function pathOf(input: Parameters<typeof fetch>[0]): string {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  return `${url.pathname}${url.search}`;
}

/** A fetch that passes every request on and keeps each answer it read, in the order they were asked. */
export function recordingFetch(answers: RecordedAnswer[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.text();
    const headers = [...response.headers.entries()];
    answers.push({ path: pathOf(input), status: response.status, headers, body });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/**
 * The recorded headers, with the rate-limit count a fresh window would show after `served` requests: the engine
 * replayed to reads the same budget as a workbook opening alone, whatever order it asks in.
 */
function headersAfter(answer: RecordedAnswer, served: number): [string, string][] {
  const limit = Number(answer.headers.find(([name]) => name === "x-ratelimit-limit")?.[1]);
  return answer.headers.map(([name, value]): [string, string] =>
    name === "x-ratelimit-remaining" && Number.isFinite(limit)
      ? [name, String(Math.max(0, limit - served))]
      : [name, value],
  );
}

/**
 * A fetch that answers from `answers` at once, by path and query, as a service in a fresh rate window would; a
 * request that was not recorded fails loudly (the run is then not the recorded one). `asked` collects the paths,
 * to check the request count.
 */
export function replayFetch(answers: readonly RecordedAnswer[], asked: string[], latencyMs = 0): typeof fetch {
  const byPath = new Map(answers.map((answer) => [answer.path, answer]));
  return (input) => {
    const path = pathOf(input);
    asked.push(path);
    const answer = byPath.get(path);
    if (answer === undefined) return Promise.reject(new Error(`bench: no recorded answer for ${path}`));
    const headers = headersAfter(answer, asked.length);
    const response = () => new Response(answer.body, { status: answer.status, headers });
    if (latencyMs <= 0) return Promise.resolve(response());
    return new Promise((resolve) => setTimeout(() => resolve(response()), latencyMs));
  };
}
