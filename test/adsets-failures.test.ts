import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../src/errors.js';
import { type AdSetBody, AdSetClient, expectError, type ListBody } from './support/adsets-client.js';
import { type Company, countLogs, enter, expectPage, newLink } from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { type DirectGrant, directGrants, revokeAtSandbox } from './support/sandbox-direct.js';

/**
 * What the vendor sees when the platform fails, driven by the sandbox's fault injection: the
 * documented error for each failure, and for every write (create, update, delete) and live read, a
 * cache left exactly as it was (a default read before and after are equal) and nothing changed at
 * the platform.
 */

const REFRESHED = 'platform authorization refreshed';

/** A connected customer with a filled cache, a direct grant on its sandbox data and an ad set to act on. */
interface Subject {
  client: AdSetClient;
  direct: DirectGrant;
  eur: string;
  campaign: string;
  /** A Running ad set of the EUR account, as the cache holds it. */
  target: AdSetBody;
}

type OpName = 'create' | 'update' | 'delete' | 'live list' | 'live get';

interface Op {
  name: OpName;
  run: (s: Subject) => Promise<Response>;
  /** Only the platform request(s) of the operation itself match (a create's campaign check does not). */
  prefix: (s: Subject) => string;
  /** Platform requests one attempt of the operation makes at most. */
  calls: number;
}

const NEVER = 'Never created';

const OPS: Op[] = [
  {
    name: 'create',
    run: (s) =>
      s.client.create({
        name: NEVER,
        advertiser: s.eur,
        parentId: s.campaign,
        channelKind: 'Search',
        settings: [{ kind: 'DailyBudget', budget: 20, currency: 'EUR' }],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye'] }],
      }),
    prefix: (s) => `/ad_accounts/${s.eur}/adsets`,
    calls: 1,
  },
  {
    name: 'update',
    run: (s) => s.client.put(s.target.id, { name: 'Never renamed', status: 'Paused' }),
    prefix: (s) => `/adsets/${s.target.id}`,
    calls: 1,
  },
  {
    name: 'delete',
    run: (s) => s.client.delete(s.target.id),
    prefix: (s) => `/adsets/${s.target.id}`,
    calls: 1,
  },
  {
    name: 'live list',
    run: (s) => s.client.list({ dismissDatabase: true }),
    prefix: () => '/ad_accounts/',
    // Both accounts, live and deleted ad sets, in parallel.
    calls: 4,
  },
  {
    name: 'live get',
    run: (s) => s.client.get(s.target.id, { dismissDatabase: true }),
    prefix: (s) => `/adsets/${s.target.id}`,
    calls: 1,
  },
];

