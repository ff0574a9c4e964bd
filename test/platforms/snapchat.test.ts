import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL, snapchatEmulator } from '../../emulators/snapchat/index.js';
import { MAX_PAGE_SIZE } from '../../emulators/snapchat/paging.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import { type AdSetClient, expectError } from '../support/adsets-client.js';
import { describePlatformSuite, type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { snapRecord } from '../support/snapchat-records.js';

/** March of next year, midnight in Berlin (standard time, then summer time). */
const YEAR = new Date().getUTCFullYear() + 1;
const runtime = {
  kind: 'Runtime',
  start: `${YEAR}-03-02T00:00:00+01:00`,
  end: `${YEAR}-04-01T00:00:00+02:00`,
};

/** A Snapchat image ad: a WEB_VIEW creative with the Top Snap image, shown by a REMOTE_WEBPAGE ad. */
const imageAd = (media: string) => ({
  kind: 'ImageAd',
  media,
  headline: 'Fresh sourdough every morning',
  businessName: 'Bakery US',
  url: 'https://bakery.example/spring',
  callToAction: 'OrderNow',
});

const zips = (country: string, ...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country, zipcode })),
});

describePlatformSuite({
  platform: 'snapchat',
  emulator: snapchatEmulator,
  advertiser: { id: SEEDED.usdAccount, currency: 'USD' },
  campaign: SEEDED.usdAwareness,
  create: {
    channelKind: 'Social',
    settings: [
      { kind: 'DailyBudget', budget: 25, currency: 'USD' },
      { kind: 'Objective', objective: 'BRAND_AWARENESS' },
    ],
    targetings: [zips('US', '94304')],
  },
  unsupported: [
    { targetings: [{ kind: 'KeywordTargeting', keywords: ['sourdough'] }], param: 'targetings[0]' },
    { settings: [{ kind: 'Objective', objective: 'WEB_CONVERSION' }], param: 'settings[0].objective' },
  ],
  // Snap's smallest daily budget is 5.00 in every currency.
  invalid: {
    settings: [{ kind: 'DailyBudget', budget: 4.99, currency: 'USD' }],
    param: 'settings[0].budget',
  },
  manage: {
    campaign: { objective: 'TRAFFIC', settings: [{ kind: 'DailyBudget', budget: 100, currency: 'USD' }] },
    adSet: {
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }, runtime],
      targetings: [zips('US', '94304')],
    },
    budget: {
      on: 'adset',
      setting: { kind: 'DailyBudget', budget: 40.5, currency: 'USD' },
      // Snap keeps money in micro-currency.
      stored: async (world, ids) =>
        (await snapRecord(world.emulator, 'adsquad', ids.adSet)).daily_budget_micro,
      expected: 40_500_000,
    },
    runtime: { on: 'adset', setting: { ...runtime, end: `${YEAR}-04-15T00:00:00+02:00` } },
    // Snap needs a geo on every squad: the walk adds a postal code, then removes it again.
    targeting: { add: zips('US', '94304', '94305'), remove: zips('US', '94304') },
  },
  // adlink asks Snap for its largest pages.
  pageSize: MAX_PAGE_SIZE,
  deletedStatus: 'Deleted',
  expiry: 'refresh',
  // Snap documents no revocation.
  revocation: null,
  report: { zeroDecimalAdvertiser: SEEDED.jpyAccount },
  ads: {
    // The Top Snap image: 1080×1920 (9:16), PNG or JPG, at most 5 MB.
    images: [{ width: 1080, height: 1920, type: 'png' }],
    refusedImages: {
      tooLarge: 5 * 1024 * 1024 + 1,
      tooSmall: { width: 540, height: 960 },
      wrongRatio: { width: 1080, height: 1080 },
      wrongType: 'gif',
    },
    // Public profiles are listed only by Snap's allowlisted Public Profile API: the brand name speaks.
    identities: false,
    creatives: ({ media }) => [imageAd(media[0]!)],
    async received(world, ad, creative, { media }) {
      const sent = creative as ReturnType<typeof imageAd>;
      const snapAd = await snapRecord(world.emulator, 'ad', ad.id);
      expect(snapAd).toMatchObject({
        ad_squad_id: ad.adSetId,
        type: 'REMOTE_WEBPAGE',
        status: 'PAUSED',
        review_status: 'PENDING',
      });
      const {
        id: _id,
        created_at: _c,
        updated_at: _u,
        ...snapCreative
      } = await snapRecord(world.emulator, 'creative', snapAd.creative_id as string);
      expect(snapCreative).toEqual({
        ad_account_id: SEEDED.usdAccount,
        name: expect.any(String),
        type: 'WEB_VIEW',
        headline: sent.headline,
        brand_name: sent.businessName,
        top_snap_media_id: media[0],
        shareable: true,
        call_to_action: 'ORDER_NOW',
        web_view_properties: { url: sent.url },
      });
    },
    // Snap's headline holds 34 characters.
    tooLong: ({ media }) => ({
      creative: { ...imageAd(media[0]!), headline: 'x'.repeat(35) },
      param: 'creative.headline',
    }),
    refused: [
      {
        creative: () => ({
          kind: 'SearchAd',
          headlines: ['Sourdough', 'Rye', 'Spelt'],
          descriptions: ['Baked daily', 'Order online'],
          url: 'https://bakery.example',
        }),
        param: 'creative',
        message: /no search ads/,
      },
      {
        creative: ({ media }) => ({ ...imageAd(media[0]!), url: 'http://bakery.example/spring' }),
        param: 'creative.url',
        message: /https/,
      },
    ],
    deletedStatus: 'Deleted',
  },
});

