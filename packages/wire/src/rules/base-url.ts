import { ConfigurationError } from "../errors/configuration-error";
import { BoundedMemo } from "../memo";

type BaseUrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

const EXAMPLE = "e.g. https://indexes.example.com";

/** True for hosts that never leave the machine: localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host === "[::1]" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Checks already made, by input: the same few base URLs are checked again by every engine the settings build. */
const checked = new BoundedMemo(16, (input: string) => Object.freeze(checkOnce(input)));

/**
 * Checks a base URL as a user would type it and normalizes it: http or https only, no credentials,
 * query or fragment, trailing slashes and a trailing `/api` or `/api/v1` trimmed. Never throws. The same input
 * gets the same (frozen) check: parsing a URL costs more than the rest of building an engine's client.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  return checked.get(input);
}

function checkOnce(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === "") return { ok: false, message: `Enter the service base URL (${EXAMPLE}).` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Expected: the check's answer says what to enter.
    return { ok: false, message: `"${text}" is not a URL; enter the full address with https:// (${EXAMPLE}).` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: `The base URL must start with https:// or http:// (${EXAMPLE}).` };
  }
  // Credentials in a URL end up in logs and error messages; the API key field exists for that.
  if (url.username !== "" || url.password !== "") {
    return {
      ok: false,
      message: "The base URL must not contain a user name or password; put the API key in its own field.",
    };
  }
  if (url.search !== "" || url.hash !== "" || text.includes("?") || text.includes("#")) {
    return { ok: false, message: `The base URL must not contain ? or #; enter only the service root (${EXAMPLE}).` };
  }
  // People paste the address of the API itself; the endpoints' paths already start with /api.
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api(\/v1)?$/, "");
  return { ok: true, url: `${url.origin}${path}` };
}

/** The normalized base URL, or a ConfigurationError saying what to fix. */
export function resolveBaseUrl(input: string): string {
  const checked = checkBaseUrl(input);
  if (!checked.ok) throw new ConfigurationError(checked.message, {});
  return checked.url;
}
