/**
 * Lua run inside Valkey/Redis, so that each operation is atomic across replicas (never read-modify-write from
 * a replica). The budget script is the rate rule of @index-data/wire (rate/: rate-state.ts, learn.ts, room.ts)
 * step for step, on the same fields; the store contract test runs both and holds them to the same answers.
 */

/**
 * KEYS[1] the budget's hash (the rule's state), KEYS[2] its log of sends (a sorted set: score = when a send left).
 * ARGV[1] the verb, ARGV[2] its figures: one JSON object whose keys are the TypeScript names (RateRules, the rule's
 * figures in rate/figures.ts, RateReading), read with cjson.decode. Every verb reads now, windowMs, assumedLimit,
 * marginMs, openingDivisor, openingPollMs, resetSlackMs, maxBelievedLimit, keepMs, shareWindows, doubtWindows; then
 * - take: share, wanted; returns {granted, waitMs, lastSeq} (each send is numbered; lastSeq is the last granted's);
 * - learn: reading (limit, remaining, resetMs, retryAfterMs, sentSeq, answered, limited; each may be absent);
 *   returns 0;
 * - record: times, the sends to add to the log (a replica rejoining with what it sent while apart); returns 0;
 * - eta: share, sends; returns the ms until that many more sends could go;
 * - snapshot: returns {limit, sendableNow, upstreamRemaining or -1, pausedForMs, roomInMs}.
 */
