import { describe, expect, it } from 'vitest';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { microsoftAdapter } from '../../src/platforms/microsoft/adapter.js';
import { addAdGroupsBody } from '../../src/platforms/microsoft/adset-body.js';
import { toAudience } from '../../src/platforms/microsoft/audiences.js';
import { classifyMicrosoftAnswer, partialFailure } from '../../src/platforms/microsoft/errors.js';
import {
  campaignSettings,
  campaignStatus,
  channelKind,
  microsoftStatus,
  toAdSet,
  unifiedStatus,
} from '../../src/platforms/microsoft/mapping.js';
import { PlatformInputError } from '../../src/ports/platform-error.js';

const fault = (status: number, body: object, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
  body: { TrackingId: 'tracking-1', ...body },
});
const adApi = (Code: number, ErrorCode: string) => ({
  Type: 'AdApiFaultDetail',
  Errors: [{ Code, ErrorCode, Message: `${ErrorCode} message`, Detail: null }],
});

describe('microsoft mapping', () => {
  it('reads a customer list’s SearchSize: empty while Microsoft builds it, Ready from 300 people', () => {
    const account = { id: '180000111', name: 'US', currency: 'USD' };
    const list = (SearchSize: string | null) =>
      toAudience({ Id: '5', Type: 'CustomerList', Name: 'Buyers', SearchSize }, account);
    expect(list(null)).toMatchObject({
      size: null,
      status: 'Matching',
      advertiser: '180000111',
      description: null,
    });
    expect(list('')).toMatchObject({ size: null, status: 'Matching' });
    expect(list('299')).toMatchObject({ size: 299, status: 'TooSmall' });
    expect(list('300')).toMatchObject({ size: 300, status: 'Ready' });
    expect(list('0')).toMatchObject({ size: 0, status: 'TooSmall' });
  });

  it('maps AdGroupStatus to unified statuses (with the campaign’s) and back', () => {
    expect(unifiedStatus('Active', 'Active')).toBe('Running');
    expect(unifiedStatus('Active', 'Paused')).toBe('Active');
    expect(unifiedStatus('Active', 'BudgetPaused')).toBe('Active');
    expect(unifiedStatus('Paused', 'Active')).toBe('Paused');
    expect(unifiedStatus('Expired', 'Active')).toBe('Archived');
    expect(unifiedStatus('Deleted', 'Active')).toBe('Deleted');
    expect((['Running', 'Active', 'Paused'] as const).map(microsoftStatus)).toEqual([
      'Active',
      'Active',
      'Paused',
    ]);
    expect(['Active', 'BudgetPaused', 'Suspended', 'Deleted'].map(campaignStatus)).toEqual([
      'Running',
      'Paused',
      'Active',
      'Deleted',
    ]);
  });

  it('reads the campaign’s DailyBudget (major units) and CampaignType through to its ad groups', () => {
    expect(
      campaignSettings(
        { DailyBudget: 25.5, BudgetType: 'DailyBudgetAccelerated', CampaignType: 'Audience' },
        'USD',
      ),
    ).toEqual([
      { kind: 'DailyBudget', budget: 25.5, currency: 'USD' },
      { kind: 'Objective', objective: 'Audience' },
    ]);
    // A lifetime budget's amount is not in the fields adlink reads: no budget rather than a wrong one.
    expect(
      campaignSettings(
        { DailyBudget: 900, BudgetType: 'LifetimeBudgetStandard', CampaignType: 'Search' },
        'EUR',
      ),
    ).toEqual([{ kind: 'Objective', objective: 'Search' }]);
    expect(['Search', 'Shopping', 'Audience', 'PerformanceMax'].map(channelKind)).toEqual([
      'Search',
      'Search',
      'Display',
      'Mixed',
    ]);
  });

  it('refuses budget writes and zip codes, and deletes for good (capabilities)', () => {
    const { capabilities } = microsoftAdapter(platformCatalog('http://localhost').microsoft, {
      timeoutMs: 1000,
    }).adSets;
    expect(capabilities).toMatchObject({
      budgetLevel: 'campaign',
      objectiveLevel: 'campaign',
      targetings: ['KeywordTargeting', 'AudienceTargeting'],
      deletion: 'hard',
    });
    expect(capabilities.updateStatuses).not.toContain('Archived');
  });
});

