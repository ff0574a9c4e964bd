import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consent,
  enter,
  linkParts,
  newCustomer,
  newLink,
  startSandbox,
  throughChoice,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { startRole, testRedisEnv } from './support/role-process.js';
import type { ServerProcess } from './support/server-process.js';
import { eventually, startReceiver } from './support/webhook-receiver.js';

/**
 * Two adlink API instances of one deployment (ADLINK_ROLE=api) and a worker process: the same Redis (or
 * cluster) and key prefix, the same keys, one PUBLIC_BASE_URL in front. The front is a load balancer the
 * test steers, so each step of a customer's visit lands on the instance the test names: nothing may live
 * in one process's memory.
 */
describe('two instances on one Redis', () => {
  let front: Server;
  let publicBaseUrl: string;
  let target: Harness;
  let a: Harness;
  let b: Harness;
  let worker: ServerProcess;

  beforeAll(async () => {
    front = createServer((req, res) => {
      const upstream = new URL(req.url ?? '/', target.baseUrl);
      const forwarded = request(upstream, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forwarded.on('error', () => res.writeHead(502).end());
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    publicBaseUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const env = {
      PUBLIC_BASE_URL: publicBaseUrl,
      API_RATE_LIMIT: '5',
      ACCESS_TOKEN_RATE_LIMIT: '5',
      ADLINK_ROLE: 'api',
      ...testRedisEnv(),
    };
    a = await startHarness({ env });
    b = await startHarness({ env, prefix: a.prefix });
    ({ server: worker } = await startRole('worker', a.prefix, { PUBLIC_BASE_URL: publicBaseUrl }));
    target = a;
  });
  afterAll(async () => {
    await worker?.kill();
    front?.closeAllConnections();
    await new Promise((resolve) => front?.close(resolve));
    await b?.close();
    await a?.close();
  });

  /** The instance the front sends the browser's (and the sandbox API's) next requests to. */
  const via = (instance: Harness) => {
    target = instance;
    return { ...instance, baseUrl: publicBaseUrl };
  };

  it('issues a link on A, redeems it on B, takes the OAuth callback on A and reads the ad sets on B', async () => {
    const company = await a.company('Two instances');
    const customer = await newCustomer(a, company);
    const link = await newLink(a, company, customer, { platforms: 'sandbox' });
    expect(link.connect_url.startsWith(`${publicBaseUrl}/connections?`)).toBe(true);

    const browser = new FlowClient(publicBaseUrl);
    const onB = via(b);
    await enter(browser, link.connect_url);
    const authorize = await startSandbox(onB, browser);
    const callback = await consent(onB, browser, authorize);

    via(a);
    const landed = await browser.get(callback.href);
    expect(landed.status).toBe(303);
    expect(await throughChoice(browser, landed)).toBe('/connections?connected=sandbox');

    const adSets = await b.http
      .get('/v1/sandbox/adsets')
      .query({ customer })
      .set('Authorization', company.auth);
    expect(adSets.status, JSON.stringify(adSets.body)).toBe(200);
    expect(adSets.body.data.length).toBeGreaterThan(0);
  });

  it('refuses a link to a token revoked on the other instance, though B read the link context with its gate', async () => {
    const company = await a.company('Revoked elsewhere');
    const other = await a.company('Other tenant');
    const customer = await newCustomer(a, company);
    const connect = (instance: Harness, auth: string) =>
      instance.http.get(`/customers/${customer}/connect`).set('Authorization', auth);
    expect((await connect(b, company.auth)).status).toBe(200);
    expect((await connect(b, company.auth)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const foreign = await connect(b, other.auth);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('customer_not_found');
    }

    await a.store.companies.revokeToken(company.tokenId);
    const refused = await connect(b, company.auth);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_token');
  });

  it('refuses an access token revoked on the other instance at once, though B knew its owner', async () => {
    const company = await a.company('Access token elsewhere');
    const { id: customer } = await a.store.customers.create(company.id, 'Shop');
    const issued = await a.http
      .post(`/customers/${customer}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope: 'write' });
    expect(issued.status).toBe(201);
    const auth = `Bearer ${issued.body.token}`;
    // B learns the token's owner on first use; the link route reads its context with the gate.
    expect((await b.http.get(`/customers/${customer}`).set('Authorization', auth)).status).toBe(200);
    expect((await b.http.get(`/customers/${customer}/connect`).set('Authorization', auth)).status).toBe(200);

    const revoked = await a.http
      .delete(`/customers/${customer}/access_tokens/${issued.body.id}`)
      .set('Authorization', company.auth);
    expect(revoked.status).toBe(200);
    for (const path of [`/customers/${customer}`, `/customers/${customer}/connect`]) {
      const refused = await b.http.get(path).set('Authorization', auth);
      expect(refused.status, path).toBe(401);
      expect(refused.body.error.code).toBe('invalid_token');
    }
  });

  it("refuses introspection with a token revoked on the other instance, though B read the token's session with its gate", async () => {
    const company = await a.company('Introspects elsewhere');
    const other = await a.company('Other introspector');
    const customer = await newCustomer(a, company);
    const { token } = linkParts(await newLink(a, company, customer));
    const introspect = (auth: string) =>
      b.http.post('/sessions/introspect').set('Authorization', auth).send({ token });
    for (let i = 0; i < 2; i++) {
      expect((await introspect(company.auth)).body).toMatchObject({ active: true, customer });
      expect((await introspect(other.auth)).body).toEqual({ active: false });
    }

    await a.store.companies.revokeToken(company.tokenId);
    const refused = await introspect(company.auth);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_token');
  });

  it('holds one company limit across both instances: 429 with Retry-After and RateLimit headers', async () => {
    const company = await a.company('Busy on both');
    for (const [i, instance] of [a, b, a, b, a].entries()) {
      const res = await instance.http.get('/customers').set('Authorization', company.auth);
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"api";r=${4 - i};t=\\d+$`));
    }
    for (const instance of [b, a]) {
      const limited = await instance.http.get('/customers').set('Authorization', company.auth);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.headers['ratelimit-policy']).toBe('"api";q=5;w=60');
      expect(limited.headers.ratelimit).toMatch(/^"api";r=0;t=\d+$/);
    }
  });

  it("delivers, through the worker process, an event of B's to an endpoint created on A, once", async () => {
    const company = await a.company('Hooks on both');
    const receiver = await startReceiver();
    try {
      const endpoint = await a.http
        .post('/webhook_endpoints')
        .set('Authorization', company.auth)
        .send({ url: receiver.url, events: ['token.created'] });
      expect(endpoint.status).toBe(201);
      const customer = await newCustomer(a, company);
      const issued = await b.http
        .post(`/customers/${customer}/access_tokens`)
        .set('Authorization', company.auth)
        .send({ scope: 'read' });
      expect(issued.status).toBe(201);
      await eventually(async () => receiver.received.length === 1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: 'token.created',
        data: { id: issued.body.id },
      });
      const deliveries = await a.http
        .get(`/webhook_endpoints/${endpoint.body.id}/deliveries`)
        .set('Authorization', company.auth);
      expect(deliveries.body.data).toMatchObject([{ state: 'succeeded', attempts: [{ status: 200 }] }]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
