import type { KeyValueStorage } from "../client";

/**
 * Receipt rows are signed (HMAC-SHA-256, WebCrypto) with a key kept in the add-in's own storage
 * (OfficeRuntime.storage: per user and add-in, outside every workbook), never in the workbook. A row edited by
 * hand, or written by anyone without that key, no longer verifies, so restore refuses it as such: whoever can
 * edit the receipt cannot make restore write a formula, or write anywhere, that the add-in did not freeze.
 * A receipt frozen by another user (or on another machine, where OfficeRuntime.storage differs) does not
 * verify either: restore only undoes freezes made in this add-in's storage.
 */
export interface ReceiptSigner {
  sign(fields: readonly string[]): Promise<string>;
  verify(fields: readonly string[], signature: string): Promise<boolean>;
}

/** The storage entry of the key: its own, so clearing settings or the API key leaves it alone. */
export const RECEIPT_KEY_ITEM = "indexData.receiptKey.v1";

const KEY_BYTES = 32;
/** Signatures of this format start with it, so a later format can be told apart. */
const PREFIX = "v1.";

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
    return undefined;
  }
}

/** The stored key, created on first use. */
async function storedKey(storage: KeyValueStorage): Promise<CryptoKey> {
  let raw = fromBase64Url((await storage.getItem(RECEIPT_KEY_ITEM)) ?? "");
  if (raw === undefined || raw.length !== KEY_BYTES) {
    raw = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
    await storage.setItem(RECEIPT_KEY_ITEM, toBase64Url(raw));
    // Another runtime of the add-in may have stored its key meanwhile: whichever is stored is the key.
    raw = fromBase64Url((await storage.getItem(RECEIPT_KEY_ITEM)) ?? "") ?? raw;
  }
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** What is signed: the fields in order, with their boundaries, under a label naming the format. */
function message(fields: readonly string[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(["index-data-receipt-row", 1, ...fields]));
}

const signers = new WeakMap<KeyValueStorage, ReceiptSigner>();

/** The signer over a storage (one per storage, so concurrent freezes share one key). */
export function receiptSigner(storage: KeyValueStorage): ReceiptSigner {
  const known = signers.get(storage);
  if (known !== undefined) return known;
  let key: Promise<CryptoKey> | undefined;
  const keyOnce = () => {
    key ??= storedKey(storage).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const signer: ReceiptSigner = {
    sign: async (fields) =>
      `${PREFIX}${toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", await keyOnce(), message(fields))))}`,
    verify: async (fields, signature) => {
      const bytes = signature.startsWith(PREFIX) ? fromBase64Url(signature.slice(PREFIX.length)) : undefined;
      // subtle.verify compares in constant time.
      return bytes !== undefined && crypto.subtle.verify("HMAC", await keyOnce(), bytes, message(fields));
    },
  };
  signers.set(storage, signer);
  return signer;
}
