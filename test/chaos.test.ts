import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Company, newCustomer, vendorWith } from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis.js';

/**
 * Redis fails under load: killed, blocked (DEBUG SLEEP), paused (CLIENT PAUSE), out of memory under
 * noeviction, restarted empty — while vendors issue links, customers redeem them and connect the
 * sandbox, and ad sets are written. Every request answers (success, or 503 with Retry-After; a step
 * that depends on the sandbox platform, itself on the failing Redis, may answer 502), nothing is left
 * half-written, and service is back within 2 s of Redis.
 */

const RECOVERY_MS = 2_000;
const WORKERS = 6;
/**
 * Each worker starts at most one operation per PACE_MS, so the load is the same on a slow and a fast
 * machine's upper end, and the company's limits are sized from it: rate-limited answers are then a
 * defect, not a sign of a fast machine.
 */
const PACE_MS = 20;
const POLL_MS = 25;
/** Company-token calls of one operation at most (a customer created, then its link issued). */
const CALLS_PER_OPERATION = 2;
const FAULTS_TIMEOUT_MS = 120_000;
const EMPTY_TIMEOUT_MS = 60_000;
/** The longest both tests can run. */
const RUN_SECONDS = (FAULTS_TIMEOUT_MS + EMPTY_TIMEOUT_MS) / 1000;
const OPERATIONS_PER_SECOND = (WORKERS * 1000) / PACE_MS;
const LIMITS = {
  API_RATE_LIMIT: String((OPERATIONS_PER_SECOND * CALLS_PER_OPERATION + 1000 / POLL_MS) * 60),
  OPEN_LINK_QUOTA: String(OPERATIONS_PER_SECOND * RUN_SECONDS),
  CUSTOMER_QUOTA: String(OPERATIONS_PER_SECOND * RUN_SECONDS),
};

interface Outcome {
  op: string;
  status: number;
  retryAfter: string | null;
}

