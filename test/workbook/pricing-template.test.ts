import { DEFAULT_TEMPLATE } from "../../src/workbook/default-template";
import { checkTemplate, readTemplateFile } from "../../src/workbook/pricing-template";
import { pricingSheetName, pricingTableName } from "../../src/workbook/pricing-sheet-plan";

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
      "a rule on a column it lacks",
      withColumn(0, { rules: [{ when: "notBlank", column: "nope", fill: "#FFFFFF" }] }),
      'columns[0].rules[0].column: no column has the key "nope"',
    ],
    [
      "a colour by name",
      withColumn(0, { rules: [{ when: "notBlank", fill: "red" }] }),
      'columns[0].rules[0].fill: must be a colour such as "#FFC7CE"',
    ],
    [
      "a threshold as text",
      withColumn(0, { rules: [{ when: "below", value: "50", fill: "#FFFFFF" }] }),
      "columns[0].rules[0].value: must be a number",
    ],
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
    [
      "a formula calling HYPERLINK",
      withColumn(4, { formula: '=HYPERLINK("http://x",INDEX.LATEST({symbol}))' }),
      "columns[4].formula: it calls HYPERLINK, which is not an INDEX function",
    ],
    [
      "a formula with no INDEX function",
      withColumn(0, { formula: "=TODAY()" }),
      "columns[0].formula: it calls no INDEX function",
    ],
    [
      "a formula that is text",
      withColumn(0, { formula: "INDEX.LATEST({symbol})" }),
      "columns[0].formula: it is not a formula",
    ],
    ["a panel of 400 days", template((t) => (t["panel"] = { days: 400 })), "panel.days: must be at most 366"],
  ])("with %s is refused, naming the field", (_what, text, problem) => {
    expect(readTemplateFile(text)).toEqual({ ok: false, problem });
  });
});

describe("the sheet's names", () => {
  it("a list's sheet: Excel's forbidden characters out, at most 31 characters, numbered when taken", () => {
    expect(pricingSheetName("Metals [EU]: a/b", [])).toBe("Pricing Metals EU a b");
    expect(pricingSheetName("Metals", ["pricing metals"])).toBe("Pricing Metals (2)");
    expect(pricingSheetName("A very long list name for the desk", [])).toBe("Pricing A very long list name f");
    expect(pricingSheetName("A very long list name for the desk", ["Pricing A very long list name f"])).toBe(
      "Pricing A very long list na (2)",
    );
  });

  it("a list's table: letters, digits and underscores only", () => {
    expect(pricingTableName("ab-C_9x")).toBe("IndexPricing_ab_C_9x");
  });
});
