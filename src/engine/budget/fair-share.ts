/** One runtime's place in the budget: requests it sent in the window, and requests it has waiting. */
export interface Claim {
  readonly used: number;
  readonly waiting: number;
}

/**
 * Max-min fair shares of `free` request slots among the runtimes sharing one budget: each slot goes to the
 * runtime that has used the least of the window so far (its sends plus the slots already given), among those
 * with requests waiting; ties go in an order that rotates with `turn` (the window's number), so no runtime is
 * always last. A runtime wanting little gets all it wants; the rest split evenly; none starves. Sending moves a
 * request from waiting to used, so the shares stay the same as a runtime spends them: every runtime computes
 * the same shares from the same view, and their sends add up to at most `free` even before they hear of each other.
 */
export function fairShares(free: number, claims: ReadonlyMap<string, Claim>, turn: number): Map<string, number> {
  const names = [...claims.keys()].sort();
  const start = names.length > 0 ? turn % names.length : 0;
  const order = [...names.slice(start), ...names.slice(0, start)];
  const given = new Map<string, number>(order.map((name) => [name, 0]));
  for (let slot = 0; slot < Math.floor(free); slot += 1) {
    let pick: string | undefined;
    let lowest = Infinity;
    for (const name of order) {
      const claim = claims.get(name);
      const g = given.get(name) ?? 0;
      if (claim === undefined || g >= claim.waiting) continue;
      if (claim.used + g < lowest) {
        lowest = claim.used + g;
        pick = name;
      }
    }
    if (pick === undefined) break;
    given.set(pick, (given.get(pick) ?? 0) + 1);
  }
  return given;
}
