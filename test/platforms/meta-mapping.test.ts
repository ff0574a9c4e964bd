import { describe, expect, it } from 'vitest';
import type { NewAdSet } from '../../src/adsets/model.js';
import { minorUnitExponent } from '../../src/adsets/money.js';
import type { NewCampaign } from '../../src/campaigns/model.js';
import { hasRatio } from '../../src/media/model.js';
import { toMetaAd, toMetaAdChanges, toMetaCreative } from '../../src/platforms/meta/ad-body.js';
import { toMetaAdSet } from '../../src/platforms/meta/adset-body.js';
import { toMetaChanges } from '../../src/platforms/meta/adset-changes.js';
import { toMetaCampaign, toMetaCampaignChanges } from '../../src/platforms/meta/campaign-body.js';
import { fromMetaAmount, metaOffset, toMetaAmount } from '../../src/platforms/meta/currencies.js';
import { classifyMetaError, retryAfterSeconds } from '../../src/platforms/meta/errors.js';
import {
  META_STATUS,
  toAdSet,
  toCampaign,
  unifiedAd,
  unifiedAudience,
  unifiedCreative,
  unifiedReview,
  unifiedStatus,
  unifiedTargetings,
} from '../../src/platforms/meta/mapping.js';
import { LINK_AD_RATIOS } from '../../src/platforms/meta/media.js';
import type { GraphAd, GraphAdSet, GraphCustomAudience } from '../../src/platforms/meta/model.js';
import type { PlatformInputError } from '../../src/ports/platform-error.js';

describe('meta status mapping', () => {
  it.each([
    ['ACTIVE', 'ACTIVE', 'Running'],
    ['ACTIVE', 'CAMPAIGN_PAUSED', 'Active'],
    ['ACTIVE', 'IN_PROCESS', 'Active'],
    ['ACTIVE', 'WITH_ISSUES', 'Active'],
    ['PAUSED', 'PAUSED', 'Paused'],
    ['ARCHIVED', 'ARCHIVED', 'Archived'],
    ['DELETED', 'DELETED', 'Deleted'],
  ])('%s with effective %s is %s', (status, effective_status, unified) => {
    expect(unifiedStatus({ status, effective_status })).toBe(unified);
  });

  it('writes Running and Active as ACTIVE, Paused and Archived as themselves', () => {
    expect(META_STATUS).toEqual({
      Running: 'ACTIVE',
      Active: 'ACTIVE',
      Paused: 'PAUSED',
      Archived: 'ARCHIVED',
    });
  });
});

describe("meta currency offsets (Meta's table, not ISO 4217)", () => {
  it('counts USD in cents and JPY and KRW in whole units', () => {
    expect(toMetaAmount(20, 'USD')).toBe(2000);
    expect(fromMetaAmount('2000', 'USD')).toBe(20);
    expect(toMetaAmount(1500, 'JPY')).toBe(1500);
    expect(fromMetaAmount('1500', 'JPY')).toBe(1500);
    expect(toMetaAmount(10_000, 'KRW')).toBe(10_000);
    expect(toMetaAmount(12.5, 'JPY')).toBeUndefined();
    expect(toMetaAmount(12.345, 'EUR')).toBeUndefined();
  });

  it('differs from ISO where Meta says so: whole units for COP, CRC, HUF, IDR, TWD; cents for BHD, JOD', () => {
    for (const currency of ['COP', 'CRC', 'HUF', 'IDR', 'TWD']) {
      expect(minorUnitExponent(currency)).toBe(2);
      expect(metaOffset(currency)).toBe(1);
    }
    expect(toMetaAmount(5000, 'HUF')).toBe(5000);
    for (const currency of ['BHD', 'JOD']) {
      expect(minorUnitExponent(currency)).toBe(3);
      expect(metaOffset(currency)).toBe(100);
    }
    expect(toMetaAmount(1.25, 'BHD')).toBe(125);
    for (const currency of ['CLP', 'ISK', 'PYG', 'VND']) expect(metaOffset(currency)).toBe(1);
  });

  it('knows no offset for a currency Meta ad accounts do not use', () => {
    expect(metaOffset('KWD')).toBeUndefined();
    expect(() => fromMetaAmount('100', 'KWD')).toThrow(/unknown currency/);
  });
});

