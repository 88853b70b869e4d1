import {
  DEMO_KEYS,
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from "../../reference-service/src/index";

/** A fixed clock: Wednesday 18 June 2025, 10:30 UTC. Tests that depend on the calendar use it. */
export const WEDNESDAY = new Date("2025-06-18T10:30:00.000Z");
/** Sunday 22 June 2025, 09:00 UTC: the latest value is carried forward from Friday. */
export const SUNDAY = new Date("2025-06-22T09:00:00.000Z");

export { DOTTED, FLAGSHIP, INACTIVE, NO_DATA, YOUNG } from "../support/reference-symbols";

export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** GET a path of the service; by default as the enterprise tier, so suites do not trip the limits. */
export async function get(
  service: RunningReferenceService,
  path: string,
  headers: Record<string, string> = { "X-API-Key": DEMO_KEYS.enterprise },
): Promise<JsonResponse> {
  const response = await fetch(`${service.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) };
}

export function anonymous(): Record<string, string> {
  return {};
}

/** Starts a service for a suite and closes it after. */
export function serviceFor(options: ReferenceServiceOptions): () => RunningReferenceService {
  let service: RunningReferenceService | undefined;
  beforeAll(async () => {
    service = await startReferenceService(options);
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (service === undefined) throw new Error("The service has not started yet.");
    return service;
  };
}

/** The value as a plain object, for property checks. */
export function record(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`Not an object: ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}

export function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error(`Not an array: ${JSON.stringify(value)}`);
  return value;
}
