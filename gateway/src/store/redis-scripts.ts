/**
 * Lua run inside Valkey/Redis, so that each operation is atomic across replicas (never read-modify-write from
 * a replica). The budget script is token-bucket.ts step for step; the store contract test runs both.
 */

/**
 * KEYS[1] the bucket hash. ARGV: op ("take" | "observe" | "peek"), now, windowMs, assumedLimit, burstDivisor,
 * resetSlackMs, maxLimit, keepMs, then for take: share; for observe: limit, remaining, resetMs, retryAfterMs
 * ("" when absent). take returns the wait in ms (0: granted); peek returns {limit, sendable, remaining or -1, pausedForMs}.
 */
export const BUDGET_SCRIPT = `
local key = KEYS[1]
local op = ARGV[1]
local now = tonumber(ARGV[2])
local windowMs = tonumber(ARGV[3])
local assumed = tonumber(ARGV[4])
local divisor = tonumber(ARGV[5])
local slack = tonumber(ARGV[6])
local maxLimit = tonumber(ARGV[7])
local keepMs = tonumber(ARGV[8])
local s = redis.call('HMGET', key, 'tokens', 'at', 'limit', 'remaining', 'resetAt', 'pausedUntil')
local tokens, at, limit, remaining, resetAt, paused = tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4]), tonumber(s[5]), tonumber(s[6])
local function burstOf(l) return math.max(1, math.ceil(l / divisor)) end
if tokens == nil or at == nil then tokens = burstOf(assumed); at = now; paused = 0 end
if paused == nil then paused = 0 end
local function shape(share)
  local l = math.max(1, math.floor((limit or assumed) * share))
  local b = burstOf(l)
  return b, math.max(1, l - b) / windowMs
end
local function refill(share)
  local t = math.max(now, at)
  local b, perMs = shape(share)
  tokens = math.min(b, tokens + (t - at) * perMs)
  at = t
  if resetAt ~= nil and t >= resetAt then remaining = nil; resetAt = nil end
  return t
end
local function save()
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(at), 'pausedUntil', tostring(paused))
  if limit ~= nil then redis.call('HSET', key, 'limit', tostring(limit)) end
  if remaining ~= nil and resetAt ~= nil then
    redis.call('HSET', key, 'remaining', tostring(remaining), 'resetAt', tostring(resetAt))
  else
    redis.call('HDEL', key, 'remaining', 'resetAt')
  end
  redis.call('PEXPIRE', key, keepMs)
end
if op == 'take' then
  local share = tonumber(ARGV[9])
  if now < paused then return math.ceil(paused - now) end
  local t = refill(share)
  if remaining ~= nil and resetAt ~= nil and remaining * share < 1 then
    save()
    return math.max(1, math.ceil(resetAt - t))
  end
  if tokens < 1 then
    local _, perMs = shape(share)
    save()
    return math.max(1, math.ceil((1 - tokens) / perMs))
  end
  tokens = tokens - 1
  if remaining ~= nil then remaining = remaining - 1 end
  save()
  return 0
elseif op == 'observe' then
  local l, r, resetMs, retryMs = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12])
  if l ~= nil and l == math.floor(l) and l >= 1 and l <= maxLimit then
    tokens = math.max(0, tokens + burstOf(l) - burstOf(limit or assumed))
    limit = l
  end
  if r ~= nil and resetMs ~= nil then
    local ra = now + resetMs
    if resetAt == nil or remaining == nil or ra > resetAt + slack then
      remaining = r; resetAt = ra
    else
      remaining = math.min(remaining, r)
    end
  end
  if retryMs ~= nil then
    paused = math.max(paused, now + retryMs)
    tokens = 0
    at = math.max(at, paused)
  end
  save()
  return 0
else
  refill(1)
  local sendable = 0
  if now >= paused then sendable = math.floor(tokens) end
  local rem = -1
  if remaining ~= nil then rem = math.max(0, remaining) end
  return { limit or assumed, sendable, rem, math.max(0, math.ceil(paused - now)) }
end
`;

/** KEYS[1] the lock; ARGV owner, leaseMs. Extends the lease only if the owner still holds it. */
export const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** KEYS[1] the lock; ARGV owner. Deletes it only if the owner still holds it (never another replica's lock). */
export const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** KEYS[1] the replicas' sorted set; ARGV replica, now, withinMs. Marks it alive, drops the silent, counts. */
export const HEARTBEAT_SCRIPT = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return redis.call('ZCARD', KEYS[1])
`;
