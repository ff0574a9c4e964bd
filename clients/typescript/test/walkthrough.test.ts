import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, enter } from '../../../test/support/connect-helpers.js';
import { FlowClient } from '../../../test/support/flow-client.js';
import { type Harness, startHarness } from '../../../test/support/harness.js';
import { type AdlinkClient, AdlinkError, createAdlinkClient } from '../src/index.js';

/**
 * The walkthrough of README.md and docs/, done through @adlink/client against a started adlink: a
 * customer, a connect link the customer follows to connect Sandbox Ads, its ad sets paged with the
 * iterator, an ad set created (idempotently), changed and deleted, a campaign, and errors as AdlinkError.
 */
describe('the walkthrough through @adlink/client', () => {
  let h: Harness;
  let adlink: AdlinkClient;
  let customer: string;
  const sent: Request[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const company = await h.company('Client Co');
    adlink = createAdlinkClient({
      baseUrl: h.baseUrl,
      token: company.token,
      fetch: (request) => {
        sent.push(request.clone());
        return fetch(request);
      },
    });
  });
  afterAll(() => h?.close());

  it('creates a customer once for one Idempotency-Key, and gives every create a key of its own', async () => {
    const first = await adlink.POST('/customers', {
      body: { name: 'Acme Bakery' },
      headers: { 'Idempotency-Key': 'signup-4711' },
    });
    const again = await adlink.POST('/customers', {
      body: { name: 'Acme Bakery' },
      headers: { 'Idempotency-Key': 'signup-4711' },
    });
    expect(again.id).toBe(first.id);
    customer = first.id;
    expect(await adlink.GET('/customers/{id}', { params: { path: { id: customer } } })).toMatchObject({
      id: customer,
      name: 'Acme Bakery',
      platforms: [],
    });

    const scratch = await adlink.POST('/customers', { body: { name: 'Scratch' } });
    const other = await adlink.POST('/customers', { body: { name: 'Scratch' } });
    expect(other.id).not.toBe(scratch.id);
    const keys = sent
      .filter((r) => r.method === 'POST')
      .map((r) => r.headers.get('Idempotency-Key'))
      .slice(-2);
    expect(keys).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(await adlink.DELETE('/customers/{id}', { params: { path: { id: other.id } } })).toEqual({
      id: other.id,
      deleted: true,
    });

    const names: string[] = [];
    for await (const c of adlink.paginate('/customers', { params: { query: { limit: '1' } } })) {
      names.push(c.name);
    }
    expect(names).toEqual(['Scratch', 'Acme Bakery']);
  });

  it('connects Sandbox Ads through a connect link the client issued', async () => {
    const link = await adlink.GET('/customers/{id}/connect', {
      params: { path: { id: customer }, query: { platforms: 'sandbox', locale: 'en' } },
    });
    expect(link.connect_url).toMatch(new RegExp(`^${h.baseUrl}/connections\\?customer=${customer}&`));
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, link.connect_url);
    await connectSandbox(h, browser);
    const platforms = await adlink.GET('/customers/{id}/platforms', { params: { path: { id: customer } } });
    expect(platforms.platforms).toEqual(['sandbox']);
  });

  it('pages ad sets, creates, changes and deletes one, and makes a campaign', async () => {
    const platform = { platform: 'sandbox' as const };
    const advertisers = await adlink.GET('/v1/{platform}/advertisers', {
      params: { path: platform, query: { customer } },
    });
    const advertiser = advertisers.data[0]!.id;
    const campaigns = await adlink.GET('/campaigns', {
      params: { query: { customer, platform: 'sandbox' } },
    });
    const campaign = campaigns.data[0]!.id;

    const pages = sent.length;
    const seen: string[] = [];
    for await (const adSet of adlink.paginate('/v1/{platform}/adsets', {
      params: { path: platform, query: { customer, limit: '2' } },
    })) {
      seen.push(adSet.id);
    }
    expect(sent.length - pages).toBe(Math.ceil(seen.length / 2));
    const whole = await adlink.GET('/v1/{platform}/adsets', {
      params: { path: platform, query: { customer, limit: '1000' } },
    });
    expect(seen).toEqual(whole.data.map((a) => a.id));
    expect(seen.length).toBeGreaterThan(2);

    const year = new Date().getFullYear() + 1;
    const create = {
      params: { path: platform, query: { customer } },
      headers: { 'Idempotency-Key': 'spring-sale-1' },
      body: {
        name: 'Spring sale',
        advertiser,
        parentId: campaign,
        channelKind: 'Search' as const,
        settings: [
          { kind: 'DailyBudget' as const, budget: 12.5, currency: 'EUR' },
          { kind: 'Objective' as const, objective: 'TRAFFIC' },
          {
            kind: 'Runtime' as const,
            start: `${year}-03-01T00:00:00+01:00`,
            end: `${year}-04-01T00:00:00+02:00`,
          },
        ],
        targetings: [{ kind: 'KeywordTargeting' as const, keywords: ['bread', 'cake'] }],
      },
    };
    const adSet = await adlink.POST('/v1/{platform}/adsets', create);
    expect((await adlink.POST('/v1/{platform}/adsets', create)).id).toBe(adSet.id);

    const changed = await adlink.PUT('/v1/{platform}/adsets/{id}', {
      params: { path: { ...platform, id: adSet.id }, query: { customer } },
      body: {
        settings: [
          { kind: 'DailyBudget', budget: 20, currency: 'EUR' },
          { kind: 'Runtime', start: `${year}-03-01T00:00:00+01:00`, end: `${year}-04-15T00:00:00+02:00` },
        ],
      },
    });
    expect(changed.settings).toEqual([
      { kind: 'DailyBudget', budget: 20, currency: 'EUR' },
      { kind: 'Objective', objective: 'TRAFFIC' },
      { kind: 'Runtime', start: `${year}-03-01T00:00:00+01:00`, end: `${year}-04-15T00:00:00+02:00` },
    ]);
    await adlink.DELETE('/v1/{platform}/adsets/{id}', {
      params: { path: { ...platform, id: adSet.id }, query: { customer } },
    });

    const made = await adlink.POST('/v1/{platform}/campaigns', {
      params: { path: platform, query: { customer } },
      body: {
        name: 'Summer bread',
        advertiser,
        objective: 'TRAFFIC',
        channelKind: 'Search',
        settings: [
          { kind: 'DailyBudget', budget: 30, currency: 'EUR' },
          { kind: 'Runtime', start: `${year}-06-01T00:00:00+02:00` },
        ],
      },
    });
    const summer = [
      { kind: 'DailyBudget', budget: 45, currency: 'EUR' },
      { kind: 'Runtime', start: `${year}-06-01T00:00:00+02:00`, end: `${year}-08-31T00:00:00+02:00` },
    ] as const;
    const raised = await adlink.PUT('/v1/{platform}/campaigns/{id}', {
      params: { path: { ...platform, id: made.id }, query: { customer } },
      body: { settings: [...summer] },
    });
    expect(raised.settings).toEqual(summer);
  });

  it('rejects with an AdlinkError naming the code, the parameter and the request', async () => {
    const refused = await adlink
      .POST('/v1/{platform}/adsets', {
        params: { path: { platform: 'sandbox' }, query: { customer } },
        body: {
          name: '',
          advertiser: 'x',
          parentId: 'y',
          channelKind: 'Search',
          settings: [],
          targetings: [],
        },
      })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AdlinkError);
    const error = refused as AdlinkError;
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', param: 'name' });
    expect(error.code).toBe('invalid_request');
    expect(error.requestId).toMatch(/^req_/);

    const missing = await adlink
      .GET('/customers/{id}', { params: { path: { id: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f' } } })
      .catch((err: unknown) => err);
    expect(missing).toMatchObject({ status: 404, code: 'customer_not_found' });

    const reader = await adlink.POST('/customers/{id}/access_tokens', {
      params: { path: { id: customer } },
      body: { scope: 'read', expires_in: 3600 },
    });
    const byToken = createAdlinkClient({ baseUrl: h.baseUrl, token: reader.token });
    const own = await byToken.GET('/v1/{platform}/adsets', { params: { path: { platform: 'sandbox' } } });
    expect(own.data.length).toBeGreaterThan(0);
    const denied = await byToken
      .PUT('/v1/{platform}/adsets/{id}', {
        params: { path: { platform: 'sandbox', id: own.data[0]!.id } },
        body: { status: 'Running' },
      })
      .catch((err: unknown) => err);
    expect(denied).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });
});
