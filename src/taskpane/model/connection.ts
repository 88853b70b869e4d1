import type { ConnectionReport } from "../../client/connection-test";
import {
  isConfigurationError,
  isInvalidResponseError,
  isNetworkError,
  isNotFoundError,
  isRateLimitedError,
  isServerError,
  isServiceUnavailableError,
  isTimeoutError,
  isUnauthorizedError,
} from "../../client/errors/guards";
import type { Tier } from "../../client/tier";
import { currentPageSecurity, originBlockedByPolicy, type PageSecurity } from "./csp";

/** What Test connection shows: a verdict, a headline and the detail, all safe to render as text. */
export interface ConnectionVerdict {
  readonly intent: "success" | "warning" | "error";
  /** One of: connected, unauthorized, blocked-by-policy, unreachable, wrong-url, misconfigured, rate-limited, unavailable. */
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
 * unreachable host; the service may be fine, and the fix is a rebuild, so this says so.
 */
function blockedByPolicy(origin: string): ConnectionVerdict {
  return {
    intent: "error",
    kind: "blocked-by-policy",
    title: "Not allowed by the add-in's security policy",
    text: `This add-in's security policy does not allow connections to ${origin}, so the request was not sent. To allow it, rebuild the add-in with INDEX_API_ALLOWED_ORIGINS=${origin} (comma-separated for several origins), or with INDEX_API_BASE_URL set to this service.`,
  };
}

/**
 * The exact failure in words: unauthorized, blocked by the page's security policy, unreachable, wrong URL, or
 * what else the service said. `page` is the policy the request ran under. @default the current page's
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
  const status = error.status !== undefined ? ` (HTTP ${error.status})` : "";
  if (isUnauthorizedError(error)) {
    return {
      intent: "error",
      kind: "unauthorized",
      title: "Unauthorized",
      text: `The service refused this API key${status}. Check the key, or clear it to use the public tier.`,
    };
  }
  if (isNetworkError(error) || isTimeoutError(error)) {
    return {
      intent: "error",
      kind: "unreachable",
      title: "Unreachable",
      text: `No answer from ${baseUrl}. Check the URL and that the service is running.`,
    };
  }
  if (isNotFoundError(error) || isInvalidResponseError(error)) {
    return {
      intent: "error",
      kind: "wrong-url",
      title: "Wrong URL",
      text: `${baseUrl} answered${status}, but not as an Index Data Service: /api/v1/indexes is missing or not its JSON. Check the base URL.`,
    };
  }
  if (isConfigurationError(error))
    return { intent: "error", kind: "misconfigured", title: "Check the settings", text: error.message };
  if (isRateLimitedError(error)) {
    return {
      intent: "warning",
      kind: "rate-limited",
      title: "Rate limited",
      text: `The service is reachable but refused more requests for now${status}. Try again in a minute.`,
    };
  }
  if (isServiceUnavailableError(error) || isServerError(error)) {
    return {
      intent: "warning",
      kind: "unavailable",
      title: "Service unavailable",
      text: `The service is reachable but failed${status}. Try again later.`,
    };
  }
  return { intent: "error", kind: "failed", title: "Failed", text: error.message };
}
