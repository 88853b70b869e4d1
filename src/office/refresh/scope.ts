import type { RequestEngine } from "../../engine";
import { contains, localPart, normalizeAddress, parseRect, sheetOf, type SheetRect } from "../../workbook";
import { indexCellsIn, type CellScope } from "./scope-ranges";

/** Refresh the selection, the active sheet, the workbook, or only the cells whose values are stale. */
export type RefreshScope = CellScope | "stale";

/** Above this many cells the taskpane asks before refreshing. */
const CONFIRM_ABOVE_CELLS = 500;

/** What a scoped refresh will do, shown before it runs. */
export interface RefreshPlan {
  readonly scope: RefreshScope;
  /** The INDEX cells of the scope, as the workbook's formulas show them now (wherever they moved). */
  readonly addresses: readonly string[];
  /** The distinct resources the cells the add-in has evaluated at these addresses need: one request each. */
  readonly keys: readonly string[];
  /** Cells not evaluated at their address since the add-in started (moved, renamed): they ask for what they need. */
  readonly unknown: number;
  readonly needsConfirmation: boolean;
}

/** What a scoped refresh did. */
export interface RefreshOutcome {
  readonly cells: number;
  /** Requests the service answered for it (merged and shared ones counted once). */
  readonly requests: number;
}

/** The engine parts a scoped refresh drives. */
interface ScopedEngine {
  readonly engine: () => Promise<RequestEngine>;
  readonly refreshCells: (covers: (address: string) => boolean, recalc: () => Promise<unknown>) => Promise<number>;
}

/** The engine parts planning reads. */
type PlanningEngine = Pick<RequestEngine, "addresses" | "isStale">;

/** The scope's rectangles, or undefined for "everything" (the workbook, stale only). */
function rectsOf(ranges: readonly Excel.Range[], scope: RefreshScope): SheetRect[] | undefined {
  if (scope === "workbook" || scope === "stale") return undefined;
  return ranges.flatMap((range) => parseRect(range.address) ?? []);
}

/**
 * Reads the scope's INDEX formulas from the workbook and plans the refresh. The cells are the formulas the
 * sheet holds now, so a row inserted or deleted, or a sheet renamed, since the cells were last evaluated moves
 * nothing out of the scope; the address index only counts the requests ("stale" keeps the cells it knows to
 * be past their time-to-live or shown from a last-known value).
 */
export async function planRefresh(
  context: Excel.RequestContext,
  engine: PlanningEngine,
  scope: RefreshScope,
): Promise<RefreshPlan> {
  const { cells, ranges } = await indexCellsIn(context, scope === "stale" ? "workbook" : scope);
  const rects = rectsOf(ranges, scope);
  const inScope = (address: string) => rects === undefined || rects.some((rect) => contains(rect, address));
  return planCells(engine, scope, cells.map((cell) => cell.address).filter(inScope), inScope);
}

/**
 * The plan for the INDEX cells `anchors` (the workbook's, or the preview's lines): the address index drops
 * what it holds in scope at addresses that are no longer INDEX cells, and counts the requests of the rest.
 * No Excel objects, so the formula preview plans its lines with it too.
 */
export function planCells(
  engine: PlanningEngine,
  scope: RefreshScope,
  anchors: readonly string[],
  inScope: (address: string) => boolean,
): RefreshPlan {
  const byKey = new Map(anchors.map((address) => [normalizeAddress(address), address]));
  engine.addresses.keepOnly(inScope, (address) => byKey.has(normalizeAddress(address)));
  const indexed = engine.addresses.plan((address) => byKey.has(normalizeAddress(address)));
  const known = new Set(indexed.addresses.map(normalizeAddress));
  const stale = (address: string) => engine.addresses.keysOf(address).some((key) => engine.isStale(key));
  const addresses = scope === "stale" ? indexed.addresses.filter(stale) : anchors;
  const keys =
    scope === "stale" ? [...new Set(addresses.flatMap((address) => engine.addresses.keysOf(address)))] : indexed.keys;
  const unknown = scope === "stale" ? 0 : anchors.filter((address) => !known.has(normalizeAddress(address))).length;
  return { scope, addresses, keys, unknown, needsConfirmation: addresses.length > CONFIRM_ABOVE_CELLS };
}

/** The cells of a plan, as the test the engine applies to each evaluated cell's address. */
export function coversPlan(plan: RefreshPlan): (address: string) => boolean {
  const cells = new Set(plan.addresses.map(normalizeAddress));
  return (address) => cells.has(normalizeAddress(address));
}

/** Recalculates exactly the planned cells (Range.calculate), one sync. */
async function calculateCells(context: Excel.RequestContext, addresses: readonly string[]): Promise<void> {
  for (const address of addresses)
    context.workbook.worksheets.getItem(sheetOf(address)).getRange(localPart(address)).calculate();
  await context.sync();
}

/**
 * Runs a plan: each planned cell asks the service again at its recalculation, once per resource however many
 * cells share it; a resource shared with cells outside the scope is fresh for them too at their next calculation.
 */
export async function runRefresh(
  context: Excel.RequestContext,
  host: ScopedEngine,
  plan: RefreshPlan,
): Promise<RefreshOutcome> {
  if (plan.addresses.length === 0) return { cells: 0, requests: 0 };
  const requests = await host.refreshCells(coversPlan(plan), () => calculateCells(context, plan.addresses));
  return { cells: plan.addresses.length, requests };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The plan in words, for the taskpane and the ribbon. */
export function describePlan(plan: RefreshPlan): string {
  const cells = plan.addresses.length;
  if (cells === 0)
    return plan.scope === "stale" ? "Nothing is stale; nothing to refresh." : "No INDEX cell in this scope.";
  const requests =
    plan.unknown === 0 ? plural(plan.keys.length, "request") : `at least ${plural(plan.keys.length, "request")}`;
  const moved =
    plan.unknown === 0
      ? ""
      : ` (${plural(plan.unknown, "cell")} moved since last calculated: they ask for what they need)`;
  return `${plural(cells, "cell")}, ${requests}${moved}. Cells elsewhere that show the same data update too.`;
}

/** What a refresh did, in words (the preview calls its cells lines). */
export function describeOutcome(outcome: RefreshOutcome, cell = "cell"): string {
  return `Refreshed ${plural(outcome.cells, cell)} with ${plural(outcome.requests, "request")}.`;
}
