/**
 * Memos of pure functions, bounded so that memory stays flat however long a session runs. The lowest floor of the
 * package: it imports nothing, and every other floor may use it.
 */
export { BoundedMemo } from "./bounded-memo";
