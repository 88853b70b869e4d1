import { STATUS_CODES } from "node:http";
import { z } from "zod";
import { stripControl } from "@index-data/wire";
import { LONG_BODY_CHARS, parsePaced } from "./paced-parse";
import type { Endpoint } from "./resources";

/**
 * The one check every answer passes before the gateway keeps or serves it, whether it comes from the upstream or
 * from the shared store: a status the service documents, a JSON body (no deeper than any it sends), of the
 * endpoint's own wire schema for an answer, of the service's error shape for a refusal or a failure. Nothing else of
 * the upstream's is trusted: not its content type, not its other headers, not a body that is not quite JSON.
 */

/** What every answer the gateway serves is: its own type, never the upstream's text. */
export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * How the gateway takes an upstream status: the service's answer (200, and statuses an endpoint answers with, such
 * as the health check's 503), its refusal of the request (400, 404), its failure (500, 503), its refusal of the
 * gateway's key (401, 403), its rate limit (429), or anything else, which the service never sends (spec section 7).
 */
export type StatusKind = "answer" | "refusal" | "failure" | "key-refused" | "rate-limited" | "undocumented";

export function statusKind(endpoint: Endpoint, status: number): StatusKind {
  if (status === 200 || (endpoint.answers ?? []).includes(status)) return "answer";
  if (status === 400 || status === 404) return "refusal";
  if (status === 500 || status === 503) return "failure";
  if (status === 401 || status === 403) return "key-refused";
  return status === 429 ? "rate-limited" : "undocumented";
}

/** Deeper than anything the service nests (the methodology document is the deepest, at a few levels). */
const MAX_NESTING = 64;

/** Whether a JSON text nests arrays and objects deeper than MAX_NESTING; one pass, no recursion. */
function tooDeep(json: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > MAX_NESTING) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** The JSON value of a text, or undefined when it is not JSON (or is nested absurdly deep). */
function parsedJson(text: string): { value: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return tooDeep(text) ? undefined : { value };
  } catch {
    // Expected: a body that is not JSON is no answer; the caller says so.
    return undefined;
  }
}

/** A body that passed: the bytes to serve, and its validated value (the schema's output) for the keeping rules. */
export type CheckedBody =
  { readonly ok: true; readonly body: string; readonly value: unknown } | { readonly ok: false };

const NOT_IT = { ok: false } as const;

/** An answer's body: the upstream's own bytes, when they are JSON of the endpoint's wire schema. */
export function checkAnswerBody(endpoint: Endpoint, body: string): CheckedBody {
  const json = parsedJson(body);
  if (json === undefined) return NOT_IT;
  try {
    const checked = endpoint.schema.safeParse(json.value);
    return checked.success ? { ok: true, body, value: checked.data } : NOT_IT;
  } catch {
    // Expected: a transform that could not cope (a document too large to walk) is no answer either.
    return NOT_IT;
  }
}

/**
 * The service's error body: `{ statusCode, error, code, message }`, its code in the service's own spelling. `error`
 * (the reason phrase) may be missing: the gateway writes its own.
 */
const ServiceErrorShape = z.object({
  statusCode: z.number().int(),
  error: z.string().max(200).optional(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/),
  message: z.string().max(1000),
});

/**
 * A refusal's or failure's body, when it is the service's JSON error shape for this very status: written again by
 * the gateway with those four fields only (anything else the upstream added is dropped), the message on one line.
 */
export function checkErrorBody(status: number, body: string): CheckedBody {
  const json = parsedJson(body);
  const shape = json === undefined ? undefined : ServiceErrorShape.safeParse(json.value);
  if (shape === undefined || !shape.success || shape.data.statusCode !== status) return NOT_IT;
  const value = {
    statusCode: status,
    error: STATUS_CODES[status] ?? "Error",
    code: shape.data.code,
    message: stripControl(shape.data.message, " "),
  };
  return { ok: true, body: JSON.stringify(value), value };
}

/** The body checked by the rule of its status's kind: an answer by its schema, anything else by the error shape. */
export function checkBody(endpoint: Endpoint, status: number, body: string): CheckedBody {
  return statusKind(endpoint, status) === "answer" ? checkAnswerBody(endpoint, body) : checkErrorBody(status, body);
}

/**
 * Whether a declared content type may hold the service's JSON: none (the body alone then decides), or a JSON media
 * type. `text/html` and the like are refused whatever the body looks like. The text itself is never kept.
 */
export function declaredJson(contentType: string | null): boolean {
  if (contentType === null) return true;
  const media = contentType.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return media === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(media);
}

/**
 * `checkBody`, for a long answer a stage at a time: the JSON, then its schema a slice of its list at a time
 * (paced-parse.ts), the event loop served between stages, so a 20,000-point history keeps no trader waiting.
 */
export async function checkBodyPaced(
  endpoint: Endpoint,
  status: number,
  body: string,
  pause: () => Promise<void>,
): Promise<CheckedBody> {
  if (statusKind(endpoint, status) !== "answer" || body.length <= LONG_BODY_CHARS)
    return checkBody(endpoint, status, body);
  const json = parsedJson(body);
  if (json === undefined) return NOT_IT;
  await pause();
  try {
    const checked = await parsePaced(endpoint.schema, json.value, pause);
    return checked.success ? { ok: true, body, value: checked.data } : NOT_IT;
  } catch {
    // Expected: a transform that could not cope (a document too large to walk) is no answer either.
    return NOT_IT;
  }
}
