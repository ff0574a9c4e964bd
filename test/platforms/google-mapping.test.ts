import { describe, expect, it } from 'vitest';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { googleDates, runtimeOf } from '../../src/platforms/google/account-time.js';
import { adGroupAdCreate, adParam, nameLabel, nameOfLabel } from '../../src/platforms/google/ad-body.js';
import { googleTextLength } from '../../src/platforms/google/ad-text.js';
import { googleAdapter } from '../../src/platforms/google/adapter.js';
import { campaignCreate, taggedParam } from '../../src/platforms/google/campaign-body.js';
import { adGroupParam, classifyGoogleAnswer } from '../../src/platforms/google/errors.js';
import { keywordReplacement } from '../../src/platforms/google/keyword-changes.js';
import {
  campaignSettings,
  channelKind,
  googleStatus,
  reviewOf,
  toAd,
  unifiedStatus,
} from '../../src/platforms/google/mapping.js';
import type { PlatformInputError } from '../../src/ports/platform-error.js';

const failure = (status: number, rpc: string, errors: object[]) => ({
  status,
  headers: new Headers(),
  body: {
    error: {
      code: status,
      message: 'summary',
      status: rpc,
      details: [{ '@type': 'type.googleapis.com/google.ads.googleads.v25.errors.GoogleAdsFailure', errors }],
    },
  },
});

describe('google mapping', () => {
  it('maps ad group statuses to unified ones and back', () => {
    expect(unifiedStatus('ENABLED', 'ELIGIBLE', 'ENABLED')).toBe('Running');
    expect(unifiedStatus('ENABLED', 'LIMITED', 'ENABLED')).toBe('Active');
    expect(unifiedStatus('ENABLED', 'ELIGIBLE', 'PAUSED')).toBe('Active');
    expect(unifiedStatus('PAUSED', 'PAUSED', 'ENABLED')).toBe('Paused');
    expect(unifiedStatus('REMOVED', 'REMOVED', 'ENABLED')).toBe('Deleted');
    expect(['Running', 'Active', 'Paused'].map((s) => googleStatus(s as 'Running'))).toEqual([
      'ENABLED',
      'ENABLED',
      'PAUSED',
    ]);
  });

  it('reads micros as major units of the account currency, JPY included', () => {
    const budget = (amountMicros: string, currency: string) =>
      campaignSettings({
        campaignBudget: { period: 'DAILY', amountMicros },
        customer: { currencyCode: currency },
      })[0];
    expect(budget('50000000', 'EUR')).toMatchObject({ budget: 50 });
    expect(budget('12345678', 'USD')).toMatchObject({ budget: 12.35 });
    expect(budget('3000000000', 'JPY')).toMatchObject({ budget: 3000 });
    expect(budget('1500000', 'JPY')).toMatchObject({ budget: 2 });
    expect(budget('1234567', 'KWD')).toMatchObject({ budget: 1.235 });
  });

  it('takes the channel from the campaign type', () => {
    expect(['SEARCH', 'DISPLAY', 'VIDEO', 'PERFORMANCE_MAX'].map(channelKind)).toEqual([
      'Search',
      'Display',
      'Video',
      'Mixed',
    ]);
  });

  it('accepts keywords, refuses budget writes and zip codes on ad groups (capabilities)', () => {
    const entry = platformCatalog('http://localhost').google;
    const { capabilities } = googleAdapter(entry, { timeoutMs: 1000 }).adSets;
    expect(capabilities.targetings).toEqual(['KeywordTargeting']);
    expect(capabilities.budgetLevel).toBe('campaign');
    expect(capabilities.objectiveLevel).toBe('campaign');
    expect(capabilities.updateStatuses).not.toContain('Archived');
    expect(capabilities.deletion).toBe('soft');
  });
});

