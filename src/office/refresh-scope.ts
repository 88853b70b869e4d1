import type { RequestEngine } from "../client/engine/request-engine";
import { contains, localPart, normalizeAddress, parseRect, sheetOf, type SheetRect } from "./refresh-scope-address";
import { indexCellsIn, type CellScope } from "./refresh-scope-ranges";

/** Refresh the selection, the active sheet, the workbook, or only the cells whose values are stale. */
export type RefreshScope = CellScope | "stale";

/** Above this many cells the taskpane asks before refreshing. */
const CONFIRM_ABOVE_CELLS = 500;

/** What a scoped refresh will do, shown before it runs. */
export interface RefreshPlan {
  readonly scope: RefreshScope;
  /** The INDEX cells of the scope the add-in knows (each evaluated at least once since the add-in started). */
  readonly addresses: readonly string[];
  /** The distinct resources they need: one request each. */
  readonly keys: readonly string[];
  readonly needsConfirmation: boolean;
}

/** The engine parts a scoped refresh reads and drives. */
export interface ScopedEngine {
  readonly engine: () => Promise<RequestEngine>;
  readonly refreshKeys: (keys: readonly string[], recalc: () => Promise<unknown>) => Promise<void>;
}

/** The scope's rectangles, or undefined for "everything" (the workbook, stale only). */
function rectsOf(ranges: readonly Excel.Range[], scope: RefreshScope): SheetRect[] | undefined {
  if (scope === "workbook" || scope === "stale") return undefined;
  return ranges.flatMap((range) => parseRect(range.address) ?? []);
}

/**
 * Reads the scope's INDEX formulas from the workbook and plans the refresh: the address index first drops
 * cells of the scope whose INDEX formula is gone, then yields the scope's cells and their distinct resources
 * ("stale" keeps cells with a resource past its time-to-live or shown from a last-known value).
 */
export async function planRefresh(context: Excel.RequestContext, engine: RequestEngine, scope: RefreshScope): Promise<RefreshPlan> {
  const { cells, ranges } = await indexCellsIn(context, scope === "stale" ? "workbook" : scope);
  const present = new Set(cells.map((cell) => normalizeAddress(cell.address)));
  const rects = rectsOf(ranges, scope);
  const inScope = (address: string) => rects === undefined || rects.some((rect) => contains(rect, address));
  return planIndexed(engine, scope, inScope, (address) => present.has(normalizeAddress(address)));
}

/** The engine parts planning reads. */
export type PlanningEngine = Pick<RequestEngine, "addresses" | "isStale">;

/**
 * The plan from the address index alone, once the caller knows which cells are in scope and which still hold
 * an INDEX formula: no Excel objects, so the formula preview plans its lines with it too.
 */
export function planIndexed(engine: PlanningEngine, scope: RefreshScope, inScope: (address: string) => boolean, isIndexCell: (address: string) => boolean): RefreshPlan {
  engine.addresses.keepOnly(inScope, isIndexCell);
  const plan = engine.addresses.plan(
    (address, keys) => inScope(address) && (scope !== "stale" || keys.some((key) => engine.isStale(key))),
  );
  return { scope, ...plan, needsConfirmation: plan.addresses.length > CONFIRM_ABOVE_CELLS };
}

/** Recalculates exactly the planned cells (Range.calculate), one sync. */
async function calculateCells(context: Excel.RequestContext, addresses: readonly string[]): Promise<void> {
  for (const address of addresses) context.workbook.worksheets.getItem(sheetOf(address)).getRange(localPart(address)).calculate();
  await context.sync();
}

/**
 * Runs a plan: each resource is asked for once, then the scope's cells recalculate. A resource shared with
 * cells outside the scope is fresh for them too; they show it at their next calculation.
 */
export async function runRefresh(context: Excel.RequestContext, host: ScopedEngine, plan: RefreshPlan): Promise<void> {
  if (plan.addresses.length === 0) return;
  await host.refreshKeys(plan.keys, () => calculateCells(context, plan.addresses));
}

/** The plan in words, for the taskpane and the ribbon. */
export function describePlan(plan: RefreshPlan): string {
  const cells = plan.addresses.length;
  if (cells === 0) return plan.scope === "stale" ? "Nothing is stale; nothing to refresh." : "No INDEX cell in this scope.";
  const requests = plan.keys.length;
  return `${cells} cell${cells === 1 ? "" : "s"}, ${requests} request${requests === 1 ? "" : "s"}. Cells elsewhere that show the same data update too.`;
}
