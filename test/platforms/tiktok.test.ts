import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import { expectError } from '../support/adsets-client.js';
import { CampaignClient } from '../support/campaigns-client.js';
import { enter, newLink } from '../support/connect-helpers.js';
import { FlowClient } from '../support/flow-client.js';
import {
  consentAtEmulator,
  describePlatformSuite,
  type PlatformWorld,
  startPlatformWorld,
} from '../support/platform-suite.js';
import { tiktokPost, tiktokRecord } from '../support/tiktok-records.js';

/** March of next year, midnight in Tokyo. */
const YEAR = new Date().getUTCFullYear() + 1;
const runtime = {
  kind: 'Runtime',
  start: `${YEAR}-03-02T00:00:00+09:00`,
  end: `${YEAR}-04-01T00:00:00+09:00`,
};

/** The seeded TRAFFIC campaign of the USD advertiser (ids are handed out in seeding order). */
const TRAFFIC_CAMPAIGN = '1800000000000000001';

describePlatformSuite({
  platform: 'tiktok',
  emulator: tiktokEmulator,
  advertiser: { id: SEEDED.usAdvertiser, currency: 'USD' },
  campaign: TRAFFIC_CAMPAIGN,
  create: {
    channelKind: 'Social',
    settings: [
      { kind: 'DailyBudget', budget: 50, currency: 'USD' },
      { kind: 'Objective', objective: 'TRAFFIC' },
    ],
    targetings: [
      { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'US', zipcode: '10001' }] },
    ],
  },
  unsupported: [
    { targetings: [{ kind: 'KeywordTargeting', keywords: ['bread'] }], param: 'targetings[0]' },
    {
      settings: [
        { kind: 'DailyBudget', budget: 50, currency: 'USD' },
        { kind: 'Objective', objective: 'REACH' },
      ],
      param: 'settings[1].objective',
    },
  ],
  invalid: { settings: [{ kind: 'DailyBudget', budget: 5, currency: 'USD' }], param: 'settings[0].budget' },
  manage: {
    campaign: { objective: 'TRAFFIC', settings: [{ kind: 'DailyBudget', budget: 100, currency: 'USD' }] },
    adSet: {
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 30, currency: 'USD' }, runtime],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '10001' }],
        },
      ],
    },
    budget: {
      on: 'adset',
      setting: { kind: 'DailyBudget', budget: 42.5, currency: 'USD' },
      // TikTok keeps budgets in major units of the advertiser's currency.
      stored: async (world, ids) =>
        (await tiktokRecord(world.emulator, 'adgroup', SEEDED.usAdvertiser, ids.adSet)).budget,
      expected: 42.5,
    },
    runtime: { on: 'adset', setting: { ...runtime, end: `${YEAR}-04-15T00:00:00+09:00` } },
    // TikTok needs a location on every ad group: the walk adds a zip code, then removes it again.
    targeting: {
      add: {
        kind: 'GeoTargeting',
        type: 'ZipcodeGeoTargeting',
        zipcodes: [
          { country: 'US', zipcode: '10001' },
          { country: 'US', zipcode: '10002' },
        ],
      },
      remove: {
        kind: 'GeoTargeting',
        type: 'ZipcodeGeoTargeting',
        zipcodes: [{ country: 'US', zipcode: '10001' }],
      },
    },
  },
  pageSize: 10,
  deletedStatus: 'Deleted',
  expiry: 'reconnect',
  revocation: {
    method: 'POST',
    path: '/open_api/v1.3/oauth2/revoke_token/',
    sends: (tokens, client) => ({
      body: { app_id: client.clientId, secret: client.clientSecret, access_token: tokens.access_token },
    }),
  },
  // The seeded Japan advertiser bills in yen.
  report: { zeroDecimalAdvertiser: SEEDED.jpAdvertiser },
  ads: {
    images: [{ width: 1200, height: 628, type: 'png' }],
    // TikTok takes JPG and PNG of any resolution; adlink caps them at the 500 KB TikTok suggests.
    refusedImages: { tooLarge: 500 * 1024 + 1, wrongType: 'gif' },
    identities: true,
    // adlink's ad groups run on TikTok's own placement, which takes video ads only: no creative kind.
    creatives: () => [],
    received: () => {
      throw new Error('adlink creates no TikTok ad');
    },
    // Every ImageAd is refused before its texts are checked, so a text past TikTok's 100 characters
    // is refused on `creative` too.
    tooLong: ({ media, identity }) => ({
      creative: {
        kind: 'ImageAd',
        media: media[0],
        text: 'x'.repeat(101),
        url: 'https://acme-bakery.example/spring',
        callToAction: 'LearnMore',
        identity,
      },
      param: 'creative',
    }),
    refused: [
      {
        creative: ({ media, identity }) => ({
          kind: 'ImageAd',
          media: media[0],
          text: 'Fresh sourdough, every morning',
          url: 'https://acme-bakery.example/spring',
          callToAction: 'ShopNow',
          identity,
        }),
        param: 'creative',
        message: /video/,
      },
    ],
    deletedStatus: 'Deleted',
  },
});

