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

/** A line of the tokens file that was refused: its number and why, never its content (it may hold a token). */
export interface TokenProblem {
  /** 1-based; 0 when the file itself could not be read. */
  readonly line: number;
  readonly problem: string;
}

/** A tokens file as read: the tokens of its good lines, and every refused line. */
export interface TokensReading {
  readonly tokens: readonly DeskToken[];
  readonly problems: readonly TokenProblem[];
}

interface Line {
  readonly line: number;
  readonly name: string;
  readonly hex: string;
}

/** The `name:hex` lines of a text, and the problems of those that are not; comments and blank lines skipped. */
function linesOf(text: string): { lines: Line[]; problems: TokenProblem[] } {
  const lines: Line[] = [];
  const problems: TokenProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const split = trimmed.indexOf(":");
    const name = trimmed.slice(0, split);
    const hex = trimmed.slice(split + 1).trim();
    const line = index + 1;
    if (split < 0 || !NAME.test(name))
      problems.push({ line, problem: `expected name:sha256hex, with a name of ${NAME_RULE}` });
    else if (!DIGEST.test(hex))
      problems.push({ line, problem: "the part after the name must be the token's SHA-256 in hex (64 characters)" });
    else lines.push({ line, name, hex: hex.toLowerCase() });
  });
  return { lines, problems };
}

/**
 * The tokens of a file's text, good lines only. Every line of a name listed twice is refused, and so is every line
 * of a digest listed under two names (one token would be two people): the file is ambiguous about them, so neither
 * gets in until it is fixed. Problems name the line by number, never its content.
 */
export function readTokens(text: string): TokensReading {
  const { lines, problems } = linesOf(text);
  const byName = linesBy(lines, (l) => l.name);
  const byDigest = linesBy(lines, (l) => l.hex);
  const tokens: DeskToken[] = [];
  for (const l of lines) {
    const sameName = byName.get(l.name) ?? [];
    const sameDigest = byDigest.get(l.hex) ?? [];
    if (sameName.length > 1)
      problems.push({
        line: l.line,
        problem: `a name listed on lines ${sameName.join(", ")}; give each person one line`,
      });
    else if (sameDigest.length > 1)
      problems.push({
        line: l.line,
        problem: `one token listed under several names, on lines ${sameDigest.join(", ")}`,
      });
    else tokens.push({ name: l.name, digest: Buffer.from(l.hex, "hex") });
  }
  problems.sort((a, b) => a.line - b.line);
  return { tokens, problems };
}

/** The line numbers of the lines sharing each value of `key`. */
function linesBy(lines: readonly Line[], key: (line: Line) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const line of lines) {
    const group = groups.get(key(line));
    if (group === undefined) groups.set(key(line), [line.line]);
    else group.push(line.line);
  }
  return groups;
}

/** The tokens in a file's text; throws naming the first refused line (never its content), as the gateway starts. */
export function parseTokens(text: string, file: string): DeskToken[] {
  const { tokens, problems } = readTokens(text);
  const first = problems[0];
  if (first !== undefined) throw new Error(`${file}, line ${first.line}: ${first.problem}.`);
  return [...tokens];
}

export function loadTokens(file: string): DeskToken[] {
  return parseTokens(readFileSync(file, "utf8"), file);
}

/**
 * The file read again (SIGHUP): its good lines apply at once, so a name that left the file, or whose line broke, is
 * refused from now on; an unreadable file lets nobody in. Never throws.
 */
export function reloadTokens(file: string): TokensReading {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { tokens: [], problems: [{ line: 0, problem: `the file cannot be read (${String(code ?? "error")})` }] };
  }
  return readTokens(text);
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
