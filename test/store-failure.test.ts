import { Writable } from 'node:stream';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { randomToken } from '../src/ids.js';
import { createLogger } from '../src/logger.js';
import { createStore } from '../src/store/index.js';
import { RedisKv } from '../src/store/redis-kv.js';
import { TEST_ENCRYPTION_KEYS, TEST_KEYRING } from './support/harness.js';
import { freePort } from './support/redis-server.js';
import { startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis.js';

/**
 * What clients see when Redis fails under a running app: a quick, well-formed 503 they can retry —
 * never a hang, a stack trace or a half-written record — and normal service once Redis is back.
 */

const servers: ThrowawayRedis[] = [];
const kvs: RedisKv[] = [];

afterEach(async () => {
  await Promise.allSettled(kvs.splice(0).map((kv) => kv.close()));
  await Promise.allSettled(servers.splice(0).map((server) => server.stop()));
});

async function throwaway(): Promise<ThrowawayRedis> {
  const server = await startThrowawayRedis();
  servers.push(server);
  return server;
}

/** The app as test/support/harness.ts builds it, on a RedisKv pointed at `url`. */
async function appOn(url: string, options: { connect?: boolean } = {}) {
  const prefix = `t${randomToken(6)}:`;
  const config = parseConfig({ NODE_ENV: 'test', REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'info' });
  const kv = new RedisKv(url, () => {});
  kvs.push(kv);
  if (options.connect === false) await kv.connect().catch(() => {});
  else await kv.connect();
  const store = createStore(kv, prefix, TEST_ENCRYPTION_KEYS);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = createApp({ config, store, log: createLogger('info', sink), keys: TEST_KEYRING });
  return {
    kv,
    store,
    prefix,
    logs,
    http: supertest(app),
    async company() {
      const company = await store.companies.create('Vendor');
      const { secret } = await store.companies.createToken(company.id);
      return { id: company.id, auth: `Bearer ${secret}` };
    },
  };
}

type Http = ReturnType<typeof supertest>;

async function timed(send: () => PromiseLike<supertest.Response>) {
  const started = performance.now();
  const res = await send();
  return { res, ms: performance.now() - started };
}

/** A retryable 503 in the API's error shape, with nothing internal in it. */
function expectUnavailable(res: supertest.Response): void {
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(res.body).toEqual({
    error: {
      type: 'api_error',
      code: 'service_unavailable',
      message: expect.any(String),
      request_id: res.headers['x-request-id'],
    },
  });
  expect(res.body.error.request_id).toMatch(/^req_[A-Za-z0-9_-]+$/);
  expect(res.text).not.toMatch(/stack|\bat \S+ \(|\.ts:\d+|node_modules|ECONNREFUSED|ioredis|Redis|Error:/i);
}

/** POST and GET /customers both fail fast with a retryable 503; /readyz says unavailable, /healthz ok. */
async function expectStoreDown(http: Http, auth: string): Promise<number[]> {
  const post = await timed(() =>
    http.post('/customers').set('Authorization', auth).send({ name: 'During the outage' }),
  );
  expectUnavailable(post.res);
  expect(post.ms).toBeLessThan(2000);

  const list = await timed(() => http.get('/customers').set('Authorization', auth));
  expectUnavailable(list.res);
  expect(list.ms).toBeLessThan(2000);

  const ready = await http.get('/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({ status: 'unavailable', role: 'all' });
  expect(ready.headers['retry-after']).toBe('1');

  const health = await http.get('/healthz');
  expect(health.status).toBe(200);
  expect(health.body).toEqual({ status: 'ok', role: 'all' });
  return [post.ms, list.ms];
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Kills Redis under a connected app and waits until the client has noticed. */
async function crash(redis: ThrowawayRedis, kv: RedisKv): Promise<void> {
  await redis.kill('SIGKILL');
  await waitFor('the client to see the connection drop', async () => kv.client.status !== 'ready');
}

describe('store failures through HTTP', () => {
  it('answers 503 service_unavailable quickly when Redis dies after the app connected', async () => {
    const redis = await throwaway();
    const app = await appOn(redis.url);
    const vendor = await app.company();
    expect((await app.http.get('/customers').set('Authorization', vendor.auth)).status).toBe(200);

    await crash(redis, app.kv);
    const timings = await expectStoreDown(app.http, vendor.auth);
    console.info(`503 latency with Redis killed: ${timings.map((ms) => ms.toFixed(1)).join(' ms, ')} ms`);
    expect(app.logs.join('')).toContain('"code":"service_unavailable"');
  });

  it('answers 503 service_unavailable quickly when Redis was never reachable (closed port)', async () => {
    const port = await freePort();
    const app = await appOn(`redis://127.0.0.1:${port}`, { connect: false });
    const auth = `Bearer adl_live_${'A'.repeat(43)}`;
    const timings = await expectStoreDown(app.http, auth);
    console.info(`503 latency with a closed port: ${timings.map((ms) => ms.toFixed(1)).join(' ms, ')} ms`);
  });

  it('serves again once Redis comes back on the same port, without restarting the app', async () => {
    const redis = await throwaway();
    const app = await appOn(redis.url);
    const vendor = await app.company();
    const before = await app.http
      .post('/customers')
      .set('Authorization', vendor.auth)
      .send({ name: 'Before' });
    expect(before.status).toBe(201);

    // Persist what exists so the restarted server still knows the token, then crash.
    const admin = await redis.client();
    await admin.save();
    admin.disconnect();
    await crash(redis, app.kv);
    await expectStoreDown(app.http, vendor.auth);

    await redis.restart();
    await waitFor('/readyz to answer 200', async () => (await app.http.get('/readyz')).status === 200);

    const list = await app.http.get('/customers').set('Authorization', vendor.auth);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([before.body.id]);
    const after = await app.http.post('/customers').set('Authorization', vendor.auth).send({ name: 'After' });
    expect(after.status).toBe(201);
    expect(after.body).toMatchObject({ name: 'After', company: vendor.id, platforms: [] });
  });

  it('refuses a write with 503 when Redis is out of memory, leaving no partial customer', async () => {
    const redis = await throwaway();
    const app = await appOn(redis.url);
    const vendor = await app.company();
    for (const name of ['One', 'Two']) {
      expect(
        (await app.http.post('/customers').set('Authorization', vendor.auth).send({ name })).status,
      ).toBe(201);
    }

    const admin = await redis.client();
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    const used = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))![1]);
    await admin.config('SET', 'maxmemory', String(used + 2 * 1024 * 1024));
    // Fill with big values until one is refused, then with small ones until even those are: a big
    // write can be refused only for its own query buffer, which Redis frees right after.
    const fill = async (from: number, size: number): Promise<Error | undefined> => {
      const value = 'x'.repeat(size);
      for (let i = from; i < from + 20_000; i++) {
        const err = await admin.set(`filler:${i}`, value).then(
          () => undefined,
          (e: Error) => e,
        );
        if (err) return err;
      }
      return undefined;
    };
    expect((await fill(0, 64 * 1024))?.message).toMatch(/^OOM /);
    expect((await fill(100_000, 256))?.message).toMatch(/^OOM /);
    // Redis is full. Pin the limit a little below what it now uses, so shrinking client buffers in the
    // background cannot make room again before the request arrives.
    const full = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))![1]);
    await admin.config('SET', 'maxmemory', String(full - 256 * 1024));
    await expect(admin.set('filler:small', 'x')).rejects.toThrow(/^OOM /);

    const refused = await timed(() =>
      app.http.post('/customers').set('Authorization', vendor.auth).send({ name: 'No room' }),
    );
    expectUnavailable(refused.res);
    expect(refused.ms).toBeLessThan(2000);
    const keyed = await app.http
      .post('/customers')
      .set('Authorization', vendor.auth)
      .set('Idempotency-Key', 'oom-1')
      .send({ name: 'No room either' });
    expectUnavailable(keyed);
    // Reads still work while writes are refused.
    expect((await app.http.get('/customers').set('Authorization', vendor.auth)).status).toBe(200);

    await admin.config('SET', 'maxmemory', '0');
    // The refused idempotent request left no reservation behind: its retry runs, once.
    const retried = await app.http
      .post('/customers')
      .set('Authorization', vendor.auth)
      .set('Idempotency-Key', 'oom-1')
      .send({ name: 'No room either' });
    expect(retried.status).toBe(201);

    const co = `${app.prefix}{co:${vendor.id}}`;
    const index = await admin.zrange(`${co}:customers`, 0, -1);
    const indexed = index.map((member) => {
      const [createdAt, id] = member.split('|');
      return { createdAt, id };
    });
    const records: string[] = [];
    for (let cursor = '0', first = true; first || cursor !== '0'; first = false) {
      const [next, found] = await admin.scan(cursor, 'MATCH', `${co}:customer:*`, 'COUNT', 1000);
      cursor = next;
      records.push(...found.filter((key) => !key.endsWith(':platforms')));
    }
    expect(records.sort()).toEqual(indexed.map(({ id }) => `${co}:customer:${id}`).sort());
    for (const { createdAt, id } of indexed) {
      const stored = JSON.parse((await admin.get(`${co}:customer:${id}`))!);
      expect(stored).toMatchObject({ id, created_at: createdAt, company: vendor.id });
    }
    expect(indexed).toHaveLength(3);
    const names = await Promise.all(
      indexed.map(async ({ id }) => JSON.parse((await admin.get(`${co}:customer:${id}`))!).name),
    );
    expect(names.sort()).toEqual(['No room either', 'One', 'Two']);
  });

  it('answers 503 within about a second when Redis is blocked (commandTimeout)', async () => {
    const redis = await throwaway();
    const app = await appOn(redis.url);
    const vendor = await app.company();
    expect((await app.http.get('/customers').set('Authorization', vendor.auth)).status).toBe(200);

    const blocker = await redis.client();
    const blocked = blocker.call('DEBUG', 'SLEEP', '2');
    await new Promise((r) => setTimeout(r, 100));
    const during = await timed(() =>
      app.http.post('/customers').set('Authorization', vendor.auth).send({ name: 'Blocked' }),
    );
    expectUnavailable(during.res);
    console.info(`503 latency with Redis blocked by DEBUG SLEEP 2: ${during.ms.toFixed(1)} ms`);
    expect(during.ms).toBeGreaterThan(800);
    expect(during.ms).toBeLessThan(1500);

    await blocked;
    const list = await app.http.get('/customers').set('Authorization', vendor.auth);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });
});
