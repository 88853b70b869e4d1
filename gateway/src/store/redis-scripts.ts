/**
 * Lua run inside Valkey/Redis, so that each operation is atomic across replicas (never read-modify-write from
 * a replica). The budget script is desk-budget.ts step for step; the store contract test runs both.
 */

/**
 * KEYS[1] the budget's hash, KEYS[2] its log of sends (a sorted set: score = when a send left). ARGV: op ("take" |
 * "observe" | "record" | "eta" | "peek"), now, windowMs, assumedLimit, marginMs, openingDivisor, openingPollMs,
 * resetSlackMs, maxLimit, keepMs, then
 * - take: share, wanted; returns {granted, waitMs, lastSeq} (each send is numbered; lastSeq is the last granted's);
 * - observe: limit, remaining, resetMs, retryAfterMs, the answered send's number, "1" when the upstream answered
 *   ("" when absent); returns 0;
 * - record: send times to add to the log (a replica rejoining with what it sent while apart); returns 0;
 * - eta: share, sends; returns the ms until that many more sends could go;
 * - peek: returns {limit, sendableNow, upstreamRemaining or -1, pausedForMs, roomInMs}.
 */
export const BUDGET_SCRIPT = `
local bucket, log = KEYS[1], KEYS[2]
local op = ARGV[1]
local now = tonumber(ARGV[2])
local windowMs = tonumber(ARGV[3])
local assumed = tonumber(ARGV[4])
local span = windowMs + tonumber(ARGV[5])
local divisor = tonumber(ARGV[6])
local pollMs = tonumber(ARGV[7])
local slack = tonumber(ARGV[8])
local maxLimit = tonumber(ARGV[9])
local keepMs = tonumber(ARGV[10])
local s = redis.call('HMGET', bucket, 'limit', 'readRemaining', 'spentSinceRead', 'resetAt', 'pausedUntil', 'openedAt', 'unmeteredUntil', 'seq')
local limit, readRemaining, spent, resetAt = tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4])
local paused, openedAt, unmetered = tonumber(s[5]) or 0, tonumber(s[6]) or 0, tonumber(s[7]) or 0
local seq = tonumber(s[8]) or 0
local function forget() readRemaining = nil; spent = nil; resetAt = nil end
local function settle()
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now - span)
  if resetAt ~= nil and now >= resetAt then openedAt = resetAt; forget() end
end
local function limitOf(share) return math.max(1, math.floor((limit or assumed) * share)) end
local function sendsSince(t) return redis.call('ZCOUNT', log, t, '+inf') end
local function nth(i)
  local e = redis.call('ZRANGE', log, i - 1, i - 1, 'WITHSCORES')
  return tonumber(e[2])
end
local function room(share)
  if now < paused then return 0, math.ceil(paused - now) end
  settle()
  local l = limitOf(share)
  local n = redis.call('ZCARD', log)
  local frees, waits = {l - n}, {0}
  if n >= l then waits[1] = (nth(n - l + 1) or now) + span - now end
  if readRemaining ~= nil and resetAt ~= nil then
    frees[2] = math.floor(readRemaining * share) - (spent or 0); waits[2] = resetAt - now
  elseif now >= unmetered then
    frees[2] = math.max(1, math.ceil(l / divisor)) - sendsSince(openedAt); waits[2] = pollMs
  end
  local free = frees[1]
  for i = 2, #frees do free = math.min(free, frees[i]) end
  if free > 0 then return free, 0 end
  local wait = 0
  for i = 1, #frees do if frees[i] <= 0 then wait = math.max(wait, waits[i]) end end
  return 0, math.max(1, math.ceil(wait))
end
local function eta(share, k)
  settle()
  local start = math.max(now, paused)
  local l = limitOf(share)
  local n = redis.call('ZCARD', log)
  local leaving = n + k - l
  local at = start
  if leaving > 0 then
    if leaving <= n then at = (nth(leaving) or start) + span else at = start + span * math.ceil(leaving / l) end
  end
  if readRemaining ~= nil and resetAt ~= nil and k > math.floor(readRemaining * share) - (spent or 0) then
    at = math.max(at, resetAt)
  end
  return math.max(0, math.ceil(math.max(start, at) - now))
end
local function addSends(times)
  if #times == 0 then return end
  seq = redis.call('HINCRBY', bucket, 'seq', #times)
  local batch = {}
  for i, t in ipairs(times) do
    batch[#batch + 1] = t
    batch[#batch + 1] = tostring(t) .. ':' .. tostring(seq - i)
    if #batch >= 1000 or i == #times then redis.call('ZADD', log, unpack(batch)); batch = {} end
  end
end
local function save()
  redis.call('HSET', bucket, 'pausedUntil', tostring(paused), 'openedAt', tostring(openedAt), 'unmeteredUntil', tostring(unmetered))
  if limit ~= nil then redis.call('HSET', bucket, 'limit', tostring(limit)) end
  if readRemaining ~= nil and resetAt ~= nil then
    redis.call('HSET', bucket, 'readRemaining', tostring(readRemaining), 'spentSinceRead', tostring(spent or 0), 'resetAt', tostring(resetAt))
  else
    redis.call('HDEL', bucket, 'readRemaining', 'spentSinceRead', 'resetAt')
  end
  redis.call('PEXPIRE', bucket, keepMs)
  redis.call('PEXPIRE', log, keepMs)
end
if op == 'take' then
  local share, wanted = tonumber(ARGV[11]), math.max(0, math.floor(tonumber(ARGV[12])))
  local free = room(share)
  local granted = math.min(wanted, free)
  local times = {}
  for i = 1, granted do times[i] = now end
  addSends(times)
  if spent ~= nil then spent = spent + granted end
  local wait = 0
  if granted < wanted then local _, w = room(share); wait = w end
  save()
  local last = 0
  if granted > 0 then last = seq end
  return {granted, wait, last}
elseif op == 'observe' then
  settle()
  local l, r, resetMs, retryMs, sentSeq = tonumber(ARGV[11]), tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14]), tonumber(ARGV[15])
  local answered = ARGV[16] == '1'
  if l ~= nil and l == math.floor(l) and l >= 1 and l <= maxLimit then limit = l end
  if retryMs ~= nil then
    paused = math.max(paused, now + retryMs); openedAt = paused; forget()
  end
  if r ~= nil and resetMs ~= nil then
    local uncounted = 0
    if sentSeq ~= nil then uncounted = math.max(0, seq - sentSeq) end
    local estimate = math.max(0, r - uncounted)
    local ra = now + resetMs
    local same = resetAt ~= nil and ra <= resetAt + slack
    if (not same) or estimate < (readRemaining or 0) - (spent or 0) then
      readRemaining = estimate; spent = 0
      if same then resetAt = math.max(ra, resetAt) else resetAt = ra end
    end
  elseif answered and retryMs == nil then
    unmetered = now + windowMs
  end
  save()
  return 0
elseif op == 'record' then
  local times = {}
  for i = 11, #ARGV do
    local t = tonumber(ARGV[i])
    if t ~= nil and t > now - span and t <= now then times[#times + 1] = t end
  end
  addSends(times)
  save()
  return 0
elseif op == 'eta' then
  return eta(tonumber(ARGV[11]), tonumber(ARGV[12]))
else
  settle()
  local upstream = -1
  if readRemaining ~= nil then upstream = math.max(0, readRemaining - (spent or 0)) end
  local sendable = 0
  if now >= paused then
    sendable = limitOf(1) - redis.call('ZCARD', log)
    if upstream >= 0 then sendable = math.min(sendable, upstream) end
    sendable = math.max(0, sendable)
  end
  local roomIn = 0
  if sendable <= 0 then roomIn = eta(1, 1) end
  return {limitOf(1), sendable, upstream, math.max(0, math.ceil(paused - now)), roomIn}
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
