import { Cluster, type Redis } from 'ioredis';
import type { RedisTarget } from '../config.js';
import { StoreUnavailableError } from '../errors.js';
import type { Batch, GateKeys, GateResult, Kv, KvObserver, LexRange, Read, SetOptions } from './kv.js';
import { redisClient } from './redis-connection.js';

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

/** The gate's first and last steps where its keys live in different slots (Redis Cluster). */
const GATE_BLOCKED = `local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {failures, redis.call('PTTL', KEYS[1])} end
return false`;

const GATE_COUNT = `#!lua flags=allow-oom
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}`;

type GateReply = [0, number, number] | [1, string?] | [2, string, number, number];

interface Reader<T> {
  get(key: string): T;
  smembers(key: string): T;
  zlexcount(key: string, min: string, max: string): T;
}

const send = <T>(read: Read, to: Reader<T>): T => {
  if ('get' in read) return to.get(read.get);
  if ('smembers' in read) return to.smembers(read.smembers);
  return to.zlexcount(read.zcountFrom, `[${read.from}`, '+');
};

/** The values of a pipeline's replies; the first error fails them all. */
const answers = (replies: [Error | null, unknown][] | null): unknown[] =>
  (replies ?? []).map(([err, value]) => {
    if (err) throw err;
    return value;
  });

/** Redis Cluster refuses multi-key commands across slots: there, such reads and deletes go key by key. */
const perKey = async <T>(keys: string[], one: (key: string) => Promise<T>) => Promise.all(keys.map(one));

export interface ServerSettings {
  maxmemoryPolicy: string;
  appendonly: boolean;
  /** Whether RDB snapshots are taken on a schedule (`save` points). */
  rdbSaves: boolean;
}

export class RedisKv implements Kv {
  readonly client: Redis | Cluster;
  private readonly cluster: boolean;
  private observer: KvObserver | undefined;
  private queueConnection: Redis | Cluster | undefined;

  /** `target` is the configuration's Redis, or a `redis://` URL. */
  constructor(
    target: RedisTarget | string,
    private readonly onError: (err: Error) => void,
  ) {
    this.client = redisClient(typeof target === 'string' ? { mode: 'standalone', url: target } : target);
    this.cluster = this.client instanceof Cluster;
    this.client.defineCommand('adlinkGate', { numberOfKeys: 3, lua: GATE });
    this.client.defineCommand('adlinkGateBlocked', { numberOfKeys: 1, lua: GATE_BLOCKED });
    this.client.defineCommand('adlinkGateCount', { numberOfKeys: 1, lua: GATE_COUNT });
    this.client.on('error', onError);
  }

  /** Connects once; the first connection may wait for the server to finish loading. */
  async connect(): Promise<void> {
    await this.client.connect().catch((err: unknown) => {
      throw new StoreUnavailableError(err);
    });
  }

  /**
   * The connection BullMQ queues add jobs with, opened on first use with the store's fail-fast
   * options and closed with the store. Not the store's own: BullMQ defines its ~60 scripts on the
   * client it is given, and ioredis copies every script of a client onto each pipeline and MULTI it
   * starts (≈ 40 µs each instead of 3, on every request that reads or writes several keys).
   */
  queueClient(): Redis | Cluster {
    if (!this.queueConnection) {
      this.queueConnection = this.client.duplicate();
      this.queueConnection.on('error', this.onError);
    }
    return this.queueConnection;
  }

  observe(observer: KvObserver): void {
    this.observer = observer;
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    let failed = false;
    try {
      return await run();
    } catch (err) {
      failed = true;
      throw new StoreUnavailableError(err);
    } finally {
      this.observer?.(Number(process.hrtime.bigint() - started) / 1e9, failed);
    }
  }

  get(key: string) {
    return this.call(() => this.client.get(key));
  }

