import { cellMark } from "./cell-rules";
import { FakeWorkbook } from "./fake-workbook";

/**
 * The workbook fake behaves as Excel does where the add-in relies on it, each behaviour checked through the Office.js
 * objects the add-in sees: a dynamic array spills only into empty cells outside tables (#SPILL! otherwise, and it
 * spills again once the way is clear); a value typed beside or under a table makes the table grow over it; a
 * protected sheet refuses every change with Excel's AccessDenied; sheet and table names follow Excel's rules, table
 * names across the workbook; tables, charts and conditional formats keep their ids when renamed; a sync is an undo
 * step, a run with mergeUndoGroup one step, and Worksheet.delete cannot be in a group.
 */
const SPILL = [
  ["h", "x"],
  [1, 2],
  [3, 4],
];

async function book(): Promise<FakeWorkbook> {
  const fake = new FakeWorkbook(async (formula) => (formula === "=SPILL()" ? SPILL : [[7]]));
  fake.type("Sheet1!A1", "=SPILL()");
  await fake.settled();
  return fake;
}

describe("dynamic arrays", () => {
  it("spill only where every cell of the range is empty: a value in the way makes #SPILL!, clearing it spills again", async () => {
    const fake = await book();
    expect(fake.valuesIn("Sheet1!A1:B3")).toEqual(SPILL);
    fake.type("Sheet1!B3", "mine");
    expect(fake.valuesIn("Sheet1!A1:B3")).toEqual([
      ["#SPILL!", ""],
      ["", ""],
      ["", "mine"],
    ]);
    const context = fake.context;
    const spill = context.workbook.worksheets.getItem("Sheet1").getRange("A1").getSpillingToRangeOrNullObject();
    await context.sync();
    expect(spill.isNullObject).toBe(true);
    fake.type("Sheet1!B3", "");
    expect(fake.valuesIn("Sheet1!A1:B3")).toEqual(SPILL);
  });

  it("do not spill into a table", async () => {
    const fake = await book();
    const context = fake.context;
    context.workbook.worksheets.getItem("Sheet1").tables.add("B3:C4", true);
    await context.sync();
    expect(fake.shown("Sheet1!A1")).toBe("#SPILL!");
  });
});

