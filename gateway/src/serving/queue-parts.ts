/**
 * How the queue splits its turns among parts of the desk's budget (tenants, tenancy/tenant-shares.ts). Without it,
 * every user is in one part with no cap: turns go user by user.
 */
export interface QueueParts {
  /** The part a user's requests belong to. */
  partOf(user: string): string;
  /** Turns a part takes in a row when its turn comes: its weight. */
  turnsOf(part: string): number;
  /** How many more sends each part may take now (Infinity: no cap), read once per round of sends. */
  rooms(now: number): (part: string) => number;
  /** Milliseconds until a part without room has some again (its window turns). */
  reopensInMs(now: number): number;
}

/** Every user in one part, no cap: turns go user by user. */
export const ONE_PART: Readonly<QueueParts> = {
  partOf: () => "",
  turnsOf: () => 1,
  rooms: () => () => Infinity,
  reopensInMs: () => 0,
};
