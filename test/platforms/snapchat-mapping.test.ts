import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAdSet } from '../../src/adsets/model.js';
import { fromMicros, toMicros } from '../../src/adsets/money.js';
import { toSnapAdSquad } from '../../src/platforms/snapchat/adset-body.js';
import { toSnapSquadChanges } from '../../src/platforms/snapchat/adset-changes.js';
import { toSnapCampaign, toSnapCampaignChanges } from '../../src/platforms/snapchat/campaign-body.js';
import { snapClient } from '../../src/platforms/snapchat/client.js';
import { classifySnap } from '../../src/platforms/snapchat/errors.js';
import {
  objectiveOf,
  SNAP_STATUS,
  snapReview,
  toAdSet,
  toCampaign,
  toUnifiedAd,
  unifiedAudiences,
  unifiedStatus,
  unifiedTargetings,
} from '../../src/platforms/snapchat/mapping.js';
import type { SnapAd, SnapAdSquad, SnapCampaign, SnapCreative } from '../../src/platforms/snapchat/model.js';

describe('snapchat status mapping', () => {
  it.each([
    [{ status: 'ACTIVE', delivery_status: ['VALID'] }, 'Running'],
    [{ status: 'ACTIVE', delivery_status: ['INVALID_NOT_EFFECTIVE_ACTIVE'] }, 'Active'],
    [{ status: 'ACTIVE', delivery_status: ['INVALID_START_TIME'] }, 'Active'],
    [{ status: 'ACTIVE' }, 'Active'],
    [{ status: 'PAUSED', delivery_status: ['INVALID_NOT_ACTIVE'] }, 'Paused'],
    [{ status: 'ACTIVE', delivery_status: ['VALID'], deleted: true }, 'Deleted'],
  ])('%j is %s', (entity, unified) => {
    expect(unifiedStatus(entity)).toBe(unified);
  });

  it('writes Running and Active as ACTIVE and Paused as PAUSED; Snap has no archive', () => {
    expect(SNAP_STATUS).toEqual({ Running: 'ACTIVE', Active: 'ACTIVE', Paused: 'PAUSED' });
  });
});

describe('snapchat micro-currency', () => {
  it('is a millionth of the currency unit, within the currency’s decimals', () => {
    expect(toMicros(25.5, 'USD')).toBe(25_500_000);
    expect(toMicros(1500, 'JPY')).toBe(1_500_000_000);
    expect(toMicros(0.07, 'EUR')).toBe(70_000);
    expect(toMicros(12.345, 'USD')).toBeUndefined();
    expect(toMicros(12.5, 'JPY')).toBeUndefined();
    expect(fromMicros(20_000_000)).toBe(20);
    expect(fromMicros(1_234_560)).toBe(1.23456);
  });
});

