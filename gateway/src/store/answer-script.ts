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
