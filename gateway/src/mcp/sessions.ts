import type { Clock } from "@index-data/wire/time";

/** One MCP session: its transport's close, whose it is, and when it was last used. */
export interface Session<T> {
  readonly id: string;
  readonly account: string;
  readonly value: T;
  lastUsed: number;
}

export interface SessionLimits {
  /** Sessions held at once, all users together. @default 1000 */
  readonly maxSessions?: number;
  /** Sessions one user holds at once: a new one closes their oldest. @default 16 */
  readonly maxPerUser?: number;
  /** A session unused this long is closed. @default 30 min */
  readonly idleMs?: number;
}

/**
 * The MCP sessions, bounded: at most `maxSessions` in all and `maxPerUser` each, and none kept past `idleMs` unused
 * (swept on each use, by the gateway's clock: no timer). Kept in order of last use, so a sweep stops at the first
 * session still in use.
 */
export class SessionTable<T> {
  private readonly sessions = new Map<string, Session<T>>();
  private readonly maxSessions: number;
  private readonly maxPerUser: number;
  private readonly idleMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly close: (value: T) => void,
    limits: SessionLimits = {},
  ) {
    this.maxSessions = limits.maxSessions ?? 1000;
    this.maxPerUser = limits.maxPerUser ?? 16;
    this.idleMs = limits.idleMs ?? 30 * 60_000;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The session `id` of `account`, marked used; undefined when unknown, expired or another user's. */
  use(id: string, account: string): Session<T> | undefined {
    this.sweep();
    const session = this.sessions.get(id);
    if (session === undefined || session.account !== account) return undefined;
    this.sessions.delete(id);
    session.lastUsed = this.clock.now();
    this.sessions.set(id, session);
    return session;
  }

  /** Whether a new session of `account` may open: room in all (after the sweep), or room made by closing their oldest. */
  room(account: string): boolean {
    this.sweep();
    const own = [...this.sessions.values()].filter((session) => session.account === account);
    if (own.length >= this.maxPerUser && own[0] !== undefined) this.remove(own[0].id, true);
    return this.sessions.size < this.maxSessions;
  }

  add(id: string, account: string, value: T): void {
    this.sessions.set(id, { id, account, value, lastUsed: this.clock.now() });
  }

  /** Forgets a session; `close`: close its transport too (a session the table ends, not one the client ended). */
  remove(id: string, close = false): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    this.sessions.delete(id);
    if (close) this.close(session.value);
  }

  closeAll(): void {
    for (const id of [...this.sessions.keys()]) this.remove(id, true);
  }

  private sweep(): void {
    const before = this.clock.now() - this.idleMs;
    for (const session of this.sessions.values()) {
      if (session.lastUsed > before) return;
      this.remove(session.id, true);
    }
  }
}
