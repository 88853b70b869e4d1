import {
  auditCardFormula,
  excelString,
  forwardFormula,
  historyFormula,
  latestFormula,
} from "../../src/workbook/formula-text";

describe("formula text", () => {
  it("quotes symbols as Excel string literals, doubling inner quotes", () => {
    expect(excelString('A"B')).toBe('"A""B"');
    expect(latestFormula('X"Y')).toBe('=INDEX.LATEST("X""Y")');
  });

  it("names the INDEX functions with the argument order of their signatures", () => {
    expect(latestFormula("RTM-NWE-A-1x3")).toBe('=INDEX.LATEST("RTM-NWE-A-1x3")');
    expect(auditCardFormula("RTM-NWE-A-1x3")).toBe('=INDEX.FIX("RTM-NWE-A-1x3",TRUE)');
    expect(forwardFormula("RTM-NWE-A-1x3")).toBe('=INDEX.FORWARD("RTM-NWE-A-1x3",TRUE)');
    // symbol, start, end, granularity, headers
    expect(historyFormula("SYM.1", "-6M")).toBe('=INDEX.HISTORY("SYM.1","-6M",TODAY(),"daily",TRUE)');
  });
});
