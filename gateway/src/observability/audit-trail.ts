import type { FastifyBaseLogger } from "fastify";
import { credentialOf, type CredentialKind } from "../identity/identity";
import { loggedPath, loggedUrl, loggedUser } from "../logs/request-fields";
import { userOfAccount } from "../tenancy/account";

/**
 * One line of the audit trail: who, what, how it was served, the status. Never a key, never a token. When is the
 * line's own `time`, which the gateway's logger writes on every line (compose.ts: ISO 8601, by the gateway's clock).
 */
export interface AuditLine {
  readonly audit: "upstream-send" | "refused" | "tool-call" | "correction";
  /** The MCP tool called (a tool call's line only). */
  readonly tool?: string;
  /** The user (identity.ts): a desk token's name, `oidc:…` (sign-in), `ip:<address>` (no auth), or null. */
  readonly user: string | null;
  /** The kind of credential `user` came with (identity.ts); null when nobody was recognised. */
  readonly credential: CredentialKind | null;
  /**
   * The resource's path and canonical query (a send), or the path alone without its query (a refusal); at most 512
   * bytes either way (logs/request-fields.ts).
   */
  readonly resource: string;
  /** Cache-Status's outcome: `miss` for a send; null for a refusal, which nothing served. */
  readonly cacheStatus: string | null;
  /** The upstream's status (null: no answer), or the gateway's own refusal status. */
  readonly status: number | null;
  /** The gateway's error code of a refusal, or the upstream failure's reason. */
  readonly code?: string | undefined;
}

interface AuditedAnswer {
  readonly value: number;
  readonly status: string;
  readonly seenAt: string;
}

/** A day the service published again differently (corrections/archive.ts's Correction), as the trail writes it. */
interface AuditedCorrection {
  readonly symbol: string;
  readonly date: string;
  readonly was: AuditedAnswer;
  readonly now: AuditedAnswer;
}

/**
 * The audit trail: one JSON line per upstream send and per refused request, through the gateway's logger (so it
 * leaves with the request lines, buffered and bounded, and an administrator filters it by its `audit` field). What a
 * line copies from a request is bounded and made safe (logs/request-fields.ts).
 */
export class AuditTrail {
  private log: FastifyBaseLogger | undefined;

  /** Writes through `log` from now on (the app's logger exists only once the app is built). */
  attach(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** An upstream send made for `account` (whose turn it took), with what the upstream answered (or why it did not). */
  upstreamSend(account: string, resource: string, status: number | undefined, reason: string | undefined): void {
    this.write({
      audit: "upstream-send",
      user: loggedUser(userOfAccount(account)),
      credential: credentialOf(userOfAccount(account)),
      resource: loggedUrl(resource),
      cacheStatus: "miss",
      status: status ?? null,
      code: reason,
    });
  }

  /** A request the gateway refused itself; only the path is kept, so nothing a client put in the query is logged. */
  refused(user: string | null, url: string, status: number, code: string): void {
    this.write({
      audit: "refused",
      user: loggedUser(user),
      credential: credentialOf(user),
      resource: loggedPath(url),
      cacheStatus: null,
      status,
      code,
    });
  }

  /**
   * An MCP tool call (mcp/): the user, the tool, the resource it read (path and canonical query; the tool's name
   * alone when it read none) and how it ended (a cache outcome, or why it was refused).
   */
  toolCall(user: string | null, tool: string, resource: string, outcome: string): void {
    this.write({
      audit: "tool-call",
      tool,
      user: loggedUser(user),
      credential: credentialOf(user),
      resource: loggedUrl(resource),
      cacheStatus: outcome,
      status: null,
    });
  }

  /**
   * A correction found in an answer sent for `account`: the day as `resource` (`symbol@date`), and what was first
   * seen and what is said now, so the trail alone proves what the desk saw.
   */
  correction(account: string, correction: AuditedCorrection): void {
    this.log?.info(
      {
        audit: "correction",
        user: loggedUser(userOfAccount(account)),
        credential: credentialOf(userOfAccount(account)),
        resource: loggedUrl(`${correction.symbol}@${correction.date}`),
        cacheStatus: null,
        status: null,
        was: correction.was,
        now: correction.now,
      },
      "audit",
    );
  }

  private write(line: AuditLine): void {
    this.log?.info(line, "audit");
  }
}
