import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { BID_FLOORS } from '../../emulators/pinterest/model.js';
import { MAX_PAGE_SIZE } from '../../emulators/pinterest/paging.js';
import { SEED } from '../../emulators/pinterest/seed.js';
import { DEFAULT_CLIENT } from '../../emulators/toolkit/emulator.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import type { AdSetClient } from '../support/adsets-client.js';
import { describePlatformSuite, type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { adapterAgainstEmulator, storedAt } from './pinterest-access.js';

/** March of next year, midnight in Berlin (standard time, then summer time). */
const YEAR = new Date().getUTCFullYear() + 1;
const runtime = {
  kind: 'Runtime',
  start: `${YEAR}-03-02T00:00:00+01:00`,
  end: `${YEAR}-04-01T00:00:00+02:00`,
};

const SPEC = { platform: 'pinterest', emulator: pinterestEmulator } as const;
const daily = (budget: number) => ({ kind: 'DailyBudget', budget, currency: 'USD' });
const zips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const keywords = (...values: string[]) => ({ kind: 'KeywordTargeting', keywords: values });
const pinAd = (media: string) => ({
  kind: 'ImageAd',
  media,
  headline: 'Velvet armchairs',
  text: 'Deep seats for long evenings.',
  url: 'https://acme-home.example/armchairs',
});

describePlatformSuite({
  ...SPEC,
  advertiser: { id: SEED.usdAccount, currency: 'USD' },
  campaign: SEED.awareness,
  create: {
    channelKind: 'Social',
    settings: [daily(25), { kind: 'Objective', objective: 'AWARENESS' }],
    targetings: [zips('94107'), keywords('home decor ideas')],
  },
  unsupported: [
    {
      settings: [daily(25), { kind: 'Objective', objective: 'CONSIDERATION' }],
      param: 'settings[1].objective',
    },
  ],
  // The emulator's smallest daily budget is 1 unit of the account currency.
  invalid: { settings: [daily(0.5)], targetings: [zips('94107')], param: 'settings[0].budget' },
  // adlink asks Pinterest for its largest pages.
  pageSize: MAX_PAGE_SIZE,
  deletedStatus: 'Archived',
  expiry: 'refresh',
  // Pinterest revokes only system users' tokens.
  revocation: null,
  manage: {
    campaign: { objective: 'AWARENESS', settings: [daily(100)] },
    adSet: { channelKind: 'Social', settings: [daily(25), runtime], targetings: [zips('94107')] },
    budget: {
      on: 'adset',
      setting: daily(40.5),
      stored: async ({ emulator }, { adSet }) =>
        (await storedAt(emulator, `/ad_accounts/${SEED.usdAccount}/ad_groups/${adSet}`))
          .budget_in_micro_currency,
      expected: 40_500_000,
    },
    runtime: { on: 'adset', setting: { ...runtime, end: `${YEAR}-04-15T00:00:00+02:00` } },
    targeting: { add: keywords('reading nook'), remove: keywords() },
  },
  // Acme Japan bills in yen; its campaign has an ad group with two ads.
  report: { zeroDecimalAdvertiser: SEED.jpyAccount },
  ads: {
    // 2:3 is what Pinterest recommends; it refuses no ratio and names no smallest size.
    images: [{ width: 1000, height: 1500, type: 'png' }],
    refusedImages: { tooLarge: 20_000_001, wrongType: 'gif' },
    identities: true,
    creatives: ({ media }) => [pinAd(media[0]!)],
    async received({ emulator }, ad, creative) {
      const { headline, text, url } = creative as ReturnType<typeof pinAd>;
      const stored = await storedAt(emulator, `/ad_accounts/${SEED.usdAccount}/ads/${ad.id}`);
      expect(stored).toMatchObject({
        ad_group_id: ad.adSetId,
        creative_type: 'REGULAR',
        status: 'PAUSED',
        review_status: 'PENDING',
        customizable_cta_type: null,
      });
      const pin = await storedAt(emulator, `/pins/${stored.pin_id}`);
      expect(pin).toMatchObject({
        title: headline,
        description: text,
        link: url,
        media: { media_type: 'image', images: { '1200x': { width: 1000, height: 1500 } } },
      });
      const boards = await storedAt(emulator, `/boards?ad_account_id=${SEED.usdAccount}&privacy=PROTECTED`);
      expect(boards.items).toContainEqual(expect.objectContaining({ id: pin.board_id, is_ads_only: true }));
    },
    tooLong: ({ media }) => ({
      creative: { ...pinAd(media[0]!), headline: 'h'.repeat(101) },
      param: 'creative.headline',
    }),
    refused: [
      {
        creative: () => ({
          kind: 'SearchAd',
          headlines: ['Armchairs', 'Sofas', 'Lamps'],
          descriptions: ['Deep seats.', 'Soft light.'],
          url: 'https://acme-home.example',
        }),
        param: 'creative',
        message: /promote Pins/,
      },
    ],
    deletedStatus: 'Archived',
  },
});

describe('pinterest: what only Pinterest does', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  beforeAll(async () => {
    world = await startPlatformWorld(SPEC);
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  const create = async (name: string, extra: object = {}) => {
    const res = await api.create({
      name,
      advertiser: SEED.usdAccount,
      parentId: SEED.awareness,
      channelKind: 'Social',
      status: 'Paused',
      settings: [daily(25)],
      targetings: [zips('94107')],
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; status: string; settings: unknown[]; targetings: unknown[] };
  };
  const lastCall = (fragment: string, method: string) =>
    world.emulator.controls.callsTo(fragment, method).at(-1)!;

  it('lists ad groups of every status from both accounts, mapped to adlink statuses and micros', async () => {
    const { items } = await api.all();
    const byName = Object.fromEntries(items.map((a) => [a.name, a]));
    expect(byName['San Francisco renters']).toMatchObject({
      status: 'Running',
      advertiser: SEED.usdAccount,
      parentId: SEED.awareness,
      settings: [
        { kind: 'DailyBudget', budget: 20, currency: 'USD' },
        { kind: 'Objective', objective: 'AWARENESS' },
        expect.objectContaining({ kind: 'Runtime' }),
      ],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [
            { country: 'US', zipcode: '94107' },
            { country: 'US', zipcode: '94103' },
          ],
        },
        // The EXACT_NEGATIVE keyword excludes: it has no unified kind.
        { kind: 'KeywordTargeting', keywords: ['home decor', 'wall art'] },
      ],
    });
    expect(byName['San Francisco renters']!.ads).toHaveLength(2);
    expect(byName['Oakland families']).toMatchObject({
      status: 'Paused',
      settings: [{ kind: 'TotalBudget', budget: 500, currency: 'USD' }, expect.anything(), expect.anything()],
    });
    expect(byName['Summer preview']!.status).toBe('Active'); // ACTIVE, not started
    expect(byName['Past buyers']!.status).toBe('Active'); // ACTIVE under a paused campaign
    expect(byName['Last winter']!.status).toBe('Archived');
    expect(byName['Abandoned draft']!.status).toBe('Deleted');
    expect(byName['Video viewers']!.settings).toEqual([
      { kind: 'Objective', objective: 'VIDEO_COMPLETION' },
      expect.objectContaining({ kind: 'Runtime' }),
    ]);
    expect(byName['Paris centre']).toMatchObject({
      advertiser: SEED.eurAccount,
      settings: [{ kind: 'DailyBudget', budget: 15, currency: 'EUR' }, expect.anything(), expect.anything()],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [
            { country: 'FR', zipcode: '75001' },
            { country: 'FR', zipcode: '75002' },
          ],
        },
      ],
    });
  });

  it('follows bookmarks with the largest page size and asks for every entity status', async () => {
    world.emulator.seedAdSets(SEED.eurAccount, SEED.eurConsideration, MAX_PAGE_SIZE + 1);
    const before = world.emulator.controls.calls.length;
    const res = await api.list({ dismissDatabase: true, limit: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pages = world.emulator.controls.calls
      .slice(before)
      .filter((c) => c.path === `/v5/ad_accounts/${SEED.eurAccount}/ad_groups`);
    expect(pages.map((c) => c.query.bookmark === undefined)).toEqual([true, false]);
    for (const page of pages) {
      expect(page.query).toMatchObject({
        page_size: String(MAX_PAGE_SIZE),
        entity_statuses: ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DRAFT', 'DELETED_DRAFT'],
      });
    }
  });

  it('creates budgets in micros, zip codes as GEO ids and keywords as their own resource', async () => {
    const created = await create('round trip', {
      settings: [{ kind: 'TotalBudget', budget: 300.5, currency: 'USD' }, runtime],
      targetings: [zips('94107', '10001'), keywords('Sofa', 'sofa', 'reading nook')],
    });
    const post = lastCall(`/v5/ad_accounts/${SEED.usdAccount}/ad_groups`, 'POST');
    expect(post.body).toEqual([
      expect.objectContaining({
        campaign_id: SEED.awareness,
        status: 'PAUSED',
        billable_event: 'IMPRESSION',
        bid_strategy_type: 'AUTOMATIC_BID',
        budget_type: 'LIFETIME',
        budget_in_micro_currency: 300_500_000,
        bid_in_micro_currency: BID_FLOORS.IMPRESSION,
        start_time: Date.parse(runtime.start) / 1000,
        end_time: Date.parse(runtime.end) / 1000,
        targeting_spec: { GEO: ['US-94107', 'US-10001'] },
      }),
    ]);
    expect(lastCall('/keywords', 'POST').body).toEqual({
      parent_id: created.id,
      keywords: [
        { value: 'Sofa', match_type: 'BROAD' },
        { value: 'reading nook', match_type: 'BROAD' },
      ],
    });
    const live = await api.get(created.id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(live.body.settings).toEqual([
      { kind: 'TotalBudget', budget: 300.5, currency: 'USD' },
      { kind: 'Objective', objective: 'AWARENESS' },
      // Unix seconds at Pinterest, read back in UTC.
      { kind: 'Runtime', start: `${YEAR}-03-01T23:00:00Z`, end: `${YEAR}-03-31T22:00:00Z` },
    ]);
    expect(live.body.targetings).toEqual([
      zips('94107', '10001'),
      { kind: 'KeywordTargeting', keywords: ['Sofa', 'reading nook'] },
    ]);
  });

  it('refuses what Pinterest cannot hold before calling it', async () => {
    const refused = async (change: object, param: string) => {
      const before = world.emulator.controls.callsTo('/ad_groups', 'POST').length;
      const res = await api.create({
        name: 'refused',
        advertiser: SEED.usdAccount,
        parentId: SEED.awareness,
        channelKind: 'Social',
        settings: [daily(25)],
        targetings: [zips('94107')],
        ...change,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ param });
      expect(world.emulator.controls.callsTo('/ad_groups', 'POST')).toHaveLength(before);
    };
    await refused({ targetings: [keywords('rugs')] }, 'targetings');
    await refused(
      { settings: [daily(25), { kind: 'TotalBudget', budget: 100, currency: 'USD' }] },
      'settings',
    );
    await refused(
      { settings: [{ kind: 'DailyBudget', budget: 25, currency: 'EUR' }] },
      'settings[0].currency',
    );
    await refused({ parentId: SEED.conversions, settings: [daily(25)] }, 'parentId');
    await refused({ parentId: SEED.videoCbo, settings: [daily(25)] }, 'settings[0]');
    // The OpenAPI requires budget_in_micro_currency outside campaign budget optimization.
    await refused({ settings: [] }, 'settings');
  });

  it("bids Pinterest's floor, asked of its bid_floor endpoint, where the OpenAPI requires a bid", async () => {
    for (const [parentId, event] of [
      [SEED.awareness, 'IMPRESSION'],
      [SEED.consideration, 'CLICKTHROUGH'],
    ] as const) {
      await create(`bid ${event}`, { parentId, settings: [daily(25)], targetings: [zips('94107')] });
      expect(lastCall(`/v5/ad_accounts/${SEED.usdAccount}/bid_floor`, 'POST').body).toEqual({
        bid_floor_specs: [
          { billable_event: event, objective_type: expect.any(String), currency: 'USD', countries: ['US'] },
        ],
      });
      expect(lastCall(`/v5/ad_accounts/${SEED.usdAccount}/ad_groups`, 'POST').body).toEqual([
        expect.objectContaining({
          billable_event: event,
          bid_strategy_type: 'AUTOMATIC_BID',
          bid_in_micro_currency: BID_FLOORS[event],
        }),
      ]);
    }
  });

  it("names the parameter behind Pinterest's refusal of a zip code", async () => {
    const res = await api.create({
      name: 'bad zip',
      advertiser: SEED.usdAccount,
      parentId: SEED.awareness,
      channelKind: 'Social',
      settings: [daily(25)],
      targetings: [zips('9410')],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'platform_validation_failed',
      param: 'targetings[0].zipcodes',
    });
  });

  it('DELETE archives (Pinterest has no DELETE for ad groups): the ad set stays readable as Archived', async () => {
    const { id } = await create('to archive', { status: 'Active' });
    const deleted = await api.delete(id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ deletions: 1, data: [{ id, status: 'Archived' }] });
    expect(lastCall(`/v5/ad_accounts/${SEED.usdAccount}/ad_groups`, 'PATCH').body).toEqual([
      { id, status: 'ARCHIVED' },
    ]);
    expect(world.emulator.controls.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    const live = await api.get(id, { dismissDatabase: true });
    expect(live.body.status).toBe('Archived');
    const reactivated = await api.put(id, { status: 'Active' });
    expect(reactivated.status).toBe(400);
    expect(reactivated.body.error).toMatchObject({ code: 'platform_validation_failed', param: 'status' });
  });

  it('updates by PATCH with a one-item list of partial changes', async () => {
    const { id } = await create('to rename');
    const res = await api.put(id, { name: 'renamed', status: 'Running' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'renamed', status: 'Running' });
    expect(lastCall('/ad_groups', 'PATCH').body).toEqual([{ id, name: 'renamed', status: 'ACTIVE' }]);
  });

  it('refreshes with HTTP Basic client credentials, never the secret in the body', async () => {
    const { api: other } = await world.connect();
    world.emulator.oauth.expireAccessTokens();
    expect((await other.list({ dismissDatabase: true })).status).toBe(200);
    const refresh = world.emulator.controls
      .callsTo('/v5/oauth/token', 'POST')
      .find((c) => (c.body as { grant_type?: string }).grant_type === 'refresh_token')!;
    const basic = Buffer.from(`${DEFAULT_CLIENT.clientId}:${DEFAULT_CLIENT.clientSecret}`).toString('base64');
    expect(refresh.headers.authorization).toBe(`Basic ${basic}`);
    expect(refresh.body).not.toHaveProperty('client_secret');
  });

  it('sends continuous_refresh=true with the code exchange only, and the emulator takes it', async () => {
    await world.connect();
    const calls = world.emulator.controls.callsTo('/v5/oauth/token', 'POST');
    const grant = (type: string) =>
      calls.filter((c) => (c.body as { grant_type?: string }).grant_type === type);
    expect(grant('authorization_code').length).toBeGreaterThan(0);
    for (const exchange of grant('authorization_code')) {
      expect(exchange.body).toMatchObject({ continuous_refresh: 'true' });
    }
    for (const refresh of grant('refresh_token'))
      expect(refresh.body).not.toHaveProperty('continuous_refresh');
  });
});

describe('pinterest adapter against the emulator', () => {
  it('archives the new ad group when Pinterest refuses its keywords, and says which parameter', async () => {
    const account = { id: SEED.usdAccount, name: 'Acme', currency: 'USD' };
    const { emulator, adapter, call } = await adapterAgainstEmulator(account);
    try {
      // Longer than Pinterest's 120 characters (adlink's own validation stops at 80 before this).
      const tooLong = 'x'.repeat(121);
      const failure = await adapter.adSets
        .create(
          call,
          {
            name: 'keywords refused',
            advertiser: account.id,
            parentId: SEED.awareness,
            channelKind: 'Social',
            status: 'Active',
            settings: [{ kind: 'DailyBudget', budget: 10, currency: 'USD' }],
            targetings: [
              {
                kind: 'GeoTargeting',
                type: 'ZipcodeGeoTargeting',
                zipcodes: [{ country: 'US', zipcode: '94107' }],
              },
              { kind: 'KeywordTargeting', keywords: [tooLong] },
            ],
          },
          account,
        )
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(PlatformError);
      expect(failure).toMatchObject({ kind: 'invalid', param: 'targetings[1].keywords' });
      const orphan = (await adapter.adSets.list(call, account)).find((a) => a.name === 'keywords refused');
      expect(orphan?.status).toBe('Archived');
    } finally {
      await emulator.close();
    }
  });
});