describe('snapchat ad squad body', () => {
  const input = (changes: Partial<NewAdSet> = {}): NewAdSet => ({
    name: 'Zips',
    advertiser: 'acc',
    parentId: 'camp',
    channelKind: 'Social',
    status: 'Active',
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
  const account = { id: 'acc', name: 'US', currency: 'USD' };
  const now = new Date('2026-03-01T00:00:00Z');

  it('sends micros, a goal fitting the objective, automatic placement and bidding, one lowercase geo', () => {
    expect(toSnapAdSquad(input(), account, 'BRAND_AWARENESS', now).squad).toEqual({
      campaign_id: 'camp',
      name: 'Zips',
      status: 'ACTIVE',
      type: 'SNAP_ADS',
      billing_event: 'IMPRESSION',
      optimization_goal: 'IMPRESSIONS',
      placement_v2: { config: 'AUTOMATIC' },
      bid_strategy: 'AUTO_BID',
      bid_micro: 12_500_000,
      start_time: '2026-03-01T00:00:00.000Z',
      daily_budget_micro: 12_500_000,
      targeting: { geos: [{ country_code: 'us', operation: 'INCLUDE', postal_code: ['94304', '10001'] }] },
    });
  });

  it('sends the bid_micro the Ad Squads page requires even with AUTO_BID: one day of the budget (a total spread over its Runtime)', () => {
    const total = input({
      settings: [
        { kind: 'TotalBudget', budget: 300, currency: 'USD' },
        { kind: 'Runtime', start: '2026-03-01T00:00:00Z', end: '2026-03-31T00:00:00Z' },
      ],
    });
    expect(toSnapAdSquad(total, account, 'VIDEO_VIEW', now).squad).toMatchObject({
      bid_strategy: 'AUTO_BID',
      lifetime_budget_micro: 300_000_000,
      bid_micro: 10_000_000,
    });
  });

  it.each([
    ['AWARENESS_AND_ENGAGEMENT', 'IMPRESSIONS'],
    ['TRAFFIC', 'SWIPES'],
  ])('creates under an objective v2 %s campaign with the goal %s', (objective, goal) => {
    expect(toSnapAdSquad(input(), account, objective, now).squad.optimization_goal).toBe(goal);
  });

  it('sends a Runtime as start_time and end_time in UTC; a lifetime budget takes its end from it', () => {
    const total = input({
      settings: [
        { kind: 'TotalBudget', budget: 300, currency: 'USD' },
        { kind: 'Runtime', start: '2026-12-01T00:00:00+01:00', end: '2026-12-31T00:00:00-05:00' },
      ],
    });
    const { squad } = toSnapAdSquad(total, account, 'VIDEO_VIEW', now);
    expect(squad).toMatchObject({
      lifetime_budget_micro: 300_000_000,
      optimization_goal: 'VIDEO_VIEWS',
      start_time: '2026-11-30T23:00:00.000Z',
      end_time: '2026-12-31T05:00:00.000Z',
    });
    const open = toSnapAdSquad(
      input({ settings: [...input().settings, { kind: 'Runtime', start: '2026-12-01T00:00:00Z' }] }),
      account,
      'VIDEO_VIEW',
      now,
    );
    expect(open.squad.start_time).toBe('2026-12-01T00:00:00.000Z');
    expect(open.squad).not.toHaveProperty('end_time');
  });

  const daily = (budget: number, currency = 'USD') => [{ kind: 'DailyBudget' as const, budget, currency }];
  it.each([
    [{ targetings: [] }, 'BRAND_AWARENESS', 'targetings'],
    [{ settings: [] }, 'BRAND_AWARENESS', 'settings'],
    [
      { settings: [...daily(5), { kind: 'TotalBudget' as const, budget: 50, currency: 'USD' }] },
      'BRAND_AWARENESS',
      'settings',
    ],
    [{ settings: daily(5, 'EUR') }, 'BRAND_AWARENESS', 'settings[0].currency'],
    [{ settings: daily(5.001) }, 'BRAND_AWARENESS', 'settings[0].budget'],
    [
      {
        targetings: [
          {
            kind: 'GeoTargeting' as const,
            type: 'ZipcodeGeoTargeting' as const,
            zipcodes: [
              { country: 'US', zipcode: '94304' },
              { country: 'CA', zipcode: 'M5V 2T6' },
            ],
          },
        ],
      },
      'BRAND_AWARENESS',
      'targetings[0].zipcodes',
    ],
    [{}, 'APP_INSTALL', 'parentId'],
    [{}, undefined, 'parentId'],
  ])('refuses %j under %s, naming %s', (changes, objective, param) => {
    expect(() => toSnapAdSquad(input(changes), account, objective, now)).toThrow(
      expect.objectContaining({ param }),
    );
  });
});

describe('snapchat ad squad reading', () => {
  it('shows included postal codes with upper-case countries; excluded and country-only geos have no unified kind', () => {
    expect(
      unifiedTargetings([
        { country_code: 'de', postal_code: ['10997'] },
        { country_code: 'de', operation: 'EXCLUDE', postal_code: ['10115'] },
        { country_code: 'us', operation: 'INCLUDE' },
      ]),
    ).toEqual([
      { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'DE', zipcode: '10997' }] },
    ]);
    expect(unifiedTargetings(undefined)).toEqual([]);
  });

  it('reads every segment entry into one AudienceTargeting, INCLUDE when no operation is given, ids sorted', () => {
    expect(
      unifiedAudiences([
        { segment_id: ['5677923948298242'] },
        { segment_id: ['5677923948298243'], operation: 'EXCLUDE' },
        { segment_id: ['5677923948298241'], operation: 'INCLUDE' },
      ]),
    ).toEqual([
      {
        kind: 'AudienceTargeting',
        include: ['5677923948298241', '5677923948298242'],
        exclude: ['5677923948298243'],
      },
    ]);
    expect(unifiedAudiences(undefined)).toEqual([]);
    expect(unifiedAudiences([])).toEqual([]);
  });

  it('reads budgets in the ad account currency and the objective from the campaign', () => {
    const squad = {
      id: 's',
      campaign_id: 'c',
      ad_account_id: 'a',
      name: 'S',
      status: 'PAUSED',
      lifetime_budget_micro: 99_990_000,
      created_at: '2026-01-05T09:00:00.000Z',
    };
    expect(toAdSet(squad, 'EUR', 'ENGAGEMENT')).toMatchObject({
      platform: 'snapchat',
      status: 'Paused',
      advertiser: 'a',
      parentId: 'c',
      settings: [
        { kind: 'TotalBudget', budget: 99.99, currency: 'EUR' },
        { kind: 'Objective', objective: 'ENGAGEMENT' },
      ],
    });
  });

  it('reads start_time and end_time as a Runtime in UTC, to the second; no end runs until stopped', () => {
    const squad = (times: object) => ({
      id: 's',
      campaign_id: 'c',
      ad_account_id: 'a',
      name: 'S',
      status: 'PAUSED',
      created_at: '2026-01-05T09:00:00.000Z',
      ...times,
    });
    const runtimeOf = (times: object) =>
      toAdSet(squad(times), 'EUR', undefined).settings.find((s) => s.kind === 'Runtime');
    expect(
      runtimeOf({ start_time: '2026-12-01T08:00:00.123Z', end_time: '2026-12-31T08:00:00.000Z' }),
    ).toEqual({
      kind: 'Runtime',
      start: '2026-12-01T08:00:00Z',
      end: '2026-12-31T08:00:00Z',
    });
    expect(runtimeOf({ start_time: '2026-12-01T08:00:00.000Z' })).toEqual({
      kind: 'Runtime',
      start: '2026-12-01T08:00:00Z',
    });
  });
});