describe('chaos: Redis faults during load', () => {
  let redis: ThrowawayRedis;
  let admin: Redis;
  let h: Harness;
  let vendor: Company;
  let campaign: { account: string; id: string };
  let connected: string;
  const outcomes: Outcome[] = [];
  const faults: string[] = [];
  const recoveries: number[] = [];

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    admin = await redis.client();
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    // The load's requests after Redis lost the company fail authentication: not what is measured here.
    h = await startHarness({ redisUrl: redis.url, env: { AUTH_FAILURE_LIMIT: '100000', ...LIMITS } });
    await seed();
  });
  afterAll(async () => {
    await h?.close().catch(() => {});
    await redis?.stop();
  });

  /** A company with customers, one of them connected to the sandbox (whose first campaign ad sets go to). */
  async function seed() {
    vendor = await vendorWith(h, 'Chaos Co');
    connected = await newCustomer(h, vendor, 'Connected');
    const browser = new FlowClient(h.baseUrl);
    expect(await connectChain(browser, connected)).toBe('connected');
    const campaigns = await h.http
      .get('/campaigns')
      .query({ customer: connected, platform: 'sandbox' })
      .set('Authorization', vendor.auth);
    const first = campaigns.body.data[0] as { id: string; advertiser: string };
    campaign = { account: first.advertiser, id: first.id };
  }

  const record = (op: string, res: { status: number; headers: Headers | Record<string, string> }) => {
    const retryAfter =
      res.headers instanceof Headers ? res.headers.get('retry-after') : (res.headers['retry-after'] ?? null);
    outcomes.push({ op, status: res.status, retryAfter });
    return res.status;
  };

  /** Link → landing → redeem → sandbox consent → callback, stopping at the first step that fails. */
  async function connectChain(browser: FlowClient, customer: string): Promise<string> {
    const link = await h.http.get(`/customers/${customer}/connect`).set('Authorization', vendor.auth);
    if (record('issue', link) !== 200) return 'issue';
    const landing = await browser.get(link.body.connect_url);
    if (record('landing', landing) !== 200) return 'landing';
    const redeemed = await browser.post('/connections/session', FlowClient.formFields(await landing.text()));
    if (record('redeem', redeemed) !== 303) return 'redeem';
    const overview = await browser.get('/connections');
    if (record('overview', overview) !== 200) return 'overview';
    const { flow } = FlowClient.formFields(await overview.text());
    const start = await browser.post('/connections/sandbox/start', { flow: flow ?? '' });
    if (record('start', start) !== 303) return 'start';
    const authorize = start.headers.get('location')!;
    const page = await browser.get(authorize);
    if (record('consent_page', page) !== 200) return 'consent_page';
    const html = await page.text();
    const accounts = [...html.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
    const answer = await browser.post(new URL(authorize).origin + new URL(authorize).pathname, {
      ...FlowClient.formFields(html),
      decision: 'allow',
      accounts: accounts.slice(0, 2),
    });
    if (record('consent', answer) !== 303) return 'consent';
    const callback = await browser.get(answer.headers.get('location')!);
    if (record('callback', callback) !== 303) return 'callback';
    return 'connected';
  }

  /** One of the loads, chosen round-robin by the worker. */
  async function operation(n: number): Promise<void> {
    switch (n % 4) {
      case 0: {
        const res = await h.http.get(`/customers/${connected}/connect`).set('Authorization', vendor.auth);
        record('issue', res);
        return;
      }
      case 1: {
        const res = await h.http
          .post('/customers')
          .set('Authorization', vendor.auth)
          .send({ name: `Load ${n}` });
        record('customer', res);
        if (res.status === 201) await connectChain(new FlowClient(h.baseUrl), res.body.id);
        return;
      }
      case 2: {
        const res = await h.http
          .post('/v1/sandbox/adsets')
          .query({ customer: connected })
          .set('Authorization', vendor.auth)
          .send({
            name: `Chaos ${n}`,
            advertiser: campaign.account,
            parentId: campaign.id,
            channelKind: 'Social',
            settings: [{ kind: 'DailyBudget', budget: 10, currency: 'EUR' }],
            targetings: [],
          });
        record('adset_write', res);
        return;
      }
      default: {
        const link = await newLinkOrNull();
        if (!link) return;
        const browser = new FlowClient(h.baseUrl);
        const landing = await browser.get(link);
        if (record('landing', landing) !== 200) return;
        record(
          'redeem',
          await browser.post('/connections/session', FlowClient.formFields(await landing.text())),
        );
      }
    }
  }

  async function newLinkOrNull(): Promise<string | null> {
    const res = await h.http.get(`/customers/${connected}/connect`).set('Authorization', vendor.auth);
    return record('issue', res) === 200 ? (res.body.connect_url as string) : null;
  }

  /** Whether the load holds back (so a snapshot of Redis is not taken in the middle of a visit). */
  let holding = false;
  let active = 0;

  /** Lets the requests in flight finish and holds the load back while `work` runs. */
  async function quiet(work: () => Promise<void>): Promise<void> {
    holding = true;
    while (active > 0) await new Promise((r) => setTimeout(r, 10));
    try {
      await work();
    } finally {
      holding = false;
    }
  }

  /** Runs the load while `fault` runs; then waits for service and returns how long that took. */
  async function underLoad(name: string, fault: () => Promise<void>): Promise<void> {
    let running = true;
    let n = 0;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (running) {
        if (holding) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        active++;
        const started = Date.now();
        await operation(n++).catch((err: Error) =>
          outcomes.push({ op: `threw ${err.message}`, status: 0, retryAfter: null }),
        );
        active--;
        const rest = PACE_MS - (Date.now() - started);
        if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    faults.push(name);
    await fault();
    const back = Date.now();
    for (;;) {
      const res = await h.http.get('/customers').set('Authorization', vendor.auth);
      if (res.status !== 503) break;
      if (Date.now() - back > 10_000) throw new Error(`no service 10 s after ${name}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    recoveries.push(Date.now() - back);
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all(workers);
  }

  it(
    'kill, DEBUG SLEEP, CLIENT PAUSE and out of memory: only successes and retryable 503s',
    async () => {
      await underLoad('kill + restart (persisted)', async () => {
        // Redis keeps what it had when it was killed (the SAVE stands for its persistence); the load goes
        // on against the dead server.
        await quiet(async () => {
          await admin.save();
          await redis.kill('SIGKILL');
        });
        await new Promise((r) => setTimeout(r, 700));
        await redis.restart();
        admin = await redis.client();
        await admin.config('SET', 'maxmemory-policy', 'noeviction');
      });
      await underLoad('DEBUG SLEEP 1.5', async () => {
        await admin.call('DEBUG', 'SLEEP', '1.5');
      });
      await underLoad('CLIENT PAUSE 1500 ALL', async () => {
        await admin.call('CLIENT', 'PAUSE', '1500', 'ALL');
        await new Promise((r) => setTimeout(r, 1500));
      });
      await underLoad('out of memory', async () => {
        const used = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))![1]);
        await admin.config('SET', 'maxmemory', String(used));
        await new Promise((r) => setTimeout(r, 1000));
        await admin.config('SET', 'maxmemory', '0');
      });

      const bad = outcomes.filter(
        (o) =>
          !(o.status >= 200 && o.status < 400) &&
          !(o.status === 503 && /^[1-9]\d*$/.test(o.retryAfter ?? '')) &&
          !(o.status === 502 && ['callback', 'adset_write', 'consent', 'consent_page'].includes(o.op)) &&
          // The sandbox limits each access token to 50 calls per 10 s, as platforms do.
          !(o.status === 429 && o.op === 'adset_write' && o.retryAfter !== null),
      );
      const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
      console.log(
        `chaos: faults injected ${faults.length} (${faults.join(', ')}), requests ${outcomes.length}, 503 ${count((o) => o.status === 503)}, 502 ${count((o) => o.status === 502)}, recovery ms ${recoveries.join('/')}`,
      );
      expect([...new Set(bad.map((o) => `${o.op} ${o.status} ${o.retryAfter}`))]).toEqual([]);
      for (const ms of recoveries) expect(ms).toBeLessThanOrEqual(RECOVERY_MS);
      expect(count((o) => o.status === 503)).toBeGreaterThan(0);
      await expectConsistent();
    },
    FAULTS_TIMEOUT_MS,
  );

  it(
    'restarted empty: the lost company is a clean 401, and nothing half-written remains',
    async () => {
      await underLoad('restart empty', async () => {
        await redis.kill('SIGKILL');
        rmSync(join(redis.dir, 'dump.rdb'), { force: true });
        await redis.restart();
        admin = await redis.client();
        await admin.config('SET', 'maxmemory-policy', 'noeviction');
      });
      const after = await h.http.get('/customers').set('Authorization', vendor.auth);
      expect(after.status).toBe(401);
      await expectConsistent();
      await seed();
      expect((await h.http.get('/customers').set('Authorization', vendor.auth)).status).toBe(200);
    },
    EMPTY_TIMEOUT_MS,
  );

  /** No connection without its customer; customer index and records agree; platform sets match. */
  async function expectConsistent() {
    const keys: string[] = [];
    for (let cursor = '0', first = true; first || cursor !== '0'; first = false) {
      const [next, found] = await admin.scan(cursor, 'MATCH', `${h.prefix}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    }
    const problems: string[] = [];
    const exists = new Set(keys);
    for (const key of keys) {
      const conn = /^(.*\{co:[^}]+\}):conn:([^:]+):([a-z]+)$/.exec(key);
      if (conn) {
        if (!exists.has(`${conn[1]}:customer:${conn[2]}`)) problems.push(`${key} without its customer`);
        if (!(await admin.sismember(`${conn[1]}:customer:${conn[2]}:platforms`, conn[3]!)))
          problems.push(`${key} not in the customer's platforms`);
      }
      const index = /^(.*\{co:[^}]+\}):customers$/.exec(key);
      if (index) {
        const ids = (await admin.zrange(key, 0, -1)).map((m) => m.split('|')[1]);
        for (const id of ids)
          if (!exists.has(`${index[1]}:customer:${id}`)) problems.push(`index entry ${id} without record`);
        const records = keys.filter(
          (k) => k.startsWith(`${index[1]}:customer:`) && /:customer:[^:]+$/.test(k),
        );
        for (const r of records)
          if (!ids.includes(r.split(':customer:')[1])) problems.push(`${r} not in the index`);
      }
    }
    expect(problems).toEqual([]);
  }
});
