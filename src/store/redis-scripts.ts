import { performRead, type Read, SPARING_SCAN } from './kv.js';

/*
 * Every multi-command step is one script (EVALSHA): one command for ioredis to build, time and answer
 * instead of one per step (a MULTI of six costs the client ≈ 75 µs of CPU, the same script ≈ 16 µs).
 */

const SET_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
return 1`;

/** Kv.compareAndSet; ARGV[4], when given, the TTL in ms the value is set with. */
const COMPARE_AND_SET = `local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[4] then redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4]) else redis.call('SET', KEYS[1], ARGV[3]) end
return 1`;

const DEL_IF_EQUALS = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** Takes a lease when free, or extends it for its holder (`Kv.holdLease`): 1 when ARGV[1] holds it now. */
const HOLD_LEASE = `if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;

/** Counts a hit in a fixed window (`Kv.hit`); refused under maxmemory, as any write. */
const COUNT_HIT = `local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}`;

/** The gate's count where its keys live in different slots (Redis Cluster): under maxmemory too, as the gate. */
const GATE_COUNT = `#!lua flags=allow-oom
${COUNT_HIT}`;

/**
 * The reads of `Kv.readAll` (Lua false stands for a missing value: nil would end the reply's list).
 * KEYS from `first` to `last`, each with its operation in ARGV from `arg` on: `g` GET, `s` SMEMBERS,
 * `z<from>` ZLEXCOUNT [from +.
 */
const READS = `local function reads(first, last, arg, out)
  for i = first, last do
    local op = ARGV[arg + i - first]
    if op == 'g' then out[#out + 1] = redis.call('GET', KEYS[i])
    elseif op == 's' then out[#out + 1] = redis.call('SMEMBERS', KEYS[i])
    else out[#out + 1] = redis.call('ZLEXCOUNT', KEYS[i], '[' .. string.sub(op, 2), '+') end
  end
  return out
end`;

const READ_ALL = `#!lua flags=no-writes,allow-oom
${READS}
return reads(1, #KEYS, 1, {})`;

export const readOp = (read: Read): [key: string, op: string] =>
  performRead<[string, string]>(read, {
    get: (key) => [key, 'g'],
    smembers: (key) => [key, 's'],
    zcountFrom: (key, from) => [key, `z${from}`],
  });

/**
 * Kv.gate. `allow-oom`: under maxmemory Redis still answers reads, and a vendor request must still be
 * authenticated and counted (one counter key a company and minute) instead of refused. KEYS 1–3 are
 * the blocker, the lookup and the counter, then the reads; ARGV 1–3 the limit, the expected value and
 * the window, then the reads' operations.
 */
const GATE = `#!lua flags=allow-oom
${READS}
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {0, failures, redis.call('PTTL', KEYS[1])} end
local value = redis.call('GET', KEYS[2])
if value ~= ARGV[2] then return reads(4, #KEYS, 4, {1, value}) end
local count = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3], 'NX')
return reads(4, #KEYS, 4, {2, value, count, redis.call('PTTL', KEYS[3])})`;

/** The gate's first step where its keys live in different slots (Redis Cluster). */
const GATE_BLOCKED = `local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {failures, redis.call('PTTL', KEYS[1])} end
return false`;

export type GateReply =
  | [0, number, number]
  | [1, string | null, ...unknown[]]
  | [2, string, number, number, ...unknown[]]
  | [3, string, number, number, 0 | 1, ...unknown[]];

/**
 * Kv.batch (BATCH below; and a gated write's batch, WRITE_IF): one write a key, KEYS[i] from `first`
 * on with its operation in ARGV from `a` on, each followed by its arguments:
 * `set` value, `setpx` value ms, `del` (UNLINK: a large value is freed off the main thread), `sadd`
 * member, `srem` member, `zadd` member (score 0), `zrem` member, `zkeep` how many of the last to keep,
 * `zkeepdel` the same, the prefix of the records of the members it removes (deleted with them) and the
 * field and value of records to spare ('' for none: Kv.zkeepLastDeleting), `pexpire` ms. Atomic like
 * MULTI: no other command runs in between, and under maxmemory the whole call is refused before it
 * starts (the shebang without `allow-oom`), never cut off after its first deletes. A call holds at
 * most BATCH_CHUNK operations (RedisKv.runBatch), so it runs for a few milliseconds at most.
 */
const APPLY = `local function apply(first, a)
for i = first, #KEYS do
  local op, key = ARGV[a], KEYS[i]
  if op == 'set' then redis.call('SET', key, ARGV[a + 1]); a = a + 2
  elseif op == 'setpx' then redis.call('SET', key, ARGV[a + 1], 'PX', ARGV[a + 2]); a = a + 3
  elseif op == 'del' then redis.call('UNLINK', key); a = a + 1
  elseif op == 'sadd' then redis.call('SADD', key, ARGV[a + 1]); a = a + 2
  elseif op == 'srem' then redis.call('SREM', key, ARGV[a + 1]); a = a + 2
  elseif op == 'zadd' then redis.call('ZADD', key, 0, ARGV[a + 1]); a = a + 2
  elseif op == 'zrem' then redis.call('ZREM', key, ARGV[a + 1]); a = a + 2
  elseif op == 'zkeep' then redis.call('ZREMRANGEBYRANK', key, 0, -(tonumber(ARGV[a + 1]) + 1)); a = a + 2
  elseif op == 'zkeepdel' then
    local prefix, field, value = ARGV[a + 2], ARGV[a + 3], ARGV[a + 4]
    local over = redis.call('ZCARD', key) - tonumber(ARGV[a + 1])
    if over > 0 then
      local record = function (member) return prefix .. string.sub(member, string.find(member, '|', 1, true) + 1) end
      local remove = function (member) redis.call('ZREM', key, member); redis.call('DEL', record(member)); over = over - 1 end
      local spared = {}
      for _, member in ipairs(redis.call('ZRANGE', key, 0, over - 1 + ${SPARING_SCAN})) do
        if over == 0 then break end
        local raw = field ~= '' and redis.call('GET', record(member))
        local ok, doc = pcall(cjson.decode, raw or 'null')
        if ok and type(doc) == 'table' and doc[field] == value then table.insert(spared, member) else remove(member) end
      end
      for _, member in ipairs(spared) do
        if over == 0 then break end
        remove(member)
      end
    end
    a = a + 5
  elseif op == 'pexpire' then redis.call('PEXPIRE', key, ARGV[a + 1]); a = a + 2
  else return redis.error_reply('unknown batch operation ' .. tostring(op)) end
end
return #KEYS
end`;

