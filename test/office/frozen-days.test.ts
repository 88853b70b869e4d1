import { frozenDaysOf } from "../../src/office/freeze/frozen-days";
import { receiptRowOf } from "../../src/workbook/receipts/receipt";

/** How a receipt row's block reads as published days, from the row alone (its formula, values and fix date). */
const AT = { sheet: "Sheet1", top: 4, left: 1 };
/** Excel serials of 16 and 17 June 2025. */
const MON = 45824;
const TUE = 45825;

function row(formula: string, values: unknown[][], asOf = "") {
  return receiptRowOf(
    {
      cell: "Sheet1!B5",
      range: "Sheet1!B5",
      formula,
      values,
      note: "",
      provenance: asOf === "" ? undefined : { asOf },
    },
    "http://127.0.0.1:9",
    "2030-01-02T03:04:05.000Z",
  );
}

test("a history without headers reads date, value and the fields asked, in order, where the block is now", () => {
  const read = frozenDaysOf(
    row('=INDEX.HISTORY("RTM-A","2025-06-16","2025-06-17",,,,"confidence,Status")', [
      [MON, 1.5, 70, "FIRM"],
      [TUE, 1.6, 71, "PROVISIONAL"],
    ]),
    AT,
  );
  expect(read).toEqual({
    ok: true,
    symbol: "RTM-A",
    days: [
      { cell: "Sheet1!C5", date: "2025-06-16", figure: "value", frozen: 1.5 },
      { cell: "Sheet1!E5", date: "2025-06-16", figure: "status", frozen: "FIRM" },
      { cell: "Sheet1!C6", date: "2025-06-17", figure: "value", frozen: 1.6 },
      { cell: "Sheet1!E6", date: "2025-06-17", figure: "status", frozen: "PROVISIONAL" },
    ],
  });
});

test("a latest status and a fix's value and status rows are the fix date's day", () => {
  expect(frozenDaysOf(row('=INDEX.LATEST("RTM-A","Status")', [["FIRM"]], "2025-06-17T00:00:00.000Z"), AT)).toEqual({
    ok: true,
    symbol: "RTM-A",
    days: [{ cell: "Sheet1!B5", date: "2025-06-17", figure: "status", frozen: "FIRM" }],
  });
  const fix = row(
    '=INDEX.FIX("RTM-A",TRUE)',
    [
      ["field", "value"],
      ["value", 1.6],
      ["asOf", TUE],
      ["status", "FIRM"],
    ],
    "2025-06-17T00:00:00.000Z",
  );
  expect(frozenDaysOf(fix, AT)).toMatchObject({
    ok: true,
    days: [
      { cell: "Sheet1!C6", date: "2025-06-17", figure: "value", frozen: 1.6 },
      { cell: "Sheet1!C8", date: "2025-06-17", figure: "status", frozen: "FIRM" },
    ],
  });
});

test("what proves no published day says why", () => {
  const reason = (formula: string, values: unknown[][] = [[1]], asOf = "2025-06-17") =>
    frozenDaysOf(row(formula, values, asOf), AT);
  expect(reason("=INDEX.LATEST(A1)")).toMatchObject({ ok: false, reason: expect.stringMatching(/another cell/) });
  expect(reason('=INDEX.HISTORY("RTM-A",,,"weekly")')).toMatchObject({ reason: expect.stringMatching(/weekly/) });
  expect(reason('=INDEX.VOL("RTM-A")')).toMatchObject({ reason: "INDEX.VOL shows no published day" });
  expect(reason('=INDEX.LATEST("RTM-A","confidence")')).toMatchObject({ ok: false });
  expect(reason('=INDEX.LATEST("RTM-A")*2')).toMatchObject({ reason: expect.stringMatching(/one INDEX function/) });
  expect(reason('=INDEX.LATEST("RTM-A")', [[1]], "")).toMatchObject({ reason: expect.stringMatching(/no fix date/) });
});