  mget(keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    if (this.cluster) return this.call(() => perKey(keys, (key) => this.client.get(key)));
    return this.call(() => this.client.mget(keys));
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
    if (keys.length === 0) return Promise.resolve(0);
    if (this.cluster) {
      return this.call(async () =>
        (await perKey(keys, (key) => this.client.del(key))).reduce((a, b) => a + b, 0),
      );
    }
    return this.call(() => this.client.del(...keys));
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
    if (this.cluster) return this.call(() => perKey(keys, (key) => this.client.smembers(key)));
    return this.call(async () => {
      const pipeline = this.client.pipeline();
      for (const key of keys) pipeline.smembers(key);
      return answers(await pipeline.exec()) as string[][];
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
    // A cluster pipeline must stay on one node; there, single commands are auto-pipelined per node.
    if (this.cluster) return this.call(() => this.readEach(reads));
    return this.call(async () => {
      const pipeline = this.client.pipeline();
      for (const read of reads) send(read, pipeline);
      return answers(await pipeline.exec());
    });
  }

  private readEach(reads: Read[]): Promise<unknown[]> {
    return Promise.all(reads.map((read) => send<Promise<unknown>>(read, this.client)));
  }

  gate(
    keys: GateKeys,
    blockAt: number,
    expected: string,
    windowMs: number,
    reads: Read[] = [],
  ): Promise<GateResult> {
    if (this.cluster) return this.gateAcrossSlots(keys, blockAt, expected, windowMs, reads);
    return this.call(async () => {
      const pipeline = this.client.pipeline();
      // biome-ignore lint/suspicious/noExplicitAny: commands added with defineCommand are untyped
      (pipeline as any).adlinkGate(keys.blocker, keys.lookup, keys.counter, blockAt, expected, windowMs);
      for (const read of reads) send(read, pipeline);
      const [reply, ...values] = answers(await pipeline.exec()) as [GateReply, ...unknown[]];
      if (reply[0] === 0) return { blocked: { count: reply[1], ttlMs: reply[2] } };
      if (reply[0] === 1) return { value: reply[1] ?? null, hit: null, reads: values };
      return { value: reply[1], hit: { count: reply[2], ttlMs: reply[3] }, reads: values };
    });
  }

  /**
   * The gate where its three keys live in three slots: the blocker, the lookup and the reads are read
   * at once, and the hit is counted only when the address was not blocked and the lookup held
   * `expected` — what the one-script gate guarantees, with the reads as the moment the request was
   * let in.
   */
  private gateAcrossSlots(
    keys: GateKeys,
    blockAt: number,
    expected: string,
    windowMs: number,
    reads: Read[],
  ): Promise<GateResult> {
    // biome-ignore lint/suspicious/noExplicitAny: commands added with defineCommand are untyped
    const client = this.client as any;
    return this.call(async () => {
      const [blocked, value, values]: [[number, number] | null, string | null, unknown[]] = await Promise.all(
        [client.adlinkGateBlocked(keys.blocker, blockAt), this.client.get(keys.lookup), this.readEach(reads)],
      );
      if (blocked) return { blocked: { count: blocked[0], ttlMs: blocked[1] } };
      if (value === null || value !== expected) return { value, hit: null, reads: values };
      const [count, ttlMs]: [number, number] = await client.adlinkGateCount(keys.counter, windowMs);
      return { value, hit: { count, ttlMs }, reads: values };
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
    const nodes = this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, keys] = await this.call(() => node.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
        cursor = next;
        yield* keys;
      } while (cursor !== '0');
    }
  }

  async ping() {
    await this.call(() => this.client.ping());
  }

  /**
   * The eviction policy and persistence (`appendonly`, RDB `save` points) of the server, or of one
   * cluster node; undefined when the server refuses CONFIG (as managed services do).
   */
  async serverSettings(): Promise<ServerSettings | undefined> {
    try {
      const [maxmemoryPolicy, appendonly, save] = await Promise.all(
        ['maxmemory-policy', 'appendonly', 'save'].map(
          async (name) => ((await this.client.config('GET', name)) as string[])[1] ?? '',
        ),
      );
      return {
        maxmemoryPolicy: maxmemoryPolicy!,
        appendonly: appendonly === 'yes',
        rdbSaves: save!.trim() !== '',
      };
    } catch {
      return undefined;
    }
  }

  async close() {
    await Promise.all(
      [this.client, this.queueConnection].map(async (client) => {
        if (!client || client.status === 'end') return;
        await client.quit().catch(() => client.disconnect());
      }),
    );
  }
}