describe('tiktok: what is particular to TikTok', () => {
  let world: PlatformWorld;
  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'tiktok', emulator: tiktokEmulator });
  });
  afterAll(() => world?.close());

  it('connects with the auth_code redirect, a JSON token exchange and the Access-Token header', async () => {
    const before = world.emulator.controls.calls.length;
    const { api } = await world.connect();
    const calls = world.emulator.controls.calls.slice(before);
    const exchange = calls.find((c) => c.path.endsWith('/oauth2/access_token/'));
    expect(exchange?.method).toBe('POST');
    expect(exchange?.headers['content-type']).toMatch(/^application\/json/);
    expect(exchange?.body).toMatchObject({
      app_id: world.emulator.oauth.options.clientId,
      secret: world.emulator.oauth.options.clientSecret,
      auth_code: expect.any(String),
    });
    const apiCalls = calls.filter((c) => c !== exchange && !c.path.endsWith('/portal/auth'));
    // The accounts are listed at the callback, and again when the choice of them is sent (checked
    // against what the grant reaches then).
    expect(apiCalls.map((c) => c.path.replace('/open_api/v1.3', ''))).toEqual([
      '/oauth2/advertiser/get/',
      '/advertiser/info/',
      '/oauth2/advertiser/get/',
      '/advertiser/info/',
    ]);
    for (const call of apiCalls) {
      expect(call.headers['access-token']).toEqual(expect.any(String));
      expect(call.headers.authorization).toBeUndefined();
    }
    // Both advertisers, with the currency advertiser/info gives.
    const advertisers = await api.advertisers();
    expect(advertisers.body.data).toEqual([
      { id: SEEDED.usAdvertiser, name: 'Acme Bakery US', currency: 'USD' },
      { id: SEEDED.jpAdvertiser, name: 'Acme Bakery Japan', currency: 'JPY' },
    ]);
  });

  it('sends the code back as auth_code and code, and the callback takes both', async () => {
    const { company, customer } = await world.connect();
    const browser = new FlowClient(world.h.baseUrl);
    await enter(browser, (await newLink(world.h, company, customer, { platforms: 'tiktok' })).connect_url);
    const callback = new URL(await consentAtEmulator(world, browser, 'tiktok', 'allow'));
    expect(callback.searchParams.get('auth_code')).toEqual(expect.any(String));
    expect(callback.searchParams.get('code')).toBe(callback.searchParams.get('auth_code'));
    expect((await browser.get(callback.href)).status).toBe(303);
  });

  it('connects with a redirect that carries only auth_code and state', async () => {
    const { company, customer } = await world.connect();
    const browser = new FlowClient(world.h.baseUrl);
    await enter(browser, (await newLink(world.h, company, customer, { platforms: 'tiktok' })).connect_url);
    const callback = new URL(await consentAtEmulator(world, browser, 'tiktok', 'allow'));
    const authCode = callback.searchParams.get('auth_code');
    callback.searchParams.delete('code');
    expect([...callback.searchParams.keys()].sort()).toEqual(['auth_code', 'state']);
    const before = world.emulator.controls.calls.length;
    const res = await browser.get(callback.href);
    expect(res.status).toBe(303);
    // Exchanged and both advertisers listed: the customer chooses which ones adlink manages.
    expect(res.headers.get('location')).toBe('/connections/tiktok/accounts');
    const exchange = world.emulator.controls.calls
      .slice(before)
      .find((c) => c.path.endsWith('/oauth2/access_token/'));
    expect(exchange?.body).toMatchObject({ auth_code: authCode });
  });

  it('reads every status, budgets in yen, objectives from the campaign and zip codes from their ids', async () => {
    const { api } = await world.connect();
    const { items } = await api.all({ childResources: 'Ad,Targeting' });
    const byName = new Map(items.map((a) => [a.name, a]));
    expect(byName.get('Bread lovers NYC')).toMatchObject({
      status: 'Running',
      channelKind: 'Social',
      settings: [
        { kind: 'DailyBudget', budget: 50, currency: 'USD' },
        { kind: 'Objective', objective: 'TRAFFIC' },
        // Seeded "from now" (TikTok's open end), in UTC+0.
        { kind: 'Runtime', start: '2026-01-05T09:00:00Z' },
      ],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '10001' }],
        },
      ],
    });
    // Its ads, from the ads adapter: TikTok video ads adlink reads but does not create.
    const video = { kind: 'Other', format: 'SINGLE_VIDEO' };
    const ads = byName.get('Bread lovers NYC')?.ads;
    expect(ads).toHaveLength(2);
    expect(ads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Sourdough video', status: 'Running', creative: video }),
        expect.objectContaining({ name: 'Croissant video', status: 'Paused', creative: video }),
      ]),
    );
    expect(byName.get('Weekend push')).toMatchObject({
      status: 'Paused',
      settings: [
        { kind: 'TotalBudget', budget: 900, currency: 'USD' },
        { kind: 'Objective' },
        { kind: 'Runtime', start: '2026-01-05T09:00:00Z', end: '2026-03-01T00:00:00Z' },
      ],
    });
    expect(byName.get('Over budget')?.status).toBe('Active');
    expect(byName.get('Everyone')?.status).toBe('Active');
    expect(byName.get('Old test')?.status).toBe('Deleted');
    expect(byName.get('Tokyo commuters')).toMatchObject({
      status: 'Running',
      advertiser: SEEDED.jpAdvertiser,
      settings: [
        { kind: 'DailyBudget', budget: 5000, currency: 'JPY' },
        { kind: 'Objective', objective: 'TRAFFIC' },
        { kind: 'Runtime', start: '2026-01-05T09:00:00Z' },
      ],
    });
  });

  it("passes TikTok's coded refusals on with the unified parameter, and refuses unknown zip codes itself", async () => {
    const { api } = await world.connect();
    const body = (name: string, zipcode = '10002') => ({
      name,
      advertiser: SEEDED.usAdvertiser,
      parentId: TRAFFIC_CAMPAIGN,
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 30, currency: 'USD' }],
      targetings: [
        { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'US', zipcode }] },
      ],
    });
    const duplicate = expectError(
      await api.create(body('Bread lovers NYC')),
      400,
      'platform_validation_failed',
      'name',
    );
    expect(duplicate.message).toContain('already exists');
    expectError(
      await api.create(body('Nowhere', '00000')),
      400,
      'invalid_request',
      'targetings[0].zipcodes[0].zipcode',
    );
    const created = await api.create({ ...body('Running at once'), status: 'Running' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Enabled but without ads, it does not deliver yet.
    expect(created.body.status).toBe('Active');
  });

  it('creates in a yen account with a total budget', async () => {
    const { api } = await world.connect();
    const res = await api.create({
      name: 'Tokyo total',
      advertiser: SEEDED.jpAdvertiser,
      parentId: '1800000000000000003',
      channelKind: 'Social',
      settings: [{ kind: 'TotalBudget', budget: 90000, currency: 'JPY' }, runtime],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94103' }],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.settings).toEqual([
      { kind: 'TotalBudget', budget: 90000, currency: 'JPY' },
      { kind: 'Objective', objective: 'TRAFFIC' },
      // TikTok schedules in UTC+0, and so it reads back.
      { kind: 'Runtime', start: `${YEAR}-03-01T15:00:00Z`, end: `${YEAR}-03-31T15:00:00Z` },
    ]);
    expect(world.emulator.controls.callsTo('/adgroup/create/', 'POST').at(-1)!.body).toMatchObject({
      schedule_type: 'SCHEDULE_START_END',
      schedule_start_time: `${YEAR}-03-01 15:00:00`,
      schedule_end_time: `${YEAR}-03-31 15:00:00`,
    });
  });

  it('creates an ad group under a Campaign Budget Optimization campaign, with the bid type CBO requires', async () => {
    const { api } = await world.connect();
    // CBO campaigns are made in TikTok itself: adlink creates its campaigns without it.
    const cbo = await tiktokPost(world.emulator, '/campaign/create/', {
      advertiser_id: SEEDED.usAdvertiser,
      campaign_name: 'Shared budget',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 100,
      budget_optimize_on: true,
    });
    expect(cbo.code, cbo.message).toBe(0);
    const res = await api.create({
      name: 'Under a shared budget',
      advertiser: SEEDED.usAdvertiser,
      parentId: String(cbo.data.campaign_id),
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 30, currency: 'USD' }],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '10001' }],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(world.emulator.controls.callsTo('/adgroup/create/', 'POST').at(-1)!.body).toMatchObject({
      campaign_id: cbo.data.campaign_id,
      bid_type: 'BID_TYPE_NO_BID',
    });
  });

  it('creates a campaign with a lifetime cap and no schedule (TikTok campaigns have none)', async () => {
    const { api, customer } = await world.connect();
    const campaigns = new CampaignClient(world.h, api.company, customer, 'tiktok');
    const res = await campaigns.create({
      name: 'capped for life',
      advertiser: SEEDED.usAdvertiser,
      objective: 'TRAFFIC',
      settings: [{ kind: 'TotalBudget', budget: 500, currency: 'USD' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.settings).toEqual([{ kind: 'TotalBudget', budget: 500, currency: 'USD' }]);
    const stored = await tiktokRecord(world.emulator, 'campaign', SEEDED.usAdvertiser, res.body.id);
    expect(stored).toMatchObject({ budget_mode: 'BUDGET_MODE_TOTAL', budget: 500 });
    const raised = await campaigns.put(res.body.id, {
      settings: [{ kind: 'TotalBudget', budget: 750, currency: 'USD' }],
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.settings).toEqual([{ kind: 'TotalBudget', budget: 750, currency: 'USD' }]);
  });

  it('targets a Canadian postal code by its first three characters, the level TikTok targets', async () => {
    const { api } = await world.connect();
    const canada = (zipcode: string) => ({
      name: `Toronto ${zipcode}`,
      advertiser: SEEDED.usAdvertiser,
      parentId: TRAFFIC_CAMPAIGN,
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 30, currency: 'USD' }],
      targetings: [
        { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'CA', zipcode }] },
      ],
    });
    const before = world.emulator.controls.calls.length;
    const created = await api.create(canada('m5v 3l9'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const search = world.emulator.controls.calls
      .slice(before)
      .find((c) => c.path.endsWith('/tool/targeting/search/'));
    expect(search?.body).toMatchObject({ region_codes: ['CA'], keywords: ['M5V'] });
    expect(created.body.targetings).toEqual([
      { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'CA', zipcode: 'M5V' }] },
    ]);
    expectError(
      await api.create(canada('10001')),
      400,
      'invalid_request',
      'targetings[0].zipcodes[0].zipcode',
    );
  });

  it("reads past TikTok's largest page of 1000", async () => {
    const { api } = await world.connect();
    world.emulator.seedAdSets(SEEDED.usAdvertiser, TRAFFIC_CAMPAIGN, 1000);
    const before = world.emulator.controls.calls.length;
    const res = await api.list({ dismissDatabase: true, limit: 1000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pages = world.emulator.controls.calls
      .slice(before)
      .filter((c) => c.path.endsWith('/adgroup/get/') && c.query.advertiser_id === SEEDED.usAdvertiser)
      .map((c) => c.query.page);
    expect(pages).toEqual(['1', '2']);
    expect(res.body.has_more).toBe(true);
  });
});
