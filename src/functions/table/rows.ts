import type * as formulas from "../../formulas";

/** A formula of src/formulas a binding can call: its exported name. */
export type FormulaName = {
  [N in keyof typeof formulas]: (typeof formulas)[N] extends (...args: never[]) => unknown ? N : never;
}[keyof typeof formulas];

/** How Excel's runtime gets the answer: one value, a spill, an entity, a stream, or a load service's batch. */
export type Adapter = "scalar" | "matrix" | "matrixOfList" | "entity" | "stream" | "loadService";

export interface ParameterRow {
  readonly name: string;
  /** Excel's type of the argument as it is passed: "any" takes dates as serials, text or relative forms. */
  readonly type: "string" | "number" | "boolean" | "any";
  readonly description: string;
  /** @default false */
  readonly optional?: true;
  /** The last parameter may be given again and again (INDEX.HISTORY's fields): one array to the formula. @default false */
  readonly repeating?: true;
  /** A range or array of values rather than one value. @default one value */
  readonly dimensionality?: "matrix";
  /** The AutoComplete list (an id of ENUMS) Excel offers for it. @default none */
  readonly choices?: string;
  /** What a card's method gets as its calling object (Excel's capturesCallingObject). @default none */
  readonly cellValueType?: string;
}

export interface FunctionOptions {
  /** Excel passes the calling cell's address: what the engine indexes each cell's requests by. */
  readonly requiresAddress?: true;
  readonly excludeFromAutoComplete?: true;
  /** A method of the Index value (=A1.History()): the card is the first argument. */
  readonly capturesCallingObject?: true;
  readonly stream?: true;
  /** The Index data type's load service, which Excel calls for batches of linked cells, never from a formula. */
  readonly linkedEntityLoadService?: true;
}

export interface FunctionRow {
  /** The id Excel registers, and the name after `INDEX.` (the card's methods: `CARD.VOL`). */
  readonly id: string;
  /** What AutoComplete and the function wizard show. */
  readonly description: string;
  /** Every parameter, in the order Excel passes them; the binding declares exactly these. */
  readonly parameters: readonly ParameterRow[];
  /** One value, or a spill. */
  readonly result: "scalar" | "matrix";
  readonly options: FunctionOptions;
  /** What Excel calls: the adapter, the formula it hands the arguments to and, for a stream, the preview's formula. */
  readonly binding: { readonly adapter: Adapter; readonly formula: FormulaName; readonly once?: FormulaName };
  /** The `index-data` command that answers the same question, where there is one. */
  readonly cli?: string;
  /** The fault and fuzz suites call it with every kind of argument and every failure of the service. */
  readonly faultSuites?: true;
  /** Its lines in docs/functions.md (returns, example) and the README (glance, glanceExample); none: not listed. */
  readonly docs?: {
    readonly returns: string;
    readonly example: string;
    readonly glance: string;
    readonly glanceExample: string;
  };
}

/** An AutoComplete list: the values Excel offers for a parameter naming it, each with its tooltip. */
export interface ChoiceList {
  readonly id: string;
  readonly values: readonly { readonly value: string; readonly tooltip: string }[];
}