describe('google error classification', () => {
  it('an invalid or expired OAuth token is unauthorized; a bad developer token is not', () => {
    const expired = classifyGoogleAnswer(
      failure(401, 'UNAUTHENTICATED', [
        { errorCode: { authenticationError: 'OAUTH_TOKEN_EXPIRED' }, message: 'x' },
      ]),
    );
    expect(expired?.kind).toBe('unauthorized');
    const developer = classifyGoogleAnswer(
      failure(401, 'UNAUTHENTICATED', [
        { errorCode: { authenticationError: 'DEVELOPER_TOKEN_INVALID' }, message: 'x' },
      ]),
    );
    expect(developer?.kind).toBe('rejected');
  });

  it('RESOURCE_EXHAUSTED is throttled with the retry delay Google asks for', () => {
    const error = classifyGoogleAnswer(
      failure(429, 'RESOURCE_EXHAUSTED', [
        {
          errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
          message: 'Too many requests.',
          details: { quotaErrorDetails: { rateScope: 'ACCOUNT', retryDelay: '1.5s' } },
        },
      ]),
    );
    expect(error).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 2,
      code: 'RESOURCE_TEMPORARILY_EXHAUSTED',
    });
  });

  it('field errors are invalid and name the unified parameter; others are rejected', () => {
    const duplicate = classifyGoogleAnswer(
      failure(400, 'INVALID_ARGUMENT', [
        {
          errorCode: { adGroupError: 'DUPLICATE_ADGROUP_NAME' },
          message: 'AdGroup with the same name already exists for the campaign.',
          location: {
            fieldPathElements: [
              { fieldName: 'operations', index: 0 },
              { fieldName: 'create' },
              { fieldName: 'name' },
            ],
          },
        },
      ]),
    );
    expect(duplicate).toMatchObject({ kind: 'invalid', param: 'name', code: 'DUPLICATE_ADGROUP_NAME' });
    expect(adGroupParam([{ fieldName: 'update' }, { fieldName: 'status' }])).toBe('status');
    const unmapped = classifyGoogleAnswer(
      failure(400, 'INVALID_ARGUMENT', [
        {
          errorCode: { fieldError: 'REQUIRED' },
          message: 'x',
          location: { fieldPathElements: [{ fieldName: 'cpc_bid_micros' }] },
        },
      ]),
    );
    expect(unmapped).toMatchObject({ kind: 'invalid', param: undefined });
    const header = classifyGoogleAnswer(
      failure(400, 'INVALID_ARGUMENT', [
        { errorCode: { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' }, message: 'x' },
      ]),
    );
    expect(header?.kind).toBe('rejected');
    expect(classifyGoogleAnswer({ status: 200, headers: new Headers(), body: {} })).toBeUndefined();
  });
});

describe('google campaign dates in the account time zone', () => {
  it('writes a Runtime as whole days: midnight starts, 23:59:59 on the day before the end', () => {
    expect(
      googleDates(
        { start: '2030-03-01T00:00:00+01:00', end: '2030-04-01T00:00:00+02:00' },
        'Europe/Berlin',
        0,
      ),
    ).toEqual({ startDateTime: '2030-03-01 00:00:00', endDateTime: '2030-03-31 23:59:59' });
    // The same instants in UTC, and Tokyo's midnight written from UTC.
    expect(
      googleDates({ start: '2030-02-28T23:00:00Z', end: '2030-03-31T22:00:00Z' }, 'Europe/Berlin', 0),
    ).toEqual({ startDateTime: '2030-03-01 00:00:00', endDateTime: '2030-03-31 23:59:59' });
    expect(googleDates({ start: '2030-02-28T15:00:00Z' }, 'Asia/Tokyo', 2)).toEqual({
      startDateTime: '2030-03-01 00:00:00',
    });
  });

  it('refuses a bound that is not a midnight of the account zone, naming it', () => {
    const refused = (runtime: { start: string; end?: string }) => {
      try {
        googleDates(runtime, 'Europe/Berlin', 3);
      } catch (err) {
        return err as PlatformInputError;
      }
      return expect.unreachable();
    };
    expect(refused({ start: '2030-03-01T00:00:00Z' }).param).toBe('settings[3].start');
    expect(refused({ start: '2030-03-01T00:00:00+01:00', end: '2030-04-01T00:00:00+01:00' }).param).toBe(
      'settings[3].end',
    );
  });

  it('reads Google dates back as the Runtime, in the zone with its offset (summer time too); no end is an open end', () => {
    expect(runtimeOf('2030-03-01 00:00:00', '2030-03-31 23:59:59', 'Europe/Berlin')).toEqual({
      kind: 'Runtime',
      start: '2030-03-01T00:00:00+01:00',
      end: '2030-04-01T00:00:00+02:00',
    });
    expect(runtimeOf('2030-03-01 00:00:00', undefined, 'America/Los_Angeles')).toEqual({
      kind: 'Runtime',
      start: '2030-03-01T00:00:00-08:00',
    });
    expect(runtimeOf(undefined, undefined, 'Europe/Berlin')).toBeUndefined();
  });

  it('reads a start on a day whose midnight the clock skips as when that day starts, not the day before', () => {
    // Egypt moves its clocks from 00:00 to 01:00 on the last Friday of April.
    expect(runtimeOf('2027-04-30 00:00:00', undefined, 'Africa/Cairo')).toEqual({
      kind: 'Runtime',
      start: '2027-04-30T01:00:00+03:00',
    });
  });
});

