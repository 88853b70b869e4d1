/**
 * Each frozen block (a frozen cell, or the cells of a frozen spill) gets a workbook name (ExcelApi 1.4) that
 * refers to its cells. Excel moves a name with its cells (rows or columns inserted or deleted above or beside,
 * the block cut and pasted elsewhere), so restore finds the block where it is now, not where the receipt's A1
 * text says it was; a name whose cells were deleted refers to nothing, and restore then writes nothing. The
 * names are visible in Name Manager, each with a comment saying what it is for; restore deletes the name of a
 * block it restored.
 */
const BLOCK_NAME_PREFIX = "IndexData_Frozen_";

/** A new block name: the prefix and 16 random hex digits (a valid name that cannot read as a cell). */
export function newBlockName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${BLOCK_NAME_PREFIX}${[...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** True for a name this add-in creates; restore looks up no other name. */
export function isBlockName(name: string): boolean {
  return new RegExp(`^${BLOCK_NAME_PREFIX}[0-9a-f]{16}$`).test(name);
}

/** Excel keeps at most 255 characters of a name's comment. */
const COMMENT_LIMIT = 255;

/** Names the frozen cells (queued), with a comment saying what the name is for. */
export function nameBlock(context: Excel.RequestContext, name: string, range: Excel.Range, formula: string): void {
  const comment = `Index Data froze ${formula} here; Restore formulas puts it back.`;
  context.workbook.names.add(
    name,
    range,
    comment.length <= COMMENT_LIMIT ? comment : `${comment.slice(0, COMMENT_LIMIT - 1)}…`,
  );
}

/** The block's cells now (a null object when the name is gone or refers to deleted cells). */
export function blockRange(context: Excel.RequestContext, name: string): { item: Excel.NamedItem; range: Excel.Range } {
  const item = context.workbook.names.getItemOrNullObject(name);
  return { item, range: item.getRangeOrNullObject() };
}
