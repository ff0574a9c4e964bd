import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  type Company,
  consent,
  enter,
  newCustomer,
  newLink,
  redeem,
  startSandbox,
  throughChoice,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * What a customer's access tokens may spend, through the HTTP API: their own share of the rate limit,
 * of open connect links and of idempotency records, apart from the company token's budget; and their
 * own namespace of idempotency keys.
 */

type Answer = { status: number; headers: Record<string, string>; body: unknown };

async function issue(h: Harness, company: Company, customer: string, scope: 'read' | 'write') {
  const res = await h.http
    .post(`/customers/${customer}/access_tokens`)
    .set('Authorization', company.auth)
    .send({ scope });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return `Bearer ${res.body.token as string}`;
}

describe('rate limit: an access token spends its customer’s own budget', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { API_RATE_LIMIT: '8', ACCESS_TOKEN_RATE_LIMIT: '3' } });
  });
  afterAll(() => h?.close());

  /** Requests with `auth` until one is 429 (at most `most`): the answers. */
  async function burst(auth: string, path: string, most: number): Promise<Answer[]> {
    const answers: Answer[] = [];
    while (answers.length < most && answers.at(-1)?.status !== 429) {
      answers.push(await h.http.get(path).set('Authorization', auth));
    }
    return answers;
  }

  it("a read token's burst to its limit leaves the company token's GET /customers at 200", async () => {
    const company = await h.company('Bursting');
    const customer = await newCustomer(h, company);
    const token = await issue(h, company, customer, 'read');
    const answers = await burst(token, `/customers/${customer}`, 12);
    const company429 = await h.http.get('/customers').set('Authorization', company.auth);
    expect(company429.status, JSON.stringify(company429.body)).toBe(200);
    // The company made 3 requests of its 8: the token's burst took none of them.
    expect(company429.headers['ratelimit-policy']).toBe('"api";q=8;w=60');
    expect(company429.headers.ratelimit).toMatch(/^"api";r=5;t=\d+$/);

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    answers.slice(0, 3).forEach((a, i) => {
      expect(a.headers['ratelimit-policy']).toBe('"customer";q=3;w=60');
      expect(a.headers.ratelimit).toMatch(new RegExp(`^"customer";r=${2 - i};t=\\d+$`));
    });
    const limited = answers[3]!;
    expect(apiError(limited).code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers.ratelimit).toMatch(/^"customer";r=0;t=\d+$/);
  });

  it("a customer's tokens share its one budget; another customer's token has its own", async () => {
    const company = await h.company('Several tokens');
    const [customer, neighbour] = [await newCustomer(h, company), await newCustomer(h, company, 'Florist')];
    const [first, second] = [
      await issue(h, company, customer, 'read'),
      await issue(h, company, customer, 'write'),
    ];
    const other = await issue(h, company, neighbour, 'read');
    expect((await burst(first, `/customers/${customer}`, 12)).map((a) => a.status)).toEqual([
      200, 200, 200, 429,
    ]);
    const shared = await h.http.get(`/customers/${customer}`).set('Authorization', second);
    expect(shared.status).toBe(429);
    expect(apiError(shared).code).toBe('rate_limited');
    const neighbours = await h.http.get(`/customers/${neighbour}`).set('Authorization', other);
    expect(neighbours.status).toBe(200);
    expect(neighbours.headers.ratelimit).toMatch(/^"customer";r=2;t=\d+$/);
  });
});

