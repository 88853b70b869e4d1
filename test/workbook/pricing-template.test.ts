import choiceLists from "../../src/functions/table/choice-lists.json";
import { DEFAULT_TEMPLATE, STARTER_TEMPLATES } from "../../src/workbook/pricing-sheets/default-template";
import { freeSheetName, freeTableName } from "../../src/workbook/pricing-sheets/excel-names";
import { checkTemplate, readTemplateFile, templateFile } from "../../src/workbook/pricing-sheets/template";
import { COLUMN_CHOICES, templateOf } from "../../src/workbook/pricing-sheets/template-columns";

/**
 * A desk's template file is read as untrusted: every refusal names the field it is about, and says what is wrong in
 * words. The default template passes the same checks.
 */
const template = (change: (t: Record<string, unknown>) => void): string => {
  const copy = structuredClone(DEFAULT_TEMPLATE) as unknown as Record<string, unknown>;
  change(copy);
  return JSON.stringify(copy);
};
const columns = (t: Record<string, unknown>) => t["columns"] as Record<string, unknown>[];
/** The default with column `i` changed by `patch`. */
const withColumn = (i: number, patch: Record<string, unknown>) =>
  template((t) => Object.assign(columns(t)[i] ?? {}, patch));

describe("a pricing template file", () => {
  it("the default passes every check", () => {
    expect(checkTemplate(DEFAULT_TEMPLATE)).toEqual({ ok: true, value: DEFAULT_TEMPLATE });
  });

  it.each([
    ["not JSON", "columns: [", "it is not a pricing template: it is not JSON"],
    [
      "a field of its own",
      template((t) => (t["macro"] = "x")),
      "macro: is not a field here (a template holds kind, version, name, indexHeader, columns and panel)",
    ],
    ["a column without a header", template((t) => delete columns(t)[1]?.["header"]), "columns[1].header: is missing"],
    ["two headers alike", withColumn(3, { header: "latest" }), 'columns[3].header: "latest" heads two columns'],
    ["a header like the index's", withColumn(0, { header: "INDEX" }), 'columns[0].header: "INDEX" heads two columns'],
    ["two keys alike", withColumn(2, { key: "latest" }), 'columns[2].key: "latest" names two columns'],
    [
      "31 columns",
      template(
        (t) =>
          (t["columns"] = Array.from({ length: 31 }, (_, i) => ({
            key: `c${i}`,
            header: `C${i}`,
            formula: "=INDEX.STATUS()",
          }))),
      ),
      "columns: at most 30 entries",
    ],
    ["a panel of 400 days", template((t) => (t["panel"] = { days: 400 })), "panel.days: must be at most 366"],
    [
      "a right-to-left override in its name",
      template((t) => (t["name"] = "abc\u202Egnp.exe")),
      "name: must be visible text: it holds U+202E (right-to-left override), an invisible character that reorders or hides text",
    ],
    [
      "a zero-width space in a header",
      withColumn(1, { header: "As\u200Bof" }),
      "columns[1].header: must be visible text: it holds U+200B (zero width space), an invisible character that reorders or hides text",
    ],
  ])("with %s is refused, naming the field", (_what, text, problem) => {
    expect(readTemplateFile(text)).toEqual({ ok: false, problem });
  });

  /** The default with its first column patched is refused, saying `problem` of that column (its field first). */
  const refusedWith = (patch: Record<string, unknown>, problem: string) =>
    expect(readTemplateFile(withColumn(0, patch))).toEqual({ ok: false, problem: `columns[0].${problem}` });

  it.each([
    ['=HYPERLINK("http://x",INDEX.LATEST({symbol}))', "it calls HYPERLINK, which is not an INDEX function"],
    ["=TODAY()", "it calls no INDEX function"],
    ["INDEX.LATEST({symbol})", "it is not a formula"],
    [
      `=INDEX.LATEST({symbol},"${"x".repeat(256)}")`,
      `its text "${"x".repeat(24)}…" is 256 characters long; Excel takes at most 255 in a formula's text`,
    ],
  ])("a column's formula %s is refused, saying why", (formula, problem) =>
    refusedWith({ formula }, `formula: ${problem}`),
  );

  it.each([
    ["0.00;0.00", 'its negative section has no minus sign, so a fall would show as a rise (write "-0.00" or "(0.00)")'],
    [
      '"6.2160";"6.2160";"6.2160"',
      "its first (positive) section is text only, so it would show that text instead of the value",
    ],
    [";;;", "its first (positive) section is empty, so those values would not show"],
    ['[<0]"";0.00', "its first (positive) section has a condition, which can hide values"],
  ])("a column's number format %s is refused, saying why", (format, problem) =>
    refusedWith({ numberFormat: format }, `numberFormat: ${problem}`),
  );

  it.each([
    [
      "on a column it lacks",
      { when: "notBlank", column: "nope", fill: "#FFFFFF" },
      'column: no column has the key "nope"',
    ],
    ["with a colour by name", { when: "notBlank", fill: "red" }, 'fill: must be a colour such as "#FFC7CE"'],
    ["with a threshold as text", { when: "below", value: "50", fill: "#FFFFFF" }, "value: must be a number"],
  ])("a rule %s is refused, naming its field", (_what, rule, problem) =>
    refusedWith({ rules: [rule] }, `rules[0].${problem}`),
  );
});