describe('snapchat campaign objectives', () => {
  const campaign = { id: 'c', ad_account_id: 'a', name: 'C', status: 'ACTIVE' };

  it('reads objective_v2_properties of a campaign created with them, else the legacy objective', () => {
    const v2 = { ...campaign, objective_v2_properties: { objective_v2_type: 'TRAFFIC' } };
    expect(objectiveOf(v2)).toBe('TRAFFIC');
    expect(toCampaign(v2, 'USD').objective).toBe('TRAFFIC');
    expect(objectiveOf({ ...v2, objective: 'BRAND_AWARENESS' })).toBe('TRAFFIC');
    expect(toCampaign({ ...campaign, objective: 'ENGAGEMENT' }, 'USD').objective).toBe('ENGAGEMENT');
    expect(toCampaign(campaign, 'USD').objective).toBeNull();
  });
});

describe("snapchat error classification (Snap's envelope)", () => {
  const answer = (status: number, body: object) => ({ status, headers: new Headers(), body });
  const error = (debug_message: string, error_code = 'E4002') => ({
    request_status: 'ERROR',
    request_id: 'r',
    debug_message,
    display_message: debug_message,
    error_code,
  });
  const classify = classifySnap([
    ['daily_budget_micro', 'settings[0].budget'],
    ['postal_code', 'targetings[0].zipcodes'],
    ['targeting', 'targetings'],
  ]);

  it('401 asks for a refresh, 429 is throttling (Snap sends no Retry-After: one second)', () => {
    expect(classify(answer(401, error('Unauthorized', 'E3002')))).toMatchObject({
      kind: 'unauthorized',
      code: 'E3002',
    });
    expect(classify(answer(429, error('Too many requests', 'E1008')))).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 1,
    });
  });

  it('a 400 is a validation refusal on the unified parameter of the field it names first', () => {
    expect(classify(answer(400, error('daily_budget_micro: must be at least 5000000')))).toMatchObject({
      kind: 'invalid',
      param: 'settings[0].budget',
    });
    expect(
      classify(answer(400, error('targeting.geos.0.postal_code.0: must be postal codes'))),
    ).toMatchObject({
      param: 'targetings[0].zipcodes',
    });
    expect(classify(answer(400, error('something else')))?.param).toBeUndefined();
  });

  it('reads a refused entity of a batch from its sub_request_error_reason', () => {
    const batch = {
      ...error('first failure'),
      adsquads: [
        {
          sub_request_status: 'ERROR',
          sub_request_error_reason: 'daily_budget_micro: too small',
          adsquad: {},
        },
      ],
    };
    expect(classify(answer(400, batch))).toMatchObject({
      kind: 'invalid',
      message: 'daily_budget_micro: too small',
      param: 'settings[0].budget',
    });
  });

  it('an unknown id is a rejection with its code; a success passes', () => {
    expect(classify(answer(404, error('Resource can not be found', 'E3003')))).toMatchObject({
      kind: 'rejected',
      code: 'E3003',
    });
    expect(
      classify(answer(200, { request_status: 'SUCCESS', request_id: 'r', adsquads: [] })),
    ).toBeUndefined();
  });
});

