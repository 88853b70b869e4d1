import { buildArguments, ArgumentMismatch, type FunctionMetadata } from "../../src/preview/coerce";
import { FormulaSyntaxError, parseFormula } from "../../src/preview/formula";
import { formatSerial, outcomeOfRejection, outcomeOfValue } from "../../src/preview/outcome";
import { evaluateFormula } from "../../src/preview/harness";
import type { Outcome } from "../../src/preview/outcome";
import { installCustomFunctionsStandIn, StandInError } from "../../src/preview/custom-functions-stand-in";

const NOW = new Date("2024-03-31T20:00:00Z");

describe("preview formula parser", () => {
  it("reads strings, numbers, booleans, empty arguments and arrays", () => {
    expect(parseFormula(`=INDEX.HISTORY("RTM-NWE-A-1x3", "-30D", , "weekly", TRUE, , "a""b")`, NOW)).toEqual({
      id: "HISTORY",
      args: ["RTM-NWE-A-1x3", "-30D", null, "weekly", true, null, 'a"b'],
    });
    expect(parseFormula(`index.panel({"A","B";"C","D"}, 45000.5, -1)`, NOW)).toEqual({
      id: "PANEL",
      args: [
        [
          ["A", "B"],
          ["C", "D"],
        ],
        45000.5,
        -1,
      ],
    });
    expect(parseFormula(`=INDEX.STATUS()`, NOW)).toEqual({ id: "STATUS", args: [] });
    expect(parseFormula(`=INDEX.LATEST("X",)`, NOW).args).toEqual(["X", null]);
  });

  it("evaluates TODAY() and DATE() in UTC with + and -", () => {
    expect(parseFormula(`=INDEX.HISTORY("X", TODAY()-90, TODAY())`, NOW).args).toEqual(["X", 45382 - 90, 45382]);
    expect(parseFormula(`=INDEX.HISTORY("X", DATE(2024,2,29)+1)`, NOW).args).toEqual(["X", 45352]);
  });

  it.each([
    `=SUM(1,2)`,
    `=INDEX.LATEST("X"`,
    `=INDEX.LATEST("X") extra`,
    `=INDEX.LATEST(NOW())`,
    `=INDEX.P({1,2;3})`,
    `=INDEX.L("a"-1)`,
  ])("refuses %s with a message", (text) => {
    expect(() => parseFormula(text, NOW)).toThrow(FormulaSyntaxError);
  });
});

describe("preview argument coercion from functions.json", () => {
  const history: FunctionMetadata = {
    id: "HISTORY",
    name: "HISTORY",
    parameters: [
      { name: "symbol", type: "string" },
      { name: "start", type: "any", optional: true },
      { name: "headers", type: "boolean", optional: true },
      { name: "fields", type: "string", optional: true, repeating: true },
    ],
    result: { dimensionality: "matrix" },
  };
  const panel: FunctionMetadata = {
    id: "PANEL",
    name: "PANEL",
    parameters: [{ name: "symbols", type: "string", dimensionality: "matrix" }],
  };
  const live: FunctionMetadata = {
    id: "LIVE",
    name: "LIVE",
    parameters: [{ name: "symbol", type: "string" }],
    options: { stream: true },
  };

  it("passes every declared parameter, null for omitted ones, and gathers repeating values", () => {
    expect(buildArguments(history, ["X"])).toEqual(["X", null, null, []]);
    expect(buildArguments(history, ["X", "-30D", 1, "confidence", null, "status"])).toEqual([
      "X",
      "-30D",
      true,
      ["confidence", "status"],
    ]);
    expect(buildArguments(history, [12, 45000, "false"])).toEqual(["12", 45000, false, []]);
  });

  it("wraps a single value into a matrix, and appends the invocation for streaming functions", () => {
    expect(buildArguments(panel, ["A,B"])).toEqual([[["A,B"]]]);
    expect(buildArguments(panel, [[["A"], ["B"]]])).toEqual([[["A"], ["B"]]]);
    const invocation = { setResult: () => undefined };
    expect(buildArguments(live, ["X"], invocation)).toEqual(["X", invocation]);
  });

  it("refuses what Excel refuses before calling: missing, too many, wrong type", () => {
    expect(() => buildArguments(history, [])).toThrow(ArgumentMismatch);
    expect(() => buildArguments(live, ["X", "Y"])).toThrow(/at most 1/);
    expect(() => buildArguments(history, ["X", null, "maybe"])).toThrow(/TRUE or FALSE/);
    expect(() => buildArguments(live, [[["A", "B"]]])).toThrow(/one value/);
  });
});

describe("preview outcomes", () => {
  it("renders dates by their number format, errors with their message", () => {
    expect(formatSerial(45351, "yyyy-mm-dd")).toBe("2024-02-29");
    expect(formatSerial(45351.5, "yyyy-mm-dd hh:mm:ss")).toBe("2024-02-29 12:00:00");
    expect(
      outcomeOfValue([
        [{ type: "FormattedNumber", basicValue: 45351, numberFormat: "yyyy-mm-dd" }, new StandInError("#N/A", "gap")],
      ]),
    ).toEqual({
      state: "value",
      rows: [
        [
          { kind: "date", value: 45351, text: "2024-02-29", numberFormat: "yyyy-mm-dd" },
          { kind: "error", code: "#N/A", message: "gap", text: "#N/A" },
        ],
      ],
    });
    expect(outcomeOfRejection(new StandInError("#VALUE!", "bad"))).toEqual({
      state: "error",
      code: "#VALUE!",
      message: "bad",
      raw: false,
    });
    expect(outcomeOfRejection(new TypeError("x is undefined"))).toMatchObject({
      raw: true,
      message: "uncaught exception: TypeError: x is undefined",
    });
  });
});

describe("preview harness invocation", () => {
  it("streams every setResult until cancelled, then calls onCanceled and shows no more", () => {
    const standIn = installCustomFunctionsStandIn({});
    let push: ((value: unknown) => void) | undefined;
    let cancelled = 0;
    const ticker = (_symbol: unknown, invocation: { setResult(v: unknown): void; onCanceled?: () => void }) => {
      push = (value) => invocation.setResult(value);
      invocation.onCanceled = () => void (cancelled += 1);
    };
    (standIn.functions as Map<string, (...args: unknown[]) => unknown>).set(
      "TICK",
      ticker as (...args: unknown[]) => unknown,
    );
    const metadata = new Map<string, FunctionMetadata>([
      [
        "TICK",
        { id: "TICK", name: "TICK", parameters: [{ name: "symbol", type: "string" }], options: { stream: true } },
      ],
    ]);
    const seen: Outcome[] = [];
    const evaluation = evaluateFormula(`=INDEX.TICK("X")`, { standIn, metadata }, (outcome) => seen.push(outcome));
    push?.(1);
    push?.(2);
    evaluation.cancel();
    push?.(3);
    evaluation.cancel();
    expect(seen.map((o) => (o.state === "value" ? o.rows[0]?.[0]?.text : o.state))).toEqual(["busy", "1", "2"]);
    expect(cancelled).toBe(1);
  });
});
