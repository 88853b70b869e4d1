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
    return true; // not a URL: the URL validation reports it
  }
  return sources.some((source) => (source === "'self'" ? origin === selfOrigin : source.replace(/\/$/, "") === origin));
}

/** The policy of the current page, from its meta tag; undefined outside a browser or without one. */
export function pagePolicy(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  return meta?.getAttribute("content") ?? undefined;
}
