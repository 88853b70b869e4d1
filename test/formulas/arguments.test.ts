import fc from "fast-check";
import { MAX_SYMBOL_LENGTH, SYMBOL_RULE, validSymbol } from "@index-data/wire/rules/symbol";
import { parseSymbol, parseSymbolList } from "../../src/formulas/arguments";
import { refusalOf } from "./support/refusal";

describe("parseSymbol follows the one symbol rule of src/client/symbol.ts", () => {
  it.each(["RTM-NWE-A-1x3", " RTM-USG.B-2x4 ", "a_b", "X".repeat(MAX_SYMBOL_LENGTH)])(
    "accepts %p, trimmed",
    (symbol) => {
      expect(parseSymbol(symbol)).toBe(symbol.trim());
    },
  );

  // ":" passed the old local pattern of the excel layer but is not a path-safe symbol character.
  it.each(["RTM:NWE", "A/B", "..", ".hidden", "RTM NWE", "é", "X".repeat(MAX_SYMBOL_LENGTH + 1), "", 42, null, true])(
    "refuses %p with #VALUE! naming the argument and the shared rule",
    (value) => {
      expect(refusalOf(() => parseSymbol(value, "symbols"))).toEqual({
        code: "#VALUE!",
        message: expect.stringMatching(new RegExp(`^symbols: give ${escape(SYMBOL_RULE)}`)),
      });
    },
  );

  it("agrees with validSymbol on any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 70 }), fc.stringMatching(/^[A-Za-z0-9._:/ -]{0,70}$/)), (text) => {
        const expected = validSymbol(text);
        if (expected === undefined) expect(() => parseSymbol(text)).toThrow();
        else expect(parseSymbol(text)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it("applies the rule to each symbol of a panel list", () => {
    expect(parseSymbolList("RTM-NWE-A-1x3, RTM-MED-A-1x3", "symbols")).toEqual(["RTM-NWE-A-1x3", "RTM-MED-A-1x3"]);
    expect(refusalOf(() => parseSymbolList([["RTM-NWE-A-1x3"], ["RTM:MED"]], "symbols")).code).toBe("#VALUE!");
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