const BATCH = `#!lua
${APPLY}
return apply(1, 1)`;

/**
 * A gated write's conditions, then its batch (Kv.GatedWrite): KEYS from `first` on are the unchanged
 * records, the quota's set when there is one, then the batch's keys; ARGV from `a` on their number, '1'
 * when there is a quota, each unchanged record's operation (`g` GET, `s` SMEMBERS) and answer ('-' for
 * none, else '=' and the value or the sorted members joined by newlines), the quota's bound and
 * maximum, then the batch's arguments as BATCH takes them. 1 when it wrote.
 */
const WRITE_IF = `local function write_if(first, a)
  local n, quota = tonumber(ARGV[a]), ARGV[a + 1] == '1'
  a = a + 2
  for i = first, first + n - 1 do
    local got
    if ARGV[a] == 'g' then
      local v = redis.call('GET', KEYS[i])
      got = v and ('=' .. v) or '-'
    else
      local members = redis.call('SMEMBERS', KEYS[i])
      table.sort(members)
      got = '=' .. table.concat(members, '\\n')
    end
    if got ~= ARGV[a + 1] then return 0 end
    a = a + 2
  end
  local k = first + n
  if quota then
    if redis.call('ZLEXCOUNT', KEYS[k], '[' .. ARGV[a], '+') >= tonumber(ARGV[a + 1]) then return 0 end
    k, a = k + 1, a + 2
  end
  apply(k, a)
  return 1
end`;

/**
 * Kv.gate with a write: KEYS 1–3 and ARGV 1–3 as GATE, ARGV 4 the number of reads and 5 the write's
 * limit; then the reads (their KEYS from 4, their operations from ARGV 6) and the write (WRITE_IF). The
 * reads come before the write. `allow-oom`, as GATE: under maxmemory the write (a few small keys) is let
 * through with the count it goes with.
 */
const GATE_WRITE = `#!lua flags=allow-oom
${READS}
${APPLY}
${WRITE_IF}
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {0, failures, redis.call('PTTL', KEYS[1])} end
local n = tonumber(ARGV[4])
local value = redis.call('GET', KEYS[2])
if value ~= ARGV[2] then return reads(4, 3 + n, 6, {1, value}) end
local count = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3], 'NX')
local out = reads(4, 3 + n, 6, {3, value, count, redis.call('PTTL', KEYS[3]), 0})
if count <= tonumber(ARGV[5]) then out[5] = write_if(4 + n, 6 + n) end
return out`;

/** A gated write on its own, after the gate's count (Redis Cluster: its keys in one slot). */
const WRITE_IF_ALONE = `#!lua
${APPLY}
${WRITE_IF}
return write_if(1, 1)`;

type Script = (...args: (string | number)[]) => Promise<unknown>;

/**
 * The scripts of the store's client (EVALSHA, loaded on first use), with their number of keys; those
 * without take it as their first argument.
 */
export const SCRIPTS = {
  adlinkSetIfExists: { lua: SET_IF_EXISTS, numberOfKeys: 3 },
  adlinkCompareAndSet: { lua: COMPARE_AND_SET, numberOfKeys: 1 },
  adlinkDelIfEquals: { lua: DEL_IF_EQUALS, numberOfKeys: 1 },
  adlinkHoldLease: { lua: HOLD_LEASE, numberOfKeys: 1 },
  adlinkCountHit: { lua: COUNT_HIT, numberOfKeys: 1 },
  adlinkGateBlocked: { lua: GATE_BLOCKED, numberOfKeys: 1 },
  adlinkGateCount: { lua: GATE_COUNT, numberOfKeys: 1 },
  adlinkReadAll: { lua: READ_ALL },
  adlinkGate: { lua: GATE },
  adlinkGateWrite: { lua: GATE_WRITE },
  adlinkWriteIf: { lua: WRITE_IF_ALONE },
  adlinkBatch: { lua: BATCH },
} as const;

export type Scripts = Record<keyof typeof SCRIPTS, Script>;

/**
 * Auto-pipelining (the cluster client's) finds a command's slot from its first argument: the number
 * of keys, for these. They go out one by one there.
 */
export const SCRIPTS_WITH_KEY_COUNT = Object.entries(SCRIPTS)
  .filter(([, script]) => !('numberOfKeys' in script))
  .map(([name]) => name);

/** `numkeys` then keys and arguments, as EVALSHA takes them. */
export const withKeys = (keys: string[], args: (string | number)[]) => [keys.length, ...keys, ...args];
