/**
 * The few storage primitives adlink needs, with Redis semantics. Two backends implement them —
 * Redis (production) and memory (the embedded default) — and every record store in this folder is
 * written once on top. Multi-key batches must only touch keys of one hash tag (one company).
 */
export interface SetOptions {
  /** Time to live in milliseconds. */
  ttlMs?: number;
  /** Only set when the key does not exist (SET NX). */
  nx?: boolean;
}

export interface LexRange {
  /** Exclusive bound: members strictly after (or before, when `reverse`) this one. */
  after?: string;
  /** Inclusive bound: members from this one on (or up to it, when `reverse`); not with `after`. */
  from?: string;
  reverse?: boolean;
  /** Exclusive upper bound: members strictly before this one (not with `reverse`). */
  below?: string;
  limit: number;
}

/** Records a capped index removes last: those whose JSON has `field` equal to `value`. */
export interface Sparing {
  field: string;
  value: string;
}

/** How many members beyond the removed ones a capped index looks at for records to spare. */
export const SPARING_SCAN = 100;

/**
 * The fewest operations a batch applies as one atomic step, and on Redis the most: one script call.
 * At ≈ 5 µs an operation (a report's row of ≈ 400 bytes) it runs for about half a millisecond, so
 * no other command waits long behind it, and a busy machine rarely preempts Redis in the middle of it.
 */
export const BATCH_CHUNK = 100;

