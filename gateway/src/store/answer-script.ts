/**
 * KEYS[1] an answer's key; ARGV maxBytes. Returns {value, pttl} when the key holds a string of at most maxBytes,
 * else nil: an entry of another type (which a plain GET would answer with a WRONGTYPE error, counted as Redis
 * failing) or of a size no answer has (which a plain GET would copy whole into the replica) is no answer.
 */
export const READ_ANSWER_SCRIPT = `
if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return false end
if redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[1]) then return false end
return { redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1]) }
`;

/** Replies of a Redis server that refused this client's credentials (a wrong password, none where one is needed). */
const AUTH_REFUSALS = /^(WRONGPASS|NOAUTH|ERR invalid password|ERR AUTH|ERR Client sent AUTH)/i;

/**
 * What a connection error says, for the log: an authentication failure named as one, with Redis's own code word,
 * never the password (Redis's replies never hold it); anything else as undefined.
 */
export function authenticationFailure(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : "";
  if (!AUTH_REFUSALS.test(message)) return undefined;
  const word = /^[A-Z]+/.exec(message)?.[0] ?? "ERR";
  return word === "NOAUTH"
    ? "authentication failed: the server wants a password and the --redis URL gives none (NOAUTH)"
    : `authentication failed: the server refused the user or password in the --redis URL (${word})`;
}