describe("number formats that show the value", () => {
  it.each([
    "0.0000",
    "0.00%",
    "yyyy-mm-dd",
    "0.00;-0.00",
    "#,##0.00;[Red](#,##0.00)",
    "0.0%;-0.0%;0.0%",
    "General",
    '0.00 "USD"',
  ])("%s is taken", (numberFormat) => expect(readTemplateFile(withColumn(0, { numberFormat })).ok).toBe(true));
});

describe("the sheet's names", () => {
  it("a list's sheet: Excel's forbidden characters out, at most 31 characters, numbered when taken in any case", () => {
    expect(freeSheetName("Pricing Metals [EU]: a/b", [])).toBe("Pricing Metals EU a b");
    expect(freeSheetName("Pricing Metals", ["pricing metals"])).toBe("Pricing Metals (2)");
    expect(freeSheetName("Pricing A very long list name for the desk", [])).toBe("Pricing A very long list name f");
    expect(freeSheetName("Pricing A very long list name for the desk", ["Pricing A very long list name f"])).toBe(
      "Pricing A very long list na (2)",
    );
  });

  it("never ends with an apostrophe, never splits a character, never takes History", () => {
    expect(freeSheetName("Pricing Antwerp-Rotterdam desk's list", [])).toBe("Pricing Antwerp-Rotterdam desk");
    expect(freeSheetName(`Pricing ${"x".repeat(22)}\u{1F4C8} desk`, [])).toBe(`Pricing ${"x".repeat(22)}`);
    expect(freeSheetName(`Pricing ${"x".repeat(20)}\u{1F469}\u{1F3FD} desk`, [])).toBe(`Pricing ${"x".repeat(20)}`);
    expect(freeSheetName("History", [])).toBe("History (2)");
  });

  it("a list's table: letters, digits and underscores only, unique in the workbook in any case", () => {
    expect(freeTableName("IndexPricing_ab-C_9x", [])).toBe("IndexPricing_ab_C_9x");
    expect(freeTableName("IndexPricing_ab", ["INDEXPRICING_AB", "Other"])).toBe("IndexPricing_ab_2");
  });
});

describe("templates a desk starts from", () => {
  it("the default and each starter template pass every check and download as a file that reads back the same", () => {
    expect(STARTER_TEMPLATES.map((t) => t.name)).toEqual(["Pricing sheet", "Fixes", "Changes", "Forward curves"]);
    for (const starter of STARTER_TEMPLATES) {
      expect(checkTemplate(starter)).toEqual({ ok: true, value: starter });
      expect(readTemplateFile(templateFile(starter))).toEqual({ ok: true, value: starter });
    }
  });

  it("offer every period INDEX.CHANGE's choice list names, each change marked green when up and red when down", () => {
    const periods = Object.keys(choiceLists.find((list) => list.id === "ChangePeriod")?.values ?? {});
    const changes = COLUMN_CHOICES.filter((choice) => choice.group === "Change").map((choice) => choice.column);
    expect(changes.map((column) => column.formula)).toEqual(periods.map((p) => `=INDEX.CHANGE({symbol},"${p}")`));
    const changesSheet = STARTER_TEMPLATES.find((t) => t.name === "Changes");
    expect(changesSheet?.columns.filter((column) => column.formula.startsWith("=INDEX.CHANGE"))).toHaveLength(
      periods.length,
    );
    for (const column of changes)
      expect(column.rules).toEqual([
        { when: "above", value: 0, fill: "#C6EFCE", font: "#006100", meaning: "up" },
        { when: "below", value: 0, fill: "#FFC7CE", font: "#9C0006", meaning: "down" },
      ]);
  });

  it("a template of picked columns leaves out a mark that tests a column not picked", () => {
    const picked = templateOf("Mine", ["latest", "chg1D"]);
    expect(picked.columns.map((column) => [column.key, (column.rules ?? []).map((rule) => rule.meaning)])).toEqual([
      ["latest", []],
      ["chg1D", ["up", "down"]],
    ]);
    expect(checkTemplate(picked).ok).toBe(true);
  });
});
