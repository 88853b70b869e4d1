import { InvalidResponseError } from "../errors/invalid-response-error";

const MB = 1024 * 1024;

/** Largest answer read from any endpoint: a history of several years is well under 1 MB. */
export const MAX_ANSWER_BYTES = 5 * MB;
/** Largest catalogue read: 50,000 indexes at ~400 bytes each, with room to spare. */
export const MAX_CATALOGUE_BYTES = 20 * MB;

function tooLarge(path: string, maxBytes: number, status: number): InvalidResponseError {
  return new InvalidResponseError(
    `The answer to ${path} is larger than ${Math.round(maxBytes / MB)} MB; it was not read`,
    {
      path,
      status,
      problem: "too-large",
      maxBytes,
    },
  );
}

/**
 * The body as text, read as a stream and abandoned (the stream cancelled, so the connection closes) as soon
 * as it passes `maxBytes`. A Content-Length above the cap is refused before reading anything.
 */
export async function readCapped(response: Response, maxBytes: number, path: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Expected: the body is refused either way, and the error thrown next says why.
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(path, maxBytes, response.status);
  }
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Expected: as above, the refusal below is the failure.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(path, maxBytes, response.status);
    }
    chunks.push(value);
  }
  return decodeUtf8(chunks, total);
}

/** One decoder for every body: without `stream`, each `decode` starts afresh. */
const UTF8 = new TextDecoder("utf-8");

function decodeUtf8(chunks: readonly Uint8Array[], total: number): string {
  // A body in one chunk (as a small answer comes) is decoded where it lies, not copied first.
  if (chunks.length === 1) return UTF8.decode(chunks[0]);
  const whole = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return UTF8.decode(whole);
}
