import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, type Company, newCustomer } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { VendorClient } from './support/vendor-client.js';

type Answer = { status: number; headers: Record<string, string>; body: unknown };

/** 429 with Retry-After and the IETF RateLimit headers. */
function expectLimited(res: Answer, policy: string, limit: number, window: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(window);
  expect(res.headers['ratelimit-policy']).toBe(`"${policy}";q=${limit};w=${window}`);
  expect(res.headers.ratelimit).toMatch(new RegExp(`^"${policy}";r=0;t=\\d+$`));
}

describe('per-company limits on the vendor API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { API_RATE_LIMIT: '5' } });
  });
  afterAll(() => h.close());

  it('answers 429 rate_limited past the limit, for that company only, and says what is left', async () => {
    const [busy, calm] = [await h.company('Busy'), await h.company('Calm')];
    for (let i = 0; i < 5; i++) {
      const res = await h.http.get('/customers').set('Authorization', busy.auth);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"api";q=5;w=60');
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"api";r=${4 - i};t=\\d+$`));
    }
    const limited = await h.http
      .post('/customers')
      .set('Authorization', busy.auth)
      .send({ name: 'One more' });
    expectLimited(limited, 'api', 5, 60);
    expect(apiError(limited).code).toBe('rate_limited');
    expect(await h.store.customers.count(busy.id)).toBe(0);
    expect((await h.http.get('/customers').set('Authorization', calm.auth)).status).toBe(200);
  });
});

describe('per-address limits on failed authentication', () => {
  let h: Harness;
  let company: Company;
  beforeAll(async () => {
    h = await startHarness({ env: { AUTH_FAILURE_LIMIT: '3' } });
    company = await h.company('Guessed Co');
  });
  afterAll(() => h.close());

  it('refuses every authentication from an address after its failures, right tokens included', async () => {
    const wrong = `Bearer adl_live_${'A'.repeat(43)}`;
    for (let i = 0; i < 3; i++) {
      expect((await h.http.get('/customers').set('Authorization', wrong)).status).toBe(401);
    }
    expectLimited(await h.http.get('/customers').set('Authorization', wrong), 'auth-failures', 3, 900);
    const right = await h.http.get('/customers').set('Authorization', company.auth);
    expectLimited(right, 'auth-failures', 3, 900);
    expect(apiError(right).code).toBe('rate_limited');
    // Wrong sign-in links count against the same address.
    const page = await new VendorClient(h.baseUrl).get(
      `/integrations/login?token=adl_login_${'B'.repeat(43)}`,
    );
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).not.toBeNull();
  });

  it('counts wrong sign-in links too', async () => {
    const other = await startHarness({ env: { AUTH_FAILURE_LIMIT: '2' } });
    try {
      const browser = new VendorClient(other.baseUrl);
      const origin = new URL(other.baseUrl).origin;
      for (let i = 0; i < 2; i++) {
        const res = await browser.post(
          '/integrations/login',
          { token: `adl_login_${'C'.repeat(43)}` },
          { Origin: origin },
        );
        expect(res.status).toBe(410);
      }
      const company = await other.company('Signing in');
      const token = await other.store.vendorSessions.createLoginLink(company.id);
      const refused = await browser.post('/integrations/login', { token }, { Origin: origin });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit-policy')).toBe('"auth-failures";q=2;w=900');
      expect(await other.store.vendorSessions.peekLoginLink(token)).toBe(company.id);
    } finally {
      await other.close();
    }
  });
});

describe('per-company quotas on stored things', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CUSTOMER_QUOTA: '2', OPEN_LINK_QUOTA: '2', IDEMPOTENCY_QUOTA: '2' } });
  });
  afterAll(() => h.close());

  it('customers: 409 quota_exceeded past the quota, for that company only', async () => {
    const [full, other] = [await h.company('Full'), await h.company('Other')];
    await newCustomer(h, full, 'One');
    await newCustomer(h, full, 'Two');
    const refused = await h.http.post('/customers').set('Authorization', full.auth).send({ name: 'Three' });
    expect(refused.status).toBe(409);
    expect(apiError(refused).code).toBe('quota_exceeded');
    expect(await h.store.customers.count(full.id)).toBe(2);
    await newCustomer(h, other, 'One');
  });

  it('open connect links: 409 past the quota', async () => {
    const company = await h.company('Linking');
    const customer = await newCustomer(h, company);
    const link = () => h.http.get(`/customers/${customer}/connect`).set('Authorization', company.auth);
    expect((await link()).status).toBe(200);
    expect((await link()).status).toBe(200);
    const refused = await link();
    expect(refused.status).toBe(409);
    expect(apiError(refused).code).toBe('quota_exceeded');
  });

  it('idempotency records: 409 naming Idempotency-Key past the quota; replays still answer', async () => {
    const company = await h.company('Idempotent');
    const create = (key: string, name: string) =>
      h.http.post('/customers').set('Authorization', company.auth).set('Idempotency-Key', key).send({ name });
    expect((await create('k1', 'A')).status).toBe(201);
    expect((await create('k2', 'B')).status).toBe(201);
    const refused = await create('k3', 'C');
    expect(refused.status).toBe(409);
    expect(apiError(refused)).toMatchObject({ code: 'quota_exceeded', param: 'Idempotency-Key' });
    expect(await h.store.customers.count(company.id)).toBe(2);
    const replay = await create('k1', 'A');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