describe('snapchat: what only Snapchat does', () => {
  let world: PlatformWorld;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'snapchat', emulator: snapchatEmulator });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  const tokenOfLastCall = () =>
    String(world.emulator.controls.calls.at(-1)!.headers.authorization).replace(/^Bearer /, '');
  const snap = (path: string, init: RequestInit = {}) =>
    fetch(`${world.emulator.url}/v1${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${tokenOfLastCall()}`, 'Content-Type': 'application/json' },
    });
  const create = (advertiser: string, parentId: string, settings: object[], targetings: object[]) =>
    api.create({
      name: 'snap test',
      advertiser,
      parentId,
      channelKind: 'Social',
      status: 'Paused',
      settings,
      targetings,
    });

  it('lists the ad accounts of every organization with their currency', async () => {
    const res = await api.advertisers();
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: SEEDED.usdAccount, currency: 'USD' }),
        expect.objectContaining({ id: SEEDED.eurAccount, currency: 'EUR' }),
      ]),
    );
    expect(world.emulator.controls.callsTo('/me/organizations', 'GET')[0]?.query).toMatchObject({
      with_ad_accounts: 'true',
    });
  });

  it('maps status and delivery_status: VALID is Running, held is Active, deleted squads read back Deleted', async () => {
    const { items } = await api.all();
    const status = (name: string) => items.find((a) => a.name === name)?.status;
    expect(status('Palo Alto commuters')).toBe('Running');
    expect(status('Summer preview')).toBe('Active');
    expect(status('Bay Area swipers')).toBe('Active');
    expect(status('Menlo Park families')).toBe('Paused');
    expect(status('Last year')).toBe('Deleted');
  });

  it('reads micro-currency budgets, the campaign objective and postal codes', async () => {
    const { items } = await api.all({ childResources: 'Ad,Targeting' });
    const paloAlto = items.find((a) => a.name === 'Palo Alto commuters')!;
    expect(paloAlto.settings).toEqual([
      { kind: 'DailyBudget', budget: 20, currency: 'USD' },
      { kind: 'Objective', objective: 'BRAND_AWARENESS' },
      { kind: 'Runtime', start: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
    ]);
    // Its two seeded video ads, read by the ads adapter: a creative adlink reads but cannot create.
    expect(paloAlto.ads).toEqual([
      expect.objectContaining({ creative: { kind: 'Other', format: 'SNAP_AD' }, status: 'Running' }),
      expect.objectContaining({ creative: { kind: 'Other', format: 'SNAP_AD' }, status: 'Paused' }),
    ]);
    expect(paloAlto.targetings).toEqual([zips('US', '94301', '94304')]);
    expect(items.find((a) => a.name === 'Menlo Park families')!.settings).toContainEqual({
      kind: 'TotalBudget',
      budget: 1500,
      currency: 'USD',
    });
    const kreuzberg = items.find((a) => a.name === 'Kreuzberg')!;
    expect(kreuzberg).toMatchObject({ advertiser: SEEDED.eurAccount, channelKind: 'Social' });
    expect(kreuzberg.settings).toContainEqual({ kind: 'DailyBudget', budget: 30, currency: 'EUR' });
    expect(kreuzberg.targetings).toEqual([zips('DE', '10997', '10999')]);
  });

  it('reads and creates under a campaign created with objective v2 properties (no legacy objective)', async () => {
    const created = await create(
      SEEDED.usdAccount,
      SEEDED.usdTraffic,
      [{ kind: 'DailyBudget', budget: 10, currency: 'USD' }],
      [zips('US', '94110')],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.settings).toContainEqual({ kind: 'Objective', objective: 'TRAFFIC' });
    const sent = world.emulator.controls.callsTo(`/campaigns/${SEEDED.usdTraffic}/adsquads`, 'POST').at(-1)!;
    expect((sent.body as { adsquads: object[] }).adsquads[0]).toMatchObject({
      optimization_goal: 'SWIPES',
      bid_strategy: 'AUTO_BID',
      bid_micro: 10_000_000,
      start_time: expect.any(String),
    });
    const live = await api.get(created.body.id, { dismissDatabase: true });
    expect(live.body.settings).toContainEqual({ kind: 'Objective', objective: 'TRAFFIC' });
  });

  it("creates with micros, one lowercase country geo with postal_code, and a lifetime budget's Runtime", async () => {
    const created = await create(
      SEEDED.eurAccount,
      SEEDED.eurVideo,
      [{ kind: 'TotalBudget', budget: 250.5, currency: 'EUR' }, runtime],
      [zips('DE', '10115', '10117')],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = world.emulator.controls.callsTo(`/campaigns/${SEEDED.eurVideo}/adsquads`, 'POST').at(-1)!;
    const [squad] = (sent.body as { adsquads: Record<string, unknown>[] }).adsquads;
    expect(squad).toMatchObject({
      lifetime_budget_micro: 250_500_000,
      optimization_goal: 'VIDEO_VIEWS',
      targeting: { geos: [{ country_code: 'de', operation: 'INCLUDE', postal_code: ['10115', '10117'] }] },
    });
    expect(squad).toMatchObject({
      start_time: new Date(runtime.start).toISOString(),
      end_time: new Date(runtime.end).toISOString(),
    });
    expect(created.body.settings).toContainEqual({ kind: 'TotalBudget', budget: 250.5, currency: 'EUR' });
    expect(created.body.settings).toContainEqual({
      kind: 'Runtime',
      start: `${YEAR}-03-01T23:00:00Z`,
      end: `${YEAR}-03-31T22:00:00Z`,
    });
    expect(created.body.targetings).toEqual([zips('DE', '10115', '10117')]);
  });

  it('refuses what Snapchat cannot take before calling it', async () => {
    const daily = (budget: number, currency = 'USD') => [{ kind: 'DailyBudget', budget, currency }];
    const cases: [object[], object[], string][] = [
      [daily(10.001), [zips('US', '94304')], 'settings[0].budget'],
      [daily(10, 'EUR'), [zips('US', '94304')], 'settings[0].currency'],
      [daily(10), [], 'targetings'],
      [
        daily(10),
        [
          {
            ...zips('US', '94304'),
            zipcodes: [
              { country: 'US', zipcode: '94304' },
              { country: 'CA', zipcode: 'M5V 2T6' },
            ],
          },
        ],
        'targetings[0].zipcodes',
      ],
    ];
    const before = world.emulator.controls.callsTo('/adsquads', 'POST').length;
    for (const [settings, targetings, param] of cases) {
      expectError(
        await create(SEEDED.usdAccount, SEEDED.usdAwareness, settings, targetings),
        400,
        'invalid_request',
        param,
      );
    }
    expect(world.emulator.controls.callsTo('/adsquads', 'POST').length).toBe(before);
  });

  it('updates by writing the whole squad back (PUT), with only name and status changed', async () => {
    const created = await create(
      SEEDED.usdAccount,
      SEEDED.usdAwareness,
      [{ kind: 'DailyBudget', budget: 7.5, currency: 'USD' }],
      [zips('US', '94110')],
    );
    const id = created.body.id as string;
    const updated = await api.put(id, { name: 'renamed squad', status: 'Running' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'renamed squad', status: 'Running' });
    const sent = world.emulator.controls.callsTo(`/campaigns/${SEEDED.usdAwareness}/adsquads`, 'PUT').at(-1)!;
    expect((sent.body as { adsquads: unknown[] }).adsquads).toEqual([
      expect.objectContaining({
        id,
        name: 'renamed squad',
        status: 'ACTIVE',
        daily_budget_micro: 7_500_000,
        optimization_goal: 'IMPRESSIONS',
        targeting: { geos: [{ country_code: 'us', operation: 'INCLUDE', postal_code: ['94110'] }] },
      }),
    ]);
  });

  it('deletes softly: hidden from Snap reads unless read_deleted_entities=true, Deleted in adlink', async () => {
    const created = await create(
      SEEDED.usdAccount,
      SEEDED.usdAwareness,
      [{ kind: 'DailyBudget', budget: 5, currency: 'USD' }],
      [zips('US', '94110')],
    );
    const id = created.body.id as string;
    expect((await api.delete(id)).body).toMatchObject({ deletions: 1, data: [{ id, status: 'Deleted' }] });
    const hidden = await snap(`/adsquads/${id}`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ request_status: 'ERROR', error_code: 'E3003' });
    const shown = (await (await snap(`/adsquads/${id}?read_deleted_entities=true`)).json()) as {
      adsquads: { adsquad: { deleted?: boolean } }[];
    };
    expect(shown.adsquads[0]!.adsquad.deleted).toBe(true);
    expect((await api.get(id, { dismissDatabase: true })).body.status).toBe('Deleted');
    expectError(await api.put(id, { name: 'too late' }), 400, 'invalid_request', 'id');
  });

  it("answers a partly refused batch with each squad's sub_request_status, keeping the accepted one", async () => {
    const squad = (name: string, daily: number) => ({
      campaign_id: SEEDED.usdAwareness,
      name,
      status: 'PAUSED',
      type: 'SNAP_ADS',
      billing_event: 'IMPRESSION',
      optimization_goal: 'IMPRESSIONS',
      placement_v2: { config: 'AUTOMATIC' },
      bid_strategy: 'AUTO_BID',
      bid_micro: 1_000_000,
      daily_budget_micro: daily,
      targeting: { geos: [{ country_code: 'us' }] },
    });
    const res = await snap(`/campaigns/${SEEDED.usdAwareness}/adsquads`, {
      method: 'POST',
      body: JSON.stringify({ adsquads: [squad('accepted', 5_000_000), squad('too small', 4_000_000)] }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { request_status: string; adsquads: Record<string, unknown>[] };
    expect(body.request_status).toBe('ERROR');
    expect(body.adsquads).toEqual([
      {
        sub_request_status: 'SUCCESS',
        adsquad: expect.objectContaining({ name: 'accepted', id: expect.any(String) }),
      },
      {
        sub_request_status: 'ERROR',
        sub_request_error_reason: expect.stringMatching(/^daily_budget_micro: /),
        adsquad: expect.objectContaining({ name: 'too small' }),
      },
    ]);
    const accepted = (body.adsquads[0]!.adsquad as { id: string }).id;
    expect((await snap(`/adsquads/${accepted}`)).status).toBe(200);
  });

  it('refuses a squad missing a field the Ad Squads page marks required, or with a value outside its enum', async () => {
    const squad = {
      campaign_id: SEEDED.usdAwareness,
      name: 'strict',
      status: 'PAUSED',
      type: 'SNAP_ADS',
      billing_event: 'IMPRESSION',
      optimization_goal: 'IMPRESSIONS',
      placement_v2: { config: 'AUTOMATIC' },
      bid_strategy: 'AUTO_BID',
      bid_micro: 5_000_000,
      daily_budget_micro: 5_000_000,
      targeting: { geos: [{ country_code: 'us' }] },
    };
    const post = (adsquad: object) =>
      snap(`/campaigns/${SEEDED.usdAwareness}/adsquads`, {
        method: 'POST',
        body: JSON.stringify({ adsquads: [adsquad] }),
      });
    expect((await post(squad)).status).toBe(200);
    for (const [change, reason] of [
      [{ bid_micro: undefined }, /^bid_micro: is required/],
      [{ billing_event: undefined }, /^billing_event: is required/],
      [{ optimization_goal: 'CLICKS' }, /^optimization_goal: /],
      [
        { targeting: { geos: [{ country_code: 'us', operation: 'ONLY' }] } },
        /^targeting\.geos\.0\.operation: /,
      ],
    ] as const) {
      const res = await post({ ...squad, ...change });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { adsquads: { sub_request_error_reason: string }[] };
      expect(body.adsquads[0]!.sub_request_error_reason).toMatch(reason);
    }
  });

  it('refreshes the 30-minute access token once it expired, keeping the refresh token', async () => {
    const { api: other } = await world.connect();
    expect(world.emulator.oauth.options.accessTokenTtl).toBe(ACCESS_TOKEN_TTL);
    const refreshes = () =>
      world.emulator.controls
        .callsTo('/login/oauth2/access_token', 'POST')
        .filter((c) => (c.body as { grant_type?: string }).grant_type === 'refresh_token');
    const before = refreshes().length;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (ACCESS_TOKEN_TTL + 60) * 1000 });
    try {
      const res = await other.list({ dismissDatabase: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect(refreshes().length).toBe(before + 1);
    expect(await other.connectionStatus()).toBe('connected');
  });

  it('follows paging.next_link (a full URL) to the last page', async () => {
    world.emulator.seedAdSets(SEEDED.eurAccount, SEEDED.eurVideo, MAX_PAGE_SIZE + 5);
    const res = await api.list({ dismissDatabase: true, limit: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pages = world.emulator.controls
      .callsTo(`/adaccounts/${SEEDED.eurAccount}/adsquads`, 'GET')
      .slice(-2);
    expect(pages.map((c) => c.query.limit)).toEqual([String(MAX_PAGE_SIZE), String(MAX_PAGE_SIZE)]);
    expect(pages[0]!.query.cursor).toBeUndefined();
    expect(typeof pages[1]!.query.cursor).toBe('string');
    const eur = (await api.all({}, 50)).items.filter((a) => a.advertiser === SEEDED.eurAccount);
    expect(eur.length).toBeGreaterThan(MAX_PAGE_SIZE + 5);
  });
});
