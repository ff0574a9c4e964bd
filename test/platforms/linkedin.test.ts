import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../emulators/linkedin/api-routes.js';
import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { SEED } from '../../emulators/linkedin/state.js';
import { AdSetClient, expectError } from '../support/adsets-client.js';
import { enter, newCustomer, newLink, throughChoice, vendorWith } from '../support/connect-helpers.js';
import { FlowClient } from '../support/flow-client.js';
import {
  consentAtEmulator,
  describePlatformSuite,
  type PlatformWorld,
  startPlatformWorld,
} from '../support/platform-suite.js';
import { lastWeek } from '../support/report-rows.js';
import { storedAt } from './linkedin-access.js';

const SPEC = { platform: 'linkedin', emulator: linkedinEmulator } as const;
/** The walk's single image ad: a headline, the intro text, a landing page, Sign Up. */
const imageAd = (media: string, identity: string | undefined) => ({
  kind: 'ImageAd',
  media,
  headline: 'Plan your week in minutes',
  text: 'Acme plans your team’s week so you can ship.',
  url: 'https://example.com/walk',
  callToAction: 'SignUp',
  identity,
});
const budget = (amount: number) => ({ kind: 'DailyBudget', budget: amount, currency: 'USD' });
const YEAR = new Date().getUTCFullYear() + 1;
const runtime = {
  kind: 'Runtime',
  start: `${YEAR}-03-02T00:00:00+01:00`,
  end: `${YEAR}-04-01T00:00:00+02:00`,
};

describePlatformSuite({
  ...SPEC,
  advertiser: { id: SEED.usdAccount, currency: 'USD' },
  campaign: SEED.usdGroup,
  create: {
    channelKind: 'Social',
    settings: [budget(50), { kind: 'Objective', objective: 'WEBSITE_VISITS' }],
    targetings: [],
  },
  unsupported: [
    {
      settings: [budget(50)],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['crm'] }],
      param: 'targetings[0]',
    },
    {
      settings: [budget(50)],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '10001' }],
        },
      ],
      param: 'targetings[0]',
    },
    {
      settings: [budget(50), { kind: 'Objective', objective: 'LEAD_GENERATION' }],
      param: 'settings[1].objective',
    },
  ],
  // LinkedIn's minimum daily budget is 10 in the account currency.
  invalid: { settings: [budget(5)], targetings: [], param: 'settings[0].budget' },
  pageSize: PAGE_SIZE,
  deletedStatus: 'Deleted',
  expiry: 'refresh',
  revocation: {
    method: 'POST',
    path: '/oauth/v2/revoke',
    sends: (tokens, client) => ({
      body: { client_id: client.clientId, client_secret: client.clientSecret, token: tokens.access_token },
    }),
  },
  manage: {
    campaign: {
      objective: 'WEBSITE_VISITS',
      settings: [
        { kind: 'TotalBudget', budget: 1000, currency: 'USD' },
        { ...runtime, end: `${YEAR}-05-01T00:00:00Z` },
      ],
    },
    adSet: { channelKind: 'Social', settings: [budget(50), runtime], targetings: [] },
    budget: {
      on: 'adset',
      setting: budget(72.5),
      stored: async ({ emulator }, { adSet }) =>
        (await storedAt(emulator, `/adAccounts/${SEED.usdAccount}/adCampaigns/${adSet}`)).dailyBudget,
      // LinkedIn holds money as a decimal string in major units of the account currency.
      expected: { amount: '72.50', currencyCode: 'USD' },
    },
    runtime: { on: 'adset', setting: { ...runtime, end: `${YEAR}-04-15T00:00:00+02:00` } },
    // LinkedIn targets facets and geo URNs, none of them a unified targeting kind.
    targeting: null,
  },
  report: { zeroDecimalAdvertiser: SEED.jpyAccount },
  ads: {
    images: [
      { width: 1200, height: 627, type: 'png' },
      { width: 1200, height: 1200, type: 'jpeg' },
    ],
    // Single image ads: up to 5 MB, from 360 px a side, 1.91:1, 1:1 or 1:1.91; LinkedIn takes GIFs.
    refusedImages: {
      tooLarge: 5 * 1024 * 1024 + 1,
      tooSmall: { width: 300, height: 300 },
      wrongRatio: { width: 1600, height: 600 },
    },
    identities: true,
    creatives: ({ media, identity }) => [imageAd(media[0]!, identity)],
    async received({ emulator }, ad, creative, { media, identity }) {
      const stored = await storedAt(
        emulator,
        `/adAccounts/${SEED.usdAccount}/creatives/${encodeURIComponent(`urn:li:sponsoredCreative:${ad.id}`)}`,
      );
      expect(stored).toMatchObject({
        campaign: `urn:li:sponsoredCampaign:${ad.adSetId}`,
        intendedStatus: 'PAUSED',
        review: { status: 'PENDING' },
      });
      const reference = (stored.content as { reference: string }).reference;
      const post = await storedAt(emulator, `/posts/${encodeURIComponent(reference)}`);
      const sent = creative as ReturnType<typeof imageAd>;
      expect(post).toEqual(
        expect.objectContaining({
          author: identity,
          commentary: sent.text,
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
          content: { media: { id: media[0], title: sent.headline } },
          lifecycleState: 'PUBLISHED',
          adContext: expect.objectContaining({
            dscAdAccount: `urn:li:sponsoredAccount:${SEED.usdAccount}`,
            dscStatus: 'ACTIVE',
          }),
          contentLandingPage: sent.url,
          contentCallToActionLabel: 'SIGN_UP',
        }),
      );
    },
    tooLong: ({ media, identity }) => ({
      creative: { ...imageAd(media[0]!, identity), text: 'x'.repeat(601) },
      param: 'creative.text',
    }),
    refused: [
      {
        creative: () => ({
          kind: 'SearchAd',
          headlines: ['Plan better', 'Ship faster', 'Work smarter'],
          descriptions: ['Acme plans your week.', 'Try it free.'],
          url: 'https://example.com/search',
        }),
        param: 'creative',
        message: /no search ads/,
      },
    ],
    // A creative LinkedIn has reviewed is not deleted but set to PENDING_DELETION: Deleted.
    deletedStatus: 'Deleted',
  },
});