describe('meta ad set input', () => {
  const input = (changes: Partial<NewAdSet> = {}): NewAdSet => ({
    name: 'Zips',
    advertiser: 'act_1',
    parentId: '42',
    channelKind: 'Social',
    status: 'Paused',
    settings: [{ kind: 'DailyBudget', budget: 12.5, currency: 'USD' }],
    targetings: [
      {
        kind: 'GeoTargeting',
        type: 'ZipcodeGeoTargeting',
        zipcodes: [
          { country: 'US', zipcode: '94304' },
          { country: 'US', zipcode: '10001' },
        ],
      },
    ],
    ...changes,
  });
  const account = { id: 'act_1', name: 'US', currency: 'USD' };

  it('sends budgets in offset units, zips as CC:zip keys, and a goal fitting the objective', () => {
    const { params } = toMetaAdSet(input(), account, { objective: 'OUTCOME_TRAFFIC' });
    expect(params).toEqual({
      name: 'Zips',
      campaign_id: '42',
      status: 'PAUSED',
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'LINK_CLICKS',
      daily_budget: '1250',
      targeting: JSON.stringify({ geo_locations: { zips: [{ key: 'US:94304' }, { key: 'US:10001' }] } }),
    });
  });

  it("sends an AudienceTargeting inside the targeting, and puts Meta's refusal of an id on that id", () => {
    const geo = input().targetings[0]!;
    const audiences = { kind: 'AudienceTargeting' as const, include: ['2385001'], exclude: ['2385002'] };
    const { params, sources } = toMetaAdSet(input({ targetings: [geo, audiences] }), account, {
      objective: 'OUTCOME_TRAFFIC',
    });
    expect(JSON.parse(params.targeting!)).toEqual({
      geo_locations: { zips: [{ key: 'US:94304' }, { key: 'US:10001' }] },
      custom_audiences: [{ id: '2385001' }],
      excluded_custom_audiences: [{ id: '2385002' }],
    });
    const refusal = (message: string) =>
      classifyMetaError(sources)({
        status: 400,
        headers: new Headers(),
        body: { error: { type: 'OAuthException', code: 100, message } },
      });
    expect(
      refusal(
        '(#100) Param targeting[excluded_custom_audiences][0] is invalid: 2385002 is no custom audience of ad account act_1',
      ),
    ).toMatchObject({ kind: 'invalid', param: 'targetings[1].exclude[0]' });
    expect(refusal('(#100) Param targeting[custom_audiences] must be a list')).toMatchObject({
      param: 'targetings[1].include',
    });
  });

  it('sends a Runtime as start_time and end_time, the instants in UTC as Meta writes them', () => {
    const total = input({
      settings: [
        { kind: 'TotalBudget', budget: 300, currency: 'USD' },
        { kind: 'Runtime', start: '2026-12-01T00:00:00-08:00', end: '2026-12-24T09:30:00+05:30' },
      ],
    });
    const { params } = toMetaAdSet(total, account, { objective: 'OUTCOME_AWARENESS' });
    expect(params).toMatchObject({
      lifetime_budget: '30000',
      optimization_goal: 'REACH',
      start_time: '2026-12-01T08:00:00+0000',
      end_time: '2026-12-24T04:00:00+0000',
    });
  });

  it('sends no end_time for a Runtime without an end (it runs until stopped)', () => {
    const open = input({
      settings: [
        { kind: 'DailyBudget', budget: 12.5, currency: 'USD' },
        { kind: 'Runtime', start: '2026-12-01T00:00:00Z' },
      ],
    });
    const { params } = toMetaAdSet(open, account, { objective: 'OUTCOME_TRAFFIC' });
    expect(params.start_time).toBe('2026-12-01T00:00:00+0000');
    expect(params).not.toHaveProperty('end_time');
  });

  it.each([
    [{ targetings: [] }, 'OUTCOME_TRAFFIC', 'targetings'],
    [
      { settings: [{ kind: 'DailyBudget' as const, budget: 5, currency: 'EUR' }] },
      'OUTCOME_TRAFFIC',
      'settings[0].currency',
    ],
    [
      { settings: [{ kind: 'DailyBudget' as const, budget: 5.001, currency: 'USD' }] },
      'OUTCOME_TRAFFIC',
      'settings[0].budget',
    ],
    [
      {
        settings: [
          { kind: 'DailyBudget' as const, budget: 5, currency: 'USD' },
          { kind: 'TotalBudget' as const, budget: 50, currency: 'USD' },
        ],
      },
      'OUTCOME_TRAFFIC',
      'settings',
    ],
    [{}, 'OUTCOME_SALES', 'parentId'],
  ])('refuses %j under %s, naming %s', (changes, objective, param) => {
    expect(() => toMetaAdSet(input(changes), account, { objective })).toThrow(
      expect.objectContaining({ param }) as PlatformInputError,
    );
  });

  it('reads zips back as ZipcodeGeoTargeting and shows nothing for countries', () => {
    expect(unifiedTargetings({ geo_locations: { zips: [{ key: 'JP:150-0002' }] } })).toEqual([
      {
        kind: 'GeoTargeting',
        type: 'ZipcodeGeoTargeting',
        zipcodes: [{ country: 'JP', zipcode: '150-0002' }],
      },
    ]);
    expect(unifiedTargetings({ geo_locations: { countries: ['US'] } })).toEqual([]);
  });
});