describe('snapchat paging', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          request_status: 'SUCCESS',
          request_id: 'r',
          paging: { next_link: 'http://elsewhere.example/v1/adaccounts/a/campaigns?cursor=x&limit=1000' },
          campaigns: [{ sub_request_status: 'SUCCESS', campaign: { id: 'c' } }],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('does not follow a next_link off the API origin (the token would go with it)', async () => {
    const client = snapClient(base, 2000);
    const call = { accessToken: 'at', app: { clientId: 'c', clientSecret: 's' }, accounts: [] };
    await expect(
      client.all(call, { path: '/adaccounts/a/campaigns', plural: 'campaigns', singular: 'campaign' }),
    ).rejects.toMatchObject({ kind: 'rejected', message: expect.stringMatching(/next_link/) });
  });
});

describe('snapchat ad squad updates (the whole squad, PUT)', () => {
  const JPY = { id: 'acct-jp', name: 'Tokyo', currency: 'JPY' };
  const current: SnapAdSquad = {
    id: 'sq',
    campaign_id: 'c',
    ad_account_id: JPY.id,
    name: 'Shibuya',
    status: 'ACTIVE',
    type: 'SNAP_ADS',
    bid_strategy: 'AUTO_BID',
    bid_micro: 3_000_000_000,
    daily_budget_micro: 3_000_000_000,
    targeting: {
      geos: [
        { country_code: 'jp', operation: 'INCLUDE', postal_code: ['150-0002'] },
        { country_code: 'jp', operation: 'EXCLUDE' },
      ],
    },
    start_time: '2026-01-05T00:00:00.000Z',
    end_time: '2026-12-31T15:00:00.000Z',
    delivery_status: ['VALID'],
    created_at: '2026-01-05T00:00:00.000Z',
  };
  const yen = (budget: number) => ({ kind: 'DailyBudget' as const, budget, currency: 'JPY' });

  it('changes postal codes and audiences in one update: both land, the excluded geo stays', () => {
    const { squad, fields } = toSnapSquadChanges(
      {
        targetings: [
          { kind: 'AudienceTargeting', include: ['5677923948298240'], exclude: [] },
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'JP', zipcode: '150-0001' }],
          },
        ],
      },
      current,
      JPY,
    );
    expect(squad.targeting).toEqual({
      geos: [
        { country_code: 'jp', operation: 'EXCLUDE' },
        { country_code: 'jp', operation: 'INCLUDE', postal_code: ['150-0001'] },
      ],
      segments: [{ segment_id: ['5677923948298240'], operation: 'INCLUDE' }],
    });
    expect(fields).toEqual(expect.arrayContaining([['segment_id', 'targetings[0]']]));
  });

  it('writes a budget in whole yen as micros, with its bid cap; derived fields are not sent back', () => {
    const { squad, fields } = toSnapSquadChanges({ settings: [yen(4500)] }, current, JPY);
    expect(squad).toMatchObject({
      daily_budget_micro: 4_500_000_000,
      bid_micro: 4_500_000_000,
      name: 'Shibuya',
    });
    expect(squad).not.toHaveProperty('delivery_status');
    expect(fields).toContainEqual(['daily_budget_micro', 'settings[0].budget']);
    expect(() => toSnapSquadChanges({ settings: [yen(4500.5)] }, current, JPY)).toThrow(
      expect.objectContaining({ param: 'settings[0].budget' }),
    );
    const dollars = { kind: 'DailyBudget' as const, budget: 45, currency: 'USD' };
    expect(() => toSnapSquadChanges({ settings: [dollars] }, current, JPY)).toThrow(
      expect.objectContaining({ param: 'settings[0].currency' }),
    );
  });

  it('writes a Runtime in UTC; an open end clears end_time; a bid it does not set stays', () => {
    const open = toSnapSquadChanges(
      { settings: [{ kind: 'Runtime', start: '2026-01-05T09:00:00+09:00' }] },
      current,
      JPY,
    ).squad;
    expect(open.start_time).toBe('2026-01-05T00:00:00.000Z');
    expect(open).not.toHaveProperty('end_time');
    const manual = { ...current, bid_strategy: 'LOWEST_COST_WITH_MAX_BID', bid_micro: 1_000_000 };
    expect(toSnapSquadChanges({ settings: [yen(5000)] }, manual, JPY).squad.bid_micro).toBe(1_000_000);
    expect(toSnapSquadChanges({ name: 'n', status: 'Paused' }, current, JPY).squad).toMatchObject({
      name: 'n',
      status: 'PAUSED',
      bid_micro: 3_000_000_000,
    });
  });

  it('replaces the postal-code geo and keeps the others; none left is for Snap to refuse', () => {
    const geo = (...codes: string[]) => ({
      kind: 'GeoTargeting' as const,
      type: 'ZipcodeGeoTargeting' as const,
      zipcodes: codes.map((zipcode) => ({ country: 'JP', zipcode })),
    });
    const { squad, fields } = toSnapSquadChanges({ targetings: [geo('160-0022')] }, current, JPY);
    expect(squad.targeting).toEqual({
      geos: [
        { country_code: 'jp', operation: 'EXCLUDE' },
        { country_code: 'jp', operation: 'INCLUDE', postal_code: ['160-0022'] },
      ],
    });
    expect(fields).toContainEqual(['geos', 'targetings[0]']);
    expect(toSnapSquadChanges({ targetings: [geo()] }, current, JPY).squad.targeting).toEqual({
      geos: [{ country_code: 'jp', operation: 'EXCLUDE' }],
    });
  });
});

