import type { FunctionRow } from "../../src/functions/table";

/**
 * A function added the way CONTRIBUTING says, for the tests that show it takes one row and its formula: INDEX.ECHO
 * gives an index's latest value through the engine, as INDEX.LATEST does; `index-data echo <symbol>` prints the latest
 * fix and the MCP tool get_echo answers it, both declared by the row alone.
 */
export const THROWAWAY_ROW = {
  id: "ECHO",
  description: "The latest value of an index (a throw-away function of the tests).",
  parameters: [{ name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' }],
  result: "scalar",
  options: { requiresAddress: true },
  binding: { adapter: "scalar", formula: "indexLatest" },
  cli: {
    command: "echo",
    summary: "the latest fix of an index (a throw-away command of the tests)",
    takes: ["symbol"],
    prints: "latest",
  },
  mcp: { tool: "get_echo", arguments: ["symbol"], answers: "latest" },
  docs: {
    returns: "The latest value (a throw-away function).",
    example: '`=INDEX.ECHO("RTM-NWE-A-1x3")`',
    glance: "the latest value",
    glanceExample: '`=INDEX.ECHO("RTM-NWE-A-1x3")`',
  },
} as const satisfies FunctionRow;

/** Its formula, as a new module of src/formulas/index-functions would write it. */
export const THROWAWAY_FORMULA = `import type { FormulaResult } from "../cells";
import type { FormulaEnv } from "../evaluate";
import { indexLatest } from "./latest";

/** INDEX.ECHO(symbol): the latest value, through INDEX.LATEST's formula. */
export function indexEcho(env: FormulaEnv, symbol: unknown): Promise<FormulaResult> {
  return indexLatest(env, symbol, undefined);
}
`;