describe('meta ad set schedules read back', () => {
  const graphAdSet = (times: Partial<GraphAdSet>): GraphAdSet => ({
    id: '7',
    account_id: '1',
    campaign_id: '42',
    name: 'x',
    status: 'PAUSED',
    effective_status: 'PAUSED',
    daily_budget: '1000',
    created_time: '2026-11-01T01:00:00-0700',
    ...times,
  });
  const runtimeOf = (adSet: GraphAdSet) => toAdSet(adSet, 'USD').settings.find((s) => s.kind === 'Runtime');

  it("keeps the ad account's time zone offset Meta answers with, in ISO 8601 (with a colon)", () => {
    const adSet = graphAdSet({
      start_time: '2026-12-01T00:00:00-0800',
      end_time: '2027-01-01T00:00:00-0800',
    });
    expect(runtimeOf(adSet)).toEqual({
      kind: 'Runtime',
      start: '2026-12-01T00:00:00-08:00',
      end: '2027-01-01T00:00:00-08:00',
    });
    const tokyo = graphAdSet({ start_time: '2026-12-01T09:00:00+0900' });
    expect(runtimeOf(tokyo)).toEqual({ kind: 'Runtime', start: '2026-12-01T09:00:00+09:00' });
    expect(toAdSet(tokyo, 'USD').created_at).toBe('2026-11-01T08:00:00.000Z');
  });
});

