import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  type Company,
  consent,
  enter,
  newCustomer,
  newLink,
  startSandbox,
  throughChoice,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * A company's own ad accounts: the built-in customer `own`, which the customer list never shows and
 * which a company token acts for whenever it names no customer.
 */

describe('own ad accounts', () => {
  let h: Harness;
  let company: Company;
  let other: Company;
  let customer: string;

  /** Connects `who`'s own sandbox accounts through the hosted flow, keeping the accounts at `keep`. */
  async function connectOwn(who: Company, keep: number[]) {
    const link = await newLink(h, who, 'own');
    expect(new URL(link.connect_url).searchParams.get('customer')).toBe('own');
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, link.connect_url);
    const callback = await browser.get((await consent(h, browser, await startSandbox(h, browser))).href);
    expect(callback.status).toBe(303);
    const landed = await throughChoice(browser, callback, (offered) => keep.map((i) => offered[i]!));
    expect(landed).toBe('/connections?connected=sandbox');
  }

  const get = (who: Company, path: string, query: Record<string, string> = {}) =>
    h.http.get(path).query(query).set('Authorization', who.auth);

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Agency');
    other = await h.company('Other Agency');
    customer = await newCustomer(h, company, 'Client');
  });

  afterAll(async () => {
    await h.close();
  });

  it('without customer, a company token acts on its own connections: none yet', async () => {
    const res = await get(company, '/v1/sandbox/advertisers');
    expect(res.status).toBe(409);
    expect(apiError(res)).toMatchObject({ code: 'platform_not_connected', param: 'platform' });
    const connections = await get(company, '/customers/own/connections');
    expect(connections.status).toBe(200);
    expect(connections.body).toEqual({ data: [] });
  });

  it('connects its own accounts through the hosted flow; only the chosen account is used', async () => {
    await connectOwn(company, [1]);
    const advertisers = await get(company, '/v1/sandbox/advertisers');
    expect(advertisers.status).toBe(200);
    expect(advertisers.body.data).toHaveLength(1);
    const [account] = advertisers.body.data as { id: string }[];
    // Naming `own` is the same as naming none.
    expect((await get(company, '/v1/sandbox/advertisers', { customer: 'own' })).body).toEqual(
      advertisers.body,
    );

    const adSets = await get(company, '/v1/sandbox/adsets');
    expect(adSets.status).toBe(200);
    expect(adSets.body.data.length).toBeGreaterThan(0);
    for (const adSet of adSets.body.data) expect(adSet.advertiser).toBe(account!.id);

    const connections = await get(company, '/customers/own/connections');
    expect(connections.body.data.map((c: { platform: string }) => c.platform)).toEqual(['sandbox']);

    // The company's customer is not touched, and the other company has no own connection.
    expect((await get(company, '/v1/sandbox/advertisers', { customer })).status).toBe(409);
    expect((await get(other, '/v1/sandbox/advertisers')).status).toBe(409);
  });

  it('each company has its own sandbox accounts behind the same id', async () => {
    await connectOwn(other, [0, 1]);
    const mine = (await get(company, '/v1/sandbox/advertisers')).body.data as { id: string }[];
    const theirs = (await get(other, '/v1/sandbox/advertisers')).body.data as { id: string }[];
    expect(theirs).toHaveLength(2);
    for (const account of mine) expect(theirs.map((a) => a.id)).not.toContain(account.id);
  });

  it('the customer list, search and count do not show the built-in customer', async () => {
    const list = await get(company, '/customers');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([customer]);
    const after = await get(company, '/customers', { starting_after: 'own' });
    expect(after.status).toBe(404);
    expect(apiError(after)).toMatchObject({ code: 'customer_not_found', param: 'starting_after' });
    expect(await h.store.customers.count(company.id)).toBe(1);
    expect((await h.store.customers.search(company.id, 'own', 10)).data).toEqual([]);

    const own = await get(company, '/customers/own');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: 'own', company: company.id, platforms: ['sandbox'] });
  });

  it('cannot be deleted; lookalike ids are unknown customers', async () => {
    const res = await h.http.delete('/customers/own').set('Authorization', company.auth);
    expect(res.status).toBe(400);
    expect(apiError(res)).toMatchObject({ code: 'customer_not_deletable', param: 'id' });
    expect((await get(company, '/v1/sandbox/advertisers')).status).toBe(200);
    for (const id of ['OWN', 'own ', 'own-x', 'owner']) {
      const lookalike = await get(company, `/customers/${encodeURIComponent(id)}`);
      expect(lookalike.status).toBe(404);
      expect(apiError(lookalike).code).toBe('customer_not_found');
    }
  });

  it('an access token for the own accounts acts for them and nothing company-wide', async () => {
    const issued = await h.http
      .post('/customers/own/access_tokens')
      .set('Authorization', company.auth)
      .send({ scope: 'read' });
    expect(issued.status).toBe(201);
    expect(issued.body.customer).toBe('own');
    const auth = `Bearer ${issued.body.token}`;
    const advertisers = await h.http.get('/v1/sandbox/advertisers').set('Authorization', auth);
    expect(advertisers.status).toBe(200);
    expect(advertisers.body).toEqual((await get(company, '/v1/sandbox/advertisers')).body);
    const named = await h.http.get('/v1/sandbox/advertisers').query({ customer }).set('Authorization', auth);
    expect(named.status).toBe(403);
    expect(apiError(named).code).toBe('customer_not_allowed');
    expect((await h.http.get('/customers').set('Authorization', auth)).status).toBe(403);
  });
});
