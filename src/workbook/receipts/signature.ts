import type { KeyValueStorage } from "../../settings";

/**
 * Receipt rows are signed (HMAC-SHA-256, WebCrypto) with a key kept in the add-in's own storage
 * (OfficeRuntime.storage: per user and add-in, outside every workbook), never in the workbook. A row edited by
 * hand, or written by anyone without that key, no longer verifies, so restore refuses it as such: whoever can
 * edit the receipt cannot make restore write a formula, or write anywhere, that the add-in did not freeze.
 * A receipt frozen by another user (or on another machine, where OfficeRuntime.storage differs) does not
 * verify either: restore only undoes freezes made in this add-in's storage. Verifying never creates a key: where
 * there is none (another machine, Excel on the web versus the desktop, storage cleared), `hasKey` says so, and
 * restore says that, rather than that the rows were edited.
 */
export interface ReceiptSigner {
  sign(fields: readonly string[]): Promise<string>;
  /** False for a signature of another format, or when this storage holds no key. */
  verify(fields: readonly string[], signature: string): Promise<boolean>;
  /** True when this storage holds a signing key. */
  hasKey(): Promise<boolean>;
}

/** The storage entry of the key: its own, so clearing settings or the API key leaves it alone. */
export const RECEIPT_KEY_ITEM = "indexData.receiptKey.v1";

const KEY_BYTES = 32;
/**
 * Signatures of this format start with it, so formats can be told apart: v2 rows carry the workbook id (receipt.ts)
 * and sign it; v1 rows, from before receipts were tied to their workbook, are no longer restored.
 */
const PREFIX = "v2.";

/** The format a signature says it is in: "v2" (this one), "v1" (before the workbook id), or undefined. */
export function signatureFormat(signature: string): "v1" | "v2" | undefined {
  if (signature.startsWith(PREFIX)) return "v2";
  return signature.startsWith("v1.") ? "v1" : undefined;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    // Expected: a signature that does not decode does not verify.
    return undefined;
  }
}

/** The stored key's bytes, or undefined when there is none (or what is stored is not a key). */
async function storedBytes(storage: KeyValueStorage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const raw = fromBase64Url((await storage.getItem(RECEIPT_KEY_ITEM)) ?? "");
  return raw !== undefined && raw.length === KEY_BYTES ? raw : undefined;
}

function importKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** The stored key, created on first use. */
async function storedKey(storage: KeyValueStorage): Promise<CryptoKey> {
  let raw = await storedBytes(storage);
  if (raw === undefined) {
    raw = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
    await storage.setItem(RECEIPT_KEY_ITEM, toBase64Url(raw));
    // Another runtime of the add-in may have stored its key meanwhile: whichever is stored is the key.
    raw = (await storedBytes(storage)) ?? raw;
  }
  return importKey(raw);
}

/** What is signed: the fields in order, with their boundaries, under a label naming the format. */
function message(fields: readonly string[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(["index-data-receipt-row", 2, ...fields]));
}

/** The signer over a storage; the shared runtime makes one, so concurrent freezes share one key. */
export function receiptSigner(storage: KeyValueStorage): ReceiptSigner {
  let key: Promise<CryptoKey> | undefined;
  const keyOnce = () => {
    key ??= storedKey(storage).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  // Reading never creates one: a storage without a key (another machine, another Excel, cleared) stays without.
  const existingKey = async (): Promise<CryptoKey | undefined> => {
    if (key !== undefined) return key;
    const raw = await storedBytes(storage);
    return raw === undefined ? undefined : (key ??= importKey(raw));
  };
  const signer: ReceiptSigner = {
    sign: async (fields) =>
      `${PREFIX}${toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", await keyOnce(), message(fields))))}`,
    verify: async (fields, signature) => {
      const bytes = signature.startsWith(PREFIX) ? fromBase64Url(signature.slice(PREFIX.length)) : undefined;
      const verifier = bytes === undefined ? undefined : await existingKey();
      // subtle.verify compares in constant time.
      return (
        bytes !== undefined && verifier !== undefined && crypto.subtle.verify("HMAC", verifier, bytes, message(fields))
      );
    },
    hasKey: async () => (await existingKey()) !== undefined,
  };
  return signer;
}
