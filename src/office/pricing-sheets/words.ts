import type { PricingSheetPlan, SheetCheck } from "../../workbook";

/**
 * What the builder says, in words a trader acts on: what it built, what stood in its way and what to do about it,
 * and what failed.
 */
export const NOTHING_WRITTEN = "Nothing was written.";

export const PROTECTED = "Nothing was written because the sheet is protected: unprotect it or build on a new sheet.";

const UNREADABLE_RECORD =
  " The record of the sheets built before could not be read (another version of the add-in, or an edit, wrote it), so this is a new sheet; the sheets built before are left as they are.";

/** The message of a build that wrote its sheet. */
export function builtWords(built: {
  readonly name: string;
  readonly updated: boolean;
  readonly plan: PricingSheetPlan;
  readonly entities: boolean;
  readonly unreadableRecord: boolean;
}): string {
  const { name, updated, plan } = built;
  const verb = updated ? `Updated the sheet "${name}" in place` : `Built the sheet "${name}"`;
  const rows = plan.symbols.length;
  const panels = plan.panels.length;
  const charts = plan.panels.some((panel) => panel.chart !== undefined);
  const under =
    panels === 0
      ? ""
      : `, and under it the list's last days in ${panels === 1 ? "a panel" : `${panels} panels`}${charts ? " with charts" : ""}`;
  const index = built.entities
    ? ""
    : " The Index column holds symbols: Index values need Excel with linked data types.";
  const record = built.unreadableRecord && !updated ? UNREADABLE_RECORD : "";
  return `${verb}: ${rows} ${rows === 1 ? "index" : "indexes"} in a table of ${plan.header.length} columns${under}.${index}${record}`;
}

/** "A8", "A8 and B8", "A8, B8 and C9", "A8, B8, … and 40 more". */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, 6);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** The message of a build that stopped because cells it does not own, or another table, are in its way. */
export function blockedWords(sheet: string, plan: PricingSheetPlan, check: SheetCheck, at: string | undefined): string {
  const parts = [
    ...(check.blockers.length > 0
      ? [`${check.blockers.length === 1 ? "the cell" : "the cells"} ${listed(check.blockers)}`]
      : []),
    ...check.tables.map((table) => `the table ${table}`),
  ];
  const layout = [
    `the table ${plan.tableAddress}`,
    ...plan.panels.map((panel) => `the panel of the last days ${panel.source}`),
  ].join(", ");
  const move = at === undefined ? "" : ` Move the sheet's area to ${at}, where nothing is in its way, or`;
  const clear = at === undefined ? " Move or clear them" : " move or clear them";
  return `${NOTHING_WRITTEN} ${capital(listed(parts))} ${parts.length === 1 && check.blockers.length <= 1 ? "is" : "are"} in the way of the sheet "${sheet}" (${layout}), and the builder never writes over what it did not write.${move}${clear} and build again.`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The message of a build Excel failed part-way, everything taken back. */
export function failedWords(cause: unknown): string {
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === "AccessDenied") return PROTECTED;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return `The sheet could not be built: Excel refused a step (${reason.replace(/\.$/, "")}). Everything the build had written was taken back; the sheet is as it was.`;
}
