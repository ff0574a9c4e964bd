import { eachYielding } from '../each-yielding.js';
import { idOfTimeOrdered } from '../ids.js';
import {
  type Batch,
  type GatedWrite,
  type GateKeys,
  type GateResult,
  type Kv,
  type LexRange,
  performRead,
  type Read,
  type SetOptions,
  SPARING_SCAN,
  type Sparing,
} from './kv.js';

export type Value = string | Set<string> | string[];

export interface Entry {
  value: Value;
  expiresAt: number | undefined;
}

/** A batch's operations, for a gate that applies them in its own step (Kv.gate). */
const batchOps = new WeakMap<Batch, (() => void)[]>();

/**
 * The embedded store: the Kv contract in this process's memory. Data is lost on restart and it cannot
 * be shared between instances; the server says so loudly at startup. Every method runs synchronously
 * inside one call, so each one is atomic just as in Redis; a batch runs a slice of operations at a
 * time (at least BATCH_CHUNK, so at least as atomic as on Redis).
 */
export class MemoryKv implements Kv {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 30_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    for (const key of this.entries.keys()) this.live(key);
  }

  private string(key: string): string | null {
    const value = this.live(key)?.value;
    if (value === undefined) return null;
    if (typeof value !== 'string') throw new Error(`WRONGTYPE ${key} does not hold a string`);
    return value;
  }

  private collection<T extends Set<string> | string[]>(key: string, create: () => T): T {
    const entry = this.live(key);
    if (entry) return entry.value as T;
    const value = create();
    this.entries.set(key, { value, expiresAt: undefined });
    return value;
  }

  private dropIfEmpty(key: string): void {
    const value = this.entries.get(key)?.value;
    if (
      value !== undefined &&
      typeof value !== 'string' &&
      ('size' in value ? value.size : value.length) === 0
    ) {
      this.entries.delete(key);
    }
  }

  async get(key: string) {
    return this.string(key);
  }

  async mget(keys: string[]) {
    return keys.map((k) => this.string(k));
  }

  async set(key: string, value: string, options: SetOptions = {}) {
    if (options.nx && this.live(key)) return false;
    this.setNow(key, value, options.ttlMs);
    return true;
  }

  private setNow(key: string, value: string, ttlMs: number | undefined): void {
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? undefined : Date.now() + ttlMs });
  }

  async getdel(key: string) {
    const value = this.string(key);
    this.entries.delete(key);
    return value;
  }

  async compareAndSet(key: string, expected: string | null, value: string, ttlMs?: number) {
    if (this.string(key) !== expected) return false;
    this.setNow(key, value, ttlMs === undefined ? undefined : Math.max(1, Math.ceil(ttlMs)));
    return true;
  }

  async delIfEquals(key: string, value: string) {
    if (this.string(key) !== value) return false;
    this.entries.delete(key);
    return true;
  }

  async holdLease(key: string, owner: string, ttlMs: number) {
    const holder = this.string(key);
    if (holder !== null && holder !== owner) return false;
    this.setNow(key, owner, ttlMs);
    return true;
  }

  async setIfExists(guard: string, key: string, value: string, setKey: string, member: string) {
    if (!this.live(guard)) return false;
    this.setNow(key, value, undefined);
    this.collection(setKey, () => new Set<string>()).add(member);
    return true;
  }

  async del(...keys: string[]) {
    return this.delNow(keys);
  }

  private delNow(keys: string[]): number {
    let n = 0;
    for (const key of keys) if (this.live(key) && this.entries.delete(key)) n++;
    return n;
  }

  async hit(key: string, windowMs: number) {
    const count = Number(this.string(key) ?? '0') + 1;
    const entry = this.live(key);
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? Date.now() + windowMs });
    return { count, ttlMs: await this.pttl(key) };
  }

  async pttl(key: string) {
    const entry = this.live(key);
    if (!entry) return -2;
    return entry.expiresAt === undefined ? -1 : entry.expiresAt - Date.now();
  }

  async smembers(key: string) {
    const value = this.live(key)?.value;
    return value instanceof Set ? [...value] : [];
  }

  async smembersMany(keys: string[]) {
    return Promise.all(keys.map((k) => this.smembers(k)));
  }

  async zrangeLex(key: string, range: LexRange) {
    const value = this.live(key)?.value;
    if (!Array.isArray(value)) return [];
    if (range.reverse) {
      const end =
        range.after !== undefined
          ? lowerBound(value, range.after)
          : range.from !== undefined
            ? upperBound(value, range.from)
            : value.length;
      return value.slice(Math.max(0, end - range.limit), end).reverse();
    }
    const start =
      range.after !== undefined
        ? upperBound(value, range.after)
        : range.from !== undefined
          ? lowerBound(value, range.from)
          : 0;
    const end = range.below !== undefined ? lowerBound(value, range.below) : value.length;
    return value.slice(start, Math.min(start + range.limit, end));
  }

  async zcard(key: string) {
    const value = this.live(key)?.value;
    return Array.isArray(value) ? value.length : 0;
  }

  async zcountFrom(key: string, from: string) {
    const value = this.live(key)?.value;
    return Array.isArray(value) ? value.length - lowerBound(value, from) : 0;
  }

  async readAll(reads: Read[]) {
    return Promise.all(reads.map((read) => performRead<Promise<unknown>>(read, this)));
  }

  async gate(
    keys: GateKeys,
    blockAt: number,
    expected: string,
    windowMs: number,
    reads: Read[] = [],
    write?: GatedWrite,
  ): Promise<GateResult> {
    const failures = Number(this.string(keys.blocker) ?? '0');
    if (failures >= blockAt) return { blocked: { count: failures, ttlMs: await this.pttl(keys.blocker) } };
    const value = this.string(keys.lookup);
    const hit = value === expected ? await this.hit(keys.counter, windowMs) : null;
    const values = await this.readAll(reads);
    const wrote = hit !== null && write !== undefined && hit.count <= write.limit && this.writeIf(write);
    return { value, hit, reads: values, wrote };
  }

  /** A gated write's conditions and its batch, with nothing else in between (no await). */
  private writeIf({ unchanged, under, batch }: GatedWrite): boolean {
    const same = unchanged.every((u) => {
      if ('get' in u) return this.string(u.get) === u.value;
      const members = this.live(u.smembers)?.value;
      const now = members instanceof Set ? [...members] : [];
      return now.length === u.members.length && u.members.every((m) => (members as Set<string>).has(m));
    });
    if (!same) return false;
    if (under) {
      const list = this.live(under.key)?.value;
      const count = Array.isArray(list) ? list.length - lowerBound(list, under.from) : 0;
      if (count >= under.max) return false;
    }
    for (const op of batchOps.get(batch) ?? []) op();
    return true;
  }

  /** Trims a lexicographic set to its `keep` last members; returns the members it removed. */
  private keepLast(key: string, keep: number): string[] {
    const list = this.live(key)?.value;
    return Array.isArray(list) && list.length > keep ? list.splice(0, list.length - keep) : [];
  }

  private keepLastDeleting(key: string, keep: number, recordPrefix: string, sparing?: Sparing): void {
    const list = this.live(key)?.value;
    if (!Array.isArray(list) || list.length <= keep) return;
    const over = list.length - keep;
    const record = (member: string) => recordPrefix + idOfTimeOrdered(member);
    const spared = (member: string) => {
      const raw = sparing && this.live(record(member))?.value;
      if (typeof raw !== 'string') return false;
      try {
        return (JSON.parse(raw) as Record<string, unknown>)[sparing!.field] === sparing!.value;
      } catch {
        return false;
      }
    };
    const candidates = list.slice(0, over + SPARING_SCAN);
    const first = candidates.filter((member) => !spared(member)).slice(0, over);
    const chosen = new Set([...first, ...candidates.filter((m) => !first.includes(m))].slice(0, over));
    this.live(key)!.value = list.filter((member) => !chosen.has(member));
    this.dropIfEmpty(key);
    this.delNow([...chosen].map(record));
  }

  batch(): Batch {
    const ops: (() => void)[] = [];
    const batch: Batch = {
      set: (key, value, options = {}) => {
        ops.push(() => this.setNow(key, value, options.ttlMs));
        return batch;
      },
      del: (...keys) => {
        ops.push(() => this.delNow(keys));
        return batch;
      },
      sadd: (key, member) => {
        ops.push(() => this.collection(key, () => new Set<string>()).add(member));
        return batch;
      },
      srem: (key, member) => {
        ops.push(() => {
          this.collection(key, () => new Set<string>()).delete(member);
          this.dropIfEmpty(key);
        });
        return batch;
      },
      zaddLex: (key, member) => {
        ops.push(() => {
          const list = this.collection(key, () => [] as string[]);
          const at = lowerBound(list, member);
          if (list[at] !== member) list.splice(at, 0, member);
        });
        return batch;
      },
      zrem: (key, member) => {
        ops.push(() => {
          const list = this.collection(key, () => [] as string[]);
          const at = lowerBound(list, member);
          if (list[at] === member) list.splice(at, 1);
          this.dropIfEmpty(key);
        });
        return batch;
      },
      zkeepLast: (key, keep) => {
        ops.push(() => this.keepLast(key, keep));
        return batch;
      },
      zkeepLastDeleting: (key, keep, recordPrefix, sparing) => {
        ops.push(() => this.keepLastDeleting(key, keep, recordPrefix, sparing));
        return batch;
      },
      pexpire: (key, ttlMs) => {
        ops.push(() => {
          const entry = this.live(key);
          if (entry) entry.expiresAt = Date.now() + ttlMs;
        });
        return batch;
      },
      // In slices, as on Redis (Kv.Batch): other requests are served between them.
      exec: () => eachYielding(ops, (op) => op()),
    };
    batchOps.set(batch, ops);
    return batch;
  }

  async *scan(prefix: string) {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix) && this.live(key)) yield key;
  }

  async ping() {}

  /** Every live entry, for DATA_FILE (store/data-file.ts); expiry as an absolute time. */
  dump(): [string, Entry][] {
    return [...this.entries.keys()].flatMap((key) => {
      const entry = this.live(key);
      return entry ? [[key, entry] as [string, Entry]] : [];
    });
  }

  /** Takes entries written by dump() back, dropping those that expired meanwhile. */
  load(entries: [string, Entry][]): void {
    for (const [key, entry] of entries) {
      if (entry.expiresAt === undefined || entry.expiresAt > Date.now()) this.entries.set(key, entry);
    }
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

/** A UTF-16 unit moved so that units compare in code point order: surrogates above the rest of the BMP. */
const inCodePointOrder = (unit: number) =>
  unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;

/**
 * Negative, zero or positive as `a` sorts before, with or after `b` in Redis: byte by byte of their
 * UTF-8, which is code point order (without encoding either: a sorted set of a large report's rows
 * takes as many comparisons as it has rows times the depth of its search).
 */
function compareAsBytes(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return inCodePointOrder(x) - inCodePointOrder(y);
  }
  return a.length - b.length;
}

/** First index whose member is >= target (members compare as binary strings, like Redis). */
function lowerBound(list: string[], target: string): number {
  // Members mostly come in order (a report's rows, a time-ordered index): then the end is the place.
  if (list.length === 0 || compareAsBytes(list[list.length - 1]!, target) < 0) return list.length;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAsBytes(list[mid]!, target) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(list: string[], target: string): number {
  const at = lowerBound(list, target);
  return list[at] === target ? at + 1 : at;
}