describe('meta ad set updates', () => {
  const usd = { id: 'act_1', name: 'US', currency: 'USD' };
  const jpy = { id: 'act_2', name: 'JP', currency: 'JPY' };
  const adSet = (values: Partial<GraphAdSet> = {}): GraphAdSet => ({
    id: '7',
    account_id: '1',
    campaign_id: '42',
    name: 'x',
    status: 'ACTIVE',
    effective_status: 'ACTIVE',
    daily_budget: '2000',
    start_time: '2026-11-01T00:00:00-0700',
    created_time: '2026-11-01T00:00:00-0700',
    targeting: { geo_locations: { countries: ['CA'], zips: [{ key: 'US:94304' }] }, age_min: 25 },
    ...values,
  });

  it('sends a budget in offset units: whole yen for JPY, cents for USD; refuses fractions and other currencies', () => {
    const daily = (budget: number, currency: string) => ({
      settings: [{ kind: 'DailyBudget' as const, budget, currency }],
    });
    expect(toMetaChanges(daily(1500, 'JPY'), { adSet: adSet(), account: jpy }).params).toEqual({
      daily_budget: '1500',
    });
    expect(toMetaChanges(daily(25.5, 'USD'), { adSet: adSet(), account: usd }).params).toEqual({
      daily_budget: '2550',
    });
    expect(() => toMetaChanges(daily(1500.5, 'JPY'), { adSet: adSet(), account: jpy })).toThrow(
      expect.objectContaining({ param: 'settings[0].budget' }) as PlatformInputError,
    );
    expect(() => toMetaChanges(daily(15, 'USD'), { adSet: adSet(), account: jpy })).toThrow(
      expect.objectContaining({ param: 'settings[0].currency' }) as PlatformInputError,
    );
  });

  it('moves the end without sending the unchanged (past) start; an open end is end_time=0', () => {
    const runtime = (end?: string) => ({
      settings: [
        { kind: 'Runtime' as const, start: '2026-11-01T07:00:00Z', ...(end === undefined ? {} : { end }) },
      ],
    });
    const current = { adSet: adSet({ end_time: '2026-12-01T00:00:00-0800' }), account: usd };
    expect(toMetaChanges(runtime('2026-12-31T23:59:59+01:00'), current).params).toEqual({
      end_time: '2026-12-31T22:59:59+0000',
    });
    expect(toMetaChanges(runtime(), current).params).toEqual({ end_time: '0' });
    expect(toMetaChanges(runtime('2026-12-01T08:00:00Z'), current).params).toEqual({});
    expect(toMetaChanges(runtime(), { adSet: adSet(), account: usd }).params).toEqual({});
    const moved = { settings: [{ kind: 'Runtime' as const, start: '2026-12-05T00:00:00+09:00' }] };
    expect(toMetaChanges(moved, current).params).toEqual({
      start_time: '2026-12-04T15:00:00+0000',
      end_time: '0',
    });
  });

  it("replaces only the zip codes of Meta's targeting, keeping its other criteria", () => {
    const geo = (zipcodes: { country: string; zipcode: string }[]) => ({
      targetings: [{ kind: 'GeoTargeting' as const, type: 'ZipcodeGeoTargeting' as const, zipcodes }],
    });
    const sent = toMetaChanges(geo([{ country: 'US', zipcode: '10001' }]), { adSet: adSet(), account: usd });
    expect(JSON.parse(sent.params.targeting!)).toEqual({
      geo_locations: { countries: ['CA'], zips: [{ key: 'US:10001' }] },
      age_min: 25,
    });
    const removed = toMetaChanges(geo([]), { adSet: adSet(), account: usd });
    expect(JSON.parse(removed.params.targeting!)).toEqual({
      geo_locations: { countries: ['CA'] },
      age_min: 25,
    });
  });

  it('names and statuses need nothing read first', () => {
    expect(toMetaChanges({ name: 'New', status: 'Running' }).params).toEqual({
      name: 'New',
      status: 'ACTIVE',
    });
  });
});

