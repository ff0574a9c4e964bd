import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  type Company,
  callbackWith,
  connectSandbox,
  consent,
  enter,
  newCustomer,
  newLink,
  reachCallback,
  startSandbox,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { VendorClient } from './support/vendor-client.js';

interface Attempt {
  id: string;
  customer: string;
  platform: string;
  outcome: string;
  error_code: string | null;
  created_at: string;
}

describe('GET /connect/attempts', () => {
  let h: Harness;
  let a: Company;
  let b: Company;
  let bakery: string;
  let florist: string;

  /** A browser in the hosted flow of a new link for this customer. */
  async function browserFor(company: Company, customer: string): Promise<FlowClient> {
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer)).connect_url);
    return browser;
  }

  const list = (company: Company, query: Record<string, string> = {}) =>
    h.http.get('/connect/attempts').query(query).set('Authorization', company.auth);

  beforeAll(async () => {
    h = await startHarness();
    a = await h.company('Vendor A');
    b = await h.company('Vendor B');
    bakery = await newCustomer(h, a, 'Bakery');
    florist = await newCustomer(h, a, 'Florist');

    // 1. the bakery connects the sandbox
    await connectSandbox(h, await browserFor(a, bakery));
    // 2. the florist denies access on the sandbox's consent page
    const denying = await browserFor(a, florist);
    const denied = await denying.get(
      (await consent(h, denying, await startSandbox(h, denying), 'deny')).href,
    );
    expect(denied.status).toBe(200);
    // 3. the bakery comes back with a tampered code: the token endpoint refuses it
    const tampering = await browserFor(a, bakery);
    const pending = await reachCallback(h, tampering);
    const failed = await tampering.get(callbackWith(pending.url, { code: `${pending.code}x` }));
    expect(failed.status).toBe(502);
  });
  afterAll(() => h.close());

  it('lists the attempts newest first with outcome and error code', async () => {
    const res = await list(a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      has_more: false,
      data: [
        {
          id: expect.stringMatching(/^cat_[A-Za-z0-9_-]{16}$/),
          customer: bakery,
          platform: 'sandbox',
          outcome: 'failed',
          error_code: 'invalid_grant',
          created_at: expect.any(String),
        },
        expect.objectContaining({ customer: florist, outcome: 'denied', error_code: 'access_denied' }),
        expect.objectContaining({ customer: bakery, outcome: 'connected', error_code: null }),
      ],
    });
    const times = (res.body.data as Attempt[]).map((x) => x.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const attempt of res.body.data as Attempt[]) {
      expect(Object.keys(attempt).sort()).toEqual([
        'created_at',
        'customer',
        'error_code',
        'id',
        'outcome',
        'platform',
      ]);
    }
  });

  it('narrows to one customer', async () => {
    const res = await list(a, { customer: bakery });
    expect(res.status).toBe(200);
    expect((res.body.data as Attempt[]).map((x) => [x.customer, x.outcome])).toEqual([
      [bakery, 'failed'],
      [bakery, 'connected'],
    ]);
    const other = await list(a, { customer: await newCustomer(h, a, 'Quiet') });
    expect(other.body).toEqual({ has_more: false, data: [] });
  });

  it('pages with limit 1 through every attempt, and with a customer filter', async () => {
    const all = (await list(a)).body.data as Attempt[];
    const filters: Record<string, string>[] = [{}, { customer: bakery }];
    for (const filter of filters) {
      const seen: Attempt[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const res = await list(a, { ...filter, limit: '1', ...(cursor ? { cursor } : {}) });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toHaveLength(1);
        seen.push(...res.body.data);
        if (!res.body.has_more) {
          expect(res.body.next_cursor).toBeUndefined();
          break;
        }
        expect(res.body.next_cursor).toEqual(expect.any(String));
        cursor = res.body.next_cursor;
      }
      const expected = 'customer' in filter ? all.filter((x) => x.customer === bakery) : all;
      expect(seen).toEqual(expected);
    }
  });

  it("keeps companies apart: B sees none of A's attempts and cannot name A's customer", async () => {
    expect((await list(b)).body).toEqual({ has_more: false, data: [] });
    const foreign = await list(b, { customer: bakery });
    expect(foreign.status).toBe(404);
    expect(apiError(foreign)).toMatchObject({ code: 'customer_not_found', param: 'customer' });
    // A's cursor is only a position: with B's token it reads B's (empty) log.
    const cursor = (await list(a, { limit: '1' })).body.next_cursor as string;
    expect((await list(b, { cursor })).body).toEqual({ has_more: false, data: [] });
    const unknown = await list(a, { customer: 'not-a-customer' });
    expect(unknown.status).toBe(404);
    expect(apiError(unknown)).toMatchObject({ code: 'customer_not_found', param: 'customer' });
  });

  it.each([
    [{ limit: '0' }, 'invalid_request', 'limit'],
    [{ limit: '101' }, 'invalid_request', 'limit'],
    [{ limit: 'abc' }, 'invalid_request', 'limit'],
    [{ limit: '-1' }, 'invalid_request', 'limit'],
    [{ cursor: 'garbage' }, 'invalid_request', 'cursor'],
    [{ cursor: Buffer.from('{"after":"x"}').toString('base64url') }, 'invalid_request', 'cursor'],
    [{ cursor: Buffer.from('{"after":1}').toString('base64url') }, 'invalid_request', 'cursor'],
    [{ colour: 'blue' }, 'unknown_parameter', 'colour'],
  ])('refuses %j with 400 %s on %s', async (query, code, param) => {
    const res = await list(a, query);
    expect(res.status).toBe(400);
    expect(apiError(res)).toMatchObject({ code, param });
  });

  it('refuses a repeated parameter, no token, and other methods', async () => {
    const repeated = await h.http.get('/connect/attempts?limit=1&limit=2').set('Authorization', a.auth);
    expect(repeated.status).toBe(400);
    expect(apiError(repeated)).toMatchObject({ code: 'parameter_repeated', param: 'limit' });
    expect((await h.http.get('/connect/attempts')).status).toBe(401);
    const post = await h.http.post('/connect/attempts').set('Authorization', a.auth).send({});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('the activity page shows the same entries', async () => {
    const api = (await list(a)).body.data as Attempt[];
    const browser = await VendorClient.signIn(h, a.id);
    const { res, html } = await browser.page('/integrations/activity');
    expect(res.status).toBe(200);
    const rows = [...html.matchAll(/<tr data-attempt="([^"]+)" data-outcome="([^"]+)">/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual(api.map((x) => [x.id, x.outcome]));
    expect(html).toContain('<code>invalid_grant</code>');
    expect(html).toContain('<code>access_denied</code>');
    expect(html).toContain(`href="/integrations/customers/${bakery}">Bakery</a>`);
    expect(html).toContain(`href="/integrations/customers/${florist}">Florist</a>`);

    const filtered = await browser.page(`/integrations/activity?customer=${florist}`);
    const only = [...filtered.html.matchAll(/<tr data-attempt="([^"]+)"/g)].map((m) => m[1]);
    expect(only).toEqual(api.filter((x) => x.customer === florist).map((x) => x.id));

    const foreign = await (await VendorClient.signIn(h, b.id)).page(
      `/integrations/activity?customer=${bakery}`,
    );
    expect(foreign.res.status).toBe(404);
  });
});
