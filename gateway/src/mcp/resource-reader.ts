import { RESOURCES, type ArgsOf, type DataOf, type ResourceName } from "@index-data/wire";
import type { Served } from "../cache-headers";
import { GatewayError } from "../gateway-error";
import type { ServedLabel } from "../gateway-metrics";
import { ENDPOINTS, resourceOf, type Endpoint } from "../resources";
import type { Resolver } from "../resolver";

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

/**
 * Reads one resource for `account` exactly as the HTTP route serves it (resources.ts's checks, the resolver's
 * cache, coalescing, budget and audit), then the wire row's schema and value. A refusal throws its GatewayError.
 */
export async function readResource<N extends ResourceName>(
  source: ResourceSource,
  account: string,
  name: N,
  args: ArgsOf<N>,
): Promise<ReadValue<N>> {
  const endpoint = ENDPOINT_BY_NAME.get(name);
  if (endpoint === undefined) throw new Error(`no endpoint for ${name}`);
  const row = RESOURCES[name] as unknown as {
    readonly wire: { parse(value: unknown): unknown };
    readonly toData: (wire: unknown, args: ArgsOf<N>, status: number) => DataOf<N>;
    readonly query?: (args: ArgsOf<N>) => Readonly<Record<string, string | number | undefined>>;
  };
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
  const data = row.toData(row.wire.parse(JSON.parse(body)), args, status);
  return { data, path: resource.path, how: served.how, fetchedAt: answer.fetchedAt };
}

/** Whether an error is one the gateway answers itself (a refusal), with its status and headers. */
export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof GatewayError;
}
