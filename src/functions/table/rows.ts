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

export const ParameterRowSchema = z.strictObject({
  name: z.string().regex(/^[a-z][A-Za-z]*$/),
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
    formula: z.string().regex(/^[a-z][A-Za-z]*$/),
    once: z
      .string()
      .regex(/^[a-z][A-Za-z]*$/)
      .optional(),
  }),
  /** The `index-data` command that answers the same question, where there is one. */
  cli: z.string().optional(),
  /** The gateway's MCP tool answering what this function answers, named after its resource (gateway/src/mcp). */
  mcp: z
    .string()
    .regex(/^[a-z][a-z_]*$/)
    .optional(),
  /** The fault and fuzz suites call it with every kind of argument and every failure of the service. */
  faultSuites: z.literal(true).optional(),
  /** Its lines in docs/functions.md (returns, example) and the README (glance, glanceExample); none: not listed. */
  docs: z.strictObject({ returns: text, example: text, glance: text, glanceExample: text }).optional(),
});
export type FunctionRow = z.infer<typeof FunctionRowSchema>;

/** An AutoComplete list: the values Excel offers for a parameter naming it, each with its tooltip. */
export const ChoiceListSchema = z.strictObject({
  id: z.string().regex(/^[A-Z][A-Za-z]*$/),
  values: z.record(z.string().min(1), text),
});
export type ChoiceList = z.infer<typeof ChoiceListSchema>;
