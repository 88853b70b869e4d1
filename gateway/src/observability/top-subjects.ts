import { safeText } from "../answers/safe-text";
import { tenantOfAccount, userOfAccount } from "../tenancy/account";

/**
 * Whose figures the desk-wide views (/metrics, and /gateway/health with the metrics credential) show one by one: the
 * `top` busiest users (or tenants) of the window, and everyone else together under OTHERS_SUBJECT. So 3,000 subjects
 * cost a scrape no more than 20 do (--metrics-subjects).
 */
export interface SubjectRule {
  readonly by: "user" | "tenant";
  /** How many get a series (a key) of their own; 0: everyone is OTHERS_SUBJECT. */
  readonly top: number;
}

export const DEFAULT_SUBJECTS: Readonly<SubjectRule> = { by: "user", top: 20 };
/** Everyone past the top: parentheses are in no desk-token name. */
export const OTHERS_SUBJECT = "(others)";
/** Longest subject shown: a sign-in subject is the issuer's text. */
const MAX_SUBJECT_BYTES = 128;

/** An account as the views show it: its user's name or its tenant, safe for a terminal and a scraper. */
export function subjectOf(account: string, rule: SubjectRule): string {
  return safeText(rule.by === "tenant" ? tenantOfAccount(account) : userOfAccount(account), MAX_SUBJECT_BYTES);
}

/** Counts by account as counts by subject: the `top` largest (largest first), then the rest summed, if any. */
export function topSubjects(counts: Iterable<readonly [string, number]>, rule: SubjectRule): Array<[string, number]> {
  const bySubject = new Map<string, number>();
  for (const [account, n] of counts) {
    const subject = subjectOf(account, rule);
    bySubject.set(subject, (bySubject.get(subject) ?? 0) + n);
  }
  const ranked = [...bySubject].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const top = ranked.slice(0, rule.top);
  const rest = ranked.slice(rule.top);
  if (rest.length > 0) top.push([OTHERS_SUBJECT, rest.reduce((sum, [, n]) => sum + n, 0)]);
  return top;
}
