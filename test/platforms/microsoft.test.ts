import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { expectError } from '../support/adsets-client.js';
import { apiError, newCustomer, vendorWith } from '../support/connect-helpers.js';
import { startHarness } from '../support/harness.js';
import { describePlatformSuite, type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { MICROSOFT_ADS } from './microsoft-ads-spec.js';
import { storedCampaign } from './microsoft-emulator.js';

const DEVELOPER_TOKEN = 'msads-dev-token-for-tests';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const env = { MICROSOFT_DEVELOPER_TOKEN: DEVELOPER_TOKEN };

describePlatformSuite({
  platform: 'microsoft',
  emulator: microsoftEmulator,
  env,
  advertiser: { id: SEED.usAccount, currency: 'USD' },
  campaign: SEED.searchCampaign,
  create: {
    channelKind: 'Search',
    settings: [{ kind: 'Objective', objective: 'Search' }],
    targetings: [{ kind: 'KeywordTargeting', keywords: ['city bike', 'bike repair'] }],
  },
  unsupported: [
    { settings: [{ kind: 'DailyBudget', budget: 20, currency: 'USD' }], param: 'settings[0]' },
    { settings: [{ kind: 'TotalBudget', budget: 500, currency: 'USD' }], param: 'settings[0]' },
    {
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '98052' }],
        },
      ],
      param: 'targetings[0]',
    },
  ],
  invalid: {
    targetings: [{ kind: 'KeywordTargeting', keywords: ['bikes', 'best bikes!!!'] }],
    param: 'targetings[0].keywords[1]',
  },
  // Microsoft does not page ad groups: the suite's pagination case checks one answer carries them all.
  pageSize: 20,
  deletedStatus: 'Deleted',
  expiry: 'refresh',
  // The Microsoft identity platform has no revocation endpoint.
  revocation: null,
  // Trail Bikes JP bills in yen; its ads report through the Reporting service's zipped CSV.
  report: { zeroDecimalAdvertiser: SEED.jpAccount },
  ads: MICROSOFT_ADS,
  manage: {
    campaign: { objective: 'Search', settings: [{ kind: 'DailyBudget', budget: 15, currency: 'USD' }] },
    adSet: {
      channelKind: 'Search',
      settings: [
        {
          kind: 'Runtime',
          start: `${NEXT_YEAR}-03-01T00:00:00-08:00`,
          end: `${NEXT_YEAR}-04-01T00:00:00-07:00`,
        },
      ],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['folding bike'] }],
    },
    // Budgets are the campaign's, in major units of the account currency.
    budget: {
      on: 'campaign',
      setting: { kind: 'DailyBudget', budget: 22.75, currency: 'USD' },
      stored: async (world, { campaign }) => (await storedCampaign(world.emulator, campaign))?.DailyBudget,
      expected: 22.75,
    },
    runtime: {
      on: 'adset',
      setting: {
        kind: 'Runtime',
        start: `${NEXT_YEAR}-03-01T00:00:00-08:00`,
        end: `${NEXT_YEAR}-05-01T00:00:00-07:00`,
      },
    },
    targeting: {
      add: { kind: 'KeywordTargeting', keywords: ['folding bike', 'commuter bike'] },
      remove: { kind: 'KeywordTargeting', keywords: [] },
    },
  },
});

