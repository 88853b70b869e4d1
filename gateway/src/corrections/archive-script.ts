/**
 * The archive's record step in Valkey/Redis, atomic across replicas: two replicas seeing the same restated day at once
 * find one correction, never two, and the bounds hold whoever writes.
 *
 * KEYS[1] the pairs (a hash: field `symbol|date`, value `value|status|seenAt`, then `|value|status` of the last answer
 * once corrected), KEYS[2] the order the pairs were first seen in (a sorted set scored by KEYS[4]'s counter),
 * KEYS[3] the corrections (a sorted set scored by when seen; member `seq|symbol|date|was value|status|seenAt|now
 * value|status|seenAt`, seq zero-padded so ties keep their order), KEYS[4] the counter.
 * ARGV: symbol, seenAt, maxPairs, maxCorrections, then date, value, status for each day. Returns the new members.
 */
export const RECORD_SCRIPT = `
local pairsKey, orderKey, foundKey, seqKey, symbolsKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local symbol, seenAt = ARGV[1], ARGV[2]
local maxPairs, maxFound = tonumber(ARGV[3]), tonumber(ARGV[4])
local function split(s)
  local parts = {}
  for part in string.gmatch(s, '[^|]+') do parts[#parts + 1] = part end
  return parts
end
local found = {}
if #ARGV >= 5 then redis.call('SADD', symbolsKey, symbol) end
for i = 5, #ARGV, 3 do
  local date, value, status = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local field = symbol .. '|' .. date
  local kept = redis.call('HGET', pairsKey, field)
  if not kept then
    redis.call('HSET', pairsKey, field, value .. '|' .. status .. '|' .. seenAt)
    redis.call('ZADD', orderKey, redis.call('INCR', seqKey), field)
  else
    local k = split(kept)
    local lastValue, lastStatus = k[4] or k[1], k[5] or k[2]
    if lastValue ~= value or lastStatus ~= status then
      local first = k[1] .. '|' .. k[2] .. '|' .. k[3]
      redis.call('HSET', pairsKey, field, first .. '|' .. value .. '|' .. status)
      local seq = string.format('%012d', redis.call('INCR', seqKey))
      local member = seq .. '|' .. symbol .. '|' .. date .. '|' .. first .. '|' .. value .. '|' .. status .. '|' .. seenAt
      redis.call('ZADD', foundKey, seenAt, member)
      found[#found + 1] = member
    end
  end
end
local excess = redis.call('HLEN', pairsKey) - maxPairs
if excess > 0 then
  local oldest = redis.call('ZPOPMIN', orderKey, excess)
  for j = 1, #oldest, 2 do redis.call('HDEL', pairsKey, oldest[j]) end
end
local extra = redis.call('ZCARD', foundKey) - maxFound
if extra > 0 then redis.call('ZREMRANGEBYRANK', foundKey, 0, extra - 1) end
return found
`;
