import fc from "fast-check";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { DirectSource } from "../../src/client/direct-source";
import {
  indexHistory,
  indexLatest,
  indexPanel,
  isCellError,
  type FormulaEnv,
  type FormulaResult,
} from "../../src/formulas";
import { expectClearCell } from "../support/cell-messages";
import { INDEX_FUNCTIONS, type IndexFunctionName } from "../support/index-functions";

/*
 * Hostile text and shapes, through the pure layer, over real HTTP to the reference service: 10 KB strings,
 * combining marks, right-to-left text, emoji, lone surrogates, control characters, Excel error values, a
 * 1,000 x 50 range, panels past 20 symbols. Every call settles with a value, #VALUE! or #N/A with a message,
 * and every URL the client built is well-formed and on the configured origin.
 */

const FLAGSHIP = "RTM-NWE-A-1x3";
const SYMBOLS = ["RTM-NWE-A-1x3", "RTM-NWE-B-1x3", "RTM-MED-A-1x3", "RTM-USG.B-2x4"];

let service: RunningReferenceService;
const built: string[] = [];
let env: FormulaEnv;

beforeAll(async () => {
  service = await startReferenceService({ rateLimits: { anonymous: 1_000_000 } });
  const recording: typeof fetch = (input, init) => {
    built.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  const client = new IndexDataClient({ baseUrl: service.url, timeoutMs: 60_000, fetch: recording });
  env = {
    source: new DirectSource(client),
    caps: { formattedNumbers: true },
    now: () => new Date("2025-03-10T08:00:00Z"),
  };
});
afterAll(() => service.close());

/** Excel's error values as a custom function can receive them inside a range argument. */
const EXCEL_ERRORS = [
  "#N/A",
  "#VALUE!",
  "#REF!",
  "#DIV/0!",
  "#NUM!",
  "#NAME?",
  "#NULL!",
  "#SPILL!",
  "#CALC!",
  "#BUSY!",
].map((code) => ({
  type: "Error",
  errorCode: code,
  message: code,
}));

const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }), // lone surrogates included
  fc.constantFrom(
    "x".repeat(10_240),
    `${FLAGSHIP}${"\u0301".repeat(5)}`, // combining marks
    "\u202eRTM-NWE-A-1x3", // right-to-left override
    "مؤشر-NWE",
    "RTM-NWE-A-1x3\u{1F4C8}",
    "\uD800RTM",
    "RTM\uDC00-NWE",
    "RTM\u0000NWE",
    "RTM\r\nNWE",
    "\tRTM-NWE-A-1x3\u0007",
    "RTM%2FNWE",
    "RTM/../../api/status",
    "2025-01-01T00:00:00+99:99",
  ),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), maxLength: 20 }),
);
const hostileArgument = fc.oneof(
  hostileText,
  fc.constantFrom(...EXCEL_ERRORS),
  fc.array(fc.array(fc.oneof(hostileText, fc.constantFrom(...EXCEL_ERRORS)), { maxLength: 3 }), { maxLength: 3 }),
);

function expectClearResult(name: IndexFunctionName, result: FormulaResult): void {
  const cells = Array.isArray(result) ? result.flat() : [result];
  for (const cell of cells) {
    expectClearCell(name, cell);
    if (isCellError(cell)) expect(cell.message.length).toBeLessThan(600); // a 10 KB argument is not echoed whole
  }
}

function expectUrlsOnOrigin(): void {
  const origin = new URL(service.url).origin;
  for (const text of built.splice(0)) {
    const url = new URL(text);
    expect({ text, origin: url.origin }).toEqual({ text, origin });
    expect(url.pathname).toMatch(/^\/api\/(v1\/)?[A-Za-z0-9._/-]+$/);
    expect(url.pathname.split("/")).not.toContain("..");
    expect(url.href).toBe(text); // already in its canonical form: nothing for a parser to reinterpret
  }
}

