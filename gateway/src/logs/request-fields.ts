import { escapeUnsafe, safeText, cutToBytes } from "../answers/safe-text";

/** The most a log or audit line copies of a request's path and query, in bytes of UTF-8. */
export const MAX_LOGGED_URL_BYTES = 512;
/** The most a line copies of a caller's name (a sign-in subject is the issuer's text). */
export const MAX_LOGGED_USER_BYTES = 256;

/** Query parameters whose value is kept out of every line: they look like a secret a client put in a URL. */
const SECRET_PARAMETERS: ReadonlySet<string> = new Set(["apikey", "api_key", "key", "token", "access_token", "code"]);
const REDACTED = "[redacted]";

/** A parameter's name as compared: percent-decoded (when it decodes), `+` as a space, lower case, `-` as `_`. */
function nameOf(raw: string): string {
  const spaced = raw.replace(/\+/g, " ");
  let decoded = spaced;
  try {
    decoded = decodeURIComponent(spaced);
  } catch {
    // Expected: a malformed escape is compared as sent.
  }
  return decoded.trim().toLowerCase().replace(/-/g, "_");
}

/** Whether a query may name a secret-looking parameter: every such name holds one of these, or is percent-encoded. */
const MAY_NAME_SECRET = /key|token|code|%/i;

/** The query with the value of each secret-looking parameter replaced; every other byte as sent. */
function redactQuery(query: string): string {
  // Most queries (dates, a window) name none: they are kept without being taken apart.
  if (!MAY_NAME_SECRET.test(query)) return query;
  return query
    .split("&")
    .map((pair) => {
      const split = pair.indexOf("=");
      const name = split < 0 ? pair : pair.slice(0, split);
      return split >= 0 && SECRET_PARAMETERS.has(nameOf(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * A request's path and query as a line keeps them: cut to MAX_LOGGED_URL_BYTES first (a hostile URL costs the log no
 * more than that), then the secret-looking parameters' values redacted (a name cut short keeps no value either),
 * then any control or bidirectional character written out.
 */
export function loggedUrl(url: string): string {
  const cut = cutToBytes(url, MAX_LOGGED_URL_BYTES);
  const split = cut.indexOf("?");
  const kept = split < 0 ? cut : `${cut.slice(0, split)}?${redactQuery(cut.slice(split + 1))}`;
  return escapeUnsafe(kept);
}

/** A request's path alone, as a refusal's audit line keeps it (nothing a client put in its query). */
export function loggedPath(url: string): string {
  const split = url.indexOf("?");
  return safeText(split < 0 ? url : url.slice(0, split), MAX_LOGGED_URL_BYTES);
}

/** A caller's name as a line keeps it; null stays null (so does a request Fastify refused before decorating it). */
export function loggedUser(user: string | null | undefined): string | null {
  return typeof user === "string" ? safeText(user, MAX_LOGGED_USER_BYTES) : null;
}
