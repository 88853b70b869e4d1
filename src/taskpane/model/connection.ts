import type { ConnectionReport } from "../../client";
import { faultOf, isNetworkError, type Tier } from "@index-data/wire";
import { currentPageSecurity, originBlockedByPolicy, type PageSecurity } from "./csp";
import { PANE_WORDING } from "./errors";
import { outsideAllowedServices } from "./service-choices";

/** What Test connection shows: a verdict, a headline and the detail, all safe to render as text. */
export interface ConnectionVerdict {
  readonly intent: "success" | "warning" | "error";
  /** connected, blocked-by-policy, or a failure's `VerdictKind` from the pane's wording table; the form adds its own. */
  readonly kind: string;
  readonly title: string;
  readonly text: string;
}

const TIER_NAMES: Readonly<Record<Tier, string>> = {
  anonymous: "Public (anonymous)",
  "api-key": "API key",
  enterprise: "Enterprise",
  unknown: "not recognised",
};

function connected(report: Extract<ConnectionReport, { ok: true }>): ConnectionVerdict {
  const limit = report.rateLimit?.limit;
  const limitText =
    limit === undefined ? "The service sent no rate-limit figures." : `Limit: ${limit} requests per minute.`;
  return {
    intent: "success",
    kind: "connected",
    title: "Connected",
    text: `Tier: ${TIER_NAMES[report.tier]}. ${limitText} ${report.indexCount} indexes published.`,
  };
}

/**
 * The browser refuses a fetch that the page's connect-src does not allow with the same anonymous error as an
 * unreachable host; the service may be fine, and the fix is another service or a rebuild, so this says so.
 */
function blockedByPolicy(origin: string): ConnectionVerdict {
  return {
    intent: "error",
    kind: "blocked-by-policy",
    title: "Not a service this add-in allows",
    text: outsideAllowedServices(origin),
  };
}

/**
 * The exact failure in words: blocked by the page's security policy, or the fault in the pane's words
 * (src/taskpane/model/errors.ts), naming the base URL under test. `page` is the policy the request ran
 * under. @default the current page's
 */
export function describeConnection(
  report: ConnectionReport,
  baseUrl: string,
  page: PageSecurity = currentPageSecurity(),
): ConnectionVerdict {
  if (report.ok) return connected(report);
  const { error } = report;
  const blockedOrigin = isNetworkError(error) ? originBlockedByPolicy(baseUrl, page) : undefined;
  if (blockedOrigin !== undefined) return blockedByPolicy(blockedOrigin);
  const fault = faultOf(error);
  const wording = PANE_WORDING[fault.kind];
  return {
    intent: wording.intent,
    kind: wording.verdict,
    title: wording.title,
    text: wording.text(fault, baseUrl, "settings"),
  };
}