describe("meta error classification (Meta's envelope)", () => {
  const answer = (error: object, status = 400, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
    body: { error: { type: 'OAuthException', fbtrace_id: 'x', ...error } },
  });
  const classify = classifyMetaError([
    ['daily_budget', 'settings[0].budget'],
    ['budget', 'settings[0].budget'],
    ['zips?', 'targetings[0].zipcodes'],
    ['name', 'name'],
  ]);

  it('treats code 190 as unauthorized whatever the HTTP status, and 104 (no token) too', () => {
    expect(classify(answer({ code: 190, error_subcode: 463, message: 'Session has expired' }))?.kind).toBe(
      'unauthorized',
    );
    expect(classify(answer({ code: 190, message: 'Invalid OAuth access token' }, 401))?.kind).toBe(
      'unauthorized',
    );
    expect(classify(answer({ code: 104, message: 'An access token is required' }))?.kind).toBe(
      'unauthorized',
    );
  });

  it.each([4, 17, 613, 80000, 80004, 80014])('treats code %i as throttled', (code) => {
    expect(classify(answer({ code, message: 'limit reached' }))?.kind).toBe('throttled');
  });

  it('waits as long as X-Business-Use-Case-Usage says (minutes), at least a second', () => {
    const usage = (minutes: number) => ({
      'x-business-use-case-usage': JSON.stringify({
        '1': [{ type: 'ads_management', call_count: 100, estimated_time_to_regain_access: minutes }],
      }),
    });
    expect(
      classify(answer({ code: 17, error_subcode: 2446079, message: 'x' }, 400, usage(5)))?.retryAfterSeconds,
    ).toBe(300);
    expect(retryAfterSeconds(new Headers(usage(0)))).toBe(1);
    expect(retryAfterSeconds(new Headers({ 'x-business-use-case-usage': 'not json' }))).toBe(1);
  });

  it('reports code 100 as invalid on the parameter its message names', () => {
    const low = classify(
      answer({
        code: 100,
        error_subcode: 1885272,
        message: 'Invalid parameter',
        error_user_title: 'Your Budget Is Too Low',
        error_user_msg: 'The daily_budget of this ad set must be at least 100.',
      }),
    );
    expect(low).toMatchObject({ kind: 'invalid', param: 'settings[0].budget', code: '100/1885272' });
    expect(classify(answer({ code: 100, message: '(#100) Invalid zip code' }))?.param).toBe(
      'targetings[0].zipcodes',
    );
    expect(classify(answer({ code: 100, message: '(#100) Something else' }))).toMatchObject({
      kind: 'invalid',
      param: undefined,
    });
  });

  it('keeps "object does not exist" (100/33) apart as a rejection, and leaves other bodies to HTTP', () => {
    expect(
      classify(answer({ code: 100, error_subcode: 33, message: 'Unsupported get request' })),
    ).toMatchObject({
      kind: 'rejected',
      code: '100/33',
    });
    expect(classify({ status: 500, headers: new Headers(), body: undefined })).toBeUndefined();
  });
});

