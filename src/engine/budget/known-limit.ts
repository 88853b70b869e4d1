import type { KeyValueStorage } from "../../settings";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { keyFingerprint } from "@index-data/wire";

/**
 * The rate limit a service last announced for one set of settings, kept so that the next session's opening
 * burst is sized from the tier's known limit (an enterprise key's first screen goes in one wave) rather than from
 * the lowest tier's. Only a hint: the header rule still takes over at the first answer. Keyed by the base URL and
 * the key's fingerprint (keyFingerprint: a SHA-256 prefix, never the key itself), so another key or service starts from the defaults.
 */
const PREFIX = "index-data.known-limit.v1:";
/** A stored value outside these bounds is not a limit any tier has; it is ignored. */
const MAX_LIMIT = 100_000;

async function entryOf(baseUrl: string, apiKey: string | undefined): Promise<string> {
  if (apiKey === undefined) return `${PREFIX}${baseUrl}|anonymous`;
  return `${PREFIX}${baseUrl}|key-${keyFingerprint(apiKey)}`;
}

/** The limit kept for these settings, or undefined (none kept, unreadable, or not a plausible limit). */
export async function readKnownLimit(
  storage: KeyValueStorage,
  baseUrl: string,
  apiKey: string | undefined,
  diagnostics: Diagnostics = noDiagnostics,
): Promise<number | undefined> {
  try {
    const limit = Number(await storage.getItem(await entryOf(baseUrl, apiKey)));
    return Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT ? limit : undefined;
  } catch (error) {
    diagnostics.note({ where: "known limit read", error });
    return undefined;
  }
}

/** Keeps the limit the service announced for these settings; a storage that refuses loses only the hint. */
export async function keepKnownLimit(
  storage: KeyValueStorage,
  baseUrl: string,
  apiKey: string | undefined,
  limit: number,
  diagnostics: Diagnostics = noDiagnostics,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return;
  try {
    await storage.setItem(await entryOf(baseUrl, apiKey), String(limit));
  } catch (error) {
    // The next session sizes its opening burst from the defaults, as a first one does.
    diagnostics.note({ where: "known limit write", error });
  }
}
