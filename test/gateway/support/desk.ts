import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { digestOf, type DeskToken } from "../../../gateway/src/identity/tokens";
import { forwardRequest } from "../../support/forward-request";

/** A desk: one random token per trader, and the tokens file's content (digests only) for the gateway. */
export interface Desk {
  readonly tokens: Readonly<Record<string, string>>;
  readonly entries: readonly DeskToken[];
  readonly file: string;
}

export function makeDesk(names: readonly string[]): Desk {
  const tokens = Object.fromEntries(names.map((name) => [name, `idg_${randomBytes(24).toString("base64url")}`]));
  const entries = names.map((name) => ({ name, digest: digestOf(tokens[name] ?? "") }));
  const file = `# test desk\n${entries.map((e) => `${e.name}:${e.digest.toString("hex")}`).join("\n")}\n`;
  return { tokens, entries, file };
}

/** What the upstream received: the raw headers of every request, in order. */
export interface RecordingFront {
  readonly url: string;
  readonly seen: ReadonlyArray<{ readonly path: string; readonly headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/**
 * A pass-through in front of the reference service that records every request's headers as they arrive, so a
 * test can read exactly what the gateway sent upstream (the service's own log keeps only the tier).
 */
export async function startRecordingFront(target: string): Promise<RecordingFront> {
  const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: { ...req.headers } });
    forwardRequest(req, res, target);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every header name and value of a response, and its body, as one text to search for secrets. */
export async function responseText(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  return `${headers}\n\n${await response.text()}`;
}
