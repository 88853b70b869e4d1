import { MemoryStorage } from "../../src/settings/storage";
import type { FreezeOptions } from "../../src/office/freeze/freeze";
import type { RestoreOptions } from "../../src/office/freeze/restore";
import { receiptSigner } from "../../src/workbook/receipts/signature";
import { InstantClock } from "../support/fake-clock";

/**
 * Freeze and restore options for the office tests: the add-in's storage (its signing key) in memory, shared by
 * every freeze and restore of a test file as OfficeRuntime.storage is by one user's workbooks; a Microsoft 365
 * Excel (data types); waits that take no time.
 */
export const testStorage = new MemoryStorage();
export const testSigner = receiptSigner(testStorage);
export const FROZEN_AT = new Date("2030-01-02T03:04:05.000Z");

export function freezeOptions(overrides: Partial<FreezeOptions> = {}): FreezeOptions {
  return {
    scope: "sheet",
    receiptVisible: true,
    serviceUrl: "http://127.0.0.1:9/",
    now: () => FROZEN_AT,
    signer: testSigner,
    dataTypes: true,
    settle: { clock: new InstantClock() },
    ...overrides,
  };
}

export function restoreOptions(overrides: Partial<RestoreOptions> = {}): RestoreOptions {
  return { selectionOnly: false, signer: testSigner, dataTypes: true, ...overrides };
}
