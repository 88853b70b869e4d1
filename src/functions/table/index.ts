/**
 * Every INDEX function, one row each (functions.table.json): what Excel shows (its description, parameters and
 * AutoComplete lists), what Excel calls (the adapter and the formula of src/formulas), its command-line form, what
 * the docs say of it and whether the fault suites walk it; and AutoComplete's lists (choice-lists.json). Everything
 * else is made from them by `npm run generate` (scripts/generate.ts): functions.json (what Excel reads),
 * bindings.generated.ts (what the functions entry registers), the tables of docs/functions.md and the README, the
 * test suites' list of functions, and the tools of any other face (MCP). A test fails while a generated file differs
 * from what the rows give. Adding a function is a row in functions.table.json, its formula in src/formulas, and
 * `npm run generate` (CONTRIBUTING has the recipe).
 *
 * The rows are data, read and checked here (rows.ts) for the generator, the tests and the docs: the add-in's bundle
 * never imports this module (the functions entry loads before Excel registers anything, so every byte counts), only
 * the bindings made from it.
 */
import { z } from "zod";
import choiceListsFile from "./choice-lists.json";
import functionTableFile from "./functions.table.json";
import { BOUNDS, ChoiceListSchema, FunctionRowSchema, type ChoiceList, type FunctionRow } from "./rows";

export type {
  Adapter,
  BoundName,
  ChoiceList,
  CliRow,
  FunctionOptions,
  FunctionRow,
  McpRow,
  ParameterRow,
} from "./rows";
export { BOUNDS, ChoiceListSchema, FunctionRowSchema } from "./rows";

/** `text` with {min}, {max} and {default} said from `bounds`. */
function said(text: string, bounds: Readonly<Record<string, number>>): string {
  return text.replace(/\{(min|max|default)\}/g, (_, key: string) => `${bounds[key]}`);
}

/**
 * A row with its bounds said: a bounded parameter's description, and the docs' lines of a row with one bounded
 * parameter, read {min}, {max} and {default} from the limits it declares.
 */
function withBoundsSaid(row: FunctionRow): FunctionRow {
  const parameters = row.parameters.map((p) =>
    p.bounds === undefined ? p : { ...p, description: said(p.description, BOUNDS[p.bounds]) },
  );
  const [bounded, ...more] = row.parameters.flatMap((p) => (p.bounds === undefined ? [] : [BOUNDS[p.bounds]]));
  if (row.docs === undefined || bounded === undefined || more.length > 0) return { ...row, parameters };
  const docs = Object.fromEntries(Object.entries(row.docs).map(([key, text]) => [key, said(text, bounded)]));
  return { ...row, parameters, docs: docs as typeof row.docs };
}

/** What a row names that must exist: its parameters' lists, and the parameters its MCP tool takes. */
function checkedAgainst(lists: readonly ChoiceList[]) {
  const ids = new Set(lists.map((list) => list.id));
  return (row: FunctionRow): FunctionRow => {
    const names = new Set(row.parameters.map((p) => p.name));
    const wrong = [
      ...row.parameters.flatMap((p) => (p.choices === undefined || ids.has(p.choices) ? [] : [`list ${p.choices}`])),
      ...row.parameters.flatMap((p) => (p.bounds === undefined || p.type === "number" ? [] : [`bounds of ${p.name}`])),
      ...[...(row.mcp?.arguments ?? []), ...(row.mcp?.lists ?? []), ...Object.keys(row.mcp?.words ?? {})]
        .filter((name) => !names.has(name))
        .map((name) => `MCP argument ${name}`),
    ];
    if (wrong.length > 0) throw new Error(`INDEX.${row.id} names what does not exist: ${wrong.join(", ")}.`);
    return withBoundsSaid(row);
  };
}

/** A list's aliases each mean one of its values. */
function checkedList(list: ChoiceList): ChoiceList {
  const wrong = Object.entries(list.aliases ?? {}).filter(([, value]) => !Object.hasOwn(list.values, value));
  if (wrong.length > 0)
    throw new Error(`${list.id}'s aliases ${wrong.map(([alias]) => alias).join(", ")} mean no value.`);
  return list;
}

export const CHOICE_LISTS: readonly ChoiceList[] = z.array(ChoiceListSchema).parse(choiceListsFile).map(checkedList);

/**
 * Every function, in the order the docs list them (then the card's methods and the load service, not listed), its
 * bounded parameters' descriptions saying their bounds.
 */
export const FUNCTION_TABLE: readonly FunctionRow[] = z
  .array(FunctionRowSchema)
  .parse(functionTableFile)
  .map(checkedAgainst(CHOICE_LISTS));

/** A row as the table gives it (checked, its bounds said): what the tests' throw-away rows go through too. */
export function tableRow(row: FunctionRow): FunctionRow {
  return checkedAgainst(CHOICE_LISTS)(FunctionRowSchema.parse(row));
}
