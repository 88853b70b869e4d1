/**
 * The one SHA-256 of the house: a name built from an API key (the known-limit entry, the budget channel, the
 * gateway's store prefix) and the values fingerprint of a freeze receipt all come from here. It is @noble/hashes'
 * audited SHA-256, synchronous and the same in the browser, in Node, in the gateway and in the CLI (Web Crypto's
 * digest is asynchronous, and these names are made on synchronous paths). It names and compares; it is no password
 * hash (keys are long random strings, and the name never leaves the machine's own storage, channel or store).
 */
import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";

/** SHA-256 of the UTF-8 of `text`, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * The name of an API key (or of a key with what it is used for) where a name must not give the key back: the first
 * 64 bits of its SHA-256, 16 hex digits. Stored names (the known limit, the gateway's store) have always been this.
 */
export function keyFingerprint(text: string): string {
  return sha256Hex(text).slice(0, 16);
}