describe('linkedin: what only LinkedIn does', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  beforeAll(async () => {
    world = await startPlatformWorld(SPEC);
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  const create = async (name: string, status: string) => {
    const res = await api.create({
      name,
      advertiser: SEED.usdAccount,
      parentId: SEED.usdGroup,
      channelKind: 'Social',
      status,
      settings: [budget(25.5)],
      targetings: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; settings: unknown[]; status: string };
  };

  it('sends the dated LinkedIn-Version and Rest.li 2.0.0 on every API call', async () => {
    await api.list({ dismissDatabase: true });
    const calls = world.emulator.controls.calls.filter((c) => c.path.startsWith('/rest/'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers['linkedin-version']).toBe('202607');
      expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
      expect(call.headers.authorization).toMatch(/^Bearer at-/);
    }
  });

  it('lists ad sets from every granted account, in LinkedIn statuses mapped to adlink', async () => {
    const { items } = await api.all();
    const byId = Object.fromEntries(items.map((a) => [a.id, a]));
    expect(byId[SEED.runningCampaign]).toMatchObject({
      status: 'Running',
      advertiser: SEED.usdAccount,
      parentId: SEED.usdGroup,
      channelKind: 'Social',
      settings: [
        { kind: 'DailyBudget', budget: 50, currency: 'USD' },
        { kind: 'Objective', objective: 'WEBSITE_VISITS' },
        // runSchedule in epoch milliseconds, read back in UTC.
        { kind: 'Runtime', start: '2026-02-01T00:00:00Z' },
      ],
    });
    // The ad set's ads are the ads adapter's creatives, in the ads' own shape.
    expect(byId[SEED.runningCampaign]!.ads).toMatchObject([
      {
        id: '800000001',
        name: 'Visitors – image ad',
        status: 'Running',
        adSetId: SEED.runningCampaign,
        campaignId: SEED.usdGroup,
        creative: { kind: 'ImageAd' },
        review: { status: 'Approved', reasons: [] },
      },
      {
        id: '800000002',
        name: 'Visitors – video ad',
        status: 'Paused',
        creative: { kind: 'Other', format: 'SINGLE_VIDEO' },
      },
    ]);
    expect(byId[SEED.draftCampaign]!.status).toBe('Active');
    expect(byId['700000004']!.status).toBe('Archived');
    expect(byId['700000005']!.status).toBe('Active'); // ACTIVE, but its campaign group is paused
    expect(byId['700000007']).toMatchObject({ advertiser: SEED.eurAccount, status: 'Running' });
  });

  it('creates with the budget as a decimal string and the campaign group objective', async () => {
    const created = await create('decimal budget', 'Paused');
    expect(created.settings).toEqual([
      { kind: 'DailyBudget', budget: 25.5, currency: 'USD' },
      { kind: 'Objective', objective: 'WEBSITE_VISITS' },
      // Without a Runtime the campaign runs from its creation, without an end.
      { kind: 'Runtime', start: expect.any(String) },
    ]);
    const [post] = world.emulator.controls.callsTo('/adCampaigns', 'POST').slice(-1);
    expect(post!.headers['x-restli-method']).toBe('create');
    expect(post!.body).toMatchObject({
      account: `urn:li:sponsoredAccount:${SEED.usdAccount}`,
      campaignGroup: `urn:li:sponsoredCampaignGroup:${SEED.usdGroup}`,
      status: 'PAUSED',
      dailyBudget: { amount: '25.50', currencyCode: 'USD' },
      objectiveType: 'WEBSITE_VISITS',
      politicalIntent: 'NOT_POLITICAL',
      associatedEntity: 'urn:li:organization:2414183',
      optimizationTargetType: 'MAX_CLICK',
    });
    expect(post!.body).not.toHaveProperty('unitCost');
  });

  it('paces a TotalBudget over the lifetime up to its Runtime’s end, with automated bidding', async () => {
    const end = `${new Date().getUTCFullYear() + 1}-12-31T00:00:00Z`;
    const created = await api.create({
      name: 'lifetime',
      advertiser: SEED.usdAccount,
      parentId: SEED.usdEndingGroup,
      channelKind: 'Social',
      status: 'Paused',
      settings: [
        { kind: 'TotalBudget', budget: 900, currency: 'USD' },
        {
          kind: 'Runtime',
          start: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          end,
        },
      ],
      targetings: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [post] = world.emulator.controls.callsTo('/adCampaigns', 'POST').slice(-1);
    expect(post!.body).toMatchObject({
      totalBudget: { amount: '900.00', currencyCode: 'USD' },
      pacingStrategy: 'LIFETIME',
      runSchedule: { end: Date.parse(end) },
      optimizationTargetType: 'MAX_REACH',
    });
  });

  it('updates by PARTIAL_UPDATE with a $set patch', async () => {
    const { id } = await create('to rename', 'Paused');
    const res = await api.put(id, { name: 'renamed', status: 'Archived' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'renamed', status: 'Archived' });
    const [patch] = world.emulator.controls.callsTo(`/adCampaigns/${id}`, 'POST').slice(-1);
    expect(patch!.headers['x-restli-method']).toBe('partial_update');
    expect(patch!.body).toEqual({ patch: { $set: { name: 'renamed', status: 'ARCHIVED' } } });
  });

  it('deletes a DRAFT campaign outright and marks any other PENDING_DELETION: both are Deleted', async () => {
    const draft = await api.delete(SEED.draftCampaign);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({ deletions: 1, data: [{ id: SEED.draftCampaign, status: 'Deleted' }] });
    expect((await api.get(SEED.draftCampaign, { dismissDatabase: true })).status).toBe(404);

    const { id } = await create('active then deleted', 'Active');
    const active = await api.delete(id);
    expect(active.body).toMatchObject({ deletions: 1, data: [{ id, status: 'Deleted' }] });
    const live = await api.get(id, { dismissDatabase: true });
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('Deleted');
  });

  it('customer lists are refused as unsupported_for_platform, before any call to LinkedIn', async () => {
    // LinkedIn's DMP Segment APIs need the Audiences program (docs/platforms/linkedin.md#audiences).
    const { company, customer } = await world.connect();
    const before = world.emulator.controls.calls.length;
    const at = (path: string) => `/v1/linkedin/audiences${path}?customer=${customer}`;
    const email = 'ada@example.com';
    const requests = [
      world.h.http.get(`${at('')}&advertiser=${SEED.usdAccount}`),
      world.h.http.post(at('')).send({ name: 'Existing customers', advertiser: SEED.usdAccount }),
      world.h.http.get(at('/123456')),
      world.h.http.put(at('/123456')).send({ name: 'Past customers' }),
      world.h.http.delete(at('/123456')),
      world.h.http.post(at('/123456/members')).send({ emails: [email] }),
      world.h.http.delete(at('/123456/members')).send({ emails: [email] }),
    ];
    for (const req of requests) {
      const res = await req.set('Authorization', company.auth);
      expectError(res, 400, 'unsupported_for_platform', 'platform');
      expect(JSON.stringify(res.body)).not.toContain(email);
    }
    expect(world.emulator.controls.calls.length).toBe(before);
  });

  it('uses the refresh token once the access token expired, and keeps working', async () => {
    const { api: other } = await world.connect();
    world.emulator.oauth.expireAccessTokens();
    const before = world.emulator.controls.calls.length;
    const res = await other.list({ dismissDatabase: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const refused = world.emulator.controls.calls.slice(before).filter((c) => c.path.startsWith('/rest/'));
    expect(refused[0]!.headers.authorization).not.toBe(refused.at(-1)!.headers.authorization);
    expect(await other.connectionStatus()).toBe('connected');
  });

  it('a connection made before reports were asked for: the report refused, needs_reauth (scope_missing), Reconnect', async () => {
    const { h } = world;
    const company = await vendorWith(h, 'LinkedIn vendor since before reports');
    const customer = await newCustomer(h, company);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer, { platforms: 'linkedin' })).connect_url);
    // What adlink asked for before it read reports: no r_ads_reporting.
    const callback = await consentAtEmulator(world, browser, 'linkedin', 'allow', 'rw_ads r_ads');
    expect(await throughChoice(browser, await browser.get(callback))).toBe('/connections?connected=linkedin');
    const old = new AdSetClient(h, company, customer, 'linkedin');
    expect((await old.connections()).body.data).toMatchObject([
      { platform: 'linkedin', status: 'connected', scopes: ['rw_ads', 'r_ads'], reauth_reason: null },
    ]);

    const { from, to } = lastWeek('UTC');
    const report = await h.http
      .get('/reports')
      .query({ customer, platform: 'linkedin', level: 'campaign', from, to })
      .set('Authorization', company.auth);
    const error = expectError(report, 409, 'reauthorization_required', 'platform');
    expect(error.message).toMatch(/reconnect linkedin/i);
    // LinkedIn was asked, and refused for want of the permission.
    expect(world.emulator.controls.callsTo('/rest/adAnalytics', 'GET').length).toBeGreaterThan(0);

    expect((await old.connections()).body.data).toMatchObject([
      { platform: 'linkedin', status: 'needs_reauth', reauth_reason: 'scope_missing' },
    ]);
    const events = await h.http
      .get(`/events?type=connection.needs_reauth&customer=${customer}`)
      .set('Authorization', company.auth);
    expect(events.body.data).toMatchObject([{ data: { platform: 'linkedin', reason: 'scope_missing' } }]);
    // Asked again, the connection is not marked (or told) twice.
    expectError(
      await h.http
        .get('/reports')
        .query({ customer, platform: 'linkedin', level: 'campaign', from, to })
        .set('Authorization', company.auth),
      409,
      'reauthorization_required',
      'platform',
    );
    const told = await h.http.get(`/events?customer=${customer}`).set('Authorization', company.auth);
    expect(
      told.body.data
        .map((e: { type: string }) => e.type)
        .filter((t: string) => t === 'connection.needs_reauth' || t === 'connection.refresh_failed'),
    ).toEqual(['connection.refresh_failed', 'connection.needs_reauth']);

    const again = new FlowClient(h.baseUrl);
    await enter(again, (await newLink(h, company, customer, { platforms: 'linkedin' })).connect_url);
    const overview = await (await again.get('/connections')).text();
    const row = /<li class="platform" data-platform="linkedin">[\s\S]*?<\/li>/.exec(overview)?.[0] ?? '';
    expect(row).toContain('data-status="needs_reauth"');
    expect(row).toContain('aria-label="Reconnect LinkedIn"');
  });
});