describe('snapchat campaigns (POST and PUT /adaccounts/{id}/campaigns)', () => {
  const USD = { id: 'acct-us', name: 'US', currency: 'USD' };
  const NOW = new Date('2026-06-01T12:00:00.000Z');

  it('creates with an objective v2 type, a start of now without a Runtime, no spend cap without a budget', () => {
    expect(
      toSnapCampaign(
        { name: 'C', advertiser: USD.id, objective: 'TRAFFIC', status: 'Paused', settings: [] },
        USD,
        NOW,
      ).campaign,
    ).toEqual({
      ad_account_id: USD.id,
      name: 'C',
      status: 'PAUSED',
      start_time: '2026-06-01T12:00:00.000Z',
      objective_v2_properties: { objective_v2_type: 'TRAFFIC' },
    });
  });

  it('writes a TotalBudget as the lifetime spend cap in micros and the Runtime in UTC', () => {
    const { campaign, fields } = toSnapCampaign(
      {
        name: 'C',
        advertiser: USD.id,
        objective: 'AWARENESS_AND_ENGAGEMENT',
        status: 'Running',
        settings: [
          { kind: 'Runtime', start: '2026-07-01T00:00:00-07:00', end: '2026-08-01T00:00:00-07:00' },
          { kind: 'TotalBudget', budget: 1234.56, currency: 'USD' },
        ],
      },
      USD,
      NOW,
    );
    expect(campaign).toMatchObject({
      status: 'ACTIVE',
      start_time: '2026-07-01T07:00:00.000Z',
      end_time: '2026-08-01T07:00:00.000Z',
      lifetime_spend_cap_micro: 1_234_560_000,
    });
    expect(campaign).not.toHaveProperty('daily_budget_micro');
    expect(fields).toContainEqual(['lifetime_spend_cap_micro', 'settings[1].budget']);
    expect(fields).toContainEqual(['objective_v2_type', 'objective']);
  });

  it('replaces the whole campaign: a budget of the other kind clears the first, an open end clears end_time', () => {
    const current: SnapCampaign = {
      id: 'c',
      ad_account_id: USD.id,
      name: 'C',
      status: 'ACTIVE',
      objective_v2_properties: { objective_v2_type: 'TRAFFIC' },
      start_time: '2026-01-05T00:00:00.000Z',
      end_time: '2026-12-31T00:00:00.000Z',
      daily_budget_micro: 50_000_000,
      lifetime_spend_cap_micro: null,
      delivery_status: ['VALID'],
    };
    const { campaign } = toSnapCampaignChanges(
      {
        status: 'Paused',
        settings: [
          { kind: 'TotalBudget', budget: 900, currency: 'USD' },
          { kind: 'Runtime', start: '2026-01-05T00:00:00Z' },
        ],
      },
      current,
      USD,
    );
    expect(campaign).toEqual({
      id: 'c',
      ad_account_id: USD.id,
      name: 'C',
      status: 'PAUSED',
      objective_v2_properties: { objective_v2_type: 'TRAFFIC' },
      start_time: '2026-01-05T00:00:00.000Z',
      lifetime_spend_cap_micro: 900_000_000,
    });
  });

  it('reads spend caps and the run as settings', () => {
    const read = toCampaign(
      {
        id: 'c',
        ad_account_id: USD.id,
        name: 'C',
        status: 'PAUSED',
        start_time: '2026-01-05T00:00:00.000Z',
        daily_budget_micro: 50_000_000,
      },
      'USD',
    );
    expect(read.settings).toEqual([
      { kind: 'DailyBudget', budget: 50, currency: 'USD' },
      { kind: 'Runtime', start: '2026-01-05T00:00:00Z' },
    ]);
  });
});

