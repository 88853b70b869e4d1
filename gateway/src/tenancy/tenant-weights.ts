import { readFileSync } from "node:fs";
import { DESK_TENANT, SIGN_IN_TENANT } from "./account";

/**
 * How the desk's budget is split among tenants (--oidc-tenant-share): a fixed part per tenant, by weight, so what
 * one tenant is told never depends on another's activity. The parts are fixed by configuration, not by who happens
 * to be active: a tenant's part is `limit × weight / sum of all weights`, the one part of the tenants not listed
 * (weight `othersWeight`) included.
 */
export interface TenantShareRules {
  /** Weight of each listed tenant, keyed as accounts name tenants: `desk`, `tid:<tid>`, `sign-in`. */
  readonly weights: ReadonlyMap<string, number>;
  /** Weight of the one part every tenant not listed shares; 0 gives them nothing. */
  readonly othersWeight: number;
}

/** Largest weight: parts are turns in a row in the queue, so a weight is also a count of turns. */
export const MAX_WEIGHT = 1000;
const OTHERS = "*";

/** A tenant as a weights file names it: `desk`, `sign-in`, `*`, `tid:<id>`, or a bare tenant id (`tid`). */
function tenantKey(name: string): string {
  if (name === DESK_TENANT || name === SIGN_IN_TENANT || name === OTHERS || name.startsWith("tid:")) return name;
  return `tid:${name}`;
}

/** Thrown for a weights file the gateway cannot use: the message names the line and says what to write. */
export class TenantWeightsError extends Error {
  override readonly name = "TenantWeightsError";
}

/**
 * The rules of a weights file's text: one `TENANT WEIGHT` per line (whole numbers, 1 to 1000; `*` may be 0), `#`
 * comments and blank lines allowed. `*` is every tenant not listed, together; without it, weight 1.
 */
export function parseTenantWeights(text: string, file: string): TenantShareRules {
  const weights = new Map<string, number>();
  let othersWeight = 1;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const [name = "", weight = "", ...extra] = line.split(/\s+/);
    const n = /^\d{1,4}$/.test(weight) ? Number(weight) : Number.NaN;
    const key = tenantKey(name);
    const least = key === OTHERS ? 0 : 1;
    const where = `${file}, line ${index + 1}`;
    if (extra.length > 0 || !(n >= least && n <= MAX_WEIGHT))
      throw new TenantWeightsError(
        `${where}: write "TENANT WEIGHT", a weight from ${least} to ${MAX_WEIGHT} (TENANT: desk, sign-in, * or a tenant id).`,
      );
    if (key === OTHERS) othersWeight = n;
    else if (weights.has(key)) throw new TenantWeightsError(`${where}: ${name} is listed twice; give it one line.`);
    else weights.set(key, n);
  });
  return { weights, othersWeight };
}

/** The rules of --oidc-tenant-weights FILE. */
export function loadTenantWeights(file: string): TenantShareRules {
  return parseTenantWeights(readFileSync(file, "utf8"), file);
}

/**
 * The rules of --oidc-tenant-share: from the --oidc-tenant-weights file when given, else even (below). Throws a
 * TenantWeightsError naming the file's wrong line.
 */
export function tenantShareRules(given: {
  readonly weightsFile?: string | undefined;
  readonly allowedTenants: readonly string[];
  readonly deskTokens: boolean;
}): TenantShareRules {
  if (given.weightsFile !== undefined) return loadTenantWeights(given.weightsFile);
  return evenTenantShares(given.allowedTenants, given.deskTokens);
}

/**
 * The rules of a budget shared per tenant without a weights file: the desk (with desk tokens) and each allowed tenant
 * weigh 1; without allowed tenants, every other tenant (none can sign in with them) shares one part of weight 1.
 */
export function evenTenantShares(allowedTenants: readonly string[], deskTokens: boolean): TenantShareRules {
  const weights = new Map<string, number>(deskTokens ? [[DESK_TENANT, 1]] : []);
  for (const tid of allowedTenants) weights.set(`tid:${tid}`, 1);
  return { weights, othersWeight: allowedTenants.length > 0 ? 0 : 1 };
}