describe('google campaign create body', () => {
  const account = { id: '1234567890', name: 'Bakery', currency: 'EUR' };
  const input = {
    name: 'Spring',
    advertiser: account.id,
    objective: 'DISPLAY',
    status: 'Paused' as const,
    settings: [
      { kind: 'Runtime' as const, start: '2030-03-01T00:00:00+01:00', end: '2030-04-01T00:00:00+02:00' },
      { kind: 'TotalBudget' as const, budget: 1234.56, currency: 'EUR' },
    ],
  };

  it('creates its own (not shared) budget in micros, then the campaign on it with documented defaults', () => {
    const [budget, campaign] = campaignCreate(input, account, 'Europe/Berlin');
    expect(budget!.operation).toEqual({
      campaignBudgetOperation: {
        create: {
          resourceName: 'customers/1234567890/campaignBudgets/-1',
          period: 'CUSTOM_PERIOD',
          totalAmountMicros: '1234560000',
          deliveryMethod: 'STANDARD',
          explicitlyShared: false,
        },
      },
    });
    expect(campaign!.operation).toEqual({
      campaignOperation: {
        create: {
          name: 'Spring',
          status: 'PAUSED',
          advertisingChannelType: 'DISPLAY',
          campaignBudget: 'customers/1234567890/campaignBudgets/-1',
          manualCpc: {},
          networkSettings: {
            targetGoogleSearch: false,
            targetSearchNetwork: false,
            targetContentNetwork: true,
            targetPartnerSearchNetwork: false,
          },
          containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
          startDateTime: '2030-03-01 00:00:00',
          endDateTime: '2030-03-31 23:59:59',
        },
      },
    });
  });

  it('names the unified parameter of each operation’s fields for Google’s errors', () => {
    const param = taggedParam(campaignCreate(input, account, 'Europe/Berlin'));
    const at = (index: number, field: string) =>
      param([{ fieldName: 'mutate_operations', index }, { fieldName: 'create' }, { fieldName: field }]);
    expect(at(0, 'total_amount_micros')).toBe('settings[1].budget');
    expect(at(0, 'delivery_method')).toBe('settings[1]');
    expect(at(1, 'name')).toBe('name');
    expect(at(1, 'advertising_channel_type')).toBe('objective');
    expect(at(1, 'end_date_time')).toBe('settings[0].end');
    expect(at(1, 'contains_eu_political_advertising')).toBe('settings');
  });

  it('takes JPY in whole yen and refuses fractions, other currencies and a campaign without a budget', () => {
    const yen = { ...account, currency: 'JPY' };
    const daily = (budget: number, currency = 'JPY') => ({
      ...input,
      objective: 'SEARCH',
      settings: [{ kind: 'DailyBudget' as const, budget, currency }],
    });
    const [budget] = campaignCreate(daily(3000), yen, 'Asia/Tokyo');
    expect(budget!.operation).toMatchObject({
      campaignBudgetOperation: { create: { period: 'DAILY', amountMicros: '3000000000' } },
    });
    expect(() => campaignCreate(daily(3000.5), yen, 'Asia/Tokyo')).toThrow(
      expect.objectContaining({ param: 'settings[0].budget' }),
    );
    expect(() => campaignCreate(daily(30, 'EUR'), yen, 'Asia/Tokyo')).toThrow(
      expect.objectContaining({ param: 'settings[0].currency' }),
    );
    expect(() => campaignCreate({ ...input, settings: [] }, account, 'Europe/Berlin')).toThrow(
      expect.objectContaining({ param: 'settings' }),
    );
  });
});

