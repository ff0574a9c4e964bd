import { describe, expect, it } from 'vitest';
import type { NewAdSet } from '../../src/adsets/model.js';
import { minorUnitExponent } from '../../src/adsets/money.js';
import type { PlatformInputError } from '../../src/platforms/adapter.js';
import { toMetaAdSet } from '../../src/platforms/meta/adset-input.js';
import { fromMetaAmount, metaOffset, toMetaAmount } from '../../src/platforms/meta/currencies.js';
import { classifyMetaError, retryAfterSeconds } from '../../src/platforms/meta/errors.js';
import { META_STATUS, unifiedStatus, unifiedTargetings } from '../../src/platforms/meta/mapping.js';

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
  const now = new Date('2026-03-01T00:00:00Z');

  it('sends budgets in offset units, zips as CC:zip keys, and a goal fitting the objective', () => {
    const { params } = toMetaAdSet(input(), account, 'OUTCOME_TRAFFIC', now);
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

  it('gives a lifetime budget the end time Meta requires', () => {
    const total = input({ settings: [{ kind: 'TotalBudget', budget: 300, currency: 'USD' }] });
    const { params } = toMetaAdSet(total, account, 'OUTCOME_AWARENESS', now);
    expect(params).toMatchObject({ lifetime_budget: '30000', optimization_goal: 'REACH' });
    expect(params.end_time).toBe('2026-03-31T00:00:00.000Z');
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
    expect(() => toMetaAdSet(input(changes), account, objective, now)).toThrow(
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
