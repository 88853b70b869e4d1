import { MemoryStorage } from "../../src/settings/storage";
import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { RECEIPT_KEY_ITEM, receiptSigner } from "../../src/workbook/receipts/signature";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * The key that signs receipt rows lives in the add-in's storage only: created there on the first freeze, never
 * written to a cell, a name or the receipt, and still there for the next session (a new signer over the same
 * storage, as after a restart, verifies the rows).
 */
test("the signing key is created in the add-in's storage, is in no cell or name, and outlives a restart", async () => {
  const storage = new MemoryStorage();
  const book = new FakeWorkbook(async () => [[1.5]]);
  book.type("Sheet1!B2", '=INDEX.LATEST("RTM-NWE-A-1x3")');
  await book.settled();
  expect(await storage.getItem(RECEIPT_KEY_ITEM)).toBeNull();

  await freezeForSharing(book.context, freezeOptions({ signer: receiptSigner(storage) }));
  const key = await storage.getItem(RECEIPT_KEY_ITEM);
  expect(key).toMatch(/^[\w-]{43}$/);
  expect(storage.keys()).toEqual([RECEIPT_KEY_ITEM]);
  const workbook = JSON.stringify([
    book.usedValues("Sheet1"),
    book.usedValues(RECEIPT_SHEET),
    [...book.names.entries()],
  ]);
  expect(workbook).not.toContain(key);

  // A restart: the same storage, a new signer (the module's cache is per storage object, so copy it).
  const restarted = new MemoryStorage();
  await restarted.setItem(RECEIPT_KEY_ITEM, key ?? "");
  const outcome = await restoreFormulas(book.context, restoreOptions({ signer: receiptSigner(restarted) }));
  expect(outcome.restored).toEqual(["Sheet1!B2"]);
});
