import { connect } from "node:net";
import type { RunningReferenceService } from "../../reference-service/src/index";

/** A response read off the socket: fetch refuses some of the requests these tests send, and hides resets. */
export interface RawResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) throw new Error(`No complete HTTP response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyText = text.slice(split + 4);
  return { status, headers, body: bodyText === "" ? undefined : JSON.parse(bodyText) };
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body` as written, with
 * `Connection: close`, and reads the whole answer. Rejects if the connection is reset.
 */
export function rawRequest(service: RunningReferenceService, head: string, body = ""): Promise<RawResponse> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => reject(new Error(`The connection failed instead of answering: ${error.message}`)));
    socket.on("end", () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks).toString("utf8")));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.write(`${head}\r\nHost: ${hostname}\r\nOrigin: https://excel.example\r\nConnection: close\r\n\r\n${body}`);
  });
}