describe('meta campaigns', () => {
  const usd = { id: 'act_1', name: 'US', currency: 'USD' };
  const jpy = { id: 'act_2', name: 'JP', currency: 'JPY' };
  const campaign = (settings: NewCampaign['settings'] = [], status: NewCampaign['status'] = 'Paused') => ({
    name: 'Spring',
    advertiser: 'act_1',
    objective: 'OUTCOME_TRAFFIC',
    status,
    settings,
  });
  const daily = (budget: number, currency: string) => ({ kind: 'DailyBudget' as const, budget, currency });

  it('creates without a campaign budget: no special ad category, auction, ad sets not sharing budgets', () => {
    const { params } = toMetaCampaign(campaign(), usd);
    expect(params).toEqual({
      name: 'Spring',
      objective: 'OUTCOME_TRAFFIC',
      status: 'PAUSED',
      special_ad_categories: '[]',
      buying_type: 'AUCTION',
      is_adset_budget_sharing_enabled: 'false',
    });
    expect(toMetaCampaign(campaign([], 'Running'), usd).params.status).toBe('ACTIVE');
  });

  it('creates with a daily campaign budget in offset units: cents for USD, whole yen for JPY', () => {
    const { params, sources } = toMetaCampaign(campaign([daily(40.5, 'USD')]), usd);
    expect(params).toMatchObject({ daily_budget: '4050' });
    expect(params).not.toHaveProperty('is_adset_budget_sharing_enabled');
    expect(sources).toContainEqual(['daily_budget', 'settings[0].budget']);
    expect(toMetaCampaign(campaign([daily(3000, 'JPY')]), jpy).params.daily_budget).toBe('3000');
  });

  it.each([
    [[daily(1500.5, 'JPY')], jpy, 'settings[0].budget'],
    [[daily(15, 'USD')], jpy, 'settings[0].currency'],
    [[daily(5, 'USD'), { kind: 'TotalBudget' as const, budget: 50, currency: 'USD' }], usd, 'settings'],
  ])('refuses %j in %j, naming %s', (settings, account, param) => {
    expect(() => toMetaCampaign(campaign(settings), account)).toThrow(
      expect.objectContaining({ param }) as PlatformInputError,
    );
  });

  it('updates name, status and the campaign budget; Deleted is left to DELETE', () => {
    expect(toMetaCampaignChanges({ name: 'Autumn', status: 'Archived' }).params).toEqual({
      name: 'Autumn',
      status: 'ARCHIVED',
    });
    expect(toMetaCampaignChanges({ status: 'Deleted' }).params).toEqual({});
    expect(toMetaCampaignChanges({ settings: [daily(12, 'USD')] }, usd).params).toEqual({
      daily_budget: '1200',
    });
  });

  it('reads the campaign budget in the account currency, and none where the ad sets have the budgets', () => {
    const graph = {
      id: '5',
      account_id: '2',
      name: 'Tokyo',
      objective: 'OUTCOME_ENGAGEMENT',
      status: 'PAUSED',
      effective_status: 'PAUSED',
    };
    expect(toCampaign({ ...graph, daily_budget: '3000' }, 'JPY')).toEqual({
      id: '5',
      name: 'Tokyo',
      platform: 'meta',
      status: 'Paused',
      advertiser: 'act_2',
      objective: 'OUTCOME_ENGAGEMENT',
      channelKind: 'Social',
      settings: [daily(3000, 'JPY')],
    });
    expect(toCampaign({ ...graph, lifetime_budget: '150000' }, 'USD').settings).toEqual([
      { kind: 'TotalBudget', budget: 1500, currency: 'USD' },
    ]);
    expect(toCampaign(graph, 'USD').settings).toEqual([]);
  });

  it('refuses an ad-set budget under a campaign budget, on create and on update', () => {
    const adSet: NewAdSet = {
      name: 'x',
      advertiser: 'act_1',
      parentId: '5',
      channelKind: 'Social',
      status: 'Paused',
      settings: [daily(5, 'USD')],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94304' }],
        },
      ],
    };
    const parent = { objective: 'OUTCOME_TRAFFIC', daily_budget: '5000' };
    expect(() => toMetaAdSet(adSet, usd, parent)).toThrow(
      expect.objectContaining({ param: 'settings[0]' }) as PlatformInputError,
    );
    expect(toMetaAdSet({ ...adSet, settings: [] }, usd, parent).params).not.toHaveProperty('daily_budget');
    const current = {
      id: '7',
      account_id: '1',
      campaign_id: '5',
      campaign: { id: '5', daily_budget: '5000' },
      name: 'x',
      status: 'PAUSED',
      effective_status: 'PAUSED',
      created_time: '2026-11-01T00:00:00-0700',
    };
    expect(() => toMetaChanges({ settings: [daily(6, 'USD')] }, { adSet: current, account: usd })).toThrow(
      expect.objectContaining({ param: 'settings[0]' }) as PlatformInputError,
    );
  });
});