describe('google keyword replacement', () => {
  const row = (text: string, id: string) => ({
    adGroupCriterion: { resourceName: `customers/1/adGroupCriteria/5~${id}`, keyword: { text } },
  });

  it('removes what is no longer wanted, keeps what stays, creates the new ones once', () => {
    const ops = keywordReplacement(
      'customers/1/adGroups/5',
      [row('bread', '1'), row('rye', '2'), row('rye', '3')],
      ['rye', 'spelt', 'spelt'],
      2,
    );
    expect(ops.map((o) => o.operation)).toEqual([
      { adGroupCriterionOperation: { remove: 'customers/1/adGroupCriteria/5~1' } },
      { adGroupCriterionOperation: { remove: 'customers/1/adGroupCriteria/5~3' } },
      {
        adGroupCriterionOperation: {
          create: {
            adGroup: 'customers/1/adGroups/5',
            status: 'ENABLED',
            keyword: { text: 'spelt', matchType: 'BROAD' },
          },
        },
      },
    ]);
    expect(ops.map((o) => o.fallback)).toEqual([
      'targetings[2]',
      'targetings[2]',
      'targetings[2].keywords[1]',
    ]);
    expect(keywordReplacement('customers/1/adGroups/5', [row('rye', '2')], ['rye'], 0)).toEqual([]);
  });
});

