import { stripControl } from "./service-text";

/** What the client takes from an error response body. The reference service sends `{ statusCode, error, code, message }`. */
export interface ServiceErrorBody {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}

const MAX_MESSAGE_LENGTH = 300;

function cleanText(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  // Service text ends up in cells, the taskpane and terminals: keep it short, on one line, without escapes.
  const text = stripControl(value, " ").trim();
  if (text === "") return undefined;
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

/** Reads any body tolerantly: the JSON error shape, RFC 7807 problem details, a bare string, or nothing usable. */
export function readServiceErrorBody(body: unknown): ServiceErrorBody {
  if (typeof body === "string") {
    const message = body.trimStart().startsWith("<") ? undefined : cleanText(body);
    return message !== undefined ? { message } : {};
  }
  if (typeof body !== "object" || body === null) return {};
  const record = body as Record<string, unknown>;
  const code = cleanText(record["code"]);
  const message =
    cleanText(record["message"]) ??
    cleanText(record["detail"]) ??
    cleanText(record["title"]) ??
    cleanText(record["error"]);
  return { code, message };
}