/** The operations in consecutive chunks of at most BATCH_CHUNK, in order. */
export function chunksOf<T>(items: T[], size = BATCH_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * Writes applied in order. Up to BATCH_CHUNK operations, all together or not at all (MULTI/EXEC). A
 * longer batch runs as consecutive atomic chunks (of BATCH_CHUNK on Redis), so that neither Redis nor
 * the process is held by one step however many rows a report or records a cache has: a reader may see
 * the first chunks' writes before the last's. The last chunk runs only once every earlier one
 * succeeded, so a batch that ends with the write that publishes the others (a cached report's
 * description, a cache's filled marker) never publishes half of them. One key per operation; `del` of
 * many keys is one operation per key.
 */
export interface Batch {
  set(key: string, value: string, options?: { ttlMs?: number }): Batch;
  del(...keys: string[]): Batch;
  sadd(key: string, member: string): Batch;
  srem(key: string, member: string): Batch;
  zaddLex(key: string, member: string): Batch;
  zrem(key: string, member: string): Batch;
  pexpire(key: string, ttlMs: number): Batch;
  /** Keeps only the `keep` last members of a lexicographic set (ZREMRANGEBYRANK 0 -(keep+1)). */
  zkeepLast(key: string, keep: number): Batch;
  /**
   * zkeepLast of a set of time-ordered members (`<created_at>|<id>`, ids.ts) that also deletes the
   * record `recordPrefix + id` of each member it removes: a capped index and its records, together.
   * `sparing`: among the SPARING_SCAN oldest members beyond those kept, members whose record (JSON)
   * has `field` equal to `value` go only when the others are not enough; the cap holds either way.
   */
  zkeepLastDeleting(key: string, keep: number, recordPrefix: string, sparing?: Sparing): Batch;
  exec(): Promise<void>;
}

/** One read of `Kv.readAll`. */
export type Read = { get: string } | { smembers: string } | { zcountFrom: string; from: string };

/** Hands a read to the one of `to`'s operations it names (every backend and script encoding). */
export const performRead = <T>(
  read: Read,
  to: { get(key: string): T; smembers(key: string): T; zcountFrom(key: string, from: string): T },
): T =>
  'get' in read
    ? to.get(read.get)
    : 'smembers' in read
      ? to.smembers(read.smembers)
      : to.zcountFrom(read.zcountFrom, read.from);

/**
 * What `Kv.gate` found: refused while the address is blocked, else the lookup, the counted hit and the
 * answers of the reads sent with it.
 */
export type GateResult =
  | { blocked: { count: number; ttlMs: number } }
  | {
      value: string | null;
      hit: { count: number; ttlMs: number } | null;
      reads: unknown[];
      /** Whether the gate's write (`GatedWrite`) was made. */
      wrote: boolean;
    };

/**
 * A write the gate makes in its own step, only when it counts the request within `limit` and the
 * records the write was decided from are unchanged: each of `unchanged` still answers as given (a
 * string or null; a set's members, in any order), and `under`, a lexicographic set, counts fewer than
 * `max` members from `from` on (a quota). Its keys share one hash tag (one Redis Cluster slot).
 */
export interface GatedWrite {
  limit: number;
  unchanged: ({ get: string; value: string | null } | { smembers: string; members: string[] })[];
  under?: { key: string; from: string; max: number };
  batch: Batch;
}

export interface GateKeys {
  /** A failure counter (`hit`): at `blockAt` or more, nothing else is done. */
  blocker: string;
  lookup: string;
  /** Counted (`hit`) only while `lookup` holds the value the caller expects. */
  counter: string;
}

/** Reads and how to make a value of their answers: stores describe them, callers send several at once. */
export interface ReadPlan<T> {
  reads: Read[];
  decode(values: unknown[]): T;
}

/** Told of each store command: how long it took and whether it failed (metrics). */
export type KvObserver = (seconds: number, failed: boolean) => void;

export interface Kv {
  get(key: string): Promise<string | null>;
  mget(keys: string[]): Promise<(string | null)[]>;
  /** Returns false when `nx` was asked and the key already existed. */
  set(key: string, value: string, options?: SetOptions): Promise<boolean>;
  /** Atomically returns the value and deletes the key (GETDEL): exactly one caller wins. */
  getdel(key: string): Promise<string | null>;
  /**
   * Sets `key` to `value` only while it still holds `expected` (null: only while it does not exist):
   * the compare-and-set under every read-modify-write of a record. The key keeps no TTL, unless
   * `ttlMs` gives it one in the same step.
   */
  compareAndSet(key: string, expected: string | null, value: string, ttlMs?: number): Promise<boolean>;
  /** Deletes the key only while it still holds `value` (an owner-only unlock). */
  delIfEquals(key: string, value: string): Promise<boolean>;
  /**
   * Takes `key` for `owner` for `ttlMs` when nobody holds it, or extends it while `owner` does, in one
   * step: false while another owner holds it.
   */
  holdLease(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** A few keys at once; many (an unbounded list) go in a batch, a chunk at a time. */
  del(...keys: string[]): Promise<number>;
  /**
   * Sets `key` and adds `member` to the set `setKey` only while `guard` exists, atomically: a record
   * cannot be written for an owner deleted in between. Returns whether it wrote.
   */
  setIfExists(guard: string, key: string, value: string, setKey: string, member: string): Promise<boolean>;
  /** Counts a hit in a fixed window: increments the key and starts its TTL on the first hit. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Remaining time to live in ms; -1 without expiry, -2 when the key does not exist. */
  pttl(key: string): Promise<number>;
  smembers(key: string): Promise<string[]>;
  /** SMEMBERS of several sets in one round trip. */
  smembersMany(keys: string[]): Promise<string[][]>;
  /** Members of a lexicographically ordered set (all scores 0), a page at a time. */
  zrangeLex(key: string, range: LexRange): Promise<string[]>;
  zcard(key: string): Promise<number>;
  /** How many members of a lexicographic set are at or after `from` (ZLEXCOUNT key [from +). */
  zcountFrom(key: string, from: string): Promise<number>;
  batch(): Batch;
  /**
   * Several reads in one round trip, answered in order: `get` a string or null, `smembers` a list,
   * `zcountFrom` a number. Each read is atomic; together they are not.
   */
  readAll(reads: Read[]): Promise<unknown[]>;
  /**
   * One atomic step in front of every vendor request: unless `blocker` counts `blockAt` or more, reads
   * `lookup` and, when it holds `expected`, counts a hit on `counter` in a window of `windowMs`. In the
   * same round trip, `reads` as `readAll` does: around the moment the step lets the request in, not
   * atomically with it; the caller decides from the step whether to use them. Then `write`, when
   * given and its conditions hold (`GatedWrite`), atomically with the count (on a cluster, in a step
   * of its own right after it). A batch given as `write.batch` is not to be executed besides.
   */
  gate(
    keys: GateKeys,
    blockAt: number,
    expected: string,
    windowMs: number,
    reads?: Read[],
    write?: GatedWrite,
  ): Promise<GateResult>;
  /** Every key under this prefix; for maintenance and tests, never on a request path. */
  scan(prefix: string): AsyncIterable<string>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Redis only: reports every command from now on to `observer` (replacing an earlier one). */
  observe?(observer: KvObserver): void;
}

/** Several read plans as one, whose value is the list of theirs. */
export function allOf<T extends unknown[]>(...plans: { [K in keyof T]: ReadPlan<T[K]> }): ReadPlan<T> {
  return {
    reads: plans.flatMap((plan) => plan.reads),
    decode(values) {
      let start = 0;
      return plans.map((plan) => {
        const own = values.slice(start, start + plan.reads.length);
        start += plan.reads.length;
        return plan.decode(own);
      }) as T;
    },
  };
}

/** The values of several read plans, read in one round trip. */
export async function readPlans<T extends unknown[]>(
  kv: Kv,
  ...plans: { [K in keyof T]: ReadPlan<T[K]> }
): Promise<T> {
  const plan = allOf<T>(...plans);
  return plan.decode(await kv.readAll(plan.reads));
}
