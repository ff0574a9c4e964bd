import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { MAX_PAGE_SIZE } from '../../emulators/meta/paging.js';
import { CAMPAIGNS, PAGES } from '../../emulators/meta/seed.js';
import { META_MAX_IMAGE_BYTES } from '../../src/platforms/meta/media.js';
import { type AdSetClient, expectError } from '../support/adsets-client.js';
import { CampaignClient } from '../support/campaigns-client.js';
import { enter, heading, newCustomer, newLink, vendorWith } from '../support/connect-helpers.js';
import { FlowClient } from '../support/flow-client.js';
import {
  consentAtEmulator,
  describePlatformSuite,
  type PlatformWorld,
  startPlatformWorld,
} from '../support/platform-suite.js';

const USD = 'act_1000000001';
const JPY = 'act_1000000002';
/** March of next year: it starts in Pacific standard time and ends in daylight time. */
const YEAR = new Date().getUTCFullYear() + 1;
const runtime = { kind: 'Runtime', start: `${YEAR}-03-02T00:00:00Z`, end: `${YEAR}-04-01T00:00:00Z` };
const zips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});

/** Fields of a Graph node as the emulator holds it, read with the token adlink used last. */
async function graphNode(world: PlatformWorld, id: string, fields: string): Promise<Record<string, unknown>> {
  const authorization = world.emulator.controls.calls
    .map((c) => c.headers.authorization)
    .findLast((a) => typeof a === 'string' && a.startsWith('Bearer '));
  const res = await fetch(`${world.emulator.url}/v24.0/${id}?fields=${encodeURIComponent(fields)}`, {
    headers: { authorization: String(authorization) },
  });
  return (await res.json()) as Record<string, unknown>;
}

const graphField = async (world: PlatformWorld, id: string, field: string) =>
  (await graphNode(world, id, field))[field];

/** An ImageAd on the walk's first image (1200×628), posted as the account's Page. */
const imageAd = ({ media, identity }: { media: string[]; identity: string | undefined }) => ({
  kind: 'ImageAd',
  media: media[0],
  headline: 'Spring loaves',
  text: 'Fresh sourdough every morning.',
  url: 'https://bakery.example/spring',
  callToAction: 'ShopNow',
  identity,
});

