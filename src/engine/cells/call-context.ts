/**
 * On whose behalf one engine call runs. It travels with the call as an argument, down to every place that
 * decides something about it (the cache, the batchers, the scheduler's lanes, the address index), never as a
 * field set around the call: whatever runs after an `await` still knows its cell.
 */
export interface CallContext {
  /** The calling cell, e.g. "Sheet1!B2" (Excel's invocation.address); absent for the taskpane and the CLI. */
  readonly address?: string;
  /** Excel is previewing the formula while it is typed: answer from what the cache holds, or not at all. */
  readonly preview: boolean;
  /** The user's own action waits for it (a taskpane read): its requests go first. */
  readonly user: boolean;
}

/** A call for no cell in particular: the benchmark, the CLI, the engine's own reads. */
export const NO_CELL: CallContext = Object.freeze({ preview: false, user: false });

/** The user's own reads (the taskpane's detail pane, Test connection). */
export const USER_ACTION: CallContext = Object.freeze({ preview: false, user: true });

/** The context of one evaluation of a cell; a preview is the formula being typed, not a cell of the sheet. */
export function cellCall(address: string | undefined, preview: boolean): CallContext {
  if (preview || address === undefined || address === "") return { preview, user: false };
  return { address, preview: false, user: false };
}

/** A value preview asked for something the cache does not hold: nothing is sent for it. */
export class PreviewMiss extends Error {
  constructor(readonly key: string) {
    super(`${key} is not cached; press Enter to fetch it`);
    this.name = "PreviewMiss";
  }
}

export function isPreviewMiss(error: unknown): error is PreviewMiss {
  return (error as { name?: unknown } | null)?.name === "PreviewMiss";
}
