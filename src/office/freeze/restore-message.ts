/**
 * What restoring formulas from the receipt says, in a module of its own: the preview's Restore says the same, and
 * importing the words alone leaves restoring's code to load when it is first used.
 */

/** A receipt row restore will not act on, and why. */
export interface Refused {
  readonly cell: string;
  readonly reason: string;
}

const MOST_LISTED = 20;

function listed(items: readonly string[]): string {
  const shown = items.slice(0, MOST_LISTED).join(", ");
  return items.length > MOST_LISTED ? `${shown} and ${items.length - MOST_LISTED} more` : shown;
}

/**
 * Said once when the key that signs receipts is not in this add-in's storage: where that happens, and what the user
 * can still do. The README's restore paragraph says the same.
 */
export const SIGNING_KEY_MISSING =
  "The key that signs receipts is not in this add-in's storage here. It stays with the computer and the Excel that froze the workbook (Excel on the web and Excel on the desktop keep separate storage), and clearing Office's cache or the add-in's storage removes it. Restore in the Excel where the workbook was frozen, or retype the formulas: the receipt's Formula column has each one.";

/** Why a row is refused when the key is missing (the message says the rest once, SIGNING_KEY_MISSING). */
export const NO_KEY_HERE = "the key that signed it is not in this add-in's storage here";

/** What restoring says; the preview's Restore says the same. */
export function restoreMessage(
  restored: number,
  changed: readonly string[],
  refused: readonly Refused[] = [],
  relinked = 0,
): string {
  const again = relinked > 0 ? ` and linked ${relinked} Index data type${relinked === 1 ? "" : "s"} again` : "";
  const parts = [`Restored ${restored - relinked} INDEX formula${restored - relinked === 1 ? "" : "s"}${again}.`];
  if (changed.length > 0) parts.push(`Left alone because they were changed after freezing: ${listed(changed)}.`);
  if (refused.length > 0)
    parts.push(`Refused, and nothing written for them: ${listed(refused.map((r) => `${r.cell} (${r.reason})`))}.`);
  if (refused.some((r) => r.reason === NO_KEY_HERE)) parts.push(SIGNING_KEY_MISSING);
  return parts.join(" ");
}
