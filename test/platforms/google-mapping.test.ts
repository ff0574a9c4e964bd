import { describe, expect, it } from 'vitest';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { googleAdapter } from '../../src/platforms/google/adapter.js';
import { adGroupParam, classifyGoogleAnswer } from '../../src/platforms/google/errors.js';
import {
  campaignSettings,
  channelKind,
  googleStatus,
  unifiedStatus,
} from '../../src/platforms/google/mapping.js';

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
    const { capabilities } = googleAdapter(entry, { timeoutMs: 1000 });
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
