import { ConfigurationError } from "@index-data/wire";
import { InvalidResponseError } from "@index-data/wire";

/** Same-origin redirects followed before giving up; a service needs one at most (e.g. a trailing slash). */
const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches with `redirect: "manual"` and follows only redirects that stay on the same origin (scheme, host
 * and port), at most MAX_REDIRECTS of them. Automatic following would send the API key header again to
 * wherever the service points, and an origin change could also downgrade https to http. `onResponse`
 * sees every response, redirects included (they count against the rate limit too).
 */
export async function fetchSameOrigin(
  fetchImpl: typeof fetch,
  url: string,
  path: string,
  init: RequestInit,
  onResponse: (response: Response) => void,
): Promise<Response> {
  // Read only when the service redirects: parsing the URL is the costliest step of a plain answer's hop.
  let origin: string | undefined;
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await fetchImpl(current, { ...init, redirect: "manual" });
    onResponse(response);
    // Browsers hide a manual redirect's target (an "opaqueredirect" response with status 0).
    if (response.type === "opaqueredirect") throw opaqueRedirect(path);
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    // Expected: a redirect's body is never read; a stream that cannot even be cancelled changes nothing.
    await response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) {
      throw new InvalidResponseError(`The service redirected ${path} more than ${MAX_REDIRECTS} times`, {
        path,
        status: response.status,
        problem: "redirect-loop",
      });
    }
    origin ??= new URL(url).origin;
    current = redirectTarget(response, current, path);
    const target = new URL(current).origin;
    if (target !== origin) throw otherOrigin(path, target, response.status);
  }
}

function redirectTarget(response: Response, current: string, path: string): string {
  const location = response.headers.get("location");
  try {
    if (location !== null && location.trim() !== "") return new URL(location, current).toString();
  } catch {
    // Expected: an unreadable Location is reported below like a missing one.
  }
  throw new InvalidResponseError(
    `The service answered ${path} with a redirect (HTTP ${response.status}) that says nowhere to go`,
    {
      path,
      status: response.status,
      problem: "redirect-nowhere",
    },
  );
}

function otherOrigin(path: string, target: string, status: number): ConfigurationError {
  // Only the origin is kept: the rest of the Location is the service's to choose and may be long or odd.
  return new ConfigurationError(`The service redirected ${path} to another origin, ${target}; not followed`, {
    path,
    status,
    problem: "redirect-elsewhere",
    redirectedTo: target,
  });
}

function opaqueRedirect(path: string): ConfigurationError {
  return new ConfigurationError(`The service redirected ${path}, and the browser does not say where to; not followed`, {
    path,
    problem: "redirect-hidden",
  });
}