describe('ad sets: platform failures', () => {
  let h: Harness;
  let company: Company;

  beforeAll(async () => {
    h = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '1000' } });
    company = await h.company('Failure Vendor');
  });

  afterAll(async () => {
    await h?.close();
  });

  const cached = async (s: Subject) => {
    const list = await s.client.list({ limit: 1000, childResources: 'Ad,Targeting' });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const one = await s.client.get(s.target.id, { childResources: 'Ad,Targeting' });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    return { list: list.body as ListBody, one: one.body as AdSetBody };
  };

  /** The platform's state of what the operations touch. */
  const atPlatform = async (s: Subject) => {
    const target = await s.direct.api.expect(200, 'GET', `/adsets/${s.target.id}`);
    const named = (await s.direct.api.allAdSets(s.eur)).filter((a) => a.name === NEVER);
    return { name: target.name, status: target.status, named: named.length };
  };

  async function subject(name: string): Promise<Subject> {
    const customer = await sandboxCustomer(h, company, name);
    const client = new AdSetClient(h, company, customer);
    const direct = await directGrants(h, customer, 4);
    const eur = direct.accounts[0]!;
    const campaign = (await direct.api.campaigns(eur)).find(
      (c) => c.status === 'ACTIVE' && c.channel === 'SEARCH',
    )!;
    const list = await client.list({ limit: 1000 });
    expect(list.status).toBe(200);
    const target = (list.body as ListBody).data.find((a) => a.advertiser === eur && a.status === 'Running')!;
    expect(target).toBeDefined();
    // Drift: the platform differs from the cache, so a live read that wrongly touched the cache shows.
    const other = (list.body as ListBody).data.find((a) => a.id !== target.id && a.status === 'Paused')!;
    await direct.api.expect(200, 'PATCH', `/adsets/${other.id}`, { name: 'Drifted at the platform' });
    return { client, direct, eur, campaign: campaign.id, target };
  }

  /** How long the last operation run by failing() took. */
  let lastRunMs = 0;

  /** Runs the operation against a fault; checks the cache and the platform are as they were. */
  async function failing(s: Subject, op: Op, arrange: () => Promise<void>): Promise<Response> {
    const before = await cached(s);
    const platformBefore = await atPlatform(s);
    await arrange();
    const started = Date.now();
    const res = await op.run(s);
    lastRunMs = Date.now() - started;
    await s.direct.api.clearFaults();
    expect(await cached(s), `${op.name}: cache unchanged`).toEqual(before);
    expect(await atPlatform(s), `${op.name}: platform unchanged`).toEqual(platformBefore);
    expect(
      before.list.data.some((a) => a.name === 'Drifted at the platform'),
      'the drift never reached the cache',
    ).toBe(false);
    return res;
  }

  // -------------------------------------------------------------------------------------------
  const TRANSIENT = [
    {
      fault: 'server_error',
      check: (res: Response) => {
        const error = expectError(res, 502, 'platform_error');
        // The platform's own message is included.
        expect(error.message).toBe('sandbox answered: An unexpected error occurred (injected test fault).');
      },
    },
    {
      fault: 'rate_limited',
      check: (res: Response) => {
        expectError(res, 429, 'platform_rate_limited');
        expect(res.headers['retry-after']).toBe('7');
      },
    },
    {
      fault: 'hang',
      check: (res: Response) => {
        expectError(res, 504, 'platform_timeout');
        // PLATFORM_TIMEOUT_MS is 1 s; the sandbox would hold the request for 30 s.
        expect(lastRunMs).toBeGreaterThanOrEqual(900);
        expect(lastRunMs).toBeLessThan(4_000);
      },
    },
  ] as const;

  for (const { fault, check } of TRANSIENT) {
    describe(`${fault}: the documented error, the connection stays, a retry works`, () => {
      let s: Subject;

      beforeAll(async () => {
        s = await subject(`Flaky ${fault}`);
      });

      for (const op of OPS) {
        it(op.name, async () => {
          check(await failing(s, op, () => s.direct.api.fault(fault, 1, op.prefix(s))));
          expect(await s.client.connectionStatus()).toBe('connected');
        });
      }

      it('without the fault every operation succeeds, and a live read now shows the drift', async () => {
        expect((await s.client.list({ dismissDatabase: true })).status).toBe(200);
        const drifted = await s.client.list({ limit: 1000 });
        expect((drifted.body as ListBody).data.some((a) => a.name === 'Drifted at the platform')).toBe(true);
        expect((await s.client.get(s.target.id, { dismissDatabase: true })).status).toBe(200);
        expect((await OPS[0]!.run(s)).status).toBe(201);
        expect((await s.client.put(s.target.id, { name: 'Renamed at last' })).body.name).toBe(
          'Renamed at last',
        );
        expect((await s.client.delete(s.target.id)).body.data[0].status).toBe('Deleted');
      });
    });
  }

  // -------------------------------------------------------------------------------------------
  it('a store failure while reading the credentials is a 503 to retry, and the connection stays', async () => {
    const s = await subject('Store Hiccup');
    const connections = h.store.connections;
    const credentials = connections.credentials.bind(connections);
    let failures = 0;
    connections.credentials = async (...args) => {
      if (failures++ === 0) throw new StoreUnavailableError(new Error('injected: Redis timed out'));
      return credentials(...args);
    };
    try {
      const res = await s.client.get(s.target.id, { dismissDatabase: true });
      expectError(res, 503, 'service_unavailable');
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    } finally {
      connections.credentials = credentials;
    }
    expect(failures).toBe(1);
    expect(await s.client.connectionStatus()).toBe('connected');
    expect((await s.client.get(s.target.id, { dismissDatabase: true })).status).toBe(200);
  });

  it("the platform's own 400 is 400 platform_validation_failed with its message and the field; the change is not made", async () => {
    const s = await subject('Refusing Bakery');
    // Archived at the platform; the cache still says Running, so adlink's own checks let the change through.
    await s.direct.api.expect(200, 'PATCH', `/adsets/${s.target.id}`, { status: 'ARCHIVED' });
    const res = await s.client.put(s.target.id, {
      settings: [{ kind: 'DailyBudget', budget: 30, currency: 'EUR' }],
    });
    const error = expectError(res, 400, 'platform_validation_failed', 'settings');
    expect(error.message).toBe(
      'sandbox refused the values: An archived ad set can only be renamed or deleted.',
    );
    // Neither the platform nor the cache has the refused budget.
    const atPlatform = await s.direct.api.expect(200, 'GET', `/adsets/${s.target.id}`);
    expect(atPlatform.status).toBe('ARCHIVED');
    expect(atPlatform.budget).not.toMatchObject({ type: 'DAILY', amount: 3000 });
    expect((await cached(s)).one.settings).toEqual(s.target.settings);
    expect(await s.client.connectionStatus()).toBe('connected');
  });

  describe('an access token the platform rejects once is refreshed and the request retried', () => {
    let s: Subject;

    beforeAll(async () => {
      s = await subject('Expiring Bakery');
    });

    for (const op of OPS) {
      it(`${op.name}: unauthorized once → refreshed → success`, async () => {
        const before = countLogs(h, REFRESHED);
        const token = (await h.store.connections.credentials(company.id, s.client.customer, 'sandbox'))!;
        await s.direct.api.fault('unauthorized', 1, op.prefix(s));
        const res = await op.run(s);
        expect(res.status, JSON.stringify(res.body)).toBe(op.name === 'create' ? 201 : 200);
        expect(await s.direct.api.pendingFaults()).toBe(0);
        expect(countLogs(h, REFRESHED) - before).toBe(1);
        const now = (await h.store.connections.credentials(company.id, s.client.customer, 'sandbox'))!;
        expect(now.access_token).not.toBe(token.access_token);
        expect(now.refresh_token).not.toBe(token.refresh_token);
        expect(await s.client.connectionStatus()).toBe('connected');
      });
    }

    it('the writes happened once each, and the cache has them', async () => {
      expect((await atPlatform(s)).named).toBe(1);
      const target = await s.client.get(s.target.id);
      expect(target.body).toMatchObject({ name: 'Never renamed', status: 'Deleted' });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('credentials the platform keeps rejecting: 409 reauthorization_required, needs_reauth', () => {
    async function expectNeedsReauth(s: Subject, res: Response) {
      expectError(res, 409, 'reauthorization_required', 'platform');
      expect(await s.client.connectionStatus()).toBe('needs_reauth');
      // From now on no platform call is made: the platform's faults are gone, the answer stays 409.
      const before = countLogs(h, REFRESHED);
      for (const op of OPS) expectError(await op.run(s), 409, 'reauthorization_required', 'platform');
      expect(countLogs(h, REFRESHED)).toBe(before);
      // Reads from the cache still work.
      expect((await s.client.list()).status).toBe(200);
    }

    for (const op of OPS) {
      it(`${op.name}: unauthorized twice (the refresh itself works) → 409`, async () => {
        const s = await subject(`Rejected ${op.name}`);
        const before = countLogs(h, REFRESHED);
        // Enough faults that the retry is rejected too, however many requests one attempt makes.
        const res = await failing(s, op, () =>
          s.direct.api.fault('unauthorized', op.calls + 1, op.prefix(s)),
        );
        expect(countLogs(h, REFRESHED) - before).toBe(1);
        await expectNeedsReauth(s, res);
      });

      it(`${op.name}: revoked grant, expired token → 409`, async () => {
        const s = await subject(`Revoked ${op.name}`);
        const refused = countLogs(h, 'refresh refused');
        const res = await failing(s, op, async () => {
          const credentials = (await h.store.connections.credentials(
            company.id,
            s.client.customer,
            'sandbox',
          ))!;
          await revokeAtSandbox(h, credentials.refresh_token!, 'refresh_token');
          await h.store.connections.saveCredentials(company.id, s.client.customer, 'sandbox', {
            ...credentials,
            expires_at: Math.floor(Date.now() / 1000) - 10,
          });
        });
        expect(countLogs(h, 'refresh refused') - refused).toBe(1);
        await expectNeedsReauth(s, res);
      });
    }

    it('the hosted connections page shows "Needs reconnection"', async () => {
      const s = await subject('Shown Bakery');
      await s.direct.api.fault('unauthorized', 2, `/adsets/${s.target.id}`);
      expectError(
        await s.client.get(s.target.id, { dismissDatabase: true }),
        409,
        'reauthorization_required',
      );
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, company, s.client.customer)).connect_url);
      const html = await expectPage(await browser.get('/connections'), 200, /.+/);
      expect(html).toContain('Needs reconnection');
    });
  });
});
