import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";

/**
 * Who may use the gateway: a tokens file of lines `name:sha256hex(token)`, `#` comments and blank lines allowed.
 * The file holds digests only, so reading it (or a backup of it) gives nobody a token.
 */
export interface DeskToken {
  readonly name: string;
  readonly digest: Buffer;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const NAME_RULE = "letters, digits, '.', '_', '@' and '-', at most 64, starting with a letter or digit";
const DIGEST = /^[0-9a-fA-F]{64}$/;

export function digestOf(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** The tokens in a file's text; throws naming the line (never its content) of any line that is not `name:hex`. */
export function parseTokens(text: string, file: string): DeskToken[] {
  const tokens: DeskToken[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const at = `${file}, line ${index + 1}`;
    const split = line.indexOf(":");
    const name = line.slice(0, split);
    const hex = line.slice(split + 1).trim();
    if (split < 0 || !NAME.test(name)) throw new Error(`${at}: expected name:sha256hex, with a name of ${NAME_RULE}.`);
    if (!DIGEST.test(hex))
      throw new Error(`${at}: the part after "${name}:" must be the token's SHA-256 in hex (64 characters).`);
    if (seen.has(name)) throw new Error(`${at}: "${name}" is listed twice; give each person one line.`);
    seen.add(name);
    tokens.push({ name, digest: Buffer.from(hex, "hex") });
  });
  return tokens;
}

export function loadTokens(file: string): DeskToken[] {
  return parseTokens(readFileSync(file, "utf8"), file);
}

/**
 * The name whose token this is, compared in constant time: the presented token's digest is compared with every
 * listed digest, with no early exit, so the answer's timing tells nothing about how close a guess came.
 */
export function nameOfToken(tokens: readonly DeskToken[], presented: string): string | undefined {
  const digest = digestOf(presented);
  let name: string | undefined;
  for (const token of tokens) {
    if (timingSafeEqual(digest, token.digest)) name = token.name;
  }
  return name;
}

/** The token a request presents, as the add-in sends it: `X-API-Key: <token>`, or `Authorization: Bearer <token>`. */
export function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const header = headers["x-api-key"];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (key) return key;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization?.trim() ?? "");
  return bearer?.[1];
}

/**
 * Makes a token for `name`, appends its digest to the file (created readable by its owner only) and returns
 * the token, which exists nowhere else: the caller shows it once.
 */
export function addToken(file: string, name: string): string {
  if (!NAME.test(name)) throw new Error(`"${name}" cannot be a name: use ${NAME_RULE}.`);
  const existing = existsSync(file) ? loadTokens(file) : [];
  if (existing.some((token) => token.name === name))
    throw new Error(`${file} already has a token for "${name}"; remove that line first to replace it.`);
  // 32 random bytes: as strong as the key it stands in for; base64url stays within what an API key field takes.
  const token = `idg_${randomBytes(32).toString("base64url")}`;
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Index Data gateway tokens: name:sha256hex(token)\n";
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  const line = `${separator}${name}:${digestOf(token).toString("hex")}\n`;
  if (existsSync(file)) appendFileSync(file, line);
  else appendFileSync(file, `${text}${line}`, { mode: 0o600 });
  return token;
}
