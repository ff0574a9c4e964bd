import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/ids.js';
import { tokenHash } from '../src/store/companies.js';
import { createStore, type Store } from '../src/store/index.js';
import type { Kv } from '../src/store/kv.js';
import { updateRecord } from '../src/store/update-record.js';
import { type Backend, CLUSTER_NODES, openKv, TEST_ENCRYPTION_KEYS, wipe } from './support/harness.js';

/**
 * One contract, every backend: the embedded memory store must behave exactly like Redis, and so must
 * a Redis Cluster when REDIS_CLUSTER_NODES names one (`.ci/run`'s cluster job).
 */
const BACKENDS: Backend[] = ['memory', 'redis', ...(CLUSTER_NODES ? (['cluster'] as const) : [])];

describe.each<Backend>(BACKENDS)('store contract (%s)', (backend) => {
  let kv: Kv;
  let store: Store;
  const prefix = `test:${randomToken(9)}:`;
  /** One hash tag, as the multi-key operations of the contract require (one slot on a cluster). */
  const k = (name: string) => `${prefix}{kv}:${name}`;
  /** Keys of many slots, for the operations that must work across slots. */
  const loose = (name: string) => `${prefix}${name}`;

  beforeAll(async () => {
    kv = await openKv(backend);
    store = createStore(kv, prefix, TEST_ENCRYPTION_KEYS);
  });
  afterAll(async () => {
    await wipe(kv, prefix);
    await kv.close();
  });

  describe('kv primitives', () => {
    it('sets, gets and deletes strings', async () => {
      expect(await kv.get(k('a'))).toBeNull();
      expect(await kv.set(k('a'), 'one')).toBe(true);
      expect(await kv.get(k('a'))).toBe('one');
      expect(await kv.mget([k('a'), k('missing')])).toEqual(['one', null]);
      expect(await kv.del(k('a'), k('missing'))).toBe(1);
      expect(await kv.get(k('a'))).toBeNull();
    });

    it('SET NX lets exactly one of many concurrent writers win', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => kv.set(k('nx'), `w${i}`, { nx: true })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await kv.get(k('nx'))).toBe(`w${results.indexOf(true)}`);
    });

    it('expires keys after their TTL and reports PTTL', async () => {
      await kv.set(k('ttl'), 'x', { ttlMs: 150 });
      const ttl = await kv.pttl(k('ttl'));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(150);
      await kv.set(k('forever'), 'x');
      expect(await kv.pttl(k('forever'))).toBe(-1);
      expect(await kv.pttl(k('nothing'))).toBe(-2);
      await new Promise((r) => setTimeout(r, 250));
      expect(await kv.get(k('ttl'))).toBeNull();
      expect(await kv.set(k('ttl'), 'again', { nx: true })).toBe(true);
    });

    it('GETDEL hands the value to exactly one of many concurrent callers', async () => {
      await kv.set(k('once'), 'secret');
      const results = await Promise.all(Array.from({ length: 20 }, () => kv.getdel(k('once'))));
      expect(results.filter((r) => r === 'secret')).toHaveLength(1);
      expect(await kv.get(k('once'))).toBeNull();
    });

    it('deletes only when the value still matches (owner-only unlock)', async () => {
      await kv.set(k('lock'), 'owner-1');
      expect(await kv.delIfEquals(k('lock'), 'owner-2')).toBe(false);
      expect(await kv.get(k('lock'))).toBe('owner-1');
      expect(await kv.delIfEquals(k('lock'), 'owner-1')).toBe(true);
      expect(await kv.get(k('lock'))).toBeNull();
    });

    it('holds a lease for one owner at a time, extended by its holder, free once it lapses', async () => {
      expect(await kv.holdLease(k('lease'), 'owner-1', 150)).toBe(true);
      expect(await kv.holdLease(k('lease'), 'owner-2', 150)).toBe(false);
      expect(await kv.holdLease(k('lease'), 'owner-1', 10_000)).toBe(true);
      expect(await kv.pttl(k('lease'))).toBeGreaterThan(5000);
      expect(await kv.get(k('lease'))).toBe('owner-1');
      expect(await kv.holdLease(k('lease'), 'owner-1', 100)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await kv.holdLease(k('lease'), 'owner-2', 150)).toBe(true);
      expect(await kv.get(k('lease'))).toBe('owner-2');
    });

    it('compare-and-set writes only over the expected value, and lets one of many racing writers win', async () => {
      expect(await kv.compareAndSet(k('cas'), 'v0', 'v1')).toBe(false);
      expect(await kv.get(k('cas'))).toBeNull();
      expect(await kv.compareAndSet(k('cas'), null, 'v1')).toBe(true);
      expect(await kv.compareAndSet(k('cas'), null, 'v2')).toBe(false);
      expect(await kv.compareAndSet(k('cas'), 'v1', 'v2')).toBe(true);
      expect(await kv.get(k('cas'))).toBe('v2');
      const racers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => kv.compareAndSet(k('cas'), 'v2', `w${i}`)),
      );
      expect(racers.filter(Boolean)).toHaveLength(1);
      await kv.set(k('cas-ttl'), 'a', { ttlMs: 60_000 });
      expect(await kv.compareAndSet(k('cas-ttl'), 'a', 'b')).toBe(true);
      expect(await kv.pttl(k('cas-ttl'))).toBe(-1);
      // With a TTL: set together with the value, and only when the value is written.
      expect(await kv.compareAndSet(k('cas-ttl'), 'a', 'c', 30_000)).toBe(false);
      expect(await kv.pttl(k('cas-ttl'))).toBe(-1);
      expect(await kv.compareAndSet(k('cas-ttl'), 'b', 'c', 30_000)).toBe(true);
      expect(await kv.get(k('cas-ttl'))).toBe('c');
      const ttl = await kv.pttl(k('cas-ttl'));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
      expect(await kv.compareAndSet(k('cas-ttl'), 'c', 'd')).toBe(true);
      expect(await kv.pttl(k('cas-ttl'))).toBe(-1);
    });

    it('counts the members of a lexicographic set from an inclusive bound', async () => {
      expect(await kv.zcountFrom(k('none'), 'a')).toBe(0);
      await kv
        .batch()
        .zaddLex(k('lexcount'), '001|a')
        .zaddLex(k('lexcount'), '002|b')
        .zaddLex(k('lexcount'), '003|c')
        .exec();
      expect(await kv.zcountFrom(k('lexcount'), '002')).toBe(2);
      expect(await kv.zcountFrom(k('lexcount'), '002|b')).toBe(2);
      expect(await kv.zcountFrom(k('lexcount'), '004')).toBe(0);
    });

    it('updates a record atomically: concurrent read-modify-writes lose nothing', async () => {
      const appended = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          updateRecord(kv, k('list'), (raw) => {
            const list = [...(raw ? (JSON.parse(raw) as number[]) : []), i];
            return { value: JSON.stringify(list), result: list.length };
          }),
        ),
      );
      expect(new Set(appended).size).toBe(50);
      expect((JSON.parse((await kv.get(k('list')))!) as number[]).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i),
      );
      expect(await updateRecord(kv, k('list'), () => ({ value: null, result: 'unchanged' }))).toBe(
        'unchanged',
      );
    });

    it('keeps sets and lexicographic sorted sets, paging from an exclusive bound', async () => {
      await kv.batch().sadd(k('set'), 'b').sadd(k('set'), 'a').sadd(k('set'), 'a').exec();
      expect((await kv.smembers(k('set'))).sort()).toEqual(['a', 'b']);
      await kv.batch().srem(k('set'), 'a').srem(k('set'), 'b').exec();
      expect(await kv.smembers(k('set'))).toEqual([]);
      expect(await kv.smembersMany([k('set'), k('nothing')])).toEqual([[], []]);

      const batch = kv.batch();
      for (const m of ['003:c', '001:a', '005:e', '002:b', '004:d', '001:a']) batch.zaddLex(k('z'), m);
      await batch.exec();
      expect(await kv.zcard(k('z'))).toBe(5);
      expect(await kv.zrangeLex(k('z'), { limit: 2 })).toEqual(['001:a', '002:b']);
      expect(await kv.zrangeLex(k('z'), { limit: 2, after: '002:b' })).toEqual(['003:c', '004:d']);
      expect(await kv.zrangeLex(k('z'), { limit: 2, reverse: true })).toEqual(['005:e', '004:d']);
      expect(await kv.zrangeLex(k('z'), { limit: 10, reverse: true, after: '003:c' })).toEqual([
        '002:b',
        '001:a',
      ]);
      expect(await kv.zrangeLex(k('z'), { limit: 10, after: '009' })).toEqual([]);
      expect(await kv.zrangeLex(k('z'), { limit: 10, below: '003:c' })).toEqual(['001:a', '002:b']);
      expect(await kv.zrangeLex(k('z'), { limit: 10, after: '001:a', below: '004' })).toEqual([
        '002:b',
        '003:c',
      ]);
      expect(await kv.zrangeLex(k('z'), { limit: 1, below: '009' })).toEqual(['001:a']);
      expect(await kv.zrangeLex(k('z'), { limit: 10, below: '001' })).toEqual([]);
      await kv.batch().zrem(k('z'), '003:c').exec();
      expect(await kv.zrangeLex(k('z'), { limit: 10 })).toEqual(['001:a', '002:b', '004:d', '005:e']);
    });

    it('pages a lexicographic sorted set from an inclusive bound, forwards and backwards', async () => {
      const batch = kv.batch();
      for (const m of ['acme', 'acme|1', 'acme bakery|2', 'acmez|3', 'b|4']) batch.zaddLex(k('lex'), m);
      await batch.exec();
      // Binary order: ' ' < 'z' < '|'.
      expect(await kv.zrangeLex(k('lex'), { limit: 10, from: 'acme' })).toEqual([
        'acme',
        'acme bakery|2',
        'acmez|3',
        'acme|1',
        'b|4',
      ]);
      expect(await kv.zrangeLex(k('lex'), { limit: 2, from: 'acme b' })).toEqual([
        'acme bakery|2',
        'acmez|3',
      ]);
      expect(await kv.zrangeLex(k('lex'), { limit: 10, from: 'acmez|3', reverse: true })).toEqual([
        'acmez|3',
        'acme bakery|2',
        'acme',
      ]);
      expect(await kv.zrangeLex(k('lex'), { limit: 1, from: 'acme|0', reverse: true })).toEqual(['acmez|3']);
      expect(await kv.zrangeLex(k('lex'), { limit: 10, from: 'acme|1' })).toEqual(['acme|1', 'b|4']);
      expect(await kv.zrangeLex(k('lex'), { limit: 10, after: 'acme|1' })).toEqual(['b|4']);
      expect(await kv.zrangeLex(k('lex'), { limit: 10, from: 'c' })).toEqual([]);
      expect(await kv.zrangeLex(k('lex'), { limit: 10, from: '', reverse: true })).toEqual([]);
      expect(await kv.zrangeLex(k('nothing'), { limit: 10, from: 'a' })).toEqual([]);
    });

    it('writes a record and a set member only while the guard key exists', async () => {
      expect(await kv.setIfExists(k('owner'), k('rec'), 'v', k('recs'), 'm')).toBe(false);
      expect(await kv.get(k('rec'))).toBeNull();
      expect(await kv.smembers(k('recs'))).toEqual([]);
      await kv.set(k('owner'), 'x');
      expect(await kv.setIfExists(k('owner'), k('rec'), 'v', k('recs'), 'm')).toBe(true);
      expect(await kv.get(k('rec'))).toBe('v');
      expect(await kv.smembers(k('recs'))).toEqual(['m']);
    });

    it('keeps only the last members of a sorted set, and counts hits in a window', async () => {
      const batch = kv.batch();
      for (const m of ['a', 'b', 'c', 'd', 'e']) batch.zaddLex(k('keep'), m);
      await batch.zkeepLast(k('keep'), 3).exec();
      expect(await kv.zrangeLex(k('keep'), { limit: 10 })).toEqual(['c', 'd', 'e']);

      expect((await kv.hit(k('hits'), 60_000)).count).toBe(1);
      const second = await kv.hit(k('hits'), 60_000);
      expect(second.count).toBe(2);
      expect(second.ttlMs).toBeGreaterThan(50_000);
      await kv.hit(k('short'), 100);
      await new Promise((r) => setTimeout(r, 200));
      expect((await kv.hit(k('short'), 100)).count).toBe(1);
    });

    it('trims a time-ordered index and deletes the records of the members it removes', async () => {
      const batch = kv.batch();
      for (const id of ['a', 'b', 'c', 'd']) {
        batch.set(k(`rec:${id}`), id).zaddLex(k('index'), `2026-01-0${'abcd'.indexOf(id) + 1}|${id}`);
      }
      await batch.zkeepLastDeleting(k('index'), 2, k('rec:')).exec();
      expect(await kv.zrangeLex(k('index'), { limit: 10 })).toEqual(['2026-01-03|c', '2026-01-04|d']);
      expect(await kv.mget(['a', 'b', 'c', 'd'].map((id) => k(`rec:${id}`)))).toEqual([null, null, 'c', 'd']);
    });

    it('trims a time-ordered index sparing the records it is told to, as long as the others suffice', async () => {
      const states = { a: 'pending', b: 'done', c: 'pending', d: 'done', e: 'pending', f: 'done' };
      const batch = kv.batch();
      for (const [id, state] of Object.entries(states)) {
        batch
          .set(k(`rec:${id}`), JSON.stringify({ id, state, note: '"state":"done"' }))
          .zaddLex(k('index'), `2026-01-0${'abcdef'.indexOf(id) + 1}|${id}`);
      }
      const pending = { field: 'state', value: 'pending' };
      // Two over the cap: the two oldest done ones go, the older pending ones stay.
      await batch.zkeepLastDeleting(k('index'), 4, k('rec:'), pending).exec();
      const members = async () => (await kv.zrangeLex(k('index'), { limit: 10 })).map((m) => m.slice(-1));
      expect(await members()).toEqual(['a', 'c', 'e', 'f']);
      expect(await kv.mget([k('rec:b'), k('rec:d')])).toEqual([null, null]);
      // Three over: one done one left, then the oldest pending ones; the cap holds.
      await kv.batch().zkeepLastDeleting(k('index'), 1, k('rec:'), pending).exec();
      expect(await members()).toEqual(['e']);
      expect(await kv.mget(['a', 'c', 'f'].map((id) => k(`rec:${id}`)))).toEqual([null, null, null]);
      // A record that is gone or not JSON is not spared.
      await kv
        .batch()
        .set(k('rec:g'), 'not json')
        .zaddLex(k('index'), '2026-01-07|g')
        .zaddLex(k('index'), '2026-01-08|h')
        .zkeepLastDeleting(k('index'), 2, k('rec:'), pending)
        .exec();
      expect(await members()).toEqual(['e', 'h']);
    });

    it('applies a batch with TTLs and deletes as one transaction', async () => {
      await kv.set(k('old'), 'x');
      await kv.batch().set(k('b1'), '1').set(k('b2'), '2', { ttlMs: 60_000 }).del(k('old')).exec();
      expect(await kv.mget([k('b1'), k('b2'), k('old')])).toEqual(['1', '2', null]);
      expect(await kv.pttl(k('b2'))).toBeGreaterThan(0);
    });

    it('applies a batch of 150,000 writes a chunk at a time, its last write only after all the others', async () => {
      const members = Array.from({ length: 150_000 }, (_, i) => `m${String(i).padStart(6, '0')}`);
      const batch = kv.batch();
      for (const member of members) batch.zaddLex(k('many'), member);
      const written = batch.set(k('many:done'), 'yes').exec();
      // A reader that finds the last write finds every earlier one.
      let finished = false;
      void written.finally(() => {
        finished = true;
      });
      const seen: number[] = [];
      while (!finished) {
        if ((await kv.get(k('many:done'))) !== null) seen.push(await kv.zcard(k('many')));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await written;
      expect(seen.filter((count) => count !== members.length)).toEqual([]);
      expect(await kv.zcard(k('many'))).toBe(members.length);
      expect(await kv.zrangeLex(k('many'), { after: 'm149997', limit: 5 })).toEqual(['m149998', 'm149999']);
      await kv.batch().del(k('many')).del(k('many:done')).exec();
      expect(await kv.zcard(k('many'))).toBe(0);
    }, 60_000);

    it('scans keys under a prefix, whichever slot they are in', async () => {
      const keys = Array.from({ length: 12 }, (_, i) => loose(`scan:${i}`));
      for (const key of keys) await kv.set(key, 'x');
      const found: string[] = [];
      for await (const key of kv.scan(loose('scan:'))) found.push(key);
      expect(found.sort()).toEqual(keys.sort());
    });

    it('reads and deletes several keys of different slots at once', async () => {
      const keys = ['spread:a', 'spread:b', 'spread:c', 'spread:d'].map(loose);
      for (const key of keys) await kv.set(key, key);
      await kv.batch().sadd(loose('spread:set'), 'm').exec();
      expect(await kv.mget([...keys, loose('spread:none')])).toEqual([...keys, null]);
      expect(
        await kv.readAll([{ get: keys[0]! }, { smembers: loose('spread:set') }, { get: keys[1]! }]),
      ).toEqual([keys[0], ['m'], keys[1]]);
      expect(await kv.smembersMany([loose('spread:set'), loose('spread:none')])).toEqual([['m'], []]);
      expect(await kv.del(...keys, loose('spread:none'))).toBe(4);
      expect(await kv.mget(keys)).toEqual([null, null, null, null]);
    });

    it('answers a missing value in the middle of several reads, and the reads after it', async () => {
      await kv.set(k('present'), 'p');
      await kv.batch().zaddLex(k('ledger'), '002|a').zaddLex(k('ledger'), '005|b').exec();
      expect(
        await kv.readAll([
          { get: k('absent') },
          { get: k('present') },
          { smembers: k('no-set') },
          { get: k('absent-too') },
          { zcountFrom: k('ledger'), from: '003' },
        ]),
      ).toEqual([null, 'p', [], null, 1]);
    });

    describe('gate (blocker, lookup and counter in different slots)', () => {
      const gateKeys = (t: string) => ({
        blocker: loose(`gate:${t}:ip`),
        lookup: loose(`gate:${t}:token`),
        counter: loose(`gate:${t}:co`),
      });

      it('counts a hit only while the lookup holds the expected value', async () => {
        const g = gateKeys('count');
        await kv.set(g.lookup, 'owner');
        expect(await kv.gate(g, 3, '', 60_000)).toEqual({
          value: 'owner',
          hit: null,
          reads: [],
          wrote: false,
        });
        expect(await kv.get(g.counter)).toBeNull();
        const first = await kv.gate(g, 3, 'owner', 60_000);
        const second = await kv.gate(g, 3, 'owner', 60_000);
        expect(first).toMatchObject({ value: 'owner', hit: { count: 1 } });
        expect(second).toMatchObject({ value: 'owner', hit: { count: 2 } });
        if ('value' in second) expect(second.hit!.ttlMs).toBeGreaterThan(0);
        await kv.del(g.lookup);
        expect(await kv.gate(g, 3, 'owner', 60_000)).toEqual({
          value: null,
          hit: null,
          reads: [],
          wrote: false,
        });
        expect(await kv.get(g.counter)).toBe('2');
      });

      it('does nothing else while the blocker has reached its limit', async () => {
        const g = gateKeys('block');
        await kv.set(g.lookup, 'owner');
        for (let i = 0; i < 3; i++) await kv.hit(g.blocker, 60_000);
        const result = await kv.gate(g, 3, 'owner', 60_000);
        expect(result).toMatchObject({ blocked: { count: 3 } });
        if ('blocked' in result) expect(result.blocked.ttlMs).toBeGreaterThan(0);
        expect(await kv.get(g.counter)).toBeNull();
        expect(await kv.gate(g, 4, 'owner', 60_000)).toMatchObject({ hit: { count: 1 } });
      });

      it('answers the reads sent with it, whether it counts or not', async () => {
        const g = gateKeys('reads');
        await kv.set(g.lookup, 'owner');
        await kv.set(loose('gate:reads:record'), 'r');
        const reads = [
          { get: loose('gate:reads:none') },
          { get: loose('gate:reads:record') },
          { smembers: loose('gate:reads:none') },
        ];
        expect(await kv.gate(g, 3, 'owner', 60_000, reads)).toMatchObject({
          value: 'owner',
          hit: { count: 1 },
          reads: [null, 'r', []],
        });
        expect(await kv.gate(g, 3, 'other', 60_000, reads)).toEqual({
          value: 'owner',
          hit: null,
          reads: [null, 'r', []],
          wrote: false,
        });
        await kv.del(g.lookup);
        expect(await kv.gate(g, 3, 'owner', 60_000, reads)).toEqual({
          value: null,
          hit: null,
          reads: [null, 'r', []],
          wrote: false,
        });
      });

      it('writes with the count only within the limit, over unchanged records and under the quota', async () => {
        const g = gateKeys('write');
        await kv.set(g.lookup, 'owner');
        await kv.set(k('gw:record'), 'r1');
        await kv.batch().sadd(k('gw:set'), 'b').sadd(k('gw:set'), 'a').zaddLex(k('gw:quota'), '005|x').exec();
        const reads = [{ get: k('gw:record') }, { zcountFrom: k('gw:quota'), from: '003' }];
        const write = (
          n: number,
          changes: { record?: string | null; members?: string[]; max?: number; limit?: number } = {},
        ) => ({
          limit: changes.limit ?? 10,
          unchanged: [
            { get: k('gw:record'), value: changes.record === undefined ? 'r1' : changes.record },
            { get: k('gw:none'), value: null },
            { smembers: k('gw:set'), members: changes.members ?? ['a', 'b'] },
          ],
          under: { key: k('gw:quota'), from: '003', max: changes.max ?? 3 },
          batch: kv
            .batch()
            .set(k(`gw:out${n}`), `w${n}`, { ttlMs: 60_000 })
            .zaddLex(k('gw:quota'), `${String(5 + n).padStart(3, '0')}|w`),
        });
        // Its reads are answered as they were before the write.
        expect(await kv.gate(g, 3, 'owner', 60_000, reads, write(1))).toMatchObject({
          hit: { count: 1 },
          reads: ['r1', 1],
          wrote: true,
        });
        expect(await kv.get(k('gw:out1'))).toBe('w1');
        expect(await kv.pttl(k('gw:out1'))).toBeGreaterThan(0);
        expect(await kv.zcountFrom(k('gw:quota'), '003')).toBe(2);
        // Any condition failing: nothing written, the request still counted.
        const failing: [number, Parameters<typeof write>[1]][] = [
          [2, { record: 'r0' }],
          [3, { record: null }],
          [4, { members: ['a'] }],
          [5, { members: ['a', 'b', 'c'] }],
          [6, { max: 2 }],
          [7, { limit: 1 }],
        ];
        for (const [n, changes] of failing) {
          expect(await kv.gate(g, 3, 'owner', 60_000, [], write(n, changes))).toMatchObject({ wrote: false });
          expect(await kv.get(k(`gw:out${n}`)), String(n)).toBeNull();
        }
        expect(await kv.get(g.counter)).toBe('7');
        // Not let in: nothing written, nothing counted.
        expect(await kv.gate(g, 3, 'other', 60_000, [], write(8))).toMatchObject({ hit: null, wrote: false });
        for (let i = 0; i < 3; i++) await kv.hit(g.blocker, 60_000);
        expect(await kv.gate(g, 3, 'owner', 60_000, [], write(9))).toMatchObject({ blocked: { count: 3 } });
        expect(await kv.mget([k('gw:out8'), k('gw:out9')])).toEqual([null, null]);
        expect(await kv.get(g.counter)).toBe('7');
        // The quota's set: one more fits under 3, the next does not.
        await kv.del(g.blocker);
        expect(await kv.gate(g, 3, 'owner', 60_000, [], write(10))).toMatchObject({ wrote: true });
        expect(await kv.gate(g, 3, 'owner', 60_000, [], write(11))).toMatchObject({ wrote: false });
        expect(await kv.zcountFrom(k('gw:quota'), '003')).toBe(3);
      });
    });
  });

  describe('companies and tokens', () => {
    it('creates and lists companies', async () => {
      const a = await store.companies.create('Alpha');
      expect(a).toMatchObject({ name: 'Alpha' });
      expect(await store.companies.get(a.id)).toEqual(a);
      expect(await store.companies.any()).toBe(true);
      expect((await store.companies.list()).map((c) => c.id)).toContain(a.id);
    });

    it('issues tokens stored only as hashes, authenticates them and revokes them', async () => {
      const company = await store.companies.create('Beta');
      const first = await store.companies.createToken(company.id);
      const second = await store.companies.createToken(company.id);
      expect(first.secret).toMatch(/^adl_live_[A-Za-z0-9_-]{43}$/);
      expect(first.secret).not.toBe(second.secret);
      expect(await store.companies.authenticate(first.secret)).toEqual({
        company: company.id,
        token: first.token.id,
      });
      expect(await store.companies.authenticate(second.secret)).toEqual({
        company: company.id,
        token: second.token.id,
      });
      expect(await store.companies.authenticate(`${first.secret.slice(0, -1)}x`)).toBeNull();

      for await (const key of kv.scan(prefix)) {
        const value = (await kv.get(key).catch(() => null)) ?? '';
        expect(value).not.toContain(first.secret);
        expect(value).not.toContain(first.secret.slice(9));
      }

      const listed = await store.companies.listTokens(company.id);
      expect(listed.map((t) => t.id)).toEqual([first.token.id, second.token.id]);
      expect(listed[0]).not.toHaveProperty('sha256');

      const revoked = await store.companies.revokeToken(first.token.id);
      expect(revoked?.revoked_at).toEqual(expect.any(String));
      expect(await store.companies.authenticate(first.secret)).toBeNull();
      expect(await store.companies.authenticate(second.secret)).not.toBeNull();
      expect(await store.companies.revokeToken('tok_unknown')).toBeNull();
    });

    it('issues access tokens on the same hash lookup, naming customer, scope and expiry; all of a token expires with it', async () => {
      const company = await store.companies.create('Access');
      const customer = await store.customers.create(company.id, 'Shop');
      const made = (await store.accessTokens.create(company.id, customer.id, 'read', 60_000, 10))!;
      expect(made.secret).toMatch(/^adl_at_[A-Za-z0-9_-]{43}$/);
      const owner = await kv.get(store.keys.tokenByHash(tokenHash(made.secret)));
      expect(JSON.parse(owner!)).toEqual({
        company: company.id,
        token: made.token.id,
        customer: customer.id,
        scope: 'read',
        expires_at: made.token.expires_at,
      });
      for (const key of [
        store.keys.tokenByHash(tokenHash(made.secret)),
        store.keys.accessToken(company.id, made.token.id),
      ]) {
        const ttl = await kv.pttl(key);
        expect(ttl, key).toBeGreaterThan(0);
        expect(ttl, key).toBeLessThanOrEqual(60_000);
      }
      for await (const key of kv.scan(prefix)) {
        expect((await kv.get(key).catch(() => null)) ?? '').not.toContain(made.secret.slice(7));
      }
      const second = (await store.accessTokens.create(company.id, customer.id, 'write', 60_000, 10))!;
      expect(await store.accessTokens.live(company.id)).toBe(2);
      expect((await store.accessTokens.list(company.id, customer.id, 10)).data.map((t) => t.id)).toEqual([
        second.token.id,
        made.token.id,
      ]);
      expect(await store.accessTokens.revoke(company.id, 'another-customer', made.token.id)).toBeNull();
      expect((await store.accessTokens.revoke(company.id, customer.id, made.token.id))?.id).toBe(
        made.token.id,
      );
      expect(await kv.get(store.keys.tokenByHash(tokenHash(made.secret)))).toBeNull();
      expect(await store.accessTokens.live(company.id)).toBe(1);
      expect((await store.accessTokens.revokeAll(company.id, customer.id)).map((t) => t.id)).toEqual([
        second.token.id,
      ]);
      expect(await kv.get(store.keys.tokenByHash(tokenHash(second.secret)))).toBeNull();
      expect((await store.accessTokens.list(company.id, customer.id, 10)).data).toEqual([]);

      // A customer deleted before the token's lookup was written: the token takes itself back.
      await store.customers.delete(customer);
      expect(await store.accessTokens.create(company.id, customer.id, 'read', 60_000, 10)).toBeNull();
      const left: string[] = [];
      for await (const key of kv.scan(prefix)) if (key.includes(company.id)) left.push(key);
      expect(left.filter((key) => /access_token|customer:/.test(key))).toEqual([]);
    });

    it('refuses to revoke another company’s token when the company is named', async () => {
      const owner = await store.companies.create('Owner');
      const other = await store.companies.create('Other');
      const { token, secret } = await store.companies.createToken(owner.id);
      expect(await store.companies.revokeToken(token.id, other.id)).toBeNull();
      expect(await store.companies.authenticate(secret)).not.toBeNull();
    });

    it('records last use at most once a minute', async () => {
      const company = await store.companies.create('Gamma');
      const { token, secret } = await store.companies.createToken(company.id);
      const owner = (await store.companies.authenticate(secret))!;
      const t0 = Date.parse('2030-01-01T00:00:00Z');
      await store.companies.touch(owner, t0);
      await store.companies.touch(owner, t0 + 30_000);
      let [listed] = await store.companies.listTokens(company.id);
      expect(listed?.last_used_at).toBe(new Date(t0).toISOString());
      await store.companies.touch(owner, t0 + 61_000);
      [listed] = await store.companies.listTokens(company.id);
      expect(listed?.id).toBe(token.id);
      expect(listed?.last_used_at).toBe(new Date(t0 + 61_000).toISOString());
    });
  });

  describe('customers', () => {
    it('creates, reads, pages newest first and deletes', async () => {
      const company = await store.companies.create('Pager');
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await store.customers.create(company.id, `c${i}`));
      const newestFirst = made.map((c) => c.id).reverse();

      const first = await store.customers.list(company.id, 2);
      expect(first.has_more).toBe(true);
      expect(first.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
      const second = await store.customers.list(company.id, 2, first.data[1]);
      expect(second.data.map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
      const third = await store.customers.list(company.id, 2, second.data[1]);
      expect(third).toEqual({ has_more: false, data: [expect.objectContaining({ id: newestFirst[4] })] });

      const victim = made[2]!;
      expect(await store.customers.get(company.id, victim.id)).toEqual(victim);
      await store.customers.delete(victim);
      expect(await store.customers.get(company.id, victim.id)).toBeNull();
      expect((await store.customers.list(company.id, 10)).data).toHaveLength(4);
    });

    it('pages back with endingBefore, and searches names by prefix in name order', async () => {
      const company = await store.companies.create('Searcher');
      const names = [
        'ACME GmbH',
        'Acme Bakery',
        'Bakery Acme',
        'ａｃｍｅ wide',
        'acme|x',
        'Acmez',
        'Zed',
        'Acme',
      ];
      const made = [];
      for (const name of names) made.push(await store.customers.create(company.id, name));
      const newestFirst = made.map((c) => c.id).reverse();
      const back = await store.customers.list(company.id, 2, { endingBefore: made[2]! });
      expect(back.data.map((c) => c.id)).toEqual(newestFirst.slice(3, 5));
      expect(back.has_more).toBe(true);

      const ids = (page: { data: { name: string }[] }) => page.data.map((c) => c.name);
      const all = await store.customers.search(company.id, 'acm', 10);
      // Name order, then id: ' ' < 'z' < '|'.
      expect(ids(all)).toEqual(['Acme Bakery', 'ACME GmbH', 'ａｃｍｅ wide', 'Acmez', 'Acme', 'acme|x']);
      expect(all.has_more).toBe(false);
      const first = await store.customers.search(company.id, 'ACM', 2);
      expect(first).toMatchObject({ has_more: true });
      expect(ids(first)).toEqual(['Acme Bakery', 'ACME GmbH']);
      const next = await store.customers.search(company.id, 'acm', 2, { startingAfter: first.data[1]! });
      expect(ids(next)).toEqual(['ａｃｍｅ wide', 'Acmez']);
      const previous = await store.customers.search(company.id, 'acm', 1, { endingBefore: next.data[0]! });
      expect(ids(previous)).toEqual(['ACME GmbH']);
      expect(previous.has_more).toBe(true);
      expect(ids(await store.customers.search(company.id, 'acme|', 10))).toEqual(['acme|x']);
      expect(ids(await store.customers.search(company.id, `acme|${made[7]!.id}`, 10))).toEqual([]);
      expect(ids(await store.customers.search(company.id, 'bak', 10))).toEqual(['Bakery Acme']);
      expect(ids(await store.customers.search(company.id, 'q', 10))).toEqual([]);

      await store.customers.delete(made[1]!);
      expect(ids(await store.customers.search(company.id, 'acme b', 10))).toEqual([]);
    });

    it('never returns another company’s customer', async () => {
      const a = await store.companies.create('A');
      const b = await store.companies.create('B');
      const customer = await store.customers.create(a.id, 'Private');
      expect(await store.customers.get(b.id, customer.id)).toBeNull();
      expect((await store.customers.list(b.id, 10)).data).toEqual([]);
    });
  });

  describe('idempotency records', () => {
    it('reserves once, then replays, detects mismatches and in-flight requests', async () => {
      const company = { company: (await store.companies.create('Idem')).id };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => store.idempotency.reserve(company, 'key-1', 'fp')),
      );
      expect(results.filter((r) => r.kind === 'started')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in_flight')).toHaveLength(9);
      expect(await store.idempotency.reserve(company, 'key-1', 'other')).toEqual({ kind: 'mismatch' });
      expect(await store.idempotency.kept(company)).toBe(0);

      await store.idempotency.complete(company, 'key-1', 'fp', { status: 201, body: { id: 'x' } }, 10);
      expect(await store.idempotency.kept(company)).toBe(1);
      expect(await store.idempotency.reserve(company, 'key-1', 'fp')).toEqual({
        kind: 'replay',
        response: { status: 201, body: { id: 'x' } },
      });
      const other = { company: (await store.companies.create('Other')).id };
      expect(await store.idempotency.reserve(other, 'key-1', 'fp')).toEqual({ kind: 'started' });

      await store.idempotency.release(other, 'key-1');
      expect(await store.idempotency.reserve(other, 'key-1', 'fp2')).toEqual({ kind: 'started' });
    });

    it("keeps a customer's access tokens' records apart from the company's, and counts them apart", async () => {
      const company = { company: (await store.companies.create('Idem')).id };
      const [a, b] = [
        { ...company, customer: (await store.customers.create(company.company, 'A')).id },
        { ...company, customer: (await store.customers.create(company.company, 'B')).id },
      ];
      await store.idempotency.reserve(company, 'shared', 'fp');
      await store.idempotency.complete(company, 'shared', 'fp', { status: 201, body: { id: 'co' } }, 10);
      expect(await store.idempotency.reserve(a, 'shared', 'fp')).toEqual({ kind: 'started' });
      await store.idempotency.complete(a, 'shared', 'fp', { status: 201, body: { id: 'a' } }, 10);
      expect(await store.idempotency.reserve(b, 'shared', 'fp')).toEqual({ kind: 'started' });
      expect(await store.idempotency.reserve(a, 'shared', 'fp')).toEqual({
        kind: 'replay',
        response: { status: 201, body: { id: 'a' } },
      });
      expect(await store.idempotency.reserve(company, 'shared', 'fp')).toEqual({
        kind: 'replay',
        response: { status: 201, body: { id: 'co' } },
      });
      expect([await store.idempotency.kept(company), await store.idempotency.kept(a)]).toEqual([1, 1]);
      expect(await store.idempotency.kept(b)).toBe(0);
    });
  });

  describe('resource caches (ad sets and campaigns)', () => {
    const scope = (platform: string) => ({ company: `co${randomToken(6)}`, customer: 'cus_1', platform });
    const campaign = (id: string, status: 'Running' | 'Paused' | 'Deleted', advertiser = 'act_1') => ({
      id,
      status,
      name: id,
      advertiser,
    });
    const chosen = [{ id: 'act_1' }];

    it('fills, pages by status after a member, moves a record between status indexes and removes it', async () => {
      const s = scope('sandbox');
      expect(await store.campaigns.isFilled(s)).toBe(false);
      await store.campaigns.replaceAll(s, [
        campaign('c3', 'Running'),
        campaign('c1', 'Paused'),
        campaign('c2', 'Running'),
      ]);
      expect(await store.campaigns.isFilled(s)).toBe(true);
      const first = await store.campaigns.page(s, chosen, { limit: 2 });
      expect(first.data.map((c) => c.id)).toEqual(['c1', 'c2']);
      expect(
        (await store.campaigns.page(s, chosen, { limit: 2, after: first.next! })).data.map((c) => c.id),
      ).toEqual(['c3']);
      expect(
        (await store.campaigns.page(s, chosen, { limit: 5, status: 'Running' })).data.map((c) => c.id),
      ).toEqual(['c2', 'c3']);

      await store.campaigns.put(s, campaign('c2', 'Deleted'));
      expect(
        (await store.campaigns.page(s, chosen, { limit: 5, status: 'Running' })).data.map((c) => c.id),
      ).toEqual(['c3']);
      expect(await store.campaigns.get(s, 'c2', chosen)).toEqual(campaign('c2', 'Deleted'));
      expect(
        (await store.campaigns.page(s, chosen, { limit: 5, keep: (c) => c.id !== 'c1' })).data.map(
          (c) => c.id,
        ),
      ).toEqual(['c2', 'c3']);
      expect(await store.campaigns.raw(s, ['c3', 'nope'])).toEqual([
        JSON.stringify(campaign('c3', 'Running')),
        null,
      ]);

      await store.campaigns.remove(s, 'c3');
      expect(await store.campaigns.get(s, 'c3', chosen)).toBeNull();
      expect((await store.campaigns.page(s, chosen, { limit: 5 })).data.map((c) => c.id)).toEqual([
        'c1',
        'c2',
      ]);
      await store.campaigns.clear(s);
      expect(await store.campaigns.isFilled(s)).toBe(false);
      expect((await store.campaigns.page(s, chosen, { limit: 5 })).data).toEqual([]);
    });

    it('replaces a cache of 150,000 records, then with some changed or gone, losing none meanwhile', async () => {
      const s = scope('sandbox');
      const all = Array.from({ length: 150_000 }, (_, i) =>
        campaign(`c${String(i).padStart(6, '0')}`, i % 2 ? 'Running' : 'Paused'),
      );
      await store.campaigns.replaceAll(s, all);
      expect(await store.campaigns.isFilled(s)).toBe(true);
      const last = await store.campaigns.page(s, chosen, { limit: 2, after: '|c149997' });
      expect(last.data.map((c) => c.id)).toEqual(['c149998', 'c149999']);
      // One in a hundred gone, one in a hundred deleted now: the others stay readable while it happens.
      const next = all.flatMap((c, i) =>
        i % 100 === 0 ? [] : [i % 100 === 1 ? { ...c, status: 'Deleted' as const } : c],
      );
      const replaced = store.campaigns.replaceAll(s, next);
      let finished = false;
      void replaced.finally(() => {
        finished = true;
      });
      while (!finished) {
        expect(await store.campaigns.get(s, 'c149999', chosen)).not.toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await replaced;
      const ids = async (status?: 'Running' | 'Paused' | 'Deleted') => {
        const found: string[] = [];
        let after: string | undefined;
        do {
          const page = await store.campaigns.page(s, chosen, {
            limit: 5000,
            ...(status ? { status } : {}),
            after,
          });
          for (const c of page.data) found.push(c.id);
          after = page.next;
        } while (after);
        return found;
      };
      expect(await ids()).toEqual(next.map((c) => c.id));
      for (const status of ['Running', 'Paused', 'Deleted'] as const) {
        expect(await ids(status)).toEqual(next.filter((c) => c.status === status).map((c) => c.id));
      }
      expect(await store.campaigns.get(s, 'c000000', chosen)).toBeNull();
      expect(await store.campaigns.get(s, 'c000001', chosen)).toEqual({ ...all[1], status: 'Deleted' });
      await store.campaigns.clear(s);
      expect(await store.campaigns.isFilled(s)).toBe(false);
      expect((await store.campaigns.page(s, chosen, { limit: 5 })).data).toEqual([]);
      expect(await store.campaigns.get(s, 'c000002', chosen)).toBeNull();
    }, 60_000);

    it('keeps ad sets and campaigns of the same scope apart', async () => {
      const s = scope('sandbox');
      const adSet = {
        id: 'x1',
        status: 'Paused' as const,
        created_at: '2026-01-01T00:00:00Z',
        advertiser: 'act_1',
      };
      await store.adSets.replaceAll(s, [adSet]);
      await store.campaigns.replaceAll(s, [campaign('x1', 'Running')]);
      expect(await store.adSets.get(s, 'x1', chosen)).toEqual(adSet);
      expect(await store.campaigns.get(s, 'x1', chosen)).toEqual(campaign('x1', 'Running'));
      await store.adSets.clear(s);
      expect(await store.campaigns.isFilled(s)).toBe(true);
      expect(await store.campaigns.get(s, 'x1', chosen)).toEqual(campaign('x1', 'Running'));
    });

    it('reads only records of the chosen ad accounts, whatever else the cache holds', async () => {
      const s = scope('sandbox');
      await store.campaigns.replaceAll(s, [
        campaign('c1', 'Running'),
        campaign('c2', 'Running', 'act_2'),
        campaign('c3', 'Paused'),
        campaign('c4', 'Running', 'act_2'),
      ]);
      expect(await store.campaigns.get(s, 'c2', chosen)).toBeNull();
      expect(await store.campaigns.get(s, 'c2', [{ id: 'act_2' }])).toEqual(
        campaign('c2', 'Running', 'act_2'),
      );
      const first = await store.campaigns.page(s, chosen, { limit: 1 });
      expect(first.data.map((c) => c.id)).toEqual(['c1']);
      expect(await store.campaigns.page(s, chosen, { limit: 1, after: first.next! })).toEqual({
        data: [campaign('c3', 'Paused')],
        next: undefined,
      });
      const running = await store.campaigns.page(s, chosen, { limit: 5, status: 'Running' });
      expect(running.data.map((c) => c.id)).toEqual(['c1']);
    });
  });

  it('puts every company-owned key of a company in one hash slot', async () => {
    const company = await store.companies.create('Slots');
    const customer = await store.customers.create(company.id, 'x');
    await store.idempotency.reserve({ company: company.id }, 'k', 'fp');
    await store.idempotency.complete(
      { company: company.id, customer: customer.id },
      'k',
      'fp',
      { status: 201, body: {} },
      10,
    );
    await store.companies.createToken(company.id);
    const cached = { company: company.id, customer: customer.id, platform: 'sandbox' };
    await store.campaigns.replaceAll(cached, [{ id: 'cmp_1', status: 'Paused', advertiser: 'act_1' }]);
    await store.adSets.replaceAll(cached, [
      { id: 'as_1', status: 'Paused', created_at: '2026-01-01T00:00:00Z', advertiser: 'act_1' },
    ]);
    const tags = new Set<string>();
    for await (const key of kv.scan(prefix)) {
      if (key.includes(company.id) || key.includes(customer.id))
        tags.add(/\{([^}]+)\}/.exec(key)?.[1] ?? key);
    }
    expect([...tags]).toEqual([`co:${company.id}`]);
  });
});