describe('microsoft: what only Microsoft Advertising has', () => {
  let world: PlatformWorld;
  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'microsoft', emulator: microsoftEmulator, env });
  });
  afterAll(() => world?.close());

  it('sends DeveloperToken on every call, and CustomerId and CustomerAccountId on Campaign Management', async () => {
    const { api } = await world.connect();
    const before = world.emulator.controls.calls.length;
    expect((await api.list({ dismissDatabase: true })).status).toBe(200);
    const calls = world.emulator.controls.calls.slice(before);
    const campaign = calls.filter((c) => c.path.startsWith('/CampaignManagement/v13/'));
    expect(campaign.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers.developertoken, call.path).toBe(DEVELOPER_TOKEN);
    for (const call of campaign) {
      expect(call.headers.customerid, call.path).toBe(SEED.customer);
      expect([SEED.usAccount, SEED.euAccount, SEED.jpAccount]).toContain(call.headers.customeraccountid);
    }
  });

  it('lists both accounts of the user with their currencies', async () => {
    const { api } = await world.connect();
    const res = await api.advertisers();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: SEED.usAccount, name: 'Trail Bikes US', currency: 'USD' }),
        expect.objectContaining({ id: SEED.euAccount, name: 'Trail Bikes EU', currency: 'EUR' }),
      ]),
    );
  });

  it("shows the campaign's daily budget and type on its ad groups, and maps Microsoft's statuses", async () => {
    const { api } = await world.connect();
    const { items } = await api.all({ childResources: 'Ad,Targeting' });
    const byName = new Map(items.map((a) => [a.name, a]));
    expect(byName.get('Mountain bikes – exact')).toMatchObject({
      status: 'Running',
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      settings: [
        { kind: 'DailyBudget', budget: 40, currency: 'USD' },
        { kind: 'Objective', objective: 'Search' },
      ],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['mountain bike', 'trail bike'] }],
    });
    // Its ads come from the ads service, whole: the seeded responsive search ads.
    const ads = byName.get('Mountain bikes – exact')!.ads!;
    expect(ads).toHaveLength(2);
    for (const ad of ads) {
      expect(ad).toMatchObject({
        adSetId: byName.get('Mountain bikes – exact')!.id,
        creative: { kind: 'SearchAd' },
      });
    }
    expect(byName.get('Gravel bikes')!.status).toBe('Paused');
    expect(byName.get('Spring promotion')!.status).toBe('Archived');
    expect(byName.get('Winter tyres')!.status).toBe('Active');
    expect(byName.get('Site visitors')).toMatchObject({
      status: 'Running',
      channelKind: 'Display',
      settings: [
        { kind: 'DailyBudget', budget: 25.5, currency: 'USD' },
        { kind: 'Objective', objective: 'Audience' },
      ],
    });
    expect(byName.get('E-Bikes')).toMatchObject({
      advertiser: SEED.euAccount,
      settings: [
        { kind: 'DailyBudget', budget: 30, currency: 'EUR' },
        { kind: 'Objective', objective: 'Search' },
      ],
    });
  });

  it('refuses a budget on the ad set (it is the campaign’s) and names a duplicate ad group name', async () => {
    const { api } = await world.connect();
    const base = {
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      targetings: [],
    };
    const budget = await api.create({
      ...base,
      name: 'with a budget',
      settings: [
        { kind: 'Objective', objective: 'Search' },
        { kind: 'DailyBudget', budget: 5, currency: 'USD' },
      ],
    });
    expectError(budget, 400, 'unsupported_for_platform', 'settings[1]');
    expect(apiError(budget).message).toMatch(/campaign/);
    const duplicate = await api.create({ ...base, name: 'Gravel bikes', settings: [] });
    expectError(duplicate, 400, 'platform_validation_failed', 'name');
    const display = await api.create({
      ...base,
      name: 'display in search',
      channelKind: 'Display',
      settings: [],
    });
    expectError(display, 400, 'invalid_request', 'channelKind');
  });

  it('creates with Broad keywords and Active status; a refused keyword leaves no ad group behind', async () => {
    const { api } = await world.connect();
    const created = await api.create({
      name: 'Cargo bikes',
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      status: 'Running',
      settings: [],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['cargo bike'] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.status).toBe('Running');
    const keywords = world.emulator.controls.calls
      .filter((c) => c.path === '/CampaignManagement/v13/Keywords')
      .at(-1);
    expect(keywords?.body).toEqual({
      AdGroupId: created.body.id,
      Keywords: [{ Text: 'cargo bike', MatchType: 'Broad' }],
    });

    const before = world.emulator.controls.callsTo('/AdGroups', 'DELETE').length;
    const refused = await api.create({
      name: 'Refused keywords',
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      settings: [],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['a (b)'] }],
    });
    expectError(refused, 400, 'platform_validation_failed', 'targetings[0].keywords[0]');
    expect(world.emulator.controls.callsTo('/AdGroups', 'DELETE').length).toBe(before + 1);
    const live = await api.list({ dismissDatabase: true, limit: 500 });
    expect((live.body.data as { name: string }[]).map((a) => a.name)).not.toContain('Refused keywords');
  });

  it('refuses an ad set under a campaign without languages before calling AddAdGroups', async () => {
    const { api } = await world.connect();
    const before = world.emulator.controls.callsTo('/AdGroups', 'POST').length;
    const refused = await api.create({
      name: 'Lastenrad',
      advertiser: SEED.euAccount,
      parentId: SEED.noLanguageCampaign,
      channelKind: 'Search',
      settings: [],
      targetings: [],
    });
    expectError(refused, 400, 'invalid_request', 'parentId');
    expect(apiError(refused).message).toMatch(/languages/);
    expect(world.emulator.controls.callsTo('/AdGroups', 'POST').length).toBe(before);
  });

  it('does not ask for keywords of Audience ad groups, and shows Active keywords only', async () => {
    const { api } = await world.connect();
    const before = world.emulator.controls.calls.length;
    const { items } = await api.all({ childResources: 'Targeting' });
    const audience = items.find((a) => a.name === 'Site visitors');
    expect(audience?.targetings).toEqual([]);
    const keywordCalls = world.emulator.controls.calls
      .slice(before)
      .filter((c) => c.path.endsWith('/Keywords/QueryByAdGroupId'));
    expect(keywordCalls.map((c) => (c.body as { AdGroupId: string }).AdGroupId)).not.toContain(audience?.id);
    // 'downhill bike' is a Paused keyword of this ad group: it does not serve.
    expect(items.find((a) => a.name === 'Mountain bikes – exact')?.targetings).toEqual([
      { kind: 'KeywordTargeting', keywords: ['mountain bike', 'trail bike'] },
    ]);
  });

  it('deletes for good: the ad group is gone from live reads and cannot be deleted twice', async () => {
    const { api } = await world.connect();
    const created = await api.create({
      name: 'Short-lived',
      advertiser: SEED.euAccount,
      parentId: SEED.euCampaign,
      channelKind: 'Search',
      settings: [],
      targetings: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const deleted = await api.delete(id);
    expect(deleted.body).toMatchObject({ deletions: 1, data: [{ id, status: 'Deleted' }] });
    expectError(await api.get(id, { dismissDatabase: true }), 404, 'adset_not_found', 'id');
    expect(((await api.all()).items as { id: string }[]).map((a) => a.id)).not.toContain(id);
    expect((await api.delete(id)).status).toBe(404);
  });
});

describe('microsoft without MICROSOFT_DEVELOPER_TOKEN', () => {
  it('is not available: connect links refuse it', async () => {
    const h = await startHarness({
      env: {
        MICROSOFT_BASE_URL: 'http://127.0.0.1:9',
        MICROSOFT_CLIENT_ID: 'id',
        MICROSOFT_CLIENT_SECRET: 'secret',
        SANDBOX_ENABLED: 'false',
      },
    });
    try {
      const company = await vendorWith(h, 'no developer token');
      const customer = await newCustomer(h, company);
      const microsoft = await h.http
        .get(`/customers/${customer}/connect`)
        .query({ platforms: 'microsoft' })
        .set('Authorization', company.auth);
      expect(microsoft.status).toBe(400);
      expect(apiError(microsoft).param).toBe('platforms');
    } finally {
      await h.close();
    }
  });
});
