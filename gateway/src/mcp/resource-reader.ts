import { RESOURCES, type ArgsOf, type DataOf, type ResourceName } from "@index-data/wire";
import type { z } from "zod";
import type { Served } from "../serving/cache-headers";
import type { CachedAnswer } from "../store/store";
import { GatewayError } from "../answers/gateway-error";
import type { ServedLabel } from "../observability/gateway-metrics";
import { LONG_BODY_CHARS, parsePaced } from "../answers/paced-parse";
import { ENDPOINTS, resourceOf, type Endpoint } from "../answers/resources";
import type { Resolver } from "../serving/resolver";

/** What a tool's read needs of the gateway: the HTTP route's own resolver, and the request count it keeps. */
export interface ResourceSource {
  readonly resolver: Pick<Resolver, "hit" | "serve">;
  /** Counts one request of `account` in the window (the health page and the shares count tool calls too). */
  readonly countRequest: (account: string, now: number) => void;
  /** Told of every answer served, as the HTTP route's onResponse tells the metrics. */
  readonly onServed: (kind: string, how: ServedLabel, seconds: number) => void;
  readonly now: () => number;
}

/** A resource's value, how the gateway served it and when the service answered it. */
export interface ReadValue<N extends ResourceName> {
  readonly data: DataOf<N>;
  readonly path: string;
  readonly how: ServedLabel;
  readonly fetchedAt: number;
}

/** The service said no (400, 404) or failed: its own message, for the tool's error result. */
export class ServiceAnswerError extends Error {
  override readonly name = "ServiceAnswerError";

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Each endpoint by its resource's name: a constant table. */
const ENDPOINT_BY_NAME: ReadonlyMap<ResourceName, Endpoint> = new Map(
  ENDPOINTS.map((endpoint) => [endpoint.name, endpoint]),
);

/** The service's own message in an error body, or a plain one. */
function messageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // Expected: a failure passed on may have no JSON body; the status says enough.
  }
  return `The Index Data Service answered ${status}.`;
}

/** How a resource row reads its wire answer into the add-in's value. */
interface WireRow<N extends ResourceName> {
  readonly wire: z.ZodType;
  readonly toData: (wire: unknown, args: ArgsOf<N>, status: number) => DataOf<N>;
  readonly query?: (args: ArgsOf<N>) => Readonly<Record<string, string | number | undefined>>;
}

/**
 * Reads resources for the tools and documents exactly as the HTTP route serves them (resources.ts's checks, the
 * resolver's cache, coalescing, budget and audit), then the wire row's schema and value. Each answer held in memory is
 * read once (its value kept by the answer itself, weakly: it goes when the cache lets the answer go), so a hit costs
 * no parse; a miss takes the value the upstream's check read; a long body is read with `pause` between stages, so a
 * trader's request is not kept waiting behind it.
 */
export class ResourceReader {
  /** Each answer held, as read: the path it answers and its value (one answer, one path: the same arguments). */
  private readonly values = new WeakMap<CachedAnswer, { readonly path: string; readonly data: unknown }>();

  constructor(
    readonly source: ResourceSource,
    readonly pause: () => Promise<void>,
  ) {}

  /** Reads one resource for `account`; a refusal throws its GatewayError, the service's no its ServiceAnswerError. */
  async read<N extends ResourceName>(account: string, name: N, args: ArgsOf<N>): Promise<ReadValue<N>> {
    const { source } = this;
    const endpoint = ENDPOINT_BY_NAME.get(name);
    if (endpoint === undefined) throw new Error(`no endpoint for ${name}`);
    const row = RESOURCES[name] as unknown as WireRow<N>;
    const now = source.now();
    const query = Object.fromEntries(
      Object.entries(row.query?.(args) ?? {}).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    );
    const symbol = (args as readonly unknown[])[0];
    const resource = resourceOf(endpoint, typeof symbol === "string" ? { symbol } : {}, query, now);
    source.countRequest(account, now);
    const served: Served = source.resolver.hit(resource) ?? (await source.resolver.serve(resource, account));
    source.onServed(resource.kind, served.how, (source.now() - now) / 1000);
    const answer = served.how === "passed" ? undefined : served.answer;
    const status = served.how === "passed" ? served.status : served.answer.status;
    const body = served.how === "passed" ? served.body : served.answer.body;
    if (answer === undefined || status !== 200) throw new ServiceAnswerError(status, messageOf(body, status));
    const checked = served.how === "miss" && "value" in served ? { wire: served.value } : undefined;
    const data = await this.dataOf(answer, resource.path, (wire) => row.toData(wire, args, status), row, checked);
    return { data, path: resource.path, how: served.how, fetchedAt: answer.fetchedAt };
  }

  /** The answer's value, read once per answer held: parsed, checked by the row's schema, then made the add-in's. */
  private async dataOf<N extends ResourceName>(
    answer: CachedAnswer,
    path: string,
    toData: (wire: unknown) => DataOf<N>,
    row: WireRow<N>,
    checked: { readonly wire: unknown } | undefined,
  ): Promise<DataOf<N>> {
    const known = this.values.get(answer);
    if (known !== undefined && known.path === path) return known.data as DataOf<N>;
    const long = answer.body.length > LONG_BODY_CHARS;
    const wire = checked !== undefined ? checked.wire : await this.parsed(answer.body, row, long);
    if (long) await this.pause();
    const data = toData(wire);
    this.values.set(answer, { path, data });
    return data;
  }

  /** A body parsed and checked by the row's schema; a long one a stage at a time, the event loop served between. */
  private async parsed<N extends ResourceName>(body: string, row: WireRow<N>, long: boolean): Promise<unknown> {
    const json: unknown = JSON.parse(body);
    if (!long) return row.wire.parse(json);
    await this.pause();
    const checked = await parsePaced(row.wire, json, this.pause);
    // The body passed this very schema when it was kept (answer-check.ts): a failure now is the gateway's own fault.
    if (!checked.success) throw new Error("a kept answer no longer passes its schema");
    return checked.data;
  }
}

/** Whether an error is one the gateway answers itself (a refusal), with its status and headers. */
export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof GatewayError;
}