/** The functions that take a symbol, with the number of arguments each is given. */
const CALLS: ReadonlyArray<[IndexFunctionName, number]> = [
  ["LATEST", 2],
  ["FIX", 2],
  ["VOL", 2],
  ["HISTORY", 7],
  ["PANEL", 5],
];

describe("hostile arguments over HTTP", () => {
  it.each(CALLS)(
    "%s settles with a value or a clear error; every URL stays on the origin",
    async (name, arity) => {
      // The symbol first, every optional argument omitted: mixed with hostile values so some runs reach the service.
      // Optional arguments are omitted 3 times in 4, or HISTORY's seven would reach the service in 1 run of 128 and
      // 150 runs would miss it about one time in three.
      const position = (i: number) =>
        fc.oneof(
          { weight: i === 0 ? 1 : 3, arbitrary: fc.constant<unknown>(i === 0 ? FLAGSHIP : null) },
          { weight: 1, arbitrary: hostileArgument },
        );
      let requested = 0;
      await fc.assert(
        fc.asyncProperty(fc.tuple(...Array.from({ length: arity }, (_, i) => position(i))), async (a) => {
          expectClearResult(name, await INDEX_FUNCTIONS[name](env, a));
          requested += built.length;
          expectUrlsOnOrigin();
        }),
        { numRuns: 150 },
      );
      expect(requested).toBeGreaterThan(0); // some runs got as far as the service
    },
    60_000,
  );

  it("a 1,000 x 50 range of symbols is refused with #VALUE! and no request", async () => {
    const range = Array.from({ length: 1_000 }, (_, row) =>
      Array.from({ length: 50 }, (_, column) => SYMBOLS[(row + column) % SYMBOLS.length]),
    );
    range[0]?.splice(0, 1, `RTM-X-${"A".repeat(10)}`);
    for (let i = 0; i < 30; i += 1) (range[i] as string[])[0] = `RTM-EXTRA-${i}`;
    const result = await indexPanel(env, range, "-30D", null, null, null);
    expect(isCellError(result) && result.code).toBe("#VALUE!");
    expect(isCellError(result) && result.message).toMatch(/^symbols: give 1 to 20 index symbols/);
    expect(built).toEqual([]);
  });

  it("a 1,000 x 50 range of fields for HISTORY settles with #VALUE! and no request", async () => {
    const fields = Array.from({ length: 1_000 }, () => Array.from({ length: 50 }, () => "confidence\u0000"));
    const result = await indexHistory(env, [FLAGSHIP, "-30D", null, null, null, null, fields]);
    expect(isCellError(result) && result.code).toBe("#VALUE!");
    expect(built).toEqual([]);
  });

  it("a panel of 20 symbols (some unknown) settles with a clear #N/A over HTTP; 21 is refused before any request", async () => {
    const catalogue = (await new IndexDataClient({ baseUrl: service.url }).listIndexes()).map((entry) => entry.symbol);
    const twenty = [...catalogue, ...Array.from({ length: 20 - catalogue.length }, (_, i) => `RTM-NONE-${i}`)];
    const panel = await indexPanel(
      env,
      twenty.map((symbol) => [symbol]),
      "-10D",
      null,
      null,
      null,
    );
    expect(isCellError(panel) && panel.code).toBe("#N/A");
    expectClearResult("PANEL", panel);
    expect(built.filter((url) => url.includes("/history")).length).toBe(20);
    expectUrlsOnOrigin();
    const refused = await indexPanel(env, [...twenty, "RTM-NONE-20"].join(","), "-10D", null, null, null);
    expect(isCellError(refused) && refused.code).toBe("#VALUE!");
    expect(built).toEqual([]);
  });

  it("Excel error values as arguments are #VALUE! naming the argument, with no request", async () => {
    for (const error of EXCEL_ERRORS) {
      for (const result of [
        await indexLatest(env, error, null),
        await indexHistory(env, [FLAGSHIP, error]),
        await indexPanel(env, [[FLAGSHIP], [error]], null, null, null, null),
      ]) {
        expect(isCellError(result) && result.code).toBe("#VALUE!");
      }
    }
    expect(built).toEqual([]);
  });
});
