import { describe, expect, it } from 'vitest';
import type { NewAdSet } from '../../src/adsets/model.js';
import { PlatformInputError } from '../../src/platforms/adapter.js';
import { PlatformError } from '../../src/platforms/platform-error.js';
import { adGroupCreateBody } from '../../src/platforms/tiktok/adgroup-body.js';
import { classifyTikTok } from '../../src/platforms/tiktok/errors.js';
import {
  budgetSetting,
  operationStatus,
  toAdSet,
  unifiedStatus,
} from '../../src/platforms/tiktok/mapping.js';
import type { TikTokAdGroup } from '../../src/platforms/tiktok/model.js';

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
  const context = { currency: 'USD', objective: 'REACH', ads: [], zipcodes: new Map() };
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