describePlatformSuite({
  platform: 'meta',
  emulator: metaEmulator,
  advertiser: { id: USD, currency: 'USD' },
  campaign: CAMPAIGNS.usdTraffic,
  create: {
    channelKind: 'Social',
    settings: [
      { kind: 'DailyBudget', budget: 25, currency: 'USD' },
      { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' },
    ],
    targetings: [zips('94304')],
  },
  unsupported: [
    { targetings: [{ kind: 'KeywordTargeting', keywords: ['sourdough'] }], param: 'targetings[0]' },
    { settings: [{ kind: 'Objective', objective: 'OUTCOME_SALES' }], param: 'settings[0].objective' },
  ],
  // Meta's minimum daily budget is $1.00.
  invalid: { settings: [{ kind: 'DailyBudget', budget: 0.5, currency: 'USD' }], param: 'settings[0].budget' },
  // adlink asks Meta for its largest pages.
  pageSize: MAX_PAGE_SIZE,
  deletedStatus: 'Deleted',
  expiry: 'reconnect',
  // DELETE /me/permissions with the user's token, signed like every Graph call.
  // The ad account's zone (America/Los_Angeles) written as Meta answers it: PST on 2 March, PDT in April.
  manage: {
    campaign: { objective: 'OUTCOME_TRAFFIC', settings: [] },
    adSet: {
      channelKind: 'Social',
      settings: [
        { kind: 'DailyBudget', budget: 25, currency: 'USD' },
        { kind: 'Runtime', start: `${YEAR}-03-02T00:00:00-08:00`, end: `${YEAR}-04-01T00:00:00-07:00` },
      ],
      targetings: [zips('94304')],
    },
    // Meta keeps budgets in the currency's offset units, as strings: cents for USD.
    budget: {
      on: 'adset',
      setting: { kind: 'DailyBudget', budget: 40.5, currency: 'USD' },
      stored: (world, { adSet }) => graphField(world, adSet, 'daily_budget'),
      expected: '4050',
    },
    runtime: {
      on: 'adset',
      setting: {
        kind: 'Runtime',
        start: `${YEAR}-03-02T00:00:00-08:00`,
        end: `${YEAR}-04-15T00:00:00-07:00`,
      },
    },
    // A Meta ad set needs a location: the added zip code is removed by sending the first one alone.
    targeting: { add: zips('94304', '94305'), remove: zips('94304') },
  },
  revocation: {
    method: 'DELETE',
    path: '/v24.0/me/permissions',
    sends: (tokens, client) => ({
      headers: { authorization: `Bearer ${tokens.access_token}` },
      query: {
        appsecret_proof: createHmac('sha256', client.clientSecret).update(tokens.access_token).digest('hex'),
      },
    }),
  },
  // The seeded Tokyo account bills in yen.
  report: { zeroDecimalAdvertiser: JPY },
  ads: {
    // A link ad's landscape image, and a square one.
    images: [
      { width: 1200, height: 628, type: 'png' },
      { width: 1080, height: 1080, type: 'jpeg' },
    ],
    // Meta's library takes any ratio (each placement crops): no ratio refused on upload.
    refusedImages: {
      tooLarge: META_MAX_IMAGE_BYTES + 1,
      tooSmall: { width: 500, height: 500 },
      wrongType: 'gif',
    },
    identities: true,
    creatives: (ctx) => [imageAd(ctx)],
    async received(world, ad, creative, ctx) {
      const sent = creative as ReturnType<typeof imageAd>;
      const held = await graphNode(
        world,
        ad.id,
        'adset_id,status,effective_status,creative{object_story_spec}',
      );
      expect(held).toMatchObject({
        adset_id: ad.adSetId,
        status: 'PAUSED',
        effective_status: 'PENDING_REVIEW',
        creative: {
          object_story_spec: {
            page_id: PAGES.usd.id,
            link_data: {
              image_hash: ctx.media[0],
              link: sent.url,
              message: sent.text,
              name: sent.headline,
              call_to_action: { type: 'SHOP_NOW', value: { link: sent.url } },
            },
          },
        },
      });
    },
    tooLong: (ctx) => ({
      creative: { ...imageAd(ctx), headline: 'h'.repeat(256) },
      param: 'creative.headline',
    }),
    refused: [
      {
        creative: () => ({
          kind: 'SearchAd',
          headlines: ['Sourdough', 'Rye', 'Baguettes'],
          descriptions: ['Baked daily.', 'Open at six.'],
          url: 'https://bakery.example/',
        }),
        param: 'creative',
        message: /no search ads/,
      },
      {
        creative: (ctx) => ({ ...imageAd(ctx), businessName: 'Bakery' }),
        param: 'creative.businessName',
        message: /businessName/,
      },
    ],
    deletedStatus: 'Deleted',
  },
});

describe('meta: what only Meta does', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  let customer: string;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'meta', emulator: metaEmulator });
    ({ api, customer } = await world.connect());
  });
  afterAll(() => world?.close());

  const create = (advertiser: string, parentId: string, settings: object[], targetings = [zips('94304')]) =>
    api.create({
      name: 'meta test',
      advertiser,
      parentId,
      channelKind: 'Social',
      status: 'Paused',
      settings,
      targetings,
    });

  it('creates a campaign that restates Social, the one channel Meta runs on, and refuses another', async () => {
    const campaigns = new CampaignClient(world.h, api.company, customer, 'meta');
    const body = { name: 'restated channel', advertiser: USD, objective: 'OUTCOME_TRAFFIC', settings: [] };
    const social = await campaigns.create({ ...body, channelKind: 'Social' });
    expect(social.status, JSON.stringify(social.body)).toBe(201);
    expect(social.body).toMatchObject({
      channelKind: 'Social',
      status: 'Paused',
      objective: 'OUTCOME_TRAFFIC',
    });
    expectError(
      await campaigns.create({ ...body, channelKind: 'Search' }),
      400,
      'unsupported_for_platform',
      'channelKind',
    );
  });

  it('trades the code for a long-lived token (about 60 days) right away', async () => {
    const exchanges = world.emulator.controls
      .callsTo('/oauth/access_token', 'GET')
      .map((c) => c.query.grant_type);
    expect(exchanges).toContain('fb_exchange_token');
    const res = await world.h.http
      .get(`/customers/${customer}/connections`)
      .set('Authorization', api.company.auth);
    const meta = (res.body.data as { platform: string; status: string; expires_at: string | null }[]).find(
      (c) => c.platform === 'meta',
    );
    expect(meta?.status).toBe('connected');
    const days = (Date.parse(meta!.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
  });

  it("shows Meta's denial (error_code, error_reason) as a cancelled connection, not an invalid link", async () => {
    const company = await vendorWith(world.h, 'denying vendor');
    const other = await newCustomer(world.h, company);
    const browser = new FlowClient(world.h.baseUrl);
    await enter(browser, (await newLink(world.h, company, other, { platforms: 'meta' })).connect_url);
    const callback = new URL(await consentAtEmulator(world, browser, 'meta', 'deny'));
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
    });
    const page = await browser.get(callback.href);
    expect(page.status).toBe(200);
    expect(heading(await page.text())).toBe('Connection cancelled');
  });

  it('signs every Graph call with appsecret_proof, which the emulator checks', async () => {
    const before = world.emulator.controls.calls.length;
    expect((await api.list({ dismissDatabase: true })).status).toBe(200);
    const calls = world.emulator.controls.calls.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const token = String(call.headers.authorization).replace(/^Bearer /, '');
      const proof = createHmac('sha256', world.emulator.oauth.options.clientSecret)
        .update(token)
        .digest('hex');
      expect(call.query.appsecret_proof).toBe(proof);
    }
    const token = String(calls[0]!.headers.authorization).replace(/^Bearer /, '');
    const forged = await fetch(
      `${world.emulator.url}/v24.0/me/adaccounts?appsecret_proof=${'0'.repeat(64)}`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: number } }).error.code).toBe(100);
  });

  it("maps Meta's status pair: delivering is Running, on but held is Active", async () => {
    const { items } = await api.all();
    const status = (name: string) => items.find((a) => a.name === name)?.status;
    expect(status('Palo Alto commuters')).toBe('Running');
    expect(status('New creative in review')).toBe('Active');
    expect(status('Bay Area reach')).toBe('Active');
    expect(status('Menlo Park families')).toBe('Paused');
    expect(status('Last year')).toBe('Archived');
  });

  it('reads budgets with Meta currency offsets: cents for USD, whole yen for JPY', async () => {
    const { items } = await api.all({ childResources: 'Ad,Targeting' });
    const paloAlto = items.find((a) => a.name === 'Palo Alto commuters')!;
    expect(paloAlto.settings).toEqual([
      { kind: 'DailyBudget', budget: 20, currency: 'USD' },
      { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' },
      // Seeded on 2026-01-05 09:00 UTC, shown in the account's time zone (America/Los_Angeles).
      { kind: 'Runtime', start: expect.stringMatching(/^2026-01-05T01:00:\d\d-08:00$/) },
    ]);
    // Its ads, from the ads adapter: the seeded link ads on the account's Page, delivering and paused.
    const seededAd = (n: number, status: string) =>
      expect.objectContaining({
        name: `Palo Alto commuters — ad ${n}`,
        status,
        adSetId: paloAlto.id,
        creative: expect.objectContaining({ kind: 'ImageAd', identity: PAGES.usd.id }),
        review: { status: 'Approved', reasons: [] },
      });
    expect(paloAlto.ads).toHaveLength(2);
    expect(paloAlto.ads).toEqual(expect.arrayContaining([seededAd(1, 'Running'), seededAd(2, 'Paused')]));
    expect(items.find((a) => a.name === 'Menlo Park families')!.settings).toContainEqual({
      kind: 'TotalBudget',
      budget: 1500,
      currency: 'USD',
    });
    const shibuya = items.find((a) => a.name === 'Shibuya')!;
    expect(shibuya).toMatchObject({ advertiser: JPY, channelKind: 'Social' });
    expect(shibuya.settings).toContainEqual({ kind: 'DailyBudget', budget: 3000, currency: 'JPY' });
  });

  it('creates in a JPY account with yen as Meta units, and refuses fractions of a yen', async () => {
    const settings = (budget: number) => [{ kind: 'DailyBudget', budget, currency: 'JPY' }];
    const created = await create(JPY, CAMPAIGNS.jpyEngagement, settings(1500));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.settings).toContainEqual({ kind: 'DailyBudget', budget: 1500, currency: 'JPY' });
    const sent = world.emulator.controls.callsTo(`/${JPY}/adsets`, 'POST').at(-1)!;
    expect((sent.body as Record<string, string>).daily_budget).toBe('1500');
    expectError(
      await create(JPY, CAMPAIGNS.jpyEngagement, settings(1500.5)),
      400,
      'invalid_request',
      'settings[0].budget',
    );
    expectError(
      await create(JPY, CAMPAIGNS.jpyEngagement, [{ kind: 'DailyBudget', budget: 10, currency: 'USD' }]),
      400,
      'invalid_request',
      'settings[0].currency',
    );
  });

  it('round-trips zip codes as geo_locations.zips keys', async () => {
    const created = await create(
      USD,
      CAMPAIGNS.usdTraffic,
      [{ kind: 'TotalBudget', budget: 300, currency: 'USD' }, runtime],
      [zips('94301', '94305')],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = world.emulator.controls.callsTo(`/${USD}/adsets`, 'POST').at(-1)!;
    expect(JSON.parse((sent.body as Record<string, string>).targeting!)).toEqual({
      geo_locations: { zips: [{ key: 'US:94301' }, { key: 'US:94305' }] },
    });
    const live = await api.get(created.body.id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(live.body.targetings).toEqual([zips('94301', '94305')]);
    expect(live.body.settings).toContainEqual({ kind: 'TotalBudget', budget: 300, currency: 'USD' });
  });

  it('refuses an ad set without a location before calling Meta', async () => {
    const res = await create(
      USD,
      CAMPAIGNS.usdTraffic,
      [{ kind: 'DailyBudget', budget: 5, currency: 'USD' }],
      [],
    );
    expectError(res, 400, 'invalid_request', 'targetings');
  });

  it('deletes softly: the ad set reads back Deleted by id, and Meta edges hide it', async () => {
    const created = await create(USD, CAMPAIGNS.usdTraffic, [
      { kind: 'DailyBudget', budget: 5, currency: 'USD' },
    ]);
    const id = created.body.id as string;
    const deleted = await api.delete(id);
    expect(deleted.body).toMatchObject({ deletions: 1, data: [{ id, status: 'Deleted' }] });
    const live = await api.get(id, { dismissDatabase: true });
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('Deleted');
    const token = String(world.emulator.controls.calls.at(-1)!.headers.authorization).replace(/^Bearer /, '');
    const edge = await fetch(`${world.emulator.url}/v24.0/${USD}/adsets?limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const ids = ((await edge.json()) as { data: { id: string }[] }).data.map((a) => a.id);
    expect(ids).not.toContain(id);
  });

  it('archives by status, and Meta refuses to turn an archived ad set back on', async () => {
    const created = await create(USD, CAMPAIGNS.usdTraffic, [
      { kind: 'DailyBudget', budget: 5, currency: 'USD' },
    ]);
    const id = created.body.id as string;
    expect((await api.put(id, { status: 'Archived' })).body.status).toBe('Archived');
    expectError(await api.put(id, { status: 'Paused' }), 400, 'platform_validation_failed', 'status');
  });

  it('answers 409 reauthorization_required for code 190 (an HTTP 400 at Meta), not 502', async () => {
    const bogus = await fetch(`${world.emulator.url}/v24.0/me/adaccounts?access_token=revoked`);
    expect(bogus.status).toBe(400);
    expect(((await bogus.json()) as { error: { code: number } }).error.code).toBe(190);
    const { api: other } = await world.connect();
    world.emulator.oauth.revokeAll();
    expectError(await other.list({ dismissDatabase: true }), 409, 'reauthorization_required', 'platform');
    expect(await other.connectionStatus()).toBe('needs_reauth');
  });
});
