import { Cluster, type Redis } from 'ioredis';
import type { RedisTarget } from '../config.js';
import { StoreUnavailableError } from '../errors.js';
import {
  type Batch,
  chunksOf,
  type GatedWrite,
  type GateKeys,
  type GateResult,
  type Kv,
  type KvObserver,
  type LexRange,
  performRead,
  type Read,
  type SetOptions,
} from './kv.js';
import {
  answers,
  type BatchOp,
  batchArgs,
  batchOps,
  PIPELINED_CHUNKS,
  writeIfArgs,
} from './redis-batches.js';
import { redisClient } from './redis-connection.js';
import { type GateReply, readOp, SCRIPTS, type Scripts, withKeys } from './redis-scripts.js';
import { type ServerSettings, serverSettings } from './redis-settings.js';

/** Redis Cluster refuses multi-key commands across slots: there, such reads and deletes go key by key. */
const perKey = async <T>(keys: string[], one: (key: string) => Promise<T>) => Promise.all(keys.map(one));

export class RedisKv implements Kv {
  readonly client: Redis | Cluster;
  private readonly cluster: boolean;
  private observer: KvObserver | undefined;
  private readonly scripts: Scripts;
  private queueConnection: Redis | Cluster | undefined;

  /** `target` is the configuration's Redis, or a `redis://` URL. */
  constructor(
    target: RedisTarget | string,
    private readonly onError: (err: Error) => void,
  ) {
    this.client = redisClient(typeof target === 'string' ? { mode: 'standalone', url: target } : target);
    this.cluster = this.client instanceof Cluster;
    for (const [name, script] of Object.entries(SCRIPTS)) this.client.defineCommand(name, script);
    this.scripts = this.client as unknown as Scripts;
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

  compareAndSet(key: string, expected: string | null, value: string, ttlMs?: number) {
    const absent = expected === null ? '1' : '0';
    const ttl = ttlMs === undefined ? [] : [Math.max(1, Math.ceil(ttlMs))];
    return this.call(
      async () => (await this.scripts.adlinkCompareAndSet(key, absent, expected ?? '', value, ...ttl)) === 1,
    );
  }

  delIfEquals(key: string, value: string) {
    return this.call(async () => (await this.scripts.adlinkDelIfEquals(key, value)) === 1);
  }

  holdLease(key: string, owner: string, ttlMs: number) {
    return this.call(async () => (await this.scripts.adlinkHoldLease(key, owner, ttlMs)) === 1);
  }

  setIfExists(guard: string, key: string, value: string, setKey: string, member: string) {
    return this.call(
      async () => (await this.scripts.adlinkSetIfExists(guard, key, setKey, value, member)) === 1,
    );
  }

  del(...keys: string[]) {
    if (keys.length === 0) return Promise.resolve(0);
    if (this.cluster) {
      return this.call(async () =>
        (await perKey(keys, (key) => this.client.del(key))).reduce((a, b) => a + b, 0),
      );
    }
    // A DEL of BATCH_CHUNK keys at most, so that a long list never makes one long command.
    return this.call(async () => {
      let deleted = 0;
      for (const chunk of chunksOf(keys)) deleted += await this.client.del(chunk);
      return deleted;
    });
  }

  hit(key: string, windowMs: number) {
    return this.call(async () => {
      const [count, ttlMs] = (await this.scripts.adlinkCountHit(key, windowMs)) as number[];
      return { count: count!, ttlMs: ttlMs! };
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
      const end = range.below !== undefined ? `(${range.below}` : '+';
      return this.client.zrangebylex(key, bound ?? '-', end, 'LIMIT', 0, range.limit);
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
    // A cluster script must stay in one slot; there, single commands are auto-pipelined per node. One
    // read is its own command: a script would only add to it.
    if (this.cluster || reads.length === 1) return this.call(() => this.readEach(reads));
    const ops = reads.map(readOp);
    return this.call(
      async () =>
        (await this.scripts.adlinkReadAll(
          ...withKeys(
            ops.map(([key]) => key),
            ops.map(([, op]) => op),
          ),
        )) as unknown[],
    );
  }

  private readEach(reads: Read[]): Promise<unknown[]> {
    const client = this.client;
    return Promise.all(
      reads.map((read) =>
        performRead<Promise<unknown>>(read, {
          get: (key) => client.get(key),
          smembers: (key) => client.smembers(key),
          zcountFrom: (key, from) => client.zlexcount(key, `[${from}`, '+'),
        }),
      ),
    );
  }

  gate(
    keys: GateKeys,
    blockAt: number,
    expected: string,
    windowMs: number,
    reads: Read[] = [],
    write?: GatedWrite,
  ): Promise<GateResult> {
    if (this.cluster) return this.gateAcrossSlots(keys, blockAt, expected, windowMs, reads, write);
    const ops = reads.map(readOp);
    const gated = write && writeIfArgs(write);
    return this.call(async () => {
      const reply = (
        gated
          ? await this.scripts.adlinkGateWrite(
              ...withKeys(
                [keys.blocker, keys.lookup, keys.counter, ...ops.map(([key]) => key), ...gated.keys],
                [
                  blockAt,
                  expected,
                  windowMs,
                  ops.length,
                  write.limit,
                  ...ops.map(([, op]) => op),
                  ...gated.args,
                ],
              ),
            )
          : await this.scripts.adlinkGate(
              ...withKeys(
                [keys.blocker, keys.lookup, keys.counter, ...ops.map(([key]) => key)],
                [blockAt, expected, windowMs, ...ops.map(([, op]) => op)],
              ),
            )
      ) as GateReply;
      if (reply[0] === 0) return { blocked: { count: reply[1], ttlMs: reply[2] } };
      if (reply[0] === 1) return { value: reply[1] ?? null, hit: null, reads: reply.slice(2), wrote: false };
      const hit = { count: reply[2], ttlMs: reply[3] };
      if (reply[0] === 2) return { value: reply[1], hit, reads: reply.slice(4), wrote: false };
      return { value: reply[1], hit, reads: reply.slice(5), wrote: reply[4] === 1 };
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
    write?: GatedWrite,
  ): Promise<GateResult> {
    return this.call(async () => {
      const [blocked, value, values] = await Promise.all([
        this.scripts.adlinkGateBlocked(keys.blocker, blockAt) as Promise<[number, number] | null>,
        this.client.get(keys.lookup),
        this.readEach(reads),
      ]);
      if (blocked) return { blocked: { count: blocked[0], ttlMs: blocked[1] } };
      if (value === null || value !== expected) return { value, hit: null, reads: values, wrote: false };
      const [count, ttlMs] = (await this.scripts.adlinkGateCount(keys.counter, windowMs)) as number[];
      const gated = write && count! <= write.limit ? writeIfArgs(write) : undefined;
      // Its keys share the company's hash tag: one slot, one script.
      const wrote = gated
        ? (await this.scripts.adlinkWriteIf(...withKeys(gated.keys, gated.args))) === 1
        : false;
      return { value, hit: { count: count!, ttlMs: ttlMs! }, reads: values, wrote };
    });
  }

  batch(): Batch {
    const ops: BatchOp[] = [];
    const ms = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));
    const op = (key: string, ...opArgs: (string | number)[]) => {
      ops.push([key, ...opArgs]);
      return batch;
    };
    const batch: Batch = {
      set: (key, value, options = {}) =>
        options.ttlMs === undefined ? op(key, 'set', value) : op(key, 'setpx', value, ms(options.ttlMs)),
      del: (...delKeys) => {
        for (const key of delKeys) op(key, 'del');
        return batch;
      },
      sadd: (key, member) => op(key, 'sadd', member),
      srem: (key, member) => op(key, 'srem', member),
      zaddLex: (key, member) => op(key, 'zadd', member),
      zrem: (key, member) => op(key, 'zrem', member),
      zkeepLast: (key, keep) => op(key, 'zkeep', keep),
      zkeepLastDeleting: (key, keep, recordPrefix, sparing) =>
        op(key, 'zkeepdel', keep, recordPrefix, sparing?.field ?? '', sparing?.value ?? ''),
      pexpire: (key, ttlMs) => op(key, 'pexpire', ms(ttlMs)),
      exec: () => this.runBatch(ops),
    };
    batchOps.set(batch, ops);
    return batch;
  }

  /**
   * A batch as Kv.Batch says: a script call per chunk of BATCH_CHUNK operations (one key tag, so one
   * slot on a cluster), PIPELINED_CHUNKS to a round trip, and the last chunk alone once all the others
   * succeeded.
   */
  private async runBatch(ops: BatchOp[]): Promise<void> {
    const chunks = chunksOf(ops);
    const last = chunks.pop();
    if (!last) return;
    for (let i = 0; i < chunks.length; i += PIPELINED_CHUNKS) {
      await this.call(async () => {
        const pipeline = this.client.pipeline();
        const scripts = pipeline as unknown as Scripts;
        for (const chunk of chunks.slice(i, i + PIPELINED_CHUNKS))
          void scripts.adlinkBatch(...batchArgs(chunk));
        answers(await pipeline.exec());
      });
    }
    await this.call(() => this.scripts.adlinkBatch(...batchArgs(last)));
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

  /** The server's eviction policy and persistence (redis-settings.ts). */
  serverSettings(): Promise<ServerSettings | undefined> {
    return serverSettings(this.client);
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
