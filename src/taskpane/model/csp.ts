/**
 * The page's Content-Security-Policy allows connections only to its own origin and the service configured at
 * build time. A base URL elsewhere would be blocked by the browser with an anonymous network error, so the
 * settings form says why up front.
 */
export function connectSources(policy: string): string[] | undefined {
  const directives = policy.split(";").map((part) => part.trim().split(/\s+/));
  // connect-src governs fetch; without it, default-src does.
  const directive =
    directives.find(([name]) => name === "connect-src") ?? directives.find(([name]) => name === "default-src");
  return directive?.slice(1);
}

/** Whether `url` may be fetched under `policy` as seen from `selfOrigin`; true when there is no connect-src. */
export function connectAllowed(policy: string | undefined, url: string, selfOrigin: string): boolean {
  if (policy === undefined) return true;
  const sources = connectSources(policy);
  if (sources === undefined) return true;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    // Expected: not a URL; the URL validation reports it.
    return true;
  }
  return sources.some((source) => (source === "'self'" ? origin === selfOrigin : source.replace(/\/$/, "") === origin));
}

/** The policy of the current page, from its meta tag; undefined outside a browser or without one. */
export function pagePolicy(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  return meta?.getAttribute("content") ?? undefined;
}

/** What the page's policy check needs: the policy (if any) and the page's own origin. */
export interface PageSecurity {
  readonly policy: string | undefined;
  readonly selfOrigin: string;
}

/** The current page's policy and origin; no policy outside a browser. */
export function currentPageSecurity(): PageSecurity {
  return { policy: pagePolicy(), selfOrigin: typeof location === "undefined" ? "" : location.origin };
}

/** The origin of `url` when the page's connect-src refuses it, otherwise undefined. */
export function originBlockedByPolicy(url: string, page: PageSecurity): string | undefined {
  if (connectAllowed(page.policy, url, page.selfOrigin)) return undefined;
  return new URL(url).origin; // connectAllowed allows what is not a URL, so this parses
}
