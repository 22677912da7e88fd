// The pacer's Redis scripts (see pacer.ts): each runs atomically, so every API and worker replica
// counts one budget.

// Returns 0 when a token was taken, else how many ms to wait before asking again. Windows are
// aligned to the clock, so every replica counts the same window. KEYS[1] is the counter of the
// caller's kind, KEYS[2..] the pause keys that hold it; ARGV[3] that kind's share of the window.
export const ACQUIRE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local guardMs = tonumber(ARGV[4])
local pausedUntil = 0
for i = 2, #KEYS do
  local untilMs = tonumber(redis.call('GET', KEYS[i]) or '0')
  if untilMs > pausedUntil then pausedUntil = untilMs end
end
if pausedUntil > now then return pausedUntil - now end
local window = math.floor(now / windowMs)
local windowEnd = (window + 1) * windowMs
if windowEnd - now < guardMs then return windowEnd - now end
local key = KEYS[1] .. ':' .. window
local count = redis.call('INCR', key)
if count == 1 then redis.call('PEXPIRE', key, windowMs * 2) end
if count <= limit then return 0 end
return windowEnd - now
`;

// The interactive share with a fair queue (used with a PacerTurn). Two things a crowd did before:
// spend the whole minute's share in its first second, first come first served, so whoever came
// next got no Printful quote until the next minute. Now the share is paced (half of it at once,
// the rest spread over the window), and while shoppers wait, the next call goes to the waiter
// whose client has had the fewest calls this window (then the earliest): a client asking six
// times queues behind every client asking once. When k calls are free, the first k waiters take
// them. Waiters that stop polling leave the queue.
// KEYS: 1 counter (as ACQUIRE), 2 queue (zset ticket -> level, arrival), 3 last seen (zset),
// 4 waiting tickets per client (hash), 5 grants per client (hash, per window), 6.. pause keys.
// ARGV: now, windowMs, share, guardMs, client, ticket, staleMs, burst. Answers 0 (a call taken),
// the ms until a call may come (positive), or, behind others in the queue, -(1 + the ms their
// calls will take at the paced rate).
export const FAIR_ACQUIRE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local share = tonumber(ARGV[3])
local guardMs = tonumber(ARGV[4])
local client = ARGV[5]
local ticket = ARGV[6]
local staleMs = tonumber(ARGV[7])
local burst = tonumber(ARGV[8])
local function leave(t)
  redis.call('ZREM', KEYS[2], t)
  redis.call('ZREM', KEYS[3], t)
  local owner = string.match(t, '^(.*)#[^#]*$')
  if owner and redis.call('HINCRBY', KEYS[4], owner, -1) <= 0 then redis.call('HDEL', KEYS[4], owner) end
end
for _, t in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now - staleMs)) do leave(t) end
local window = math.floor(now / windowMs)
local grantsKey = KEYS[5] .. ':' .. window
if not redis.call('ZSCORE', KEYS[2], ticket) then
  local level = tonumber(redis.call('HGET', grantsKey, client) or '0') + tonumber(redis.call('HGET', KEYS[4], client) or '0')
  redis.call('ZADD', KEYS[2], level * 10000000000000 + now, ticket)
  redis.call('HINCRBY', KEYS[4], client, 1)
end
redis.call('ZADD', KEYS[3], now, ticket)
redis.call('PEXPIRE', KEYS[2], windowMs * 2)
redis.call('PEXPIRE', KEYS[3], windowMs * 2)
redis.call('PEXPIRE', KEYS[4], windowMs * 2)
local pausedUntil = 0
for i = 6, #KEYS do
  local untilMs = tonumber(redis.call('GET', KEYS[i]) or '0')
  if untilMs > pausedUntil then pausedUntil = untilMs end
end
if pausedUntil > now then return pausedUntil - now end
local windowStart = window * windowMs
local windowEnd = windowStart + windowMs
if windowEnd - now < guardMs then return windowEnd - now end
local counter = KEYS[1] .. ':' .. window
local count = tonumber(redis.call('GET', counter) or '0')
if count >= share then return windowEnd - now end
local spread = share - burst
local span = windowMs - guardMs
local perCall = span
if spread > 0 then perCall = span / spread end
local allowed = share
if spread > 0 then allowed = math.min(share, burst + math.floor((now - windowStart) * spread / span)) end
local rank = redis.call('ZRANK', KEYS[2], ticket)
local free = allowed - count
if rank >= free then
  local untilNext = math.max(1, windowStart + math.ceil((count - burst + 1) * perCall) - now)
  if free > 0 then untilNext = 1 end
  local behind = rank - math.max(free, 0)
  if behind == 0 then return untilNext end
  return -(1 + untilNext + math.ceil(behind * perCall))
end
redis.call('INCR', counter)
redis.call('PEXPIRE', counter, windowMs * 2)
redis.call('HINCRBY', grantsKey, client, 1)
redis.call('PEXPIRE', grantsKey, windowMs * 2)
leave(ticket)
return 0
`;

export const LEAVE_QUEUE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('HINCRBY', KEYS[3], ARGV[2], -1) <= 0 then redis.call('HDEL', KEYS[3], ARGV[2]) end
return 0
`;

export const PAUSE = `
local untilMs = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[2])) end
return 0
`;