describe('google ads mapping', () => {
  it('maps policy_summary to the review: approval status first, restricting topics as reasons', () => {
    const entries = [
      { topic: 'TRADEMARKS_IN_AD_TEXT', type: 'PROHIBITED' },
      { topic: 'ALCOHOL', type: 'LIMITED' },
      { topic: 'COPYRIGHTED_CONTENT', type: 'DESCRIPTIVE' },
      { topic: 'ALCOHOL', type: 'FULLY_LIMITED' },
    ];
    const review = (approvalStatus: string, reviewStatus = 'REVIEWED') =>
      reviewOf({ approvalStatus, reviewStatus, policyTopicEntries: entries });
    expect(review('DISAPPROVED')).toEqual({
      status: 'Rejected',
      reasons: ['TRADEMARKS_IN_AD_TEXT', 'ALCOHOL'],
    });
    expect(review('DISAPPROVED', 'UNDER_APPEAL').status).toBe('Rejected');
    expect(review('APPROVED_LIMITED')).toEqual({
      status: 'Limited',
      reasons: ['TRADEMARKS_IN_AD_TEXT', 'ALCOHOL'],
    });
    expect(review('AREA_OF_INTEREST_ONLY').status).toBe('Limited');
    expect(review('APPROVED')).toEqual({ status: 'Approved', reasons: [] });
    expect(review('UNKNOWN', 'REVIEW_IN_PROGRESS')).toEqual({ status: 'Pending', reasons: [] });
    expect(reviewOf(undefined)).toEqual({ status: 'Pending', reasons: [] });
  });

  it('reads a responsive search ad as a SearchAd, any other type as Other with its format, the name from its label, Running only where it can serve', () => {
    const row = (ad: object, status = 'ENABLED', parents = 'ENABLED') => ({
      adGroupAd: {
        resourceName: 'customers/1/adGroupAds/2~3',
        status,
        ad: { id: '3', ...ad },
        policySummary: { approvalStatus: 'APPROVED', reviewStatus: 'REVIEWED' },
      },
      adGroup: { id: '2', status: parents },
      campaign: { id: '4', status: 'ENABLED' },
    });
    const rsa = row({
      type: 'RESPONSIVE_SEARCH_AD',
      finalUrls: ['https://bakery.example/'],
      responsiveSearchAd: {
        headlines: [{ text: 'a' }, { text: 'b' }, { text: 'c', pinnedField: 'HEADLINE_1' }],
        descriptions: [{ text: 'd' }, { text: 'e' }],
        path1: 'bread',
      },
    });
    expect(toAd('1', rsa, 'Spring')).toMatchObject({
      id: '3',
      name: 'Spring',
      status: 'Running',
      adSetId: '2',
      campaignId: '4',
      creative: {
        kind: 'SearchAd',
        headlines: ['a', 'b', 'c'],
        descriptions: ['d', 'e'],
        url: 'https://bakery.example/',
        paths: ['bread'],
      },
      review: { status: 'Approved', reasons: [] },
    });
    expect(toAd('1', rsa, undefined).name).toBe('Ad 3');
    // Enabled but not serving: a paused ad group, or a review still pending.
    expect(toAd('1', row({}, 'ENABLED', 'PAUSED'), undefined).status).toBe('Active');
    const pending = row({});
    pending.adGroupAd.policySummary.approvalStatus = 'UNKNOWN';
    expect(toAd('1', pending, undefined).status).toBe('Active');
    const video = toAd('1', row({ type: 'VIDEO_RESPONSIVE_AD', name: 'Teaser' }, 'REMOVED'), undefined);
    expect(video).toMatchObject({
      name: 'Teaser',
      status: 'Deleted',
      creative: { kind: 'Other', format: 'VIDEO_RESPONSIVE_AD' },
    });
    expect(toAd('1', row({}, 'PAUSED'), undefined).status).toBe('Paused');
  });

  it('keeps names as labels of at most 80 characters, and reads only adlink’s labels as names', () => {
    expect(nameLabel('Spring bread')).toBe('adlink: Spring bread');
    expect(nameLabel('x'.repeat(72))).toHaveLength(80);
    const refused = (() => {
      try {
        nameLabel('x'.repeat(73));
      } catch (err) {
        return err as PlatformInputError;
      }
    })();
    expect(refused).toMatchObject({ param: 'name', message: expect.stringContaining('up to 72 characters') });
    expect(nameOfLabel('adlink: Spring bread')).toBe('Spring bread');
    expect(nameOfLabel('Q4 promotion')).toBeUndefined();
  });

  it('counts double-width characters twice', () => {
    expect(googleTextLength('Fresh bread')).toBe(11);
    expect(googleTextLength('メロンパン')).toBe(10);
    expect(googleTextLength('빵 Bread')).toBe(8);
  });

  it('names the creative field Google’s error points at', () => {
    const operations = [
      adGroupAdCreate('1', '2', 'Paused', {
        kind: 'SearchAd',
        headlines: ['a', 'b', 'c'],
        descriptions: ['d', 'e'],
        url: 'https://x.example/',
        paths: [],
      }),
    ];
    const at = (...names: (string | [string, number])[]) =>
      adParam(operations)([
        { fieldName: 'mutate_operations', index: 0 },
        ...names.map((n) => (typeof n === 'string' ? { fieldName: n } : { fieldName: n[0], index: n[1] })),
      ]);
    expect(
      at('ad_group_ad_operation', 'create', 'ad', 'responsive_search_ad', ['headlines', 3], 'text'),
    ).toBe('creative.headlines[3]');
    expect(at('ad_group_ad_operation', 'create', 'ad', 'responsive_search_ad', 'descriptions')).toBe(
      'creative.descriptions',
    );
    expect(at('ad_group_ad_operation', 'create', 'ad', 'responsive_search_ad', 'path2')).toBe(
      'creative.paths[1]',
    );
    expect(at('ad_group_ad_operation', 'create', 'ad', ['final_urls', 0])).toBe('creative.url');
    expect(at('ad_group_ad_operation', 'create', 'status')).toBe('status');
    expect(at('ad_group_ad_operation', 'create', 'ad_group')).toBe('adSetId');
  });
});
