/** Who asks, as the gateway's sign-in found them (app.ts), and how many bytes their request may be answered with. */
export interface McpCaller {
  readonly account: string;
  /** The request's room (answer-room.ts): the one cap, less the request's own bytes, shared within a batch. */
  readonly room: number;
}