export const BUDGET_SCRIPT = `
local bucket, log = KEYS[1], KEYS[2]
local verb = ARGV[1]
local figures = cjson.decode(ARGV[2])
local now = figures.now
local windowMs = figures.windowMs
local assumed = figures.assumedLimit
local margin = figures.marginMs
local span = windowMs + margin
local divisor = figures.openingDivisor
local pollMs = figures.openingPollMs
local slack = figures.resetSlackMs
local maxLimit = figures.maxBelievedLimit
local keepMs = figures.keepMs
local shareWindows = figures.shareWindows
local doubtWindows = figures.doubtWindows
local s = redis.call('HMGET', bucket, 'limit', 'remaining', 'spent', 'endsBy', 'resetTold', 'heldUntil', 'openedAt',
  'toldAt', 'turnSeq', 'shareCap', 'shareFrom', 'seq', 'doubtUntil', 'provenCap', 'provenAt', 'turnedAt', 'quickTurns',
  'toldWaitEnd', 'lookSeq')
local limit, remaining, spent, endsBy = tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4])
local resetTold = s[5] == '1'
local held, openedAt, toldAt = tonumber(s[6]) or 0, tonumber(s[7]) or 0, tonumber(s[8]) or -1
local turnSeq, shareCap, shareFrom, seq = tonumber(s[9]) or 0, tonumber(s[10]), tonumber(s[11]), tonumber(s[12]) or 0
local doubtUntil, provenCap, provenAt = tonumber(s[13]), tonumber(s[14]), tonumber(s[15])
local turnedAt, quickTurns, toldWaitEnd = tonumber(s[16]), tonumber(s[17]), tonumber(s[18])
local lookSeq = tonumber(s[19])
local function forgetCount() lookSeq = nil; remaining = nil; spent = nil; endsBy = nil; resetTold = false end
local function sane(l) return l ~= nil and l == math.floor(l) and l >= 1 and l <= maxLimit end
local function burstOf(l) return math.max(1, math.floor(l / divisor)) end
local function settle()
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now - span)
  if endsBy ~= nil and now >= endsBy then
    openedAt = math.max(openedAt, endsBy); forgetCount(); turnSeq = seq
  end
end
local function limitOf(share) return math.max(1, math.floor((limit or assumed) * share)) end
local function doubting() return doubtUntil ~= nil and now < doubtUntil end
local function doubt()
  doubtUntil = now + doubtWindows * windowMs
  if limit ~= nil then limit = math.min(limit, assumed) end
  forgetCount()
end
local function provenCeiling(at)
  if provenCap == nil then return nil end
  local since = math.max(provenAt or at, doubtUntil or -math.huge)
  local grown = provenCap + burstOf(assumed) * math.max(0, math.floor((at - since) / windowMs))
  if grown < (limit or assumed) then return grown end
  return nil
end
local function logCeiling(share, at)
  local l = limitOf(share)
  local proven = provenCeiling(at)
  if proven ~= nil then l = math.min(l, math.max(1, math.floor(proven * share))) end
  if shareCap == nil or at - (shareFrom or at) >= shareWindows * windowMs then return l end
  return math.min(l, math.max(1, math.floor(shareCap * share)))
end
local function sendsSince(t) return redis.call('ZCOUNT', log, t, '+inf') end
local function nth(i)
  local e = redis.call('ZRANGE', log, i - 1, i - 1, 'WITHSCORES')
  return tonumber(e[2])
end
local function hold(untilAt)
  if untilAt <= held then return end
  held = untilAt; openedAt = math.max(openedAt, untilAt); turnSeq = seq
end
local function room(share, uncounted)
  if now < held then return 0, math.ceil(held - now) end
  settle()
  local n = redis.call('ZCARD', log)
  local cap = logCeiling(share, now)
  local frees, waits = {cap - n}, {0}
  if n >= cap and cap > 0 then waits[1] = (nth(n - cap + 1) or now) + span - now end
  if not uncounted and remaining ~= nil and endsBy ~= nil then
    frees[#frees + 1] = math.floor(remaining * share) - (spent or 0); waits[#waits + 1] = endsBy - now
  end
  if toldAt < openedAt then
    local burst = burstOf(limitOf(share))
    if remaining ~= nil then burst = math.min(burst, burstOf(math.max(0, remaining - (spent or 0)))) end
    frees[#frees + 1] = burst - sendsSince(openedAt); waits[#waits + 1] = pollMs
  end
  if (limit or 0) > assumed and provenCap == nil then
    local tier = math.max(1, math.floor(assumed * share))
    local probe = math.max(0, burstOf(assumed) - sendsSince(toldAt))
    frees[#frees + 1] = math.max(0, tier - n) + probe; waits[#waits + 1] = pollMs
  end
  local free = frees[1]
  for i = 2, #frees do free = math.min(free, frees[i]) end
  if free > 0 then return free, 0 end
  local wait = 0
  for i = 1, #frees do if frees[i] <= 0 then wait = math.max(wait, waits[i]) end end
  return 0, math.max(1, math.ceil(wait))
end
local function lookOf(share)
  if lookSeq ~= seq or now < held then return 0 end
  if room(share, true) >= 1 then return 1 end
  return 0
end
local function eta(share, k)
  settle()
  local start = math.max(now, held)
  local cap = logCeiling(share, start)
  local n = redis.call('ZCARD', log)
  local leaving = n + k - cap
  local at = start
  if leaving > 0 then
    if leaving <= n then at = (nth(leaving) or start) + span else at = start + span * math.ceil(leaving / cap) end
  end
  if remaining ~= nil and endsBy ~= nil and k > math.floor(remaining * share) - (spent or 0) then
    at = math.max(at, endsBy)
  end
  return math.max(0, math.ceil(math.max(start, at) - now))
end
local function addSends(times)
  if #times == 0 then return end
  local batch = {}
  for i, t in ipairs(times) do
    batch[#batch + 1] = t
    batch[#batch + 1] = tostring(t) .. ':' .. tostring(seq + i)
    if #batch >= 1000 or i == #times then redis.call('ZADD', log, unpack(batch)); batch = {} end
  end
  seq = seq + #times
end
local function mergeCount(estimate, resetAt, jumpSlack)
  local left = nil
  if remaining ~= nil then left = remaining - (spent or 0) end
  local byReset = resetAt ~= nil and resetTold
  local isNew = left == nil
  if not isNew then
    if byReset then isNew = resetAt > (endsBy or 0) + slack else isNew = estimate > left + jumpSlack end
  end
  toldAt = now; shareCap = nil; shareFrom = nil
  if isNew then
    lookSeq = nil; remaining = estimate; spent = 0
    if resetAt ~= nil then endsBy = resetAt else endsBy = now + span end
    resetTold = resetAt ~= nil
    return true
  end
  if estimate < left then
    if estimate == 0 and left - estimate > jumpSlack then lookSeq = seq end
    remaining = estimate; spent = 0
  end
  if resetAt ~= nil then
    if byReset then endsBy = math.max(endsBy or resetAt, resetAt) else endsBy = resetAt end
    resetTold = true
  end
  return false
end
local function windowTurned()
  local quick = turnedAt ~= nil and now - turnedAt < windowMs / 2
  if quick then quickTurns = (quickTurns or 0) + 1 else quickTurns = 0 end
  turnedAt = now
  if quickTurns >= 2 then doubt() end
end
local function proveCap()
  local proven = provenCeiling(now)
  local got
  if proven ~= nil and now - (provenAt or now) < windowMs then got = proven - 1 else got = sendsSince(now - windowMs) - 1 end
  if proven ~= nil then got = math.min(got, proven) end
  provenCap = math.max(1, got); provenAt = now
end
local function measureShare(got)
  if got >= burstOf(limit or assumed) then shareCap = got else shareCap = nil; shareFrom = nil end
end
local function ownRelease()
  local cap = limitOf(1)
  if sendsSince(now - windowMs) - 1 < cap then return nil end
  return (nth(redis.call('ZCARD', log) - cap + 1) or now) + span
end
local function windowFull(retryMs, believed)
  local told = retryMs ~= nil and believed
  local endsAt
  if told then
    endsAt = now + retryMs + margin
  else
    endsAt = endsBy or (now + span)
    local own = ownRelease()
    if own ~= nil then endsAt = math.min(endsAt, own) end
  end
  lookSeq = nil
  if remaining == nil then
    measureShare(sendsSince(now - windowMs) - 1); shareFrom = endsAt
  else
    remaining = 0; spent = 0
    if told then endsBy = endsAt; resetTold = true end
  end
  if told then toldWaitEnd = endsAt end
  hold(endsAt)
end
local function put(field, value)
  if value == nil then redis.call('HDEL', bucket, field) else redis.call('HSET', bucket, field, tostring(value)) end
end
local function save()
  redis.call('HSET', bucket, 'heldUntil', tostring(held), 'openedAt', tostring(openedAt), 'toldAt', tostring(toldAt),
    'turnSeq', tostring(turnSeq), 'seq', tostring(seq))
  put('limit', limit); put('remaining', remaining); put('spent', spent); put('endsBy', endsBy)
  put('shareCap', shareCap); put('shareFrom', shareFrom)
  put('doubtUntil', doubtUntil); put('provenCap', provenCap); put('provenAt', provenAt)
  put('turnedAt', turnedAt); put('quickTurns', quickTurns); put('toldWaitEnd', toldWaitEnd); put('lookSeq', lookSeq)
  if resetTold then put('resetTold', '1') else put('resetTold', nil) end
  redis.call('PEXPIRE', bucket, keepMs)
  redis.call('PEXPIRE', log, keepMs)
end
local function number(v) if type(v) == 'number' then return v end return nil end
local function take(share, wanted)
  wanted = math.max(0, math.floor(wanted))
  local free = room(share)
  if free <= 0 then free = lookOf(share) end
  local granted = math.min(wanted, free)
  local times = {}
  for i = 1, granted do times[i] = now end
  addSends(times)
  if spent ~= nil then spent = spent + granted end
  local wait = 0
  if granted < wanted then local _, w = room(share); wait = w end
  local last = 0
  if granted > 0 then last = seq end
  return {granted, wait, last}
end
local function learn(reading)
  settle()
  local l, r, resetMs, retryMs = number(reading.limit), number(reading.remaining), number(reading.resetMs),
    number(reading.retryAfterMs)
  local sentSeq = number(reading.sentSeq)
  local answered, limited = reading.answered == true, reading.limited == true
  local left = nil
  if remaining ~= nil then left = remaining - (spent or 0) end
  if sane(l) then if doubting() then limit = math.min(l, assumed) else limit = l end end
  if sentSeq ~= nil and sentSeq <= turnSeq then
    if limited and shareCap ~= nil and now < held then measureShare(shareCap - 1) end
    if limited and provenCap ~= nil and now < held then proveCap() end
    return 0
  end
  if answered then toldAt = now end
  local believed = not doubting()
  local lie = nil
  if l ~= nil and r ~= nil and r > l then lie = 'count'
  elseif limited and left ~= nil and left > 0 then lie = 'room'
  elseif limited and toldWaitEnd ~= nil and now >= toldWaitEnd and now < toldWaitEnd + windowMs then lie = 'wait' end
  local above = (limit or 0) > assumed or provenCap ~= nil
  if lie == 'room' and above then proveCap() end
  if lie ~= nil and (lie ~= 'room' or above) then
    if lie == 'wait' then believed = false end
    doubt()
  end
  if not doubting() and sane(l) and r ~= nil and r == math.floor(r) and r >= 0 then
    local uncounted = 0
    if sentSeq ~= nil then uncounted = math.max(0, seq - sentSeq) end
    local resetAt = nil
    if resetMs ~= nil then resetAt = now + resetMs + margin end
    if mergeCount(math.max(0, math.min(r, l) - uncounted), resetAt, math.max(burstOf(l), uncounted)) then windowTurned() end
  end
  if limited then windowFull(retryMs, believed) end
  return 0
end
local function record(told)
  settle()
  local times = {}
  for _, t in ipairs(told) do
    if number(t) ~= nil and t > now - span and t <= now then times[#times + 1] = t end
  end
  addSends(times)
  local excess = redis.call('ZCARD', log) - math.max(limitOf(1), assumed)
  if excess > 0 then redis.call('ZREMRANGEBYRANK', log, 0, excess - 1) end
  return 0
end
local function snapshot()
  settle()
  local n = redis.call('ZCARD', log)
  local upstream = -1
  if remaining ~= nil then upstream = math.max(0, remaining - (spent or 0)) end
  local sendable = 0
  if now >= held then
    sendable = logCeiling(1, now) - n
    if upstream >= 0 then sendable = math.min(sendable, upstream) end
    sendable = math.max(0, sendable)
  end
  local roomIn = 0
  if sendable <= 0 then roomIn = eta(1, 1) end
  return {limitOf(1), sendable, upstream, math.max(0, math.ceil(held - now)), roomIn}
end
local answer
if verb == 'take' then answer = take(figures.share, figures.wanted)
elseif verb == 'learn' then answer = learn(figures.reading or {})
elseif verb == 'record' then answer = record(figures.times or {})
elseif verb == 'eta' then answer = eta(figures.share, figures.sends)
elseif verb == 'snapshot' then answer = snapshot()
else return redis.error_reply('unknown budget verb ' .. tostring(verb)) end
save()
return answer
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
