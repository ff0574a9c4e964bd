import { Redis, type RedisOptions } from 'ioredis';
import { StoreUnavailableError } from '../errors.js';
import type { Batch, GateKeys, GateResult, Kv, LexRange, Read, SetOptions } from './kv.js';

/**
 * Fail fast instead of hanging: ioredis' defaults queue commands while disconnected and retry them
 * for many seconds. A request must get a quick 503 instead.
 */
export const REQUEST_PATH_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  connectTimeout: 2000,
  enableReadyCheck: true,
  retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2000),
} satisfies RedisOptions;

const SET_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
return 1`;

const COMPARE_AND_SET = `local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[3])
return 1`;

const DEL_IF_EQUALS = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * Kv.gate. `allow-oom`: under maxmemory Redis still answers reads, and a vendor request must still be
 * authenticated and counted (one counter key a company and minute) instead of refused.
 */
const GATE = `#!lua flags=allow-oom
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {0, failures, redis.call('PTTL', KEYS[1])} end
local value = redis.call('GET', KEYS[2])
if value ~= ARGV[2] then return {1, value} end
local count = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3], 'NX')
return {2, value, count, redis.call('PTTL', KEYS[3])}`;

type GateReply = [0, number, number] | [1, string?] | [2, string, number, number];

export class RedisKv implements Kv {
  readonly client: Redis;

  constructor(url: string, onError: (err: Error) => void) {
    this.client = new Redis(url, { ...REQUEST_PATH_OPTIONS, lazyConnect: true });
    this.client.defineCommand('adlinkGate', { numberOfKeys: 3, lua: GATE });
    this.client.on('error', onError);
  }

  /** Connects once; the first connection may wait for the server to finish loading. */
  async connect(): Promise<void> {
    await this.client.connect().catch((err: unknown) => {
      throw new StoreUnavailableError(err);
    });
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new StoreUnavailableError(err);
    }
  }

  get(key: string) {
    return this.call(() => this.client.get(key));
  }

  mget(keys: string[]) {
    return keys.length === 0 ? Promise.resolve([]) : this.call(() => this.client.mget(keys));
  }

  set(key: string, value: string, options: SetOptions = {}) {
    return this.call(async () => {
      const args: (string | number)[] = [];
      if (options.ttlMs !== undefined) args.push('PX', Math.max(1, Math.ceil(options.ttlMs)));
      if (options.nx) args.push('NX');
      // biome-ignore lint/suspicious/noExplicitAny: ioredis' SET overloads do not accept a spread list
      const reply = await (this.client.set as any)(key, value, ...args);
      return reply === 'OK';
    });
  }

  getdel(key: string) {
    return this.call(() => this.client.getdel(key));
  }

  compareAndSet(key: string, expected: string | null, value: string) {
    const absent = expected === null ? '1' : '0';
    return this.call(
      async () => (await this.client.eval(COMPARE_AND_SET, 1, key, absent, expected ?? '', value)) === 1,
    );
  }

  delIfEquals(key: string, value: string) {
    return this.call(async () => (await this.client.eval(DEL_IF_EQUALS, 1, key, value)) === 1);
  }

  setIfExists(guard: string, key: string, value: string, setKey: string, member: string) {
    return this.call(
      async () => (await this.client.eval(SET_IF_EXISTS, 3, guard, key, setKey, value, member)) === 1,
    );
  }

  del(...keys: string[]) {
    return keys.length === 0 ? Promise.resolve(0) : this.call(() => this.client.del(...keys));
  }

  hit(key: string, windowMs: number) {
    return this.call(async () => {
      const results = await this.client.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
      const failed = results?.find(([err]) => err);
      if (!results || failed) throw failed?.[0] ?? new Error('transaction aborted');
      return { count: results[0]![1] as number, ttlMs: results[2]![1] as number };
    });
  }

  pttl(key: string) {
    return this.call(() => this.client.pttl(key));
  }

  smembers(key: string) {
    return this.call(() => this.client.smembers(key));
  }

  smembersMany(keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return this.call(async () => {
      const pipeline = this.client.pipeline();
      for (const key of keys) pipeline.smembers(key);
      const results = (await pipeline.exec()) ?? [];
      return results.map(([err, members]) => {
        if (err) throw err;
        return members as string[];
      });
    });
  }

  zrangeLex(key: string, range: LexRange) {
    return this.call(() => {
      const bound =
        range.after !== undefined
          ? `(${range.after}`
          : range.from !== undefined
            ? `[${range.from}`
            : undefined;
      if (range.reverse) {
        return this.client.zrevrangebylex(key, bound ?? '+', '-', 'LIMIT', 0, range.limit);
      }
      return this.client.zrangebylex(key, bound ?? '-', '+', 'LIMIT', 0, range.limit);
    });
  }

  zcard(key: string) {
    return this.call(() => this.client.zcard(key));
  }

  zcountFrom(key: string, from: string) {
    return this.call(() => this.client.zlexcount(key, `[${from}`, '+'));
  }

  readAll(reads: Read[]) {
    if (reads.length === 0) return Promise.resolve([]);
    return this.call(async () => {
      const pipeline = this.client.pipeline();
      for (const read of reads) {
        if ('get' in read) pipeline.get(read.get);
        else if ('smembers' in read) pipeline.smembers(read.smembers);
        else pipeline.zlexcount(read.zcountFrom, `[${read.from}`, '+');
      }
      return ((await pipeline.exec()) ?? []).map(([err, value]) => {
        if (err) throw err;
        return value;
      });
    });
  }

  gate(keys: GateKeys, blockAt: number, expected: string, windowMs: number): Promise<GateResult> {
    return this.call(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: commands added with defineCommand are untyped
      const reply: GateReply = await (this.client as any).adlinkGate(
        keys.blocker,
        keys.lookup,
        keys.counter,
        blockAt,
        expected,
        windowMs,
      );
      if (reply[0] === 0) return { blocked: { count: reply[1], ttlMs: reply[2] } };
      if (reply[0] === 1) return { value: reply[1] ?? null, hit: null };
      return { value: reply[1], hit: { count: reply[2], ttlMs: reply[3] } };
    });
  }

  batch(): Batch {
    const multi = this.client.multi();
    const batch: Batch = {
      set: (key, value, options = {}) => {
        if (options.ttlMs === undefined) multi.set(key, value);
        else multi.set(key, value, 'PX', Math.max(1, Math.ceil(options.ttlMs)));
        return batch;
      },
      del: (...keys) => {
        if (keys.length > 0) multi.del(...keys);
        return batch;
      },
      sadd: (key, member) => {
        multi.sadd(key, member);
        return batch;
      },
      srem: (key, member) => {
        multi.srem(key, member);
        return batch;
      },
      zaddLex: (key, member) => {
        multi.zadd(key, 0, member);
        return batch;
      },
      zrem: (key, member) => {
        multi.zrem(key, member);
        return batch;
      },
      zkeepLast: (key, keep) => {
        multi.zremrangebyrank(key, 0, -(keep + 1));
        return batch;
      },
      pexpire: (key, ttlMs) => {
        multi.pexpire(key, Math.max(1, Math.ceil(ttlMs)));
        return batch;
      },
      exec: () =>
        this.call(async () => {
          const results = await multi.exec();
          if (!results) throw new Error('transaction aborted');
          const failed = results.find(([err]) => err);
          if (failed) throw failed[0];
        }),
    };
    return batch;
  }

  async *scan(prefix: string) {
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.call(() => this.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
      cursor = next;
      yield* keys;
    } while (cursor !== '0');
  }

  async ping() {
    await this.call(() => this.client.ping());
  }

  /** The eviction policy; undefined when the server refuses CONFIG (as managed services do). */
  async maxmemoryPolicy(): Promise<string | undefined> {
    try {
      const reply = (await this.client.config('GET', 'maxmemory-policy')) as string[];
      return reply[1];
    } catch {
      return undefined;
    }
  }

  async close() {
    if (this.client.status === 'end') return;
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
