import type { ArgsOf, ResourceName } from "@index-data/wire";
import type { Correction } from "../corrections/archive";
import type { z } from "zod";
import type { ReadValue } from "./resource-reader";
import type { OUTPUTS } from "./outputs";
import type { INPUTS, ToolName } from "./schemas";
import type { ToolText } from "./tool-text";

/** What a tool reads with, and what it may answer. */
export interface ToolContext {
  /** The gateway's resource path for the caller. */
  readonly read: <N extends ResourceName>(name: N, args: ArgsOf<N>) => Promise<ReadValue<N>>;
  /** The desk's corrections found at or after `since` (epoch ms), of `symbol` when given (the archive's). */
  readonly corrections: (since: number, symbol?: string) => Promise<Correction[]>;
  /** The gateway's clock. */
  readonly now: () => number;
  /** Bytes the answer's lists may take (answer-room.ts): a tool keeps to it and says how to ask for the rest. */
  readonly room: number;
  /** Lets the event loop serve others between slices of work that is long in the points it reads. */
  readonly pause: () => Promise<void>;
}

export type ToolInput<T extends ToolName> = z.output<z.ZodObject<(typeof INPUTS)[T]>>;
export type ToolOutput<T extends ToolName> = z.output<z.ZodObject<(typeof OUTPUTS)[T]>>;

/** A tool's answer: the structured content, and a short text a model can quote (the service's words quoted). */
export interface ToolAnswer<T extends ToolName> {
  readonly structured: ToolOutput<T>;
  readonly text: ToolText;
}

export type ToolHandler<T extends ToolName> = (input: ToolInput<T>, context: ToolContext) => Promise<ToolAnswer<T>>;
