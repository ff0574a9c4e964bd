import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../../emulators/google/index.js';
import { ADWORDS_SCOPE } from '../../emulators/google/oauth-routes.js';
import { SEED } from '../../emulators/google/seed.js';
import { adGroupAdsQuery, adLabelsQuery } from '../../src/platforms/google/queries.js';
import { emulatorSearch } from '../fixtures/google/emulated.js';
import { type AdSetBody, expectError } from '../support/adsets-client.js';
import {
  apiError,
  enter,
  newCustomer,
  newLink,
  throughChoice,
  vendorWith,
} from '../support/connect-helpers.js';
import { emulatorToken } from '../support/emulator-call.js';
import { FlowClient } from '../support/flow-client.js';
import { startHarness } from '../support/harness.js';
import {
  consentAtEmulator,
  describePlatformSuite,
  type PlatformWorld,
  startPlatformWorld,
} from '../support/platform-suite.js';

const DEVELOPER_TOKEN = 'dev-token-for-tests';
const YEAR = new Date().getUTCFullYear() + 1;
/** Whole days in Europe/Berlin (UTC+1 in winter), the seeded account's time zone. */
const winter = (end: string) => ({ kind: 'Runtime', start: `${YEAR}-01-01T00:00:00+01:00`, end });
const env = { GOOGLE_DEVELOPER_TOKEN: DEVELOPER_TOKEN, GOOGLE_LOGIN_CUSTOMER_ID: SEED.manager };
const searchAd = (headlines = ['Fresh croissants', 'Bakery Berlin', 'Rye bread daily']) => ({
  kind: 'SearchAd',
  headlines,
  descriptions: ['Baked every morning in Berlin.', 'Order online, pick up fresh.'],
  url: 'https://bakery.example/croissants',
  paths: ['bread', 'croissants'],
});

describePlatformSuite({
  platform: 'google',
  emulator: googleEmulator,
  env,
  advertiser: { id: SEED.bakery, currency: 'EUR' },
  campaign: SEED.searchCampaign,
  create: {
    channelKind: 'Search',
    settings: [{ kind: 'Objective', objective: 'SEARCH' }],
    targetings: [{ kind: 'KeywordTargeting', keywords: ['fresh croissants', 'rye bread'] }],
  },
  unsupported: [
    { settings: [{ kind: 'DailyBudget', budget: 20, currency: 'EUR' }], param: 'settings[0]' },
    {
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'DE', zipcode: '10115' }],
        },
      ],
      param: 'targetings[0]',
    },
  ],
  invalid: {
    targetings: [{ kind: 'KeywordTargeting', keywords: ['bread', 'best bread!!!'] }],
    param: 'targetings[0].keywords[1]',
  },
  pageSize: 50,
  deletedStatus: 'Deleted',
  expiry: 'refresh',
  // The refresh token alone: revoking it revokes the whole grant.
  revocation: {
    method: 'POST',
    path: '/revoke',
    sends: (tokens) => ({ body: { token: tokens.refresh_token } }),
  },
  // Budgets and dates are the campaign's: the ad group shows them and changes only its keywords.
  manage: {
    campaign: {
      objective: 'SEARCH',
      channelKind: 'Search',
      settings: [
        { kind: 'DailyBudget', budget: 15, currency: 'EUR' },
        winter(`${YEAR}-02-01T00:00:00+01:00`),
      ],
    },
    adSet: {
      channelKind: 'Search',
      settings: [{ kind: 'Objective', objective: 'SEARCH' }],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['fresh croissants'] }],
    },
    budget: {
      on: 'campaign',
      setting: { kind: 'DailyBudget', budget: 22.5, currency: 'EUR' },
      async stored(world, { campaign }) {
        const [row] = await emulatorSearch(
          world.emulator,
          emulatorToken(world.emulator, [ADWORDS_SCOPE]),
          SEED.bakery,
          `SELECT campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${campaign}`,
        );
        return row?.campaignBudget?.amountMicros;
      },
      expected: '22500000',
    },
    runtime: { on: 'campaign', setting: winter(`${YEAR}-03-01T00:00:00+01:00`) },
    targeting: {
      add: { kind: 'KeywordTargeting', keywords: ['fresh croissants', 'rye bread'] },
      remove: { kind: 'KeywordTargeting', keywords: [] },
    },
  },
  // Bakery Tokyo bills in yen and is reached through the manager.
  report: { zeroDecimalAdvertiser: SEED.tokyo },
  // Responsive search ads only: no Google ad adlink creates takes an image, and none speaks as an identity.
  ads: {
    images: [],
    refusedImages: null,
    identities: false,
    creatives: () => [searchAd()],
    async received(world, ad, creative) {
      const token = emulatorToken(world.emulator, [ADWORDS_SCOPE]);
      const [row] = await emulatorSearch(world.emulator, token, SEED.bakery, adGroupAdsQuery(ad.id));
      const sent = creative as ReturnType<typeof searchAd>;
      expect(row?.adGroupAd).toMatchObject({
        status: 'PAUSED',
        ad: {
          type: 'RESPONSIVE_SEARCH_AD',
          finalUrls: [sent.url],
          responsiveSearchAd: {
            headlines: sent.headlines.map((text) => ({ text })),
            descriptions: sent.descriptions.map((text) => ({ text })),
            path1: 'bread',
            path2: 'croissants',
          },
        },
      });
      expect(row?.adGroup).toMatchObject({ id: ad.adSetId });
      // The name is an adlink label on the ad (a responsive search ad has none).
      const labels = await emulatorSearch(world.emulator, token, SEED.bakery, adLabelsQuery(ad.id));
      expect(labels.map((l) => l.label?.name)).toEqual([expect.stringMatching(/^adlink: ads walk ad /)]);
    },
    tooLong: () => ({
      creative: searchAd(['Fresh croissants', 'Bakery Berlin', 'x'.repeat(31)]),
      param: 'creative.headlines[2]',
    }),
    refused: [
      {
        creative: () => ({
          kind: 'ImageAd',
          media: 'med_none',
          text: 'Fresh bread',
          url: 'https://bakery.example/',
        }),
        param: 'creative',
        message: /Performance Max or Display asset groups/,
      },
      {
        // 16 double-width characters count 32.
        creative: () => searchAd(['麵'.repeat(16), 'Bakery Berlin', 'Rye bread daily']),
        param: 'creative.headlines[0]',
        message: /at most 30 characters/,
      },
    ],
    deletedStatus: 'Deleted',
  },
});