describe('snapchat ads reading', () => {
  const ad: SnapAd = {
    id: 'ad-1',
    ad_squad_id: 'squad-1',
    creative_id: 'creative-1',
    name: 'Spring loaf',
    status: 'PAUSED',
    type: 'REMOTE_WEBPAGE',
    review_status: 'PENDING',
    created_at: '2026-03-01T10:00:00.000Z',
  };
  const creative: SnapCreative = {
    id: 'creative-1',
    ad_account_id: 'acc',
    name: 'Spring loaf',
    type: 'WEB_VIEW',
    headline: 'Fresh sourdough',
    brand_name: 'Bakery',
    top_snap_media_id: 'media-1',
    call_to_action: 'ORDER_NOW',
    web_view_properties: { url: 'https://bakery.example' },
  };
  const where = { advertiser: 'acc', campaignId: 'camp' };
  const image = { id: 'media-1', ad_account_id: 'acc', type: 'IMAGE' };

  it.each([
    [{ review_status: 'PENDING' }, { status: 'Pending', reasons: [] }],
    [{ review_status: 'APPROVED' }, { status: 'Approved', reasons: [] }],
    [
      { review_status: 'REJECTED', review_status_reasons: ['Misleading'] },
      { status: 'Rejected', reasons: ['Misleading'] },
    ],
    [{ review_status: 'REJECTED' }, { status: 'Rejected', reasons: [] }],
  ])('review %j is %j', (review, unified) => {
    expect(snapReview(review)).toEqual(unified);
  });

  it('reads a web-view ad showing an image as the ImageAd it was created as', () => {
    expect(toUnifiedAd(ad, where, creative, image)).toEqual({
      id: 'ad-1',
      name: 'Spring loaf',
      platform: 'snapchat',
      status: 'Paused',
      advertiser: 'acc',
      adSetId: 'squad-1',
      campaignId: 'camp',
      creative: {
        kind: 'ImageAd',
        media: 'media-1',
        additionalMedia: [],
        headline: 'Fresh sourdough',
        url: 'https://bakery.example',
        callToAction: 'OrderNow',
        businessName: 'Bakery',
      },
      review: { status: 'Pending', reasons: [] },
      created_at: '2026-03-01T10:00:00.000Z',
    });
  });

  it('reads a video Top Snap, another ad type or a missing creative as the ad type; leaves out a call to action adlink lacks', () => {
    const video = { ...image, type: 'VIDEO' };
    expect(toUnifiedAd(ad, where, creative, video).creative).toEqual({
      kind: 'Other',
      format: 'REMOTE_WEBPAGE',
    });
    const story = { ...ad, type: 'STORY' };
    expect(toUnifiedAd(story, where, { ...creative, type: 'COMPOSITE' }).creative).toEqual({
      kind: 'Other',
      format: 'STORY',
    });
    expect(toUnifiedAd(ad, where).creative).toEqual({ kind: 'Other', format: 'REMOTE_WEBPAGE' });
    const listen = toUnifiedAd(ad, where, { ...creative, call_to_action: 'LISTEN' }, image).creative;
    expect(listen).toMatchObject({ kind: 'ImageAd' });
    expect(listen).not.toHaveProperty('callToAction');
  });
});
