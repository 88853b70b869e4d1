import { WINDOW_DAYS } from "@index-data/wire";
import { z } from "zod";

/**
 * The shape of a row of the function table (functions.table.json) and of an AutoComplete list (choice-lists.json),
 * checked strictly when the table is read: a misspelt key, a missing description or an unknown adapter is refused
 * with its place in the file.
 */

/** How Excel's runtime gets the answer: one value, a spill, an entity, a stream, or a load service's batch. */
const ADAPTERS = ["scalar", "matrix", "matrixOfList", "entity", "stream", "loadService"] as const;
export type Adapter = (typeof ADAPTERS)[number];

const text = z.string().min(1);
/** A name as the code spells it: a parameter, a formula, a source's method, a resource. */
const camelName = z.string().regex(/^[a-z][A-Za-z]*$/);

/** The named limits a parameter may declare (`bounds`): the one rule its formula, its MCP schema and its words share. */
export const BOUNDS = { WINDOW_DAYS } as const;
const BOUND_NAMES = ["WINDOW_DAYS"] as const satisfies readonly (keyof typeof BOUNDS)[];
export type BoundName = (typeof BOUND_NAMES)[number];

export const ParameterRowSchema = z.strictObject({
  name: camelName,
  /** Excel's type of the argument as it is passed: "any" takes dates as serials, text or relative forms. */
  type: z.enum(["string", "number", "boolean", "any"]),
  description: text,
  optional: z.literal(true).optional(),
  /** The last parameter may be given again and again (INDEX.HISTORY's fields): one array to the formula. */
  repeating: z.literal(true).optional(),
  /** A range or array of values rather than one value. */
  dimensionality: z.literal("matrix").optional(),
  /** The AutoComplete list (an id of choice-lists.json) Excel offers for it. */
  choices: z.string().optional(),
  /** What a card's method gets as its calling object (Excel's capturesCallingObject). */
  cellValueType: z.string().optional(),
  /**
   * The limits (a name of BOUNDS) a whole-number argument must keep: the formula's check, the MCP tool's schema and
   * the words all read them; the description says them as {min}, {max} and {default}.
   */
  bounds: z.enum(BOUND_NAMES).optional(),
});
export type ParameterRow = z.infer<typeof ParameterRowSchema>;

export const FunctionOptionsSchema = z.strictObject({
  /** Excel passes the calling cell's address: what the engine indexes each cell's requests by. */
  requiresAddress: z.literal(true).optional(),
  excludeFromAutoComplete: z.literal(true).optional(),
  /** A method of the Index value (=A1.History()): the card is the first argument. */
  capturesCallingObject: z.literal(true).optional(),
  stream: z.literal(true).optional(),
  /** The Index data type's load service, which Excel calls for batches of linked cells, never from a formula. */
  linkedEntityLoadService: z.literal(true).optional(),
});
export type FunctionOptions = z.infer<typeof FunctionOptionsSchema>;

/** The command line's form of a function: `index-data <command> …`, in the order `--help` lists them. */
export const CliRowSchema = z.strictObject({
  command: z.string().regex(/^[a-z][a-z-]*$/),
  /** What `--help` says it prints, after its usage line. */
  summary: text,
  /** The usage after the command, e.g. "<symbol> [--window DAYS]"; default: its positionals, as <name>. */
  usage: text.optional(),
  /** The positionals after the command, by name (more are refused); default none. */
  takes: z.array(z.string().regex(/^[a-z][a-z]*$/)).optional(),
  /** Said when surplus positionals are refused: the flags to use instead. */
  instead: text.optional(),
  /**
   * The source's method whose answer the command prints as it is, given the positionals (src/cli prints it, no code
   * of its own); without it the command's run is src/cli's, by the command's name.
   */
  prints: camelName.optional(),
});
export type CliRow = z.infer<typeof CliRowSchema>;

/** The MCP tool's form of a function (gateway/src/mcp): its name, the arguments it takes and what an agent is told. */
export const McpRowSchema = z.strictObject({
  tool: z.string().regex(/^[a-z][a-z_]*$/),
  /** What the agent is told the tool gives; default: the function's description. */
  description: text.optional(),
  /**
   * The function's parameters the tool takes, by name, in order. Each one's schema follows from its row: `symbol` an
   * index symbol, type "any" a date in text, `choices` one of its list, `bounds` a whole number within them, a boolean
   * a flag.
   */
  arguments: z.array(z.string()),
  /** The arguments taken as an array of their list's values rather than one (a comma-separated list in a cell). */
  lists: z.array(z.string()).optional(),
  /** An argument's words for the agent where Excel's do not fit (a cell reference, a comma-separated list). */
  words: z.record(z.string(), text).optional(),
  /**
   * The resource whose data the tool answers as it is, with how the gateway served it, read with the arguments in
   * order (no code of its own); without it the tool's handler is gateway/src/mcp/tools.ts's, by the tool's name.
   */
  answers: camelName.optional(),
});
export type McpRow = z.infer<typeof McpRowSchema>;

export const FunctionRowSchema = z.strictObject({
  /** The id Excel registers, and the name after `INDEX.` (the card's methods: `CARD.VOL`). */
  id: z.string().regex(/^[A-Z]+(\.[A-Z]+)?$/),
  /** What AutoComplete and the function wizard show. */
  description: text,
  /** Every parameter, in the order Excel passes them; the binding declares exactly these. */
  parameters: z.array(ParameterRowSchema),
  /** One value, or a spill. */
  result: z.enum(["scalar", "matrix"]),
  options: FunctionOptionsSchema,
  /**
   * What Excel calls: the adapter, the formula of src/formulas it hands the arguments to (its exported name; the
   * generated bindings do not compile with another) and, for a stream, the value preview's formula.
   */
  binding: z.strictObject({
    adapter: z.enum(ADAPTERS),
    formula: camelName,
    once: camelName.optional(),
  }),
  /** The `index-data` command that answers the same question, where there is one (src/cli). */
  cli: CliRowSchema.optional(),
  /** The gateway's MCP tool answering what this function answers, named after its resource (gateway/src/mcp). */
  mcp: McpRowSchema.optional(),
  /** The fault and fuzz suites call it with every kind of argument and every failure of the service. */
  faultSuites: z.literal(true).optional(),
  /** Its lines in docs/functions.md (returns, example) and the README (glance, glanceExample); none: not listed. */
  docs: z.strictObject({ returns: text, example: text, glance: text, glanceExample: text }).optional(),
});
export type FunctionRow = z.infer<typeof FunctionRowSchema>;

/** An AutoComplete list: the values Excel offers for a parameter naming it, each with its tooltip. */
export const ChoiceListSchema = z.strictObject({
  id: z.string().regex(/^[A-Z][A-Za-z]*$/),
  /**
   * The names of a field table of src/formulas (or of PERIOD_STATS), which parses them by its own rule: no map is
   * generated for it, and test/functions/enums.test.ts holds the two equal.
   */
  fieldNames: z.literal(true).optional(),
  values: z.record(z.string().min(1), text),
  /**
   * Other words a cell may give for a value (a short form, STOCKHISTORY's numbers), each naming the value it means;
   * the formulas' map of the list (src/formulas/choices.generated.ts) takes them beside the values, any case.
   */
  aliases: z.record(z.string().min(1), z.string().min(1)).optional(),
});
export type ChoiceList = z.infer<typeof ChoiceListSchema>;