describe('google: what only Google Ads has', () => {
  let world: PlatformWorld;
  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'google', emulator: googleEmulator, env });
  });
  afterAll(() => world?.close());

  it("connects with Google's extra callback parameters (authuser, prompt, scope, hd, iss)", async () => {
    const company = await vendorWith(world.h, 'google extras');
    const customer = await newCustomer(world.h, company);
    const browser = new FlowClient(world.h.baseUrl);
    await enter(browser, (await newLink(world.h, company, customer, { platforms: 'google' })).connect_url);
    const callback = new URL(await consentAtEmulator(world, browser, 'google', 'allow'));
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({
      authuser: '0',
      prompt: 'consent',
      scope: 'https://www.googleapis.com/auth/adwords',
      iss: world.emulator.url,
    });
    // A Google Workspace user's answer also names the hosted domain.
    callback.searchParams.set('hd', 'bakery.example');
    const connected = await browser.get(callback.href);
    expect(connected.status, await connected.clone().text()).toBe(303);
    expect(await throughChoice(browser, connected)).toBe('/connections?connected=google');
  });

  it('sends developer-token and login-customer-id on every API call', async () => {
    const { api } = await world.connect();
    expect((await api.list({ dismissDatabase: true })).status).toBe(200);
    const calls = world.emulator.controls.calls.filter((c) => c.path.startsWith('/v25/'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers['developer-token'], call.path).toBe(DEVELOPER_TOKEN);
      expect(call.headers['login-customer-id'], call.path).toBe(SEED.manager);
    }
  });

  it('has no customer lists (Customer Match uploads are closed to new apps): 400 before any call to Google', async () => {
    const { company, customer } = await world.connect();
    const before = world.emulator.controls.calls.length;
    const send = (req: ReturnType<typeof world.h.http.get>, query: object = {}) =>
      req.query({ customer, ...query }).set('Authorization', company.auth);
    expectError(
      await send(world.h.http.get('/v1/google/audiences'), { advertiser: SEED.bakery }),
      400,
      'unsupported_for_platform',
      'platform',
    );
    expectError(
      await send(world.h.http.post('/v1/google/audiences')).send({
        name: 'Past buyers',
        advertiser: SEED.bakery,
      }),
      400,
      'unsupported_for_platform',
      'platform',
    );
    expect(world.emulator.controls.calls.slice(before).map((c) => c.path)).not.toContainEqual(
      expect.stringMatching(/userLists|offlineUserDataJobs/),
    );
  });

  it('lists the client accounts (not the manager), those under the manager with it, with their currency', async () => {
    const { api } = await world.connect();
    const res = await api.advertisers();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: SEED.bakery, name: 'Bakery Berlin', currency: 'EUR' },
      { id: SEED.tokyo, name: 'Bakery Tokyo', currency: 'JPY', manager_id: SEED.manager },
    ]);
  });

  it("shows the campaign's budget and channel on its ad groups, and maps Google's statuses", async () => {
    const { api } = await world.connect();
    const { items } = await api.all({ childResources: 'Ad,Targeting' });
    const byName = new Map(items.map((a) => [a.name, a]));
    expect(byName.get('Brand – exact')).toMatchObject({
      status: 'Running',
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      // The campaign's budget and dates (whole days in Europe/Berlin), read-only on the ad group.
      settings: [
        { kind: 'DailyBudget', budget: 50, currency: 'EUR' },
        { kind: 'Objective', objective: 'SEARCH' },
        { kind: 'Runtime', start: '2025-01-01T00:00:00+01:00' },
      ],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['bakery berlin', 'sourdough bread'] }],
    });
    // Its ads come from the ads adapter, in the ads' own shape: the seeded, approved responsive search ads.
    const brand = byName.get('Brand – exact')!;
    expect(brand.ads).toEqual([
      expect.objectContaining({
        status: 'Running',
        adSetId: brand.id,
        review: { status: 'Approved', reasons: [] },
      }),
      expect.objectContaining({
        status: 'Paused',
        adSetId: brand.id,
        creative: expect.objectContaining({ kind: 'SearchAd' }),
      }),
    ]);
    expect(byName.get('Brand – broad')!.status).toBe('Paused');
    expect(byName.get('Old promotion')!.status).toBe('Deleted');
    // Enabled in a limited campaign, and enabled in a paused one: Active, not Running.
    expect(byName.get('Visitors 30 days')).toMatchObject({
      status: 'Active',
      channelKind: 'Display',
      settings: [
        { kind: 'TotalBudget', budget: 1500, currency: 'EUR' },
        { kind: 'Objective', objective: 'DISPLAY' },
        { kind: 'Runtime', start: '2025-01-01T00:00:00+01:00', end: '2031-01-01T00:00:00+01:00' },
      ],
    });
    expect(byName.get('Winter cakes')!.status).toBe('Active');
  });

  it('refuses a channel or objective other than the campaign’s, and names a duplicate ad group name', async () => {
    const { api } = await world.connect();
    const base = {
      advertiser: SEED.bakery,
      parentId: SEED.searchCampaign,
      settings: [],
      targetings: [],
    };
    expectError(
      await api.create({ ...base, name: 'display in search', channelKind: 'Display' }),
      400,
      'invalid_request',
      'channelKind',
    );
    const objective = await api.create({
      ...base,
      name: 'display objective',
      channelKind: 'Search',
      settings: [{ kind: 'Objective', objective: 'DISPLAY' }],
    });
    expectError(objective, 400, 'unsupported_for_platform', 'settings[0].objective');
    const duplicate = await api.create({ ...base, name: 'Brand – exact', channelKind: 'Search' });
    expectError(duplicate, 400, 'platform_validation_failed', 'name');
    expect(apiError(duplicate).message).toMatch(/same name/);
  });
});

