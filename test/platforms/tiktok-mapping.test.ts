import { describe, expect, it } from 'vitest';
import type { NewAdSet } from '../../src/adsets/model.js';
import { adGroupCreateBody } from '../../src/platforms/tiktok/adset-body.js';
import { adGroupUpdateBody } from '../../src/platforms/tiktok/adset-changes.js';
import { campaignCreateBody, campaignUpdateBody } from '../../src/platforms/tiktok/campaign-body.js';
import { classifyTikTok } from '../../src/platforms/tiktok/errors.js';
import {
  adReview,
  budgetSetting,
  operationStatus,
  toAdSet,
  toCampaign,
  unifiedStatus,
} from '../../src/platforms/tiktok/mapping.js';
import type { TikTokAd, TikTokAdGroup, TikTokCampaign } from '../../src/platforms/tiktok/model.js';
import { PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';

const USD = { id: '7000000000000000001', name: 'Acme', currency: 'USD' };
const JPY = { id: '7000000000000000002', name: 'Acme Japan', currency: 'JPY' };
const zip: NewAdSet['targetings'][number] = {
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: [{ country: 'US', zipcode: '10001' }],
};
const adSet = (settings: NewAdSet['settings'], targetings: NewAdSet['targetings'] = [zip]): NewAdSet => ({
  name: 'Spring',
  advertiser: USD.id,
  parentId: '1800000000000000001',
  channelKind: 'Social',
  status: 'Paused',
  settings,
  targetings,
});
const NOW = new Date('2026-03-01T12:00:00Z');

describe('TikTok statuses', () => {
  it.each([
    ['ENABLE', 'ADGROUP_STATUS_DELIVERY_OK', 'Running'],
    ['ENABLE', 'ADGROUP_STATUS_CAMPAIGN_DISABLE', 'Active'],
    ['ENABLE', 'ADGROUP_STATUS_BUDGET_EXCEED', 'Active'],
    ['DISABLE', 'ADGROUP_STATUS_DISABLE', 'Paused'],
    ['DISABLE', 'ADGROUP_STATUS_DELETE', 'Deleted'],
    ['ENABLE', 'ADGROUP_STATUS_DELETE', 'Deleted'],
  ])('%s + %s → %s', (operation, secondary, status) => {
    expect(unifiedStatus(operation, secondary, 'ADGROUP_STATUS_DELIVERY_OK')).toBe(status);
  });

  it('Running and Active switch an ad group on, Paused off', () => {
    expect(['Running', 'Active', 'Paused'].map((s) => operationStatus(s as 'Paused'))).toEqual([
      'ENABLE',
      'ENABLE',
      'DISABLE',
    ]);
  });
});

describe('TikTok budgets (major units of the advertiser currency)', () => {
  it('reads daily, dynamic daily and total budgets; an unlimited budget is no setting', () => {
    expect(budgetSetting({ budget_mode: 'BUDGET_MODE_DAY', budget: 50.5 }, 'USD')).toEqual([
      { kind: 'DailyBudget', budget: 50.5, currency: 'USD' },
    ]);
    expect(
      budgetSetting({ budget_mode: 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET', budget: 40 }, 'USD')[0]?.kind,
    ).toBe('DailyBudget');
    expect(budgetSetting({ budget_mode: 'BUDGET_MODE_TOTAL', budget: 3000 }, 'JPY')).toEqual([
      { kind: 'TotalBudget', budget: 3000, currency: 'JPY' },
    ]);
    expect(budgetSetting({ budget_mode: 'BUDGET_MODE_INFINITE', budget: 0 }, 'USD')).toEqual([]);
  });

  it('writes a daily budget from now on, as given', () => {
    const { body } = adGroupCreateBody(
      adSet([{ kind: 'DailyBudget', budget: 25.5, currency: 'USD' }]),
      USD,
      'TRAFFIC',
      ['1'],
      NOW,
    );
    expect(body).toMatchObject({
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 25.5,
      schedule_type: 'SCHEDULE_FROM_NOW',
      schedule_start_time: '2026-03-01 12:00:00',
      operation_status: 'DISABLE',
      optimization_goal: 'CLICK',
      billing_event: 'CPC',
      promotion_type: 'WEBSITE',
      zipcode_ids: ['1'],
    });
    expect(body).not.toHaveProperty('schedule_end_time');
  });

  it("writes a total budget in yen with its Runtime's start and end in UTC+0", () => {
    const { body } = adGroupCreateBody(
      {
        ...adSet([
          { kind: 'TotalBudget', budget: 90000, currency: 'JPY' },
          { kind: 'Runtime', start: '2026-03-02T09:00:00+09:00', end: '2026-03-31T21:00:00+09:00' },
        ]),
        advertiser: JPY.id,
      },
      JPY,
      'REACH',
      ['1'],
      NOW,
    );
    expect(body).toMatchObject({
      advertiser_id: JPY.id,
      budget_mode: 'BUDGET_MODE_TOTAL',
      budget: 90000,
      schedule_type: 'SCHEDULE_START_END',
      schedule_start_time: '2026-03-02 00:00:00',
      schedule_end_time: '2026-03-31 12:00:00',
      billing_event: 'CPM',
    });
  });

  it.each([
    [[{ kind: 'DailyBudget', budget: 2000.5, currency: 'JPY' }], JPY, 'settings[0].budget'],
    [[{ kind: 'DailyBudget', budget: 50, currency: 'EUR' }], USD, 'settings[0].currency'],
    [[{ kind: 'Objective', objective: 'TRAFFIC' }], USD, 'settings'],
    [
      [
        { kind: 'DailyBudget', budget: 50, currency: 'USD' },
        { kind: 'TotalBudget', budget: 500, currency: 'USD' },
      ],
      USD,
      'settings',
    ],
  ] as const)('refuses %j for a %s account, naming %s', (settings, account, param) => {
    expect(() => adGroupCreateBody(adSet([...settings]), account, 'TRAFFIC', ['1'])).toThrow(
      expect.objectContaining({ param }),
    );
  });
});

describe('TikTok schedules', () => {
  const adGroup = (schedule: Partial<TikTokAdGroup>): TikTokAdGroup => ({
    adgroup_id: '1',
    adgroup_name: 'g',
    advertiser_id: USD.id,
    campaign_id: '2',
    operation_status: 'DISABLE',
    secondary_status: 'ADGROUP_STATUS_DISABLE',
    budget_mode: 'BUDGET_MODE_DAY',
    budget: 20,
    create_time: '2026-03-01 12:00:00',
    ...schedule,
  });
  const context = { currency: 'USD', objective: 'REACH', zipcodes: new Map() };
  const runtimeOf = (g: TikTokAdGroup) => toAdSet(g, context).settings.find((s) => s.kind === 'Runtime');

  it('reads a start-end schedule as a Runtime in UTC; "from now" has no end of its own', () => {
    const dated = adGroup({
      schedule_type: 'SCHEDULE_START_END',
      schedule_start_time: '2026-03-02 00:00:00',
      schedule_end_time: '2026-03-31 12:00:00',
    });
    expect(runtimeOf(dated)).toEqual({
      kind: 'Runtime',
      start: '2026-03-02T00:00:00Z',
      end: '2026-03-31T12:00:00Z',
    });
    const open = adGroup({
      schedule_type: 'SCHEDULE_FROM_NOW',
      schedule_start_time: '2026-03-02 00:00:00',
      schedule_end_time: '2036-03-02 00:00:00',
    });
    expect(runtimeOf(open)).toEqual({ kind: 'Runtime', start: '2026-03-02T00:00:00Z' });
  });

  it('writes a Runtime without an end as a schedule from its start', () => {
    const { body, params } = adGroupCreateBody(
      adSet([
        { kind: 'DailyBudget', budget: 20, currency: 'USD' },
        { kind: 'Runtime', start: '2026-03-05T00:00:00-05:00' },
      ]),
      USD,
      'REACH',
      ['1'],
      NOW,
    );
    expect(body).toMatchObject({
      schedule_type: 'SCHEDULE_FROM_NOW',
      schedule_start_time: '2026-03-05 05:00:00',
    });
    expect(body).not.toHaveProperty('schedule_end_time');
    expect(params.schedule_start_time).toBe('settings[1].start');
  });
});

describe('TikTok targeting and objectives on create', () => {
  it('needs a zip code targeting, since an ad group needs a location', () => {
    const error = (() => {
      try {
        adGroupCreateBody(
          adSet([{ kind: 'DailyBudget', budget: 50, currency: 'USD' }], []),
          USD,
          'TRAFFIC',
          [],
        );
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(PlatformInputError);
    expect(error).toMatchObject({ param: 'targetings' });
  });

  it('refuses campaigns whose objective needs what the unified model cannot give (a pixel, an app)', () => {
    expect(() =>
      adGroupCreateBody(
        adSet([{ kind: 'DailyBudget', budget: 50, currency: 'USD' }]),
        USD,
        'WEB_CONVERSIONS',
        ['1'],
      ),
    ).toThrow(expect.objectContaining({ param: 'parentId' }));
  });
});

describe("TikTok's 200-with-code errors", () => {
  const answer = (code: number, message = 'message') => ({
    status: 200,
    headers: new Headers(),
    body: { code, message, request_id: '2026', data: {} },
  });

  it('code 0 is no error', () => {
    expect(classifyTikTok(answer(0))).toBeUndefined();
    expect(classifyTikTok({ status: 502, headers: new Headers(), body: undefined })).toBeUndefined();
  });

  it.each([40100, 40132])('%i is throttling, retried after a second', (code) => {
    expect(classifyTikTok(answer(code))).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 1,
      code: String(code),
    });
  });

  it.each([40102, 40104, 40105])('%i means the access token no longer works', (code) => {
    expect(classifyTikTok(answer(code))?.kind).toBe('unauthorized');
  });

  it('40001 (PERMISSION_ERROR) refuses the call, not the token: the connection is not reauthorized', () => {
    expect(classifyTikTok(answer(40001, 'No permission to operate advertiser 1.'))).toMatchObject({
      kind: 'rejected',
      code: '40001',
    });
  });

  it('40002 names the unified parameter where the message names a known field', () => {
    const params = { budget: 'settings[1].budget', adgroup_name: 'name' };
    expect(classifyTikTok(answer(40002, 'budget: Budget must be at least 20.00 USD.'), params)).toMatchObject(
      {
        kind: 'invalid',
        param: 'settings[1].budget',
        message: 'budget: Budget must be at least 20.00 USD.',
      },
    );
    expect(classifyTikTok(answer(40002, 'adgroup_name: Ad group name already exists.'), params)?.param).toBe(
      'name',
    );
    const unnamed = classifyTikTok(answer(40002, 'pacing: Not a valid choice.'), params);
    expect(unnamed).toBeInstanceOf(PlatformError);
    expect(unnamed).toMatchObject({ kind: 'invalid', param: undefined });
  });

  it('any other code is a refusal', () => {
    expect(classifyTikTok(answer(50000, 'System error'))).toMatchObject({ kind: 'rejected', code: '50000' });
  });
});

describe('TikTok ad group updates (AdgroupUpdateBody)', () => {
  const current: TikTokAdGroup = {
    adgroup_id: '1800000000000000042',
    adgroup_name: 'g',
    advertiser_id: JPY.id,
    campaign_id: '2',
    operation_status: 'ENABLE',
    secondary_status: 'ADGROUP_STATUS_DELIVERY_OK',
    budget_mode: 'BUDGET_MODE_DAY',
    budget: 3000,
    schedule_type: 'SCHEDULE_START_END',
    schedule_start_time: '2026-01-05 09:00:00',
    schedule_end_time: '2026-06-30 15:00:00',
    create_time: '2026-01-05 09:00:00',
  };
  const ids = { advertiser_id: JPY.id, adgroup_id: current.adgroup_id };
  const body = (changes: Parameters<typeof adGroupUpdateBody>[0], zipcodes?: string[]) =>
    adGroupUpdateBody(changes, current, JPY, zipcodes)?.body;

  it('writes a budget in whole yen, in major units, and names it', () => {
    const update = adGroupUpdateBody(
      { settings: [{ kind: 'DailyBudget', budget: 4500, currency: 'JPY' }] },
      current,
      JPY,
      undefined,
    );
    expect(update).toEqual({
      body: { ...ids, budget: 4500 },
      params: { adgroup_name: 'name', budget: 'settings[0].budget' },
    });
    const fraction = () => body({ settings: [{ kind: 'DailyBudget', budget: 4500.5, currency: 'JPY' }] });
    expect(fraction).toThrow(expect.objectContaining({ param: 'settings[0].budget' }));
    const dollars = () => body({ settings: [{ kind: 'DailyBudget', budget: 45, currency: 'USD' }] });
    expect(dollars).toThrow(PlatformInputError);
    expect(dollars).toThrow(expect.objectContaining({ param: 'settings[0].currency' }));
  });

  it('sends only what moved of a Runtime, in UTC+0: a past start that stays is not sent', () => {
    const runtime = (end?: string) => ({
      settings: [{ kind: 'Runtime' as const, start: '2026-01-05T18:00:00+09:00', ...(end ? { end } : {}) }],
    });
    expect(body(runtime('2026-07-31T00:00:00+09:00'))).toEqual({
      ...ids,
      schedule_end_time: '2026-07-30 15:00:00',
    });
    expect(body(runtime('2026-07-01T00:00:00+09:00'))).toBeUndefined();
    expect(body(runtime())).toEqual({ ...ids, schedule_type: 'SCHEDULE_FROM_NOW' });
    expect(body({ settings: [{ kind: 'Runtime', start: '2026-12-01T00:00:00Z' }] })).toEqual({
      ...ids,
      schedule_type: 'SCHEDULE_FROM_NOW',
      schedule_start_time: '2026-12-01 00:00:00',
    });
  });

  it('gives an open-ended ad group an end with SCHEDULE_START_END', () => {
    const open = { ...current, schedule_type: 'SCHEDULE_FROM_NOW', schedule_end_time: '2036-01-05 09:00:00' };
    const update = adGroupUpdateBody(
      { settings: [{ kind: 'Runtime', start: '2026-01-05T09:00:00Z', end: '2026-09-01T00:00:00Z' }] },
      open,
      JPY,
      undefined,
    );
    expect(update?.body).toEqual({
      ...ids,
      schedule_type: 'SCHEDULE_START_END',
      schedule_end_time: '2026-09-01 00:00:00',
    });
    expect(update?.params).toMatchObject({
      schedule_end_time: 'settings[0].end',
      schedule_type: 'settings[0]',
    });
  });

  it('replaces the zip codes by their ids (none: an empty list), and a name; a status alone is no update', () => {
    const geo = { kind: 'GeoTargeting' as const, type: 'ZipcodeGeoTargeting' as const };
    const update = adGroupUpdateBody(
      { name: 'n', targetings: [{ ...geo, zipcodes: [{ country: 'US', zipcode: '10001' }] }] },
      current,
      JPY,
      ['6252001100010'],
    );
    expect(update?.body).toEqual({ ...ids, adgroup_name: 'n', zipcode_ids: ['6252001100010'] });
    expect(update?.params).toMatchObject({
      zipcode_ids: 'targetings[0].zipcodes',
      location_ids: 'targetings[0]',
    });
    expect(body({ targetings: [{ ...geo, zipcodes: [] }] }, [])).toEqual({ ...ids, zipcode_ids: [] });
    expect(adGroupUpdateBody({ status: 'Paused' }, current, JPY, undefined)).toBeNull();
  });
});

describe('TikTok campaigns (CampaignCreateBody, CampaignUpdateBody)', () => {
  const campaign = (budget_mode: string, budget: number): TikTokCampaign => ({
    campaign_id: '1800000000000000077',
    campaign_name: 'c',
    advertiser_id: JPY.id,
    objective_type: 'REACH',
    operation_status: 'DISABLE',
    secondary_status: 'CAMPAIGN_STATUS_DISABLE',
    budget_mode,
    budget,
  });
  const input = (settings: Parameters<typeof campaignCreateBody>[0]['settings']) => ({
    name: 'Spring',
    advertiser: JPY.id,
    objective: 'TRAFFIC',
    status: 'Paused' as const,
    settings,
  });

  it('creates without a limit unless a budget is given, Campaign Budget Optimization off', () => {
    expect(campaignCreateBody(input([]), JPY)).toEqual({
      body: {
        advertiser_id: JPY.id,
        campaign_name: 'Spring',
        objective_type: 'TRAFFIC',
        budget_mode: 'BUDGET_MODE_INFINITE',
        budget_optimize_on: false,
      },
      params: { advertiser_id: 'advertiser', campaign_name: 'name', objective_type: 'objective' },
    });
    const total = campaignCreateBody(input([{ kind: 'TotalBudget', budget: 90000, currency: 'JPY' }]), JPY);
    expect(total.body).toMatchObject({ budget_mode: 'BUDGET_MODE_TOTAL', budget: 90000 });
    expect(total.params).toMatchObject({ budget: 'settings[0].budget', budget_mode: 'settings[0]' });
    const day = campaignCreateBody(input([{ kind: 'DailyBudget', budget: 75.5, currency: 'USD' }]), USD);
    expect(day.body).toMatchObject({ budget_mode: 'BUDGET_MODE_DAY', budget: 75.5 });
    expect(() =>
      campaignCreateBody(input([{ kind: 'DailyBudget', budget: 7500.5, currency: 'JPY' }]), JPY),
    ).toThrow(expect.objectContaining({ param: 'settings[0].budget' }));
  });

  it('updates name and budget amount; a campaign without a limit cannot be given a budget', () => {
    const yen = { kind: 'DailyBudget' as const, budget: 8000, currency: 'JPY' };
    expect(
      campaignUpdateBody({ name: 'n', settings: [yen] }, campaign('BUDGET_MODE_DAY', 6000), JPY),
    ).toEqual({
      body: { advertiser_id: JPY.id, campaign_id: '1800000000000000077', campaign_name: 'n', budget: 8000 },
      params: { campaign_name: 'name', budget: 'settings[0].budget' },
    });
    expect(() => campaignUpdateBody({ settings: [yen] }, campaign('BUDGET_MODE_INFINITE', 0), JPY)).toThrow(
      expect.objectContaining({ param: 'settings[0]' }),
    );
    expect(campaignUpdateBody({ status: 'Running' }, campaign('BUDGET_MODE_DAY', 6000), JPY)).toBeNull();
  });

  it('reads a campaign budget as its setting; no limit is none', () => {
    expect(toCampaign(campaign('BUDGET_MODE_TOTAL', 90000), 'JPY')).toEqual({
      id: '1800000000000000077',
      name: 'c',
      platform: 'tiktok',
      status: 'Paused',
      advertiser: JPY.id,
      objective: 'REACH',
      channelKind: 'Social',
      settings: [{ kind: 'TotalBudget', budget: 90000, currency: 'JPY' }],
    });
    expect(toCampaign(campaign('BUDGET_MODE_INFINITE', 0), 'JPY').settings).toEqual([]);
  });
});

describe('TikTok ad review (secondary_status, then /ad/review_info/)', () => {
  const ad = (secondary_status: string): TikTokAd => ({
    ad_id: '1',
    ad_name: 'a',
    advertiser_id: USD.id,
    campaign_id: '2',
    adgroup_id: '3',
    operation_status: 'ENABLE',
    secondary_status,
    ad_format: 'SINGLE_VIDEO',
    create_time: '2026-01-05 09:00:00',
  });
  const rejected = {
    ad_id: '1',
    is_approved: false,
    review_status: 'UNAVAILABLE',
    reject_info: [{ reasons: ['Misleading claims'] }, { reasons: ['Misleading claims', 'Alcohol'] }],
  };

  it('an edit under review is Pending, whatever the earlier result said', () => {
    expect(adReview(ad('AD_STATUS_REAUDIT'), rejected)).toEqual({ status: 'Pending', reasons: [] });
  });

  it('a result gives the status and its reasons, each once', () => {
    expect(adReview(ad('AD_STATUS_DISABLE'), rejected)).toEqual({
      status: 'Rejected',
      reasons: ['Misleading claims', 'Alcohol'],
    });
  });

  it('without a result, a denied ad is Rejected and any other Pending; an unknown result is no result', () => {
    expect(adReview(ad('AD_STATUS_AUDIT_DENY'), undefined)).toEqual({ status: 'Rejected', reasons: [] });
    expect(adReview(ad('AD_STATUS_DISABLE'), undefined)).toEqual({ status: 'Pending', reasons: [] });
    expect(adReview(ad('AD_STATUS_DELIVERY_OK'), { ...rejected, review_status: 'NEW_VALUE' })).toEqual({
      status: 'Pending',
      reasons: [],
    });
  });
});
