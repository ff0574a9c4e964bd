import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventsWorker, createTokenKeeper } from '../src/app.js';
import { flowIdOf } from '../src/connect/flow.js';
import { eventKeys } from '../src/events/keys.js';
import type { RedisKv } from '../src/store/redis-kv.js';
import {
  type Company,
  connectSandbox,
  enter,
  finishVisit,
  newCustomer,
  newLink,
  SANDBOX_CLIENT_SECRET,
  sandboxIssuer,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { SandboxApi } from './support/sandbox-direct.js';
import { eventually } from './support/webhook-receiver.js';

/** Every event type comes from the step that causes it, once, and from no other step. */
describe('events emitted by the flows that cause them', () => {
  let h: Harness;
  let company: Company;
  let customer: string;
  let seen = 0;
  let worker: ReturnType<typeof createEventsWorker>;

  beforeAll(async () => {
    h = await startHarness();
    company = await vendorWith(h, 'Eventful', [`${h.baseUrl}/dev/return`]);
    customer = await newCustomer(h, company);
    worker = createEventsWorker({ config: h.config, store: h.store, log: h.log, keys: h.keys });
    await worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await h.close();
  });

  /** The events emitted since the last call, oldest first. */
  async function newEvents() {
    const res = await h.http.get('/events?limit=100').set('Authorization', company.auth);
    expect(res.status).toBe(200);
    const data = (
      res.body.data as { type: string; customer: string; data: Record<string, unknown> }[]
    ).reverse();
    const fresh = data.slice(seen);
    seen = data.length;
    return fresh;
  }

  const visit = async () => {
    const browser = new FlowClient(h.baseUrl);
    await enter(
      browser,
      (await newLink(h, company, customer, { redirect_uri: `${h.baseUrl}/dev/return` })).connect_url,
    );
    return browser;
  };

  it('connection.created, then connect_flow.completed once however often the end is reached', async () => {
    const browser = await visit();
    expect(await newEvents()).toEqual([]);
    await connectSandbox(h, browser);
    const [created, ...rest] = await newEvents();
    expect(rest).toEqual([]);
    // The customer connected on the hosted pages: no token of the vendor acted.
    expect(created).toMatchObject({
      type: 'connection.created',
      customer,
      actor: null,
      data: { platform: 'sandbox' },
    });
    expect(JSON.stringify(created)).not.toMatch(/access_token|refresh_token/);
    await finishVisit(browser);
    expect(await newEvents()).toMatchObject([
      { type: 'connect_flow.completed', data: { status: 'success', platforms: { sandbox: 'connected' } } },
    ]);
  });

  it('connection.reauthorized for a reconnect', async () => {
    const browser = await visit();
    await connectSandbox(h, browser);
    expect(await newEvents()).toMatchObject([
      { type: 'connection.reauthorized', data: { platform: 'sandbox' } },
    ]);
    await finishVisit(browser);
    expect((await newEvents()).map((e) => e.type)).toEqual(['connect_flow.completed']);
  });

  it('adset.changed_on_platform when a live read finds a change the cache did not have', async () => {
    const list = () =>
      h.http.get('/v1/sandbox/adsets').query({ customer }).set('Authorization', company.auth);
    const [first] = (await list()).body.data as { id: string }[];
    expect(await newEvents()).toEqual([]);
    const credentials = await h.store.connections.credentials(company.id, customer, 'sandbox');
    await new SandboxApi(h, credentials!.access_token).expect(200, 'PATCH', `/adsets/${first!.id}`, {
      name: 'Renamed at the platform',
    });
    await h.http
      .get(`/v1/sandbox/adsets/${first!.id}`)
      .query({ customer, dismissDatabase: 'true' })
      .set('Authorization', company.auth);
    expect(await newEvents()).toMatchObject([
      {
        type: 'adset.changed_on_platform',
        actor: null,
        data: { platform: 'sandbox', adset: { id: first!.id, name: 'Renamed at the platform' } },
      },
    ]);
    await h.http
      .get('/v1/sandbox/adsets')
      .query({ customer, dismissDatabase: 'true' })
      .set('Authorization', company.auth);
    expect(await newEvents()).toEqual([]);
  });

  it('names the token whose request caused an event: the company token, or a customer access token', async () => {
    const issued = await h.http
      .post(`/customers/${customer}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope: 'write' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const [created] = await newEvents();
    expect(created).toMatchObject({
      type: 'token.created',
      actor: { type: 'company_token', id: company.tokenId },
      data: { id: issued.body.id },
    });
    const [adSet] = (
      await h.http.get('/v1/sandbox/adsets').query({ customer }).set('Authorization', company.auth)
    ).body.data as { id: string }[];
    const renamed = await h.http
      .put(`/v1/sandbox/adsets/${adSet!.id}`)
      .set('Authorization', `Bearer ${issued.body.token}`)
      .send({ name: 'Renamed with an access token' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const events = await newEvents();
    expect(events).toMatchObject([
      { type: 'adset.updated', actor: { type: 'access_token', id: issued.body.id } },
    ]);
    // The actor is the token's public id: neither secret is in any event.
    for (const secret of [company.token, issued.body.token]) {
      expect(JSON.stringify([created, ...events])).not.toContain(secret);
    }
    const revoked = await h.http
      .delete(`/customers/${customer}/access_tokens/${issued.body.id}`)
      .set('Authorization', company.auth);
    expect(revoked.status).toBe(200);
    expect(await newEvents()).toMatchObject([
      { type: 'token.revoked', actor: { type: 'company_token', id: company.tokenId } },
    ]);
  });

  it('connection.needs_reauth (and connection.refresh_failed, its earlier name) when the platform refuses the refresh', async () => {
    const { refresh_token } = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
    await fetch(`${sandboxIssuer(h)}/oauth/revoke`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`adlink:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: refresh_token!, token_type_hint: 'refresh_token' }).toString(),
    });
    const keeper = createTokenKeeper(
      { config: h.config, store: h.store, log: h.log, keys: h.keys },
      { intervalMs: 60_000, windowSeconds: 0 },
    );
    await keeper.sweep(Date.now() / 1000 + 86_400 * 2);
    await keeper.sweep(Date.now() / 1000 + 86_400 * 4);
    expect(await newEvents()).toMatchObject([
      { type: 'connection.needs_reauth', data: { platform: 'sandbox', reason: 'grant_refused' } },
      { type: 'connection.refresh_failed', data: { platform: 'sandbox', reason: 'grant_refused' } },
    ]);
  });

  it('connection.revoked when the vendor disconnects', async () => {
    const res = await h.http
      .delete(`/customers/${customer}/connections/sandbox`)
      .set('Authorization', company.auth);
    expect(res.status).toBe(200);
    expect(await newEvents()).toMatchObject([
      {
        type: 'connection.revoked',
        actor: { type: 'company_token', id: company.tokenId },
        data: { platform: 'sandbox' },
      },
    ]);
  });

  it('connect_flow.abandoned when an opened link ends without completing', async () => {
    const browser = await visit();
    const flow = flowIdOf(browser.cookies.get('adlink_flow')!);
    // The visit's lifetime runs out: its record expires, then its delayed check comes due.
    await h.store.kv.del(h.store.keys.flow(flow));
    const queue = new Queue('events', {
      connection: (h.store.kv as RedisKv).client,
      prefix: eventKeys(h.prefix).queuePrefix(),
    });
    const check = (await queue.getDelayed()).find((job) => job.data.flow === flow);
    await check!.promote();
    const [abandoned] = await eventually(async () => {
      const fresh = await newEvents();
      return fresh.length > 0 && fresh;
    });
    expect(abandoned).toMatchObject({ type: 'connect_flow.abandoned', customer });
    await queue.close();
  });
});