describe('open connect links: an access token has its customer’s own share, and a link ended stops counting', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { OPEN_LINK_QUOTA: '5', ACCESS_TOKEN_OPEN_LINK_QUOTA: '5' } });
  });
  afterAll(() => h?.close());

  const link = (auth: string, customer: string) =>
    h.http.get(`/customers/${customer}/connect`).set('Authorization', auth);
  async function links(auth: string, customer: string, count: number) {
    for (let i = 0; i < count; i++) {
      const res = await link(auth, customer);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }

  it("five links from one customer's token, revoked: links for that customer and another still issue", async () => {
    const company = await h.company('Revoking');
    const [customer, neighbour] = [await newCustomer(h, company), await newCustomer(h, company, 'Florist')];
    const token = await issue(h, company, customer, 'write');
    await links(token, customer, 5);
    const revoked = await h.http
      .delete(`/customers/${customer}/connect/sessions`)
      .set('Authorization', token);
    expect(revoked.body).toEqual({ revoked: 5 });
    expect((await link(token, customer)).status).toBe(200);
    expect((await link(company.auth, neighbour)).status).toBe(200);
    expect((await link(company.auth, customer)).status).toBe(200);
  });

  it("a token's links at its share: 409 for that customer's tokens only; the company and its other customers unaffected", async () => {
    const company = await h.company('Sharing');
    const [customer, neighbour] = [await newCustomer(h, company), await newCustomer(h, company, 'Florist')];
    const [token, neighbours] = [
      await issue(h, company, customer, 'write'),
      await issue(h, company, neighbour, 'write'),
    ];
    await links(token, customer, 5);
    const refused = await link(token, customer);
    expect(refused.status).toBe(409);
    expect(apiError(refused).code).toBe('quota_exceeded');
    await links(neighbours, neighbour, 5);
    await links(company.auth, neighbour, 3);
    await links(company.auth, customer, 2);
    // The company token's own quota is full now, its customers' shares apart.
    expect(apiError(await link(company.auth, customer)).code).toBe('quota_exceeded');
  });

  it('a used link stops counting at once', async () => {
    const company = await h.company('Using');
    const customer = await newCustomer(h, company);
    const token = await issue(h, company, customer, 'write');
    const issued = await link(token, customer);
    await links(token, customer, 4);
    expect((await link(token, customer)).status).toBe(409);
    expect((await redeem(new FlowClient(h.baseUrl), issued.body.connect_url)).status).toBe(303);
    expect((await link(token, customer)).status).toBe(200);
    // The company token's links alike.
    const own = await link(company.auth, customer);
    await links(company.auth, customer, 4);
    expect((await link(company.auth, customer)).status).toBe(409);
    expect((await redeem(new FlowClient(h.baseUrl), own.body.connect_url)).status).toBe(303);
    expect((await link(company.auth, customer)).status).toBe(200);
  });

  it('deleting a customer frees the links it held', async () => {
    const company = await h.company('Deleting');
    const [customer, neighbour] = [await newCustomer(h, company), await newCustomer(h, company, 'Florist')];
    await links(company.auth, customer, 5);
    expect((await link(company.auth, neighbour)).status).toBe(409);
    expect((await h.http.delete(`/customers/${customer}`).set('Authorization', company.auth)).status).toBe(
      200,
    );
    expect((await link(company.auth, neighbour)).status).toBe(200);
  });
});