describe('meta ads mapping', () => {
  const linkData = {
    link: 'https://bakery.example/spring',
    image_hash: 'a'.repeat(32),
    message: 'Fresh sourdough every morning.',
    name: 'Spring loaves',
    call_to_action: { type: 'SHOP_NOW', value: { link: 'https://bakery.example/spring' } },
  };
  const graphAd = (extra: Partial<GraphAd> = {}): GraphAd => ({
    id: '120212000000000001',
    account_id: '1000000001',
    campaign_id: '120210000000000101',
    adset_id: '120211000000000001',
    name: 'spring',
    status: 'PAUSED',
    effective_status: 'PAUSED',
    creative: { id: '9', object_type: 'SHARE', object_story_spec: { page_id: '104', link_data: linkData } },
    created_time: '2026-01-05T01:00:00-0800',
    ...extra,
  });

  it('reads a link ad with an uploaded image as an ImageAd, posted as its Page', () => {
    expect(unifiedAd(graphAd())).toEqual({
      id: '120212000000000001',
      name: 'spring',
      platform: 'meta',
      status: 'Paused',
      advertiser: 'act_1000000001',
      adSetId: '120211000000000001',
      campaignId: '120210000000000101',
      creative: {
        kind: 'ImageAd',
        media: 'a'.repeat(32),
        additionalMedia: [],
        headline: 'Spring loaves',
        text: 'Fresh sourdough every morning.',
        url: 'https://bakery.example/spring',
        callToAction: 'ShopNow',
        identity: '104',
      },
      review: { status: 'Approved', reasons: [] },
      created_at: '2026-01-05T09:00:00.000Z',
    });
  });

  it('reads videos, carousels and link ads without an uploaded image as Other, with their format', () => {
    const story = (spec: object, object_type = 'SHARE') => ({
      id: '9',
      object_type,
      object_story_spec: { page_id: '104', ...spec },
    });
    expect(unifiedCreative(story({ video_data: { video_id: '1' } }, 'VIDEO'))).toEqual({
      kind: 'Other',
      format: 'VIDEO',
    });
    expect(unifiedCreative(story({ link_data: { ...linkData, child_attachments: [{}, {}] } }))).toEqual({
      kind: 'Other',
      format: 'CAROUSEL',
    });
    expect(
      unifiedCreative(
        story({ link_data: { link: 'https://x.example', picture: 'https://x.example/p.png' } }),
      ),
    ).toEqual({
      kind: 'Other',
      format: 'SHARE',
    });
  });

  it.each([
    ['PENDING_REVIEW', {}, [], 'Pending', []],
    ['IN_PROCESS', {}, [], 'Pending', []],
    ['ACTIVE', {}, [], 'Approved', []],
    ['PAUSED', {}, [], 'Approved', []],
    [
      'DISAPPROVED',
      { global: { 'Misleading Claims': 'No promises.' } },
      [],
      'Rejected',
      ['Misleading Claims: No promises.'],
    ],
    [
      'ACTIVE',
      { placement_specific: { instagram: { 'Adult Content': 'Not on Instagram.' } } },
      [],
      'Limited',
      ['Adult Content (instagram): Not on Instagram.'],
    ],
    [
      'WITH_ISSUES',
      {},
      [{ error_summary: 'Ad post is not available', error_message: 'It was removed.' }],
      'Limited',
      ['Ad post is not available: It was removed.'],
    ],
  ])(
    'effective %s with feedback %j and issues %j is %s %j',
    (effective_status, feedback, issues, status, reasons) => {
      expect(
        unifiedReview(graphAd({ effective_status, ad_review_feedback: feedback, issues_info: issues })),
      ).toEqual({ status, reasons });
    },
  );

  it('writes an ImageAd as a link ad on the Page, and the ad with its creative paused', () => {
    const creative = {
      kind: 'ImageAd' as const,
      media: 'a'.repeat(32),
      additionalMedia: [],
      headline: 'Spring loaves',
      text: 'Fresh sourdough every morning.',
      url: 'https://bakery.example/spring',
      callToAction: 'ShopNow' as const,
      identity: '104',
    };
    const { params } = toMetaCreative('spring', creative);
    expect(params.name).toBe('spring');
    expect(JSON.parse(params.object_story_spec!)).toEqual({ page_id: '104', link_data: linkData });
    const { params: noButton } = toMetaCreative('spring', {
      ...creative,
      headline: undefined,
      callToAction: undefined,
    });
    expect(JSON.parse(noButton.object_story_spec!).link_data).toEqual({
      link: linkData.link,
      image_hash: linkData.image_hash,
      message: linkData.message,
    });
    expect(toMetaAd({ name: 'spring', adSetId: '7', status: 'Paused', creative }, '9').params).toEqual({
      name: 'spring',
      adset_id: '7',
      creative: '{"creative_id":"9"}',
      status: 'PAUSED',
    });
    expect(toMetaAdChanges({ status: 'Running', creative }, '10').params).toEqual({
      status: 'ACTIVE',
      creative: '{"creative_id":"10"}',
    });
  });

  it("reports Meta's refusals of a creative's fields on the unified field", () => {
    const { sources } = toMetaCreative('spring', {
      kind: 'ImageAd',
      media: 'h',
      additionalMedia: [],
      url: 'https://x.example',
    });
    const refused = (message: string) =>
      classifyMetaError(sources)({
        status: 400,
        headers: { get: () => null },
        body: { error: { code: 100, message: `(#100) ${message}` } },
      })?.param;
    expect(refused('Param object_story_spec[link_data][message] must be at most 2200 characters long')).toBe(
      'creative.text',
    );
    expect(refused('Param object_story_spec[link_data][name] must be at most 255 characters long')).toBe(
      'creative.headline',
    );
    expect(
      refused('Param object_story_spec[link_data][image_hash] is not an image of ad account act_1'),
    ).toBe('creative.media');
    expect(refused('Param object_story_spec[link_data][link] must be a valid URL')).toBe('creative.url');
    expect(refused('Param object_story_spec[page_id] must be a Page ad account act_1 may promote')).toBe(
      'creative.identity',
    );
  });

  it('takes link ad images from 4:5 to 1.91:1, with 3 % tolerance', () => {
    for (const [w, h] of [
      [1200, 628],
      [1080, 1080],
      [1080, 1350],
      [1200, 650],
      [1000, 1288],
    ]) {
      expect(hasRatio(LINK_AD_RATIOS, w!, h!), `${w}×${h}`).toBe(true);
    }
    for (const [w, h] of [
      [1080, 1920],
      [1000, 1300],
      [2000, 1000],
      [1600, 900 - 100],
    ]) {
      expect(hasRatio(LINK_AD_RATIOS, w!, h!), `${w}×${h}`).toBe(false);
    }
  });
});

