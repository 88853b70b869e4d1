import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { DirectSource, IndexDataClient } from "../../src/client";
import { appContext } from "../../src/office/app-context/app-context";
import { excelDataTypeActions } from "../../src/office/data-type-actions";
import { createIndexDomainControl } from "../../src/office/data-type/domain";
import { excelSheetActions } from "../../src/office/sheet-actions";
import { NOT_ONE_UNDO_STEP, type ExcelRun } from "../../src/office/host/undo-group";
import { MemoryStorage } from "../../src/settings";
import * as dataTypeCells from "./data-type-cells";
import { DESK_B, actionsBook, useDeskRig } from "./sheet-support";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Each desk action (freeze, restore, Convert to Index, Convert to text) is one undo step where the host has ExcelApi
 * 1.20: one `Excel.run({ mergeUndoGroup: true }, …)`. Where Excel refuses the group (an API in it cannot be undone:
 * the batch's first sync fails with code "UndoNotSupported", as OfficeExtension.Error carries it), the action still
 * completes, run again without the group, and its message says it cannot be undone in one step. On the Office fake;
 * no real Excel runs.
 */
const rig = useDeskRig();

/**
 * Excel.run over `book`, recording each call's options; `refuseGroup`: Excel refuses every undo group there, as it
 * does when an API in the group cannot be undone (the group's first sync fails).
 */
function recordingRun(book: FakeWorkbook, refuseGroup: boolean) {
  if (refuseGroup) book.refuseUndoGroups();
  const calls: (Excel.RunOptions | undefined)[] = [];
  const run: ExcelRun = (batch, options) => {
    calls.push(options);
    return book.run(batch, options);
  };
  return { run, calls };
}

const GROUPED = [{ mergeUndoGroup: true }];
const REFUSED = [{ mergeUndoGroup: true }, undefined];
const SYMBOL = "RTM-NWE-A-1x3";

/** Where Excel refused the group, the message ends by saying the action is not one undo step; otherwise it never says so. */
function expectUndoNote(message: string, refused: boolean): void {
  expect(message.includes(NOT_ONE_UNDO_STEP)).toBe(refused);
  expect(message.endsWith(NOT_ONE_UNDO_STEP)).toBe(refused);
}

describe("freeze and restore", () => {
  const desk = () => actionsBook(rig, { C1: `=INDEX.FORWARD("${DESK_B}")` });
  const frozenCells = (book: FakeWorkbook) => ["Sheet1!B2", "Sheet1!B4", "Sheet2!C1"].map((a) => book.formulaAt(a));
  const actions = (book: FakeWorkbook, refuseGroup: boolean, undoGroups = true) => {
    const recorded = recordingRun(book, refuseGroup);
    return { ...recorded, desk: excelSheetActions(appContext(), recorded.run, undefined, () => undoGroups) };
  };

  it.each([
    [false, GROUPED],
    [true, REFUSED],
  ] as const)(
    "freezes and restores the workbook each in one undo group on ExcelApi 1.20 (Excel refuses it: %s), all the same",
    async (refuse, expected) => {
      const book = await desk();
      const { desk: actionsOf, calls } = actions(book, refuse);
      const steps = book.undoSteps;
      const frozen = await actionsOf.freeze("workbook", false);
      expect(calls).toEqual(expected);
      // One Ctrl+Z takes the freeze back where Excel grouped it; one step per sync where it refused.
      const taken = book.undoSteps - steps;
      expect([taken > 0, taken === 1]).toEqual([true, !refuse]);
      expect(frozen.frozen).toBe(4);
      expectUndoNote(frozen.message, refuse);
      expect(frozenCells(book)).toEqual([undefined, undefined, undefined]);
      calls.length = 0;
      const restored = await actionsOf.restore(false);
      expect(calls).toEqual(expected);
      expect(restored.restored).toHaveLength(4);
      expectUndoNote(restored.message, refuse);
      expect(book.formulaAt("Sheet2!C1")).toBe(`=INDEX.FORWARD("${DESK_B}")`);
    },
  );

  it("calls Excel.run without options where the host lacks ExcelApi 1.20", async () => {
    const book = await desk();
    const { desk: actionsOf, calls } = actions(book, true, false);
    const frozen = await actionsOf.freeze("workbook", false);
    expect(calls).toEqual([undefined]);
    expect(frozen.message).not.toContain(NOT_ONE_UNDO_STEP);
  });
});

describe("Convert to Index and Convert to text", () => {
  let service: RunningReferenceService;
  beforeAll(async () => {
    service = await startReferenceService({ rateLimits: { anonymous: 100_000 } });
  });
  afterAll(async () => {
    await service.close();
  });

  async function convertRig(options: dataTypeCells.SelectionCells, refuseGroup: boolean) {
    const excel = await dataTypeCells.selectionBook(options);
    const { run, calls } = recordingRun(excel, refuseGroup);
    const domain = createIndexDomainControl({
      run: excel.run,
      supported: () => true,
      storage: () => new MemoryStorage(),
    });
    const source = new DirectSource(new IndexDataClient({ baseUrl: service.url }));
    const startup = { afterFormulaInserted: async () => undefined };
    const actions = excelDataTypeActions(
      { userSource: source, startup, indexDomain: domain },
      { run, json: () => true, undoGroups: () => true },
    );
    return { excel, actions, calls };
  }

  const conversions = [
    {
      name: "Convert to Index",
      action: "toIndex",
      cell: dataTypeCells.textCell(SYMBOL),
      written: dataTypeCells.linkedWrite("Sheet1!A1", SYMBOL),
    },
    {
      name: "Convert to text",
      action: "toText",
      cell: dataTypeCells.linkedIndexCell(SYMBOL),
      written: dataTypeCells.textWrite("Sheet1!A1", SYMBOL),
    },
  ] as const;
  it.each(
    conversions.flatMap((conversion) => [
      { ...conversion, refuse: false, expected: GROUPED },
      { ...conversion, refuse: true, expected: REFUSED },
    ]),
  )(
    "$name runs in one undo group (Excel refuses it: $refuse) and converts",
    async ({ action, cell, written, refuse, expected }) => {
      const { excel, actions, calls } = await convertRig({ selection: "Sheet1!A1", cells: [[cell]] }, refuse);
      const outcome = await actions[action]();
      expect(calls).toEqual(expected);
      expect(excel.writes).toEqual([written]);
      expect(outcome.changed).toBe(1);
      expectUndoNote(outcome.message, refuse);
      expect(outcome.notable).toBe(refuse);
    },
  );
});