describe('idempotency: records are the acting customer’s, and refusals keep none', () => {
  let h: Harness;
  let company: Company;
  /** Two customers connected as one sandbox user: they reach the same ad account. */
  let shopA: string;
  let shopB: string;
  let account: { id: string; currency: string };

  /** A customer connected to the sandbox as the demo user `login` (every customer given it shares its accounts). */
  async function connectedAs(name: string, login: string): Promise<string> {
    const customer = await newCustomer(h, company, name);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer)).connect_url);
    const authorize = await startSandbox(h, browser);
    authorize.searchParams.set('login_hint', login);
    const callback = await browser.get((await consent(h, browser, authorize)).href);
    expect(callback.status).toBe(303);
    expect(await throughChoice(browser, callback)).toBe('/connections?connected=sandbox');
    return customer;
  }

  beforeAll(async () => {
    h = await startHarness({ env: { IDEMPOTENCY_QUOTA: '6', ACCESS_TOKEN_IDEMPOTENCY_QUOTA: '4' } });
    company = await h.company('Keyed');
    shopA = await connectedAs('Shop A', 'agency-demo');
    shopB = await connectedAs('Shop B', 'agency-demo');
    const accounts = await h.http
      .get('/v1/sandbox/advertisers')
      .query({ customer: shopA })
      .set('Authorization', company.auth);
    account = accounts.body.data[0];
    const ofB = await h.http
      .get('/v1/sandbox/advertisers')
      .query({ customer: shopB })
      .set('Authorization', company.auth);
    expect(ofB.body.data.map((a: { id: string }) => a.id)).toContain(account.id);
  });
  afterAll(() => h?.close());

  const campaign = (name: string, advertiser = account.id) => ({
    name,
    advertiser,
    objective: 'TRAFFIC',
    channelKind: 'Search',
    settings: [{ kind: 'DailyBudget', budget: 10, currency: account.currency }],
  });
  const createCampaign = (auth: string, key: string, body: object, customer?: string) =>
    h.http
      .post('/v1/sandbox/campaigns')
      .query(customer ? { customer } : {})
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send(body);
  const createCustomer = (key: string, name: string) =>
    h.http.post('/customers').set('Authorization', company.auth).set('Idempotency-Key', key).send({ name });

  it('4xx answers under fresh keys keep no record: they fill no quota, and the key works once the request is fixed', async () => {
    const token = await issue(h, company, shopA, 'write');
    for (let i = 0; i < 4; i++) {
      const refused = await createCampaign(
        company.auth,
        `refused-${i}`,
        campaign('Nowhere', 'act_not_connected'),
        shopA,
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(apiError(refused).param).toBe('advertiser');
      expect(
        (await createCampaign(token, `token-refused-${i}`, campaign('Nowhere', 'act_not_connected'))).status,
      ).toBe(400);
    }
    const created = await createCustomer('after-refusals', 'Fresh');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fixed = await createCampaign(company.auth, 'refused-0', campaign('Fixed'), shopA);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    const byToken = await createCampaign(token, 'token-refused-0', campaign('Fixed by token'));
    expect(byToken.status, JSON.stringify(byToken.body)).toBe(201);
  });

  it("a token using the vendor's key neither learns of it nor blocks the vendor's use of it", async () => {
    const token = await issue(h, company, shopA, 'write');
    const vendor = await createCustomer('signup-4711', 'Signed up');
    expect(vendor.status).toBe(201);
    const guessed = await createCampaign(token, 'signup-4711', campaign('Guessing'));
    expect(guessed.status, JSON.stringify(guessed.body)).toBe(201);
    expect(guessed.headers['idempotent-replayed']).toBeUndefined();
    expect((guessed.body as { name: string }).name).toBe('Guessing');
    const again = await createCustomer('signup-4711', 'Signed up');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(vendor.body);

    // A key the token claims first stays free for the vendor.
    const claimed = await createCampaign(token, 'signup-4712', campaign('Claiming'));
    expect(claimed.status).toBe(201);
    const later = await createCustomer('signup-4712', 'Later');
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect((later.body as { name: string }).name).toBe('Later');
  });

  it("two customers on one ad account do not receive each other's replayed ids", async () => {
    const [tokenA, tokenB] = [
      await issue(h, company, shopA, 'write'),
      await issue(h, company, shopB, 'write'),
    ];
    const body = campaign('Same request');
    const fromA = await createCampaign(tokenA, 'campaign-1', body);
    expect(fromA.status, JSON.stringify(fromA.body)).toBe(201);
    const fromB = await createCampaign(tokenB, 'campaign-1', body);
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(201);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect((fromB.body as { id: string }).id).not.toBe((fromA.body as { id: string }).id);
    // Each still replays its own.
    const replayA = await createCampaign(tokenA, 'campaign-1', body);
    expect(replayA.headers['idempotent-replayed']).toBe('true');
    expect(replayA.body).toEqual(fromA.body);
  });

  it("a customer's tokens hold their own share of records: 409 for them, the company token unaffected", async () => {
    const customer = await connectedAs('Shop C', 'agency-demo');
    const token = await issue(h, company, customer, 'write');
    for (const key of ['share-1', 'share-2', 'share-3', 'share-4']) {
      expect((await createCampaign(token, key, campaign(key))).status).toBe(201);
    }
    const refused = await createCampaign(token, 'share-5', campaign('share-5'));
    expect(refused.status).toBe(409);
    expect(apiError(refused)).toMatchObject({ code: 'quota_exceeded', param: 'Idempotency-Key' });
    expect((await createCampaign(token, 'share-1', campaign('share-1'))).headers['idempotent-replayed']).toBe(
      'true',
    );
    const vendor = await createCampaign(company.auth, 'share-5', campaign('share-5'), customer);
    expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  });
});