describe('Meta custom audiences to the unified model', () => {
  const audience = (status: Partial<GraphCustomAudience>): GraphCustomAudience => ({
    id: '23850000000000001',
    account_id: '1000000001',
    name: 'Customers',
    time_updated: 1_767_600_000,
    ...status,
  });
  const codes = (operation: number, delivery: number, lower: number) =>
    audience({
      operation_status: { code: operation },
      delivery_status: { code: delivery },
      approximate_count_lower_bound: lower,
    });

  it('maps the operation status first (matching, blocked), then delivery (ready, too small), and sizes', () => {
    expect(unifiedAudience(codes(441, 300, -1))).toMatchObject({ status: 'Matching', size: null });
    expect(unifiedAudience(codes(471, 200, 5000))).toMatchObject({ status: 'Error', size: 5000 });
    expect(unifiedAudience(codes(200, 200, 5000))).toMatchObject({ status: 'Ready', size: 5000 });
    expect(unifiedAudience(codes(200, 300, -1))).toMatchObject({ status: 'TooSmall', size: null });
    expect(unifiedAudience(codes(200, 400, 10))).toMatchObject({ status: 'Matching', size: null });
  });

  it('names the ad account as the advertiser, an empty description as none, the update time in ISO', () => {
    expect(unifiedAudience(audience({ description: '' }))).toEqual({
      id: '23850000000000001',
      name: 'Customers',
      description: null,
      platform: 'meta',
      advertiser: 'act_1000000001',
      kind: 'CustomerList',
      size: null,
      status: 'Matching',
      updatedAt: '2026-01-05T08:00:00.000Z',
    });
  });
});