describe('microsoft keywords and languages', () => {
  it('only Active keywords are the targeting: Paused, Inactive and Deleted ones do not serve', () => {
    const adSet = toAdSet({
      accountId: '1',
      currency: 'USD',
      zone: 'America/Los_Angeles',
      campaign: { Id: '2', CampaignType: 'Search', Status: 'Active' },
      adGroup: { Id: '3', Name: 'Bikes', Status: 'Active' },
      keywords: [
        { Text: 'city bike', Status: 'Active' },
        { Text: 'old bike', Status: 'Paused' },
        { Text: 'sold out', Status: 'Inactive' },
        { Text: 'gone', Status: 'Deleted' },
      ],
      audiences: [],
    });
    expect(adSet.targetings).toEqual([{ kind: 'KeywordTargeting', keywords: ['city bike'] }]);
  });

  it('refuses an ad group under a campaign without languages, naming parentId, before any call', () => {
    const input = {
      name: 'Cargo',
      advertiser: '1',
      parentId: '2',
      channelKind: 'Search' as const,
      status: 'Paused' as const,
      settings: [],
      targetings: [],
    };
    for (const Languages of [null, [], undefined]) {
      const refused = (() => {
        try {
          addAdGroupsBody(input, { Id: '2', Languages }, 'America/Los_Angeles');
        } catch (err) {
          return err;
        }
      })();
      expect(refused).toBeInstanceOf(PlatformInputError);
      expect((refused as PlatformInputError).param).toBe('parentId');
    }
    expect(addAdGroupsBody(input, { Id: '2', Languages: ['English'] }, 'America/Los_Angeles')).toEqual({
      CampaignId: '2',
      AdGroups: [{ Name: 'Cargo', Status: 'Paused' }],
    });
  });
});

describe('microsoft error classification', () => {
  it('error 117 and HTTP 429 are throttling, with the Retry-After hint when there is one', () => {
    expect(classifyMicrosoftAnswer(fault(429, adApi(117, 'CallRateExceeded')))).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 1,
      code: 'CallRateExceeded',
    });
    expect(
      classifyMicrosoftAnswer(fault(400, adApi(117, 'CallRateExceeded'), { 'retry-after': '2' })),
    ).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 2,
    });
  });

  it('an expired or invalid token is unauthorized; missing headers and permissions are not', () => {
    expect(classifyMicrosoftAnswer(fault(401, adApi(109, 'AuthenticationTokenExpired')))?.kind).toBe(
      'unauthorized',
    );
    expect(classifyMicrosoftAnswer(fault(401, adApi(105, 'InvalidCredentials')))?.kind).toBe('unauthorized');
    expect(classifyMicrosoftAnswer(fault(400, adApi(116, 'RequestMissingHeaders')))?.kind).toBe('rejected');
    expect(classifyMicrosoftAnswer(fault(403, adApi(106, 'UserIsNotAuthorized')))?.kind).toBe('rejected');
  });

  it('refusals about an ad group field are invalid and name the unified parameter', () => {
    const campaign = classifyMicrosoftAnswer(
      fault(400, {
        Type: 'ApiFaultDetail',
        BatchErrors: [],
        OperationErrors: [
          {
            Code: 1100,
            ErrorCode: 'CampaignServiceInvalidCampaignId',
            Message: 'The campaign ID is not valid.',
          },
        ],
      }),
    );
    expect(campaign).toMatchObject({
      kind: 'invalid',
      param: 'parentId',
      code: 'CampaignServiceInvalidCampaignId',
    });
    expect(campaign?.message).toContain('TrackingId tracking-1');
    const name = partialFailure([
      { Index: 0, Code: 1202, ErrorCode: 'CampaignServiceInvalidAdGroupName', Message: 'x' },
    ]);
    expect(name).toMatchObject({ kind: 'invalid', param: 'name', code: 'CampaignServiceInvalidAdGroupName' });
    const keyword = partialFailure(
      [
        {
          Index: 1,
          Code: 1503,
          ErrorCode: 'CampaignServiceInvalidKeywordText',
          Message: 'The keyword text is not valid.',
        },
      ],
      (i) => `targetings[0].keywords[${i}]`,
    );
    expect(keyword).toMatchObject({ kind: 'invalid', param: 'targetings[0].keywords[1]' });
    expect(partialFailure([])).toBeUndefined();
    expect(classifyMicrosoftAnswer({ status: 200, headers: new Headers(), body: {} })).toBeUndefined();
  });
});