describe("tables", () => {
  async function withTable(): Promise<FakeWorkbook> {
    const fake = new FakeWorkbook(async () => [[0]]);
    const context = fake.context;
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("A1:B3").values = [
      ["Index", "Latest"],
      ["A", 1],
      ["B", 2],
    ];
    sheet.tables.add("A1:B3", true).name = "Prices";
    await context.sync();
    return fake;
  }

  it("grow over a value typed right beside them (a new column, Column1) or right under them (a new row)", async () => {
    const fake = await withTable();
    fake.type("Sheet1!C2", "note");
    expect(fake.tables[0]?.rect).toEqual({ top: 0, left: 0, bottom: 2, right: 2 });
    expect(fake.valuesIn("Sheet1!C1:C2")).toEqual([["Column1"], ["note"]]);
    fake.type("Sheet1!A4", "C");
    expect(fake.tables[0]?.rect).toEqual({ top: 0, left: 0, bottom: 3, right: 2 });
  });

  it("keep their id when renamed, are found by name or id, and take names unique in the workbook in any case", async () => {
    const fake = await withTable();
    const id = fake.tables[0]?.id ?? "";
    fake.addSheet("Other");
    const context = fake.context;
    const other = context.workbook.worksheets.getItem("Other");
    const second = other.tables.add("A1:A2", true);
    second.name = "PRICES";
    await expect(context.sync()).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    await renamedById(fake, id);
    expect(fake.tables.map((table) => table.name)).toEqual(["Renamed", "Table1"]);
  });

  /** Renames "Prices", then finds it by its id: it has its new name. */
  async function renamedById(fake: FakeWorkbook, id: string): Promise<void> {
    const context = fake.context;
    context.workbook.tables.getItem("Prices").name = "Renamed";
    const byId = context.workbook.tables.getItemOrNullObject(id);
    byId.load("name");
    await context.sync();
    expect(byId.name).toBe("Renamed");
  }

  it("never overlap, and a bad name is refused", async () => {
    const fake = await withTable();
    const context = fake.context;
    context.workbook.worksheets.getItem("Sheet1").tables.add("B2:C5", true);
    await expect(context.sync()).rejects.toMatchObject({ code: "MergedRangeConflict" });
    const named = fake.context;
    named.workbook.tables.getItem("Prices").name = "A1";
    await expect(named.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

describe("sheets", () => {
  it.each([
    ["a name over 31 characters", "x".repeat(32), "InvalidArgument"],
    ["a forbidden character", "Prices: Europe", "InvalidArgument"],
    ["a trailing apostrophe", "Desk's list'", "InvalidArgument"],
    ["half an emoji", `Pricing ${"\u{1F4C8}".slice(0, 1)}`, "InvalidArgument"],
    ["a name taken in another case", "sheet1", "ItemAlreadyExists"],
  ])("refuse %s as Excel does", async (_what, name, code) => {
    const context = new FakeWorkbook(async () => [[0]]).context;
    context.workbook.worksheets.add(name);
    await expect(context.sync()).rejects.toMatchObject({ code });
  });

  it("refuse every change when protected, with the code and message Excel gives", async () => {
    const fake = await book();
    fake.sheet("Sheet1").protected = true;
    const context = fake.context;
    const protection = context.workbook.worksheets.getItem("Sheet1").protection;
    protection.load("protected");
    await context.sync();
    expect(protection.protected).toBe(true);
    context.workbook.worksheets.getItem("Sheet1").getRange("D1").values = [["x"]];
    await expect(context.sync()).rejects.toMatchObject({
      code: "AccessDenied",
      message: "You cannot perform the requested operation.",
    });
    expect(fake.shown("Sheet1!D1")).toBe("");
  });
});

describe("charts and conditional formats", () => {
  it("keep their ids when renamed; a custom format marks the cells its formula holds for", async () => {
    const fake = await book();
    const context = fake.context;
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    const chart = sheet.charts.add(
      "Line" as Excel.ChartType,
      sheet.getRange("A1:B3"),
      "Columns" as Excel.ChartSeriesBy,
    );
    const format = sheet.getRange("A2:A3").conditionalFormats.add("Custom" as Excel.ConditionalFormatType);
    format.custom.rule.formula = "=$A2>2";
    format.custom.format.fill.color = "#C6EFCE";
    chart.load("id");
    format.load("id");
    await context.sync();
    const renamed = fake.context;
    renamed.workbook.worksheets.getItem("Sheet1").charts.getItem("Chart 1").name = "Mine";
    await renamed.sync();
    expect(fake.sheet("Sheet1").charts.map((c) => [c.id, c.name])).toEqual([[chart.id, "Mine"]]);
    expect(fake.sheet("Sheet1").rules.map((rule) => rule.id)).toEqual([format.id]);
    const today = new Date();
    expect([cellMark(fake, "Sheet1!A2", today), cellMark(fake, "Sheet1!A3", today)]).toEqual([{}, { fill: "#C6EFCE" }]);
  });
});

describe("undo", () => {
  it("takes back one sync at a time, or a whole run in one step with mergeUndoGroup", async () => {
    const fake = new FakeWorkbook(async () => [[0]]);
    const write = (cell: string) => async (context: Excel.RequestContext) => {
      context.workbook.worksheets.getItem("Sheet1").getRange(cell).values = [["x"]];
      await context.sync();
      context.workbook.worksheets.getItem("Sheet1").getRange(cell).numberFormat = [["0.00"]];
      await context.sync();
    };
    await fake.run(write("A1"));
    await fake.run(write("B1"), { mergeUndoGroup: true });
    expect(fake.undoSteps).toBe(3);
    fake.undo();
    expect(fake.valuesIn("Sheet1!A1:B1")).toEqual([["x", ""]]);
    fake.undo();
    expect([fake.shown("Sheet1!A1"), fake.formatAt("Sheet1!A1")]).toEqual(["x", "General"]);
  });

  it("refuses Worksheet.delete in an undo group, and clears the undo stack when it runs outside one", async () => {
    const fake = new FakeWorkbook(async () => [[0]], ["Sheet1", "Sheet2"]);
    const remove = async (context: Excel.RequestContext) => {
      context.workbook.worksheets.getItem("Sheet2").delete();
      await context.sync();
    };
    await expect(fake.run(remove, { mergeUndoGroup: true })).rejects.toMatchObject({ code: "UndoNotSupported" });
    await fake.run(remove);
    expect([[...fake.sheets.keys()], fake.undoSteps]).toEqual([["Sheet1"], 0]);
  });
});
