/**
 * Each workbook that freezes gets an id of its own, kept in a workbook setting (Excel.SettingCollection, ExcelApi
 * 1.4: stored in the file, per add-in, never shown on a sheet) and written into every receipt row, under the row's
 * signature. Restore acts only on rows of the workbook it runs in, so signed rows copied from another workbook (with
 * a block name pointed at cells there) write nothing. A copy of the file (Save As) keeps the id: it is the same
 * workbook's receipt.
 */
export const WORKBOOK_ID_SETTING = "indexData.workbookId.v1";

/** 16 random bytes, base64url: 22 characters. */
const ID_FORM = /^[A-Za-z0-9_-]{22}$/;

function newWorkbookId(): string {
  let binary = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Queues the read of the setting; after the next sync, `workbookIdIn` reads the id from it. */
export function queueWorkbookId(context: Excel.RequestContext): Excel.Setting {
  const setting = context.workbook.settings.getItemOrNullObject(WORKBOOK_ID_SETTING);
  setting.load("value");
  return setting;
}

/** The id a synced setting holds, or undefined when there is none. */
export function workbookIdIn(setting: Excel.Setting): string | undefined {
  if (setting.isNullObject) return undefined;
  const value: unknown = setting.value;
  // Anything else there was not written by this add-in: no id, so no row restores against it.
  return typeof value === "string" && ID_FORM.test(value) ? value : undefined;
}

/**
 * The workbook's id for the rows a freeze is about to write: the one it has, or a new one queued into the setting
 * (written with the receipt at the next sync). One sync.
 */
export async function workbookIdForFreeze(context: Excel.RequestContext): Promise<string> {
  const setting = queueWorkbookId(context);
  await context.sync();
  const known = workbookIdIn(setting);
  if (known !== undefined) return known;
  const id = newWorkbookId();
  context.workbook.settings.add(WORKBOOK_ID_SETTING, id);
  return id;
}