describe('google: ad-set changes through adlink', () => {
  let world: PlatformWorld;
  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'google', emulator: googleEmulator, env });
  });
  afterAll(() => world?.close());

  it('replaces keywords (PUT, then a live read shows what Google holds) and refuses budget and runtime changes', async () => {
    const { api } = await world.connect();
    const created = await api.create({
      name: 'keywords after creation',
      advertiser: SEED.bakery,
      campaignId: SEED.searchCampaign,
      channelKind: 'Search',
      settings: [],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread'] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as AdSetBody).id;
    const live = async () =>
      (await api.get(id, { dismissDatabase: true, childResources: 'Targeting' })).body as AdSetBody;

    const put = await api.put(id, {
      targetings: [{ kind: 'KeywordTargeting', keywords: ['spelt', 'rye bread'] }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await live()).targetings).toEqual([
      { kind: 'KeywordTargeting', keywords: ['rye bread', 'spelt'] },
    ]);
    const criteria = await emulatorSearch(
      world.emulator,
      emulatorToken(world.emulator, [ADWORDS_SCOPE]),
      SEED.bakery,
      `SELECT ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type FROM ad_group_criterion WHERE ad_group.id = ${id}`,
    );
    expect(criteria.map((c) => c.adGroupCriterion?.keyword)).toEqual([
      { text: 'rye bread', matchType: 'BROAD' },
      { text: 'spelt', matchType: 'BROAD' },
    ]);

    expectError(
      await api.put(id, { targetings: [{ kind: 'KeywordTargeting', keywords: ['good', 'bad!!!'] }] }),
      400,
      'platform_validation_failed',
      'targetings[0].keywords[1]',
    );
    expectError(
      await api.put(id, { settings: [{ kind: 'DailyBudget', budget: 20, currency: 'EUR' }] }),
      400,
      'unsupported_for_platform',
      'settings[0]',
    );
    expectError(
      await api.put(id, { settings: [winter(`${YEAR}-02-01T00:00:00+01:00`)] }),
      400,
      'unsupported_for_platform',
      'settings[0]',
    );

    const emptied = await api.put(id, { targetings: [{ kind: 'KeywordTargeting', keywords: [] }] });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect((await live()).targetings).toEqual([]);
  });
});

describe('google: manager accounts without a deployment login-customer-id', () => {
  let world: PlatformWorld;
  beforeAll(async () => {
    world = await startPlatformWorld({
      platform: 'google',
      emulator: googleEmulator,
      env: { GOOGLE_DEVELOPER_TOKEN: DEVELOPER_TOKEN },
    });
  });
  afterAll(() => world?.close());

  it('offers the client accounts under the manager; each account’s calls go through the manager it was reached by', async () => {
    const { api, customer, company } = await world.connect();
    const advertisers = (await api.advertisers()).body.data as { id: string; manager_id?: string }[];
    expect(advertisers.map((a) => [a.id, a.manager_id ?? null])).toEqual([
      [SEED.bakery, null],
      [SEED.tokyo, SEED.manager],
    ]);

    world.emulator.controls.calls.length = 0;
    const list = await api.list({ dismissDatabase: true });
    expect(list.status).toBe(200);
    const advertisersListed = new Set(list.body.data.map((a: { advertiser: string }) => a.advertiser));
    expect(advertisersListed).toEqual(new Set([SEED.bakery, SEED.tokyo]));
    const searches = world.emulator.controls.calls.filter((c) => c.path.endsWith('/googleAds:search'));
    for (const id of [SEED.bakery, SEED.tokyo]) {
      const calls = searches.filter((c) => c.path === `/v25/customers/${id}/googleAds:search`);
      expect(calls.length, id).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.headers['login-customer-id'], id).toBe(id === SEED.tokyo ? SEED.manager : undefined);
      }
    }

    // The choice among them is the connection's, as for any platform.
    const chosen = await world.h.http
      .put(`/customers/${customer}/connections/google`)
      .set('Authorization', company.auth)
      .send({ advertisers: [SEED.tokyo] });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.ad_accounts).toEqual([
      { id: SEED.tokyo, name: 'Bakery Tokyo', currency: 'JPY', manager_id: SEED.manager },
    ]);
    const tokyo = await api.list({ dismissDatabase: true });
    expect(tokyo.body.data.length).toBeGreaterThan(0);
    for (const adSet of tokyo.body.data) expect(adSet.advertiser).toBe(SEED.tokyo);
  });
});

describe('google without GOOGLE_DEVELOPER_TOKEN', () => {
  it('is not available: connect links refuse it', async () => {
    const h = await startHarness({
      env: {
        GOOGLE_BASE_URL: 'http://127.0.0.1:9',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        SANDBOX_ENABLED: 'false',
      },
    });
    try {
      const company = await vendorWith(h, 'no developer token');
      const customer = await newCustomer(h, company);
      const any = await h.http.get(`/customers/${customer}/connect`).set('Authorization', company.auth);
      expect(any.status).toBe(409);
      expect(apiError(any).code).toBe('no_platform_available');
      const google = await h.http
        .get(`/customers/${customer}/connect`)
        .query({ platforms: 'google' })
        .set('Authorization', company.auth);
      expect(google.status).toBe(400);
      expect(apiError(google).param).toBe('platforms');
    } finally {
      await h.close();
    }
  });
});
