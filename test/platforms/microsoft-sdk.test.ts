import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TYPES, MAX_ITEMS } from '../../emulators/microsoft/audience-routes.js';
import { BUDGET_TYPES, SETTABLE_CAMPAIGN_STATUSES } from '../../emulators/microsoft/campaign-rules.js';
import { CRITERION_TYPES } from '../../emulators/microsoft/criterion-routes.js';
import { CALLS_TO_ACTION, LANGUAGE_NAMES } from '../../emulators/microsoft/enums.js';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { MAX_IMAGE_DATA } from '../../emulators/microsoft/media-routes.js';
import {
  AD_GROUP_CRITERION_FIELDS,
  AD_GROUP_FIELDS,
  ASSET_FIELDS,
  ASSET_LINK_FIELDS,
  AUDIENCE_CRITERION_FIELDS,
  CAMPAIGN_BASE,
  CAMPAIGN_FIELDS,
  CAMPAIGN_OPERATIONS,
  CUSTOM_PARAMETER_FIELDS,
  CUSTOMER_BASE,
  CUSTOMER_OPERATIONS,
  DATE_FIELDS,
  ENTITY_ASSOCIATION_FIELDS,
  KEYWORD_FIELDS,
  MEDIA_FIELDS,
  REPORTING_BASE,
  REPORTING_OPERATIONS,
  RESPONSIVE_AD_FIELDS,
  RESPONSIVE_SEARCH_AD_FIELDS,
} from '../../emulators/microsoft/operations.js';
import { AD_TYPES, CAMPAIGN_TYPES } from '../../emulators/microsoft/read-routes.js';
import {
  AGGREGATIONS,
  REPORT_FORMATS,
  REPORT_REQUEST_FIELDS,
  REPORT_TIME_FIELDS,
  REPORT_TIME_ZONES,
  REPORT_TYPES,
} from '../../emulators/microsoft/report-request.js';
import { MATCH_TYPES, SETTABLE_AD_GROUP_STATUSES } from '../../emulators/microsoft/rules.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { addAdGroupsBody, addKeywordsBody, keywordsOf } from '../../src/platforms/microsoft/adset-body.js';
import {
  addCustomerListBody,
  customerListUserDataBody,
  updateCustomerListBody,
} from '../../src/platforms/microsoft/audience-body.js';
import { addAudienceCriterionsBody } from '../../src/platforms/microsoft/audience-criterions.js';
import { reportColumns, submitReportBody } from '../../src/platforms/microsoft/report-request.js';
import { REPORT_LEVELS } from '../../src/reports/model.js';
import sdk from '../fixtures/microsoft/sdk-extract.json' with { type: 'json' };
import { emulatorToken } from '../support/emulator-call.js';
import { gif, jpeg, png } from '../support/images.js';
import { issueCode, REDIRECT_URI, SCOPE, tokenCall, USER_SCOPE } from './microsoft-emulator.js';

/**
 * The emulator against Microsoft's official REST SDK (BingAds/BingAds-PHP-REST-SDK, see
 * test/fixtures/microsoft/extract.md): paths, methods, headers, JSON field names and enum values, so
 * the adapter cannot depend on a shape Microsoft Advertising does not have.
 */
const campaignSdk = sdk.CampaignManagementService;
const customerSdk = sdk.CustomerManagementService;
const reportingSdk = sdk.ReportingService;
const values = (name: keyof typeof campaignSdk.enums) => campaignSdk.enums[name].values;
type Json = Record<string, unknown>;

const keysOutside = (object: unknown, allowed: string[]) =>
  Object.keys(object as Json).filter((k) => !allowed.includes(k));

describe('Microsoft SDK extract', () => {
  it('comes from the official REST SDK at a named commit, with the headers the SDK sends', () => {
    expect(sdk.repository).toBe('BingAds/BingAds-PHP-REST-SDK');
    expect(sdk.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(sdk.headers).toEqual(['Authorization', 'CustomerAccountId', 'CustomerId', 'DeveloperToken']);
  });

  it('the catalog’s two API bases are the SDK’s service paths, and an override keeps them', () => {
    const paths = (catalog: ReturnType<typeof platformCatalog>) => {
      const { apiBaseUrl, apiUrls } = catalog.microsoft;
      return [new URL(apiBaseUrl), new URL(apiUrls!.customerManagement!)];
    };
    const [campaign, customer] = paths(platformCatalog('http://localhost'));
    expect(campaign!.href).toBe(`https://campaign.api.bingads.microsoft.com${CAMPAIGN_BASE}`);
    expect(customer!.href).toBe(`https://clientcenter.api.bingads.microsoft.com${CUSTOMER_BASE}`);
    const overridden = paths(
      platformCatalog('http://localhost', { microsoft: { baseUrl: 'http://127.0.0.1:4015' } }),
    );
    expect(overridden.map((u) => u.href)).toEqual([
      `http://127.0.0.1:4015${CAMPAIGN_BASE}`,
      `http://127.0.0.1:4015${CUSTOMER_BASE}`,
    ]);
  });
});

describe('the emulator’s operations and fields are the SDK’s', () => {
  it.each([
    ...Object.entries(CAMPAIGN_OPERATIONS).map(
      ([name, op]) => [name, CAMPAIGN_BASE, op, campaignSdk.operations] as const,
    ),
    ...Object.entries(CUSTOMER_OPERATIONS).map(
      ([name, op]) => [name, CUSTOMER_BASE, op, customerSdk.operations] as const,
    ),
    ...Object.entries(REPORTING_OPERATIONS).map(
      ([name, op]) => [name, REPORTING_BASE, op, reportingSdk.operations] as const,
    ),
  ])('%s: method, path and request fields', (name, base, op, operations) => {
    const official = (
      operations as Record<string, { method: string; path: string; request: { fields: string[] } }>
    )[name]!;
    expect({ method: op.method, path: `${base}${op.path}` }).toEqual({
      method: official.method,
      path: official.path,
    });
    expect(official.request.fields).toEqual(expect.arrayContaining([...op.fields]));
  });

  it('the Campaign and Date fields it takes exist on the SDK models', () => {
    expect(
      keysOutside(Object.fromEntries(CAMPAIGN_FIELDS.map((f) => [f, 1])), campaignSdk.models.Campaign),
    ).toEqual([]);
    expect([...DATE_FIELDS].sort()).toEqual(campaignSdk.models.Date);
    expect(values('CampaignStatus')).toEqual(expect.arrayContaining(SETTABLE_CAMPAIGN_STATUSES));
    expect(values('BudgetLimitType').sort()).toEqual([...BUDGET_TYPES].sort());
  });

  it('the AdGroup and Keyword fields it takes exist on the SDK models', () => {
    expect(
      keysOutside(Object.fromEntries(AD_GROUP_FIELDS.map((f) => [f, 1])), campaignSdk.models.AdGroup),
    ).toEqual([]);
    expect(
      keysOutside(Object.fromEntries(KEYWORD_FIELDS.map((f) => [f, 1])), campaignSdk.models.Keyword),
    ).toEqual([]);
  });

  it('its enum values are the SDK’s (AdGroupStatus, CampaignType, MatchType, AdType, BudgetLimitType)', () => {
    expect(values('AdGroupStatus')).toEqual(['Active', 'Paused', 'Expired', 'Deleted']);
    expect(values('AdGroupStatus')).toEqual(expect.arrayContaining(SETTABLE_AD_GROUP_STATUSES));
    expect([...CAMPAIGN_TYPES].sort()).toEqual([...values('CampaignType')].sort());
    expect(campaignSdk.enums.CampaignType.flags).toBe(true);
    expect([...MATCH_TYPES].sort()).toEqual([...values('MatchType')].sort());
    expect([...AD_TYPES].sort()).toEqual([...values('AdType')].sort());
    expect(values('BudgetLimitType')).toEqual(
      expect.arrayContaining(['DailyBudgetStandard', 'DailyBudgetAccelerated']),
    );
  });

  it('the ad, asset, media and editorial fields it takes exist on the SDK models; its enums are the SDK’s', () => {
    const fieldsOn = (fields: readonly string[], model: string[]) =>
      keysOutside(Object.fromEntries(fields.map((f) => [f, 1])), model);
    const { models, discriminators } = campaignSdk;
    expect(fieldsOn(RESPONSIVE_SEARCH_AD_FIELDS, models.ResponsiveSearchAd)).toEqual([]);
    expect(fieldsOn(RESPONSIVE_AD_FIELDS, models.ResponsiveAd)).toEqual([]);
    expect(fieldsOn(ASSET_LINK_FIELDS, models.AssetLink)).toEqual([]);
    expect(fieldsOn(ASSET_FIELDS, models.Asset)).toEqual([]);
    expect(
      fieldsOn(
        ASSET_FIELDS.filter((f) => f !== 'SubType'),
        models.TextAsset,
      ),
    ).toEqual([]);
    expect(
      fieldsOn(
        ASSET_FIELDS.filter((f) => f !== 'Text'),
        models.ImageAsset,
      ),
    ).toEqual([]);
    expect(fieldsOn(CUSTOM_PARAMETER_FIELDS, models.CustomParameter)).toEqual([]);
    expect(models.CustomParameters).toEqual(['Parameters']);
    expect(fieldsOn(MEDIA_FIELDS, models.Image)).toEqual([]);
    expect(fieldsOn(ENTITY_ASSOCIATION_FIELDS, models.EntityIdToParentIdAssociation)).toEqual([]);
    expect([...CALLS_TO_ACTION]).toEqual(values('CallToAction'));
    expect([...LANGUAGE_NAMES]).toEqual(values('LanguageName'));
    expect(values('AdEditorialStatus').sort()).toEqual([
      'Active',
      'ActiveLimited',
      'Disapproved',
      'Inactive',
    ]);
    // Polymorphic objects name their derived model in `Type`.
    expect(discriminators.Ad).toMatchObject({ field: 'Type' });
    expect(discriminators.Ad.values).toEqual(expect.arrayContaining(['ResponsiveAd', 'ResponsiveSearch']));
    expect(discriminators.Asset).toEqual({
      field: 'Type',
      values: ['ImageAsset', 'TextAsset', 'VideoAsset'],
    });
    expect(discriminators.Media).toEqual({ field: 'Type', values: ['Image'] });
  });
});

describe('the Reporting service’s requests are the SDK’s', () => {
  const reportEnum = (name: keyof typeof reportingSdk.enums) => reportingSdk.enums[name].values;
  const columnEnum = (type: string) =>
    reportEnum(type.replace(/Request$/, 'Column') as keyof typeof reportingSdk.enums);

  it('the catalog’s reporting base is the SDK’s host and service path', () => {
    const { apiUrls } = platformCatalog('http://localhost').microsoft;
    expect(apiUrls!.reporting).toBe(`https://reporting.api.bingads.microsoft.com${REPORTING_BASE}`);
  });

  it('the three report requests, their scopes and ReportTime have the fields the emulator takes', () => {
    for (const [type, { scopeFields }] of Object.entries(REPORT_TYPES)) {
      const model = reportingSdk.models[type as keyof typeof reportingSdk.models];
      expect([...REPORT_REQUEST_FIELDS].sort(), type).toEqual(model);
      const scope =
        type === 'CampaignPerformanceReportRequest'
          ? 'AccountThroughCampaignReportScope'
          : 'AccountThroughAdGroupReportScope';
      expect([...scopeFields].sort()).toEqual(reportingSdk.models[scope]);
    }
    expect([...REPORT_TIME_FIELDS].sort()).toEqual(reportingSdk.models.ReportTime);
    expect(reportingSdk.models.CampaignReportScope).toEqual(['AccountId', 'CampaignId']);
    expect(reportingSdk.models.AdGroupReportScope).toEqual(['AccountId', 'AdGroupId', 'CampaignId']);
    expect(reportingSdk.models.Date).toEqual([...DATE_FIELDS].sort());
  });

  it('its columns, aggregations, formats and time zones are values of the SDK’s enums', () => {
    for (const [type, { columns }] of Object.entries(REPORT_TYPES)) {
      expect(columnEnum(type), type).toEqual(expect.arrayContaining(columns));
    }
    expect(reportEnum('ReportAggregation')).toEqual(expect.arrayContaining(AGGREGATIONS));
    expect(reportEnum('ReportFormat')).toEqual(expect.arrayContaining(REPORT_FORMATS));
    expect([...REPORT_TIME_ZONES].sort()).toEqual([...reportEnum('ReportTimeZone')].sort());
    expect(reportEnum('ReportRequestStatusType').sort()).toEqual(['Error', 'Pending', 'Success']);
  });

  it('the adapter’s report requests use SDK fields and column values only', () => {
    for (const level of REPORT_LEVELS) {
      const { ReportRequest } = submitReportBody(
        {
          level,
          granularity: 'day',
          from: '2026-01-01',
          to: '2026-01-07',
          campaignId: '1',
          adsetId: level === 'campaign' ? undefined : '2',
        },
        '3',
        'PacificTimeUSCanadaTijuana',
      ) as { ReportRequest: Record<string, unknown> & { Type: string; Time: object; Scope: object } };
      const model = reportingSdk.models[ReportRequest.Type as keyof typeof reportingSdk.models];
      expect(keysOutside(ReportRequest, model)).toEqual([]);
      expect(keysOutside(ReportRequest.Time, reportingSdk.models.ReportTime)).toEqual([]);
      expect(columnEnum(ReportRequest.Type)).toEqual(
        expect.arrayContaining(reportColumns({ level, granularity: 'day', from: '', to: '' })),
      );
      expect(reportEnum('ReportAggregation')).toContain(ReportRequest.Aggregation);
      expect(reportEnum('ReportFormat')).toContain(ReportRequest.Format);
    }
  });
});

describe('the emulator answers in the SDK’s shapes', () => {
  let emulator: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emulator = await startEmulator(microsoftEmulator);
    token = emulatorToken(emulator, USER_SCOPE);
  });
  afterAll(() => emulator?.close());

  const call = async (path: string, method: string, body: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${emulator.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        DeveloperToken: 'dev',
        CustomerId: SEED.customer,
        CustomerAccountId: SEED.usAccount,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  type Service = typeof campaignSdk | typeof customerSdk | typeof reportingSdk;
  const op = (service: Service, name: string) =>
    (service.operations as Record<string, { method: string; path: string; response: { fields: string[] } }>)[
      name
    ]!;
  const answer = async (service: Service, name: string, body: object) => {
    const { method, path, response } = op(service, name);
    const res = await call(path, method, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(keysOutside(res.body, response.fields)).toEqual([]);
    return res.body;
  };

  it('Reporting: SubmitGenerateReport, PollGenerateReport and a refusal as the SDK models them', async () => {
    const today = new Date();
    const date = { Day: 1, Month: 1, Year: today.getUTCFullYear() };
    const { ReportRequestId } = await answer(reportingSdk, 'submitGenerateReport', {
      ReportRequest: {
        Type: 'AdPerformanceReportRequest',
        Aggregation: 'Summary',
        Columns: ['AccountId', 'AdId', 'Spend'],
        Scope: { AccountIds: [SEED.usAccount] },
        Time: { CustomDateRangeStart: date, CustomDateRangeEnd: date, ReportTimeZone: 'EasternTimeUSCanada' },
      },
    });
    expect(ReportRequestId).toMatch(/^\d+$/);
    const { ReportRequestStatus } = await answer(reportingSdk, 'pollGenerateReport', { ReportRequestId });
    expect(keysOutside(ReportRequestStatus, reportingSdk.models.ReportRequestStatus)).toEqual([]);
    expect(reportingSdk.enums.ReportRequestStatusType.values).toContain((ReportRequestStatus as Json).Status);
    const { path, method } = op(reportingSdk, 'pollGenerateReport');
    const refused = await call(path, method, { ReportRequestId: '1' });
    expect(refused.status).toBe(400);
    expect(keysOutside(refused.body, reportingSdk.faults.ApiFaultDetail)).toEqual([]);
    for (const e of refused.body.OperationErrors as Json[])
      expect(keysOutside(e, reportingSdk.models.OperationError)).toEqual([]);
  });

  it('Customer Management: the user, the account and the account search', async () => {
    const user = await answer(customerSdk, 'getUser', { UserId: null });
    expect(keysOutside(user.User, customerSdk.models.User)).toEqual([]);
    for (const role of user.CustomerRoles as Json[])
      expect(keysOutside(role, customerSdk.models.CustomerRole)).toEqual([]);
    const { Accounts } = await answer(customerSdk, 'searchAccounts', {
      Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: SEED.user }],
      PageInfo: { Index: 0, Size: 1 },
    });
    expect(Accounts as Json[]).toHaveLength(1);
    expect(customerSdk.enums.PredicateOperator.values).toContain('Equals');
    const { Account } = await answer(customerSdk, 'getAccount', { AccountId: SEED.euAccount });
    expect(keysOutside(Account, customerSdk.models.AdvertiserAccount)).toEqual([]);
    expect(customerSdk.enums.AccountLifeCycleStatus.values).toContain(
      (Account as Json).AccountLifeCycleStatus,
    );
  });

  it('Campaign Management: campaigns, ad groups, keywords and ads, with SDK enum values', async () => {
    const { Campaigns } = await answer(campaignSdk, 'getCampaignsByAccountId', {
      AccountId: SEED.usAccount,
      CampaignType: 'Search,Audience',
    });
    for (const c of Campaigns as Json[]) {
      expect(keysOutside(c, campaignSdk.models.Campaign)).toEqual([]);
      expect(values('CampaignType')).toContain(c.CampaignType);
      expect(values('BudgetLimitType')).toContain(c.BudgetType);
      expect(values('CampaignStatus')).toContain(c.Status);
    }
    const { AdGroups } = await answer(campaignSdk, 'getAdGroupsByCampaignId', {
      CampaignId: SEED.searchCampaign,
    });
    for (const g of AdGroups as Json[]) {
      expect(keysOutside(g, campaignSdk.models.AdGroup)).toEqual([]);
      expect(values('AdGroupStatus')).toContain(g.Status);
    }
    const id = (AdGroups as Json[])[0]!.Id as string;
    const { Keywords } = await answer(campaignSdk, 'getKeywordsByAdGroupId', { AdGroupId: id });
    for (const k of Keywords as Json[]) {
      expect(keysOutside(k, campaignSdk.models.Keyword)).toEqual([]);
      expect(values('MatchType')).toContain(k.MatchType);
      expect(values('KeywordStatus')).toContain(k.Status);
    }
    const { Ads } = await answer(campaignSdk, 'getAdsByAdGroupId', {
      AdGroupId: id,
      AdTypes: ['ResponsiveSearch'],
    });
    for (const a of Ads as Json[]) {
      expect(keysOutside(a, campaignSdk.models.Ad)).toEqual([]);
      expect(values('AdStatus')).toContain(a.Status);
    }
    const byIds = await answer(campaignSdk, 'getAdGroupsByIds', {
      CampaignId: SEED.searchCampaign,
      AdGroupIds: [id, '1'],
    });
    expect((byIds.AdGroups as unknown[])[1]).toBeNull();
    expect(keysOutside((byIds.PartialErrors as Json[])[0], campaignSdk.models.BatchError)).toEqual([]);
  });

  it('add, update and delete are batches whose refused items come back as PartialErrors', async () => {
    const added = await answer(campaignSdk, 'addAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroups: [
        { Name: 'SDK shaped', Status: 'Paused' },
        { Name: 'SDK shaped', Status: 'Paused' },
      ],
    });
    const [id, duplicate] = added.AdGroupIds as (string | null)[];
    expect(duplicate).toBeNull();
    expect(added.PartialErrors).toEqual([
      expect.objectContaining({
        Index: 1,
        Code: 1214,
        ErrorCode: 'CampaignServiceCannotCreateDuplicateAdGroup',
      }),
    ]);
    const keywords = await answer(campaignSdk, 'addKeywords', {
      AdGroupId: id,
      Keywords: [
        { Text: 'fat bike', MatchType: 'Exact' },
        { Text: 'fat bike?', MatchType: 'Exact' },
      ],
    });
    expect((keywords.PartialErrors as Json[]).map((e) => [e.Index, e.Code])).toEqual([[1, 1503]]);
    const updated = await answer(campaignSdk, 'updateAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Id: id, Status: 'Deleted' }],
    });
    expect((updated.PartialErrors as Json[]).map((e) => e.ErrorCode)).toEqual([
      'CampaignServiceInvalidEntityState',
    ]);
    expect(
      (await answer(campaignSdk, 'deleteAdGroups', { CampaignId: SEED.searchCampaign, AdGroupIds: [id] }))
        .PartialErrors,
    ).toEqual([]);
    const again = await answer(campaignSdk, 'deleteAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroupIds: [id],
    });
    expect((again.PartialErrors as Json[]).map((e) => e.Code)).toEqual([1201]);
  });

  it('takes the ad group and keywords adlink builds; refuses them without a required field', async () => {
    const input: NewAdSet = {
      name: 'Built by adlink',
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      status: 'Paused',
      settings: [],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['touring bike'] }],
    };
    const campaign = { Id: SEED.searchCampaign, Languages: ['English'] };
    const added = await answer(
      campaignSdk,
      'addAdGroups',
      addAdGroupsBody(input, campaign, 'America/Los_Angeles'),
    );
    expect(added.PartialErrors).toEqual([]);
    const adGroupId = (added.AdGroupIds as string[])[0]!;
    const { body } = addKeywordsBody(adGroupId, keywordsOf(input.targetings));
    expect((await answer(campaignSdk, 'addKeywords', body)).PartialErrors).toEqual([]);

    // "Add: Required" on the AdGroup and Keyword data object pages.
    const unnamed = await answer(campaignSdk, 'addAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Status: 'Paused' }],
    });
    expect((unnamed.PartialErrors as Json[]).map((e) => e.Code)).toEqual([1202]);
    const noMatchType = await answer(campaignSdk, 'addKeywords', {
      AdGroupId: adGroupId,
      Keywords: [{ Text: 'gravel bike' }],
    });
    expect((noMatchType.PartialErrors as Json[]).map((e) => e.Code)).toEqual([201]);
    const badStatus = await answer(campaignSdk, 'addAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Name: 'Bad status', Status: 'Running' }],
    });
    expect((badStatus.PartialErrors as Json[]).map((e) => e.Code)).toEqual([1016]);
  });

  it('an ad group with customer lists to include targets and bids on audiences: the SDK’s TargetSetting', async () => {
    const input: NewAdSet = {
      name: 'Targets its lists',
      advertiser: SEED.usAccount,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      status: 'Paused',
      settings: [],
      targetings: [{ kind: 'AudienceTargeting', include: ['1'], exclude: [] }],
    };
    const campaign = { Id: SEED.searchCampaign, CampaignType: 'Search', Languages: ['English'] };
    const body = addAdGroupsBody(input, campaign, 'America/Los_Angeles');
    const [setting] = body.AdGroups[0]!.Settings!;
    expect(campaignSdk.discriminators.Setting.values).toContain(setting!.Type);
    expect(keysOutside(setting, campaignSdk.models.TargetSetting)).toEqual([]);
    for (const detail of setting!.Details ?? []) {
      expect(keysOutside(detail, campaignSdk.models.TargetSettingDetail)).toEqual([]);
      expect(values('CriterionTypeGroup')).toContain(detail.CriterionTypeGroup);
    }
    expect(setting!.Details).toEqual([{ CriterionTypeGroup: 'Audience', TargetAndBid: true }]);
    const added = await answer(campaignSdk, 'addAdGroups', body);
    expect(added.PartialErrors).toEqual([]);
    const id = (added.AdGroupIds as string[])[0]!;
    const read = await answer(campaignSdk, 'getAdGroupsByIds', {
      CampaignId: SEED.searchCampaign,
      AdGroupIds: [id],
    });
    expect((read.AdGroups as Json[])[0]!.Settings).toEqual([setting]);

    // Outside Audience campaigns the only criterion type group is Audience (targetsettingdetail.md).
    const refused = await answer(campaignSdk, 'updateAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroups: [
        {
          Id: id,
          Settings: [{ Type: 'TargetSetting', Details: [{ CriterionTypeGroup: 'Age', TargetAndBid: true }] }],
        },
      ],
    });
    expect((refused.PartialErrors as Json[]).map((e) => e.Code)).toEqual([201]);
    const unknown = await answer(campaignSdk, 'updateAdGroups', {
      CampaignId: SEED.searchCampaign,
      AdGroups: [
        { Id: id, Settings: [{ Type: 'TargetSetting', Details: [{ CriterionTypeGroup: 'Audience' }] }] },
      ],
    });
    expect((unknown.PartialErrors as Json[]).map((e) => e.Code)).toEqual([201]);
  });

  it('wants a Language on an ad group whose campaign has no languages (error 1257)', async () => {
    const eu = { CustomerAccountId: SEED.euAccount };
    const path = op(campaignSdk, 'addAdGroups').path;
    const refused = await call(
      path,
      'POST',
      {
        CampaignId: SEED.noLanguageCampaign,
        AdGroups: [{ Name: 'No language', Status: 'Paused' }],
      },
      eu,
    );
    expect((refused.body.PartialErrors as Json[]).map((e) => e.Code)).toEqual([1257]);
    const accepted = await call(
      path,
      'POST',
      {
        CampaignId: SEED.noLanguageCampaign,
        AdGroups: [{ Name: 'With language', Status: 'Paused', Language: 'German' }],
      },
      eu,
    );
    expect(accepted.body.PartialErrors).toEqual([]);
  });

  it('refuses keyword calls on ad groups of Audience campaigns, which hold none', async () => {
    const { AdGroups } = await answer(campaignSdk, 'getAdGroupsByCampaignId', {
      CampaignId: SEED.audienceCampaign,
    });
    const { path, method } = op(campaignSdk, 'getKeywordsByAdGroupId');
    const res = await call(path, method, { AdGroupId: (AdGroups as Json[])[0]!.Id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Type: 'ApiFaultDetail', OperationErrors: [{ Code: 201 }] });
  });

  it('faults are the SDK’s AdApiFaultDetail and ApiFaultDetail', async () => {
    const { path, method } = op(campaignSdk, 'getAdGroupsByCampaignId');
    const check = (fault: Json, type: 'AdApiFaultDetail' | 'ApiFaultDetail') => {
      expect(fault.Type).toBe(type);
      expect(keysOutside(fault, campaignSdk.faults[type])).toEqual([]);
      const errors = (type === 'AdApiFaultDetail' ? fault.Errors : fault.OperationErrors) as Json[];
      expect(
        keysOutside(
          errors[0],
          type === 'AdApiFaultDetail' ? campaignSdk.models.AdApiError : campaignSdk.models.OperationError,
        ),
      ).toEqual([]);
      return errors[0];
    };
    const noToken = await call(path, method, { CampaignId: SEED.searchCampaign }, { DeveloperToken: '' });
    expect(noToken.status).toBe(400);
    expect(check(noToken.body, 'AdApiFaultDetail')).toMatchObject({
      Code: 116,
      ErrorCode: 'RequestMissingHeaders',
    });
    const noAccount = await call(
      path,
      method,
      { CampaignId: SEED.searchCampaign },
      { CustomerAccountId: '' },
    );
    expect(check(noAccount.body, 'ApiFaultDetail')).toMatchObject({ Code: 1030 });
    const badToken = await call(
      path,
      method,
      { CampaignId: SEED.searchCampaign },
      { Authorization: 'Bearer nope' },
    );
    expect(badToken.status).toBe(401);
    expect(check(badToken.body, 'AdApiFaultDetail')).toMatchObject({
      Code: 105,
      ErrorCode: 'InvalidCredentials',
    });
    const unknownField = await call(path, method, { CampaignId: SEED.searchCampaign, PageSize: 10 });
    expect(check(unknownField.body, 'ApiFaultDetail')).toMatchObject({ Code: 201 });
    emulator.controls.throttleNext(1);
    const throttled = await call(path, method, { CampaignId: SEED.searchCampaign });
    expect(throttled.status).toBe(429);
    expect(check(throttled.body, 'AdApiFaultDetail')).toMatchObject({
      Code: 117,
      ErrorCode: 'CallRateExceeded',
    });
    const { path: accountPath } = op(customerSdk, 'getAccount');
    const customerFault = await call(accountPath, 'POST', { AccountId: '1' });
    expect(keysOutside(customerFault.body, customerSdk.faults.ApiFault)).toEqual([]);
    expect(
      keysOutside((customerFault.body.OperationErrors as Json[])[0], customerSdk.models.OperationError),
    ).toEqual([]);
  });

  describe('ads, media and editorial review', () => {
    const post = async (name: string, body: object) => {
      const { path, method } = op(campaignSdk, name);
      return call(path, method, body);
    };
    const text = (Text: string) => ({ Asset: { Type: 'TextAsset', Text } });
    const image = (Id: string, SubType: string) => ({ Asset: { Type: 'ImageAsset', Id, SubType } });
    const rsa = (fields: Json = {}) => ({
      Type: 'ResponsiveSearch',
      Status: 'Paused',
      Headlines: ['Trail bikes', 'Bikes for every trail', '{KeyWord:Bikes} in every size here'].map(text),
      Descriptions: ['Full suspension bikes.', 'Free fitting in store.'].map(text),
      Path1: 'bikes',
      FinalUrls: ['https://bikes.example/trail'],
      ...fields,
    });
    let adGroupId: string;
    let landscape: string;
    let square: string;
    const multimedia = (fields: Json = {}) => ({
      Type: 'ResponsiveAd',
      Status: 'Paused',
      BusinessName: 'Trail Bikes',
      CallToAction: 'ShopNow',
      CallToActionLanguage: 'English',
      Headlines: [text('Trail bikes')],
      LongHeadlines: [text('Trail bikes for every rider')],
      Descriptions: [text('Full suspension bikes, fitted in store.')],
      Images: [image(landscape, 'LandscapeImageMedia'), image(square, 'SquareImageMedia')],
      FinalUrls: ['https://bikes.example/trail'],
      ...fields,
    });
    const addMedia = (Media: object[]) => post('addMedia', { AccountId: SEED.usAccount, Media });
    const imageData = (bytes: Buffer, MediaType: string) => ({
      Type: 'Image',
      MediaType,
      Data: bytes.toString('base64'),
    });
    const addAds = async (...Ads: object[]) => answer(campaignSdk, 'addAds', { AdGroupId: adGroupId, Ads });
    const refusedWith = async (ad: object) =>
      ((await addAds(ad)).PartialErrors as Json[]).map((e) => e.Code as number);

    beforeAll(async () => {
      const added = await answer(campaignSdk, 'addAdGroups', {
        CampaignId: SEED.searchCampaign,
        AdGroups: [{ Name: 'Ads of the SDK test', Status: 'Paused' }],
      });
      adGroupId = (added.AdGroupIds as string[])[0]!;
      const media = await answer(campaignSdk, 'addMedia', {
        AccountId: SEED.usAccount,
        Media: [imageData(png(703, 368), 'Image191x100'), imageData(jpeg(470, 470), 'Image1x1')],
      });
      [landscape, square] = media.MediaIds as [string, string];
    });

    it('reads the seeded ads as the SDK models them: responsive search ads and a video ad', async () => {
      const check = (links: unknown, asset: string[]) => {
        for (const link of links as Json[]) {
          expect(keysOutside(link, campaignSdk.models.AssetLink)).toEqual([]);
          expect(keysOutside(link.Asset, asset)).toEqual([]);
          expect(campaignSdk.discriminators.Asset.values).toContain((link.Asset as Json).Type);
        }
      };
      const { AdGroups } = await answer(campaignSdk, 'getAdGroupsByCampaignId', {
        CampaignId: SEED.searchCampaign,
      });
      const { Ads } = await answer(campaignSdk, 'getAdsByAdGroupId', {
        AdGroupId: (AdGroups as Json[])[0]!.Id,
        AdTypes: ['ResponsiveSearch'],
      });
      expect(Ads as Json[]).toHaveLength(2);
      for (const ad of Ads as Json[]) {
        expect(keysOutside(ad, campaignSdk.models.ResponsiveSearchAd)).toEqual([]);
        expect(values('AdEditorialStatus')).toContain(ad.EditorialStatus);
        check(ad.Headlines, campaignSdk.models.TextAsset);
        check(ad.Descriptions, campaignSdk.models.TextAsset);
      }
      const audience = await answer(campaignSdk, 'getAdGroupsByCampaignId', {
        CampaignId: SEED.audienceCampaign,
      });
      const video = (
        await answer(campaignSdk, 'getAdsByAdGroupId', { AdGroupId: (audience.AdGroups as Json[])[0]!.Id })
      ).Ads as Json[];
      expect(video).toHaveLength(1);
      expect(keysOutside(video[0], campaignSdk.models.ResponsiveAd)).toEqual([]);
      expect(video[0]).toMatchObject({ Type: 'ResponsiveAd', AdSubType: 'Video' });
      expect(values('AdSubType')).toContain(video[0]!.AdSubType);
      check(video[0]!.Videos, campaignSdk.models.Asset);
    });

    it('AddMedia stores GIF, JPEG and PNG images; refuses what the Image page refuses', async () => {
      const added = await answer(campaignSdk, 'addMedia', {
        AccountId: SEED.usAccount,
        Media: [imageData(gif(200, 200), 'Image1x1'), imageData(png(608, 152), 'Image4x1')],
      });
      expect(added.MediaIds as string[]).toHaveLength(2);
      const refusals: [string, object[], number][] = [
        [
          'over 102,400 base64 characters',
          [imageData(png(703, 368, (MAX_IMAGE_DATA / 4) * 3 + 1), 'Image191x100')],
          4005,
        ],
        ['not an image', [imageData(Buffer.from('not an image at all'), 'GenericImage')], 4003],
        ['not base64', [{ Type: 'Image', MediaType: 'GenericImage', Data: 'a*b' }], 4001],
        ['wider than 2592', [imageData(png(2600, 1361), 'Image191x100')], 4004],
        ['of another ratio than its MediaType', [imageData(png(300, 150), 'Image1x1')], 4021],
        ['narrower than its MediaType', [imageData(png(600, 314), 'Image191x100')], 4019],
        ['of an unknown MediaType', [imageData(png(300, 300), 'Image2x2')], 4007],
        ['over 10 at once', Array.from({ length: 11 }, () => imageData(png(300, 300), 'Image1x1')), 4012],
      ];
      for (const [what, Media, code] of refusals) {
        const res = await addMedia(Media);
        expect(res.status, what).toBe(400);
        expect(keysOutside(res.body, campaignSdk.faults.ApiFaultDetail)).toEqual([]);
        const [error] = res.body.BatchErrors as Json[];
        expect(keysOutside(error, campaignSdk.models.BatchError)).toEqual([]);
        expect(error!.Code, what).toBe(code);
      }
      const otherAccount = await post('addMedia', {
        AccountId: SEED.euAccount,
        Media: [imageData(png(300, 300), 'Image1x1')],
      });
      expect((otherAccount.body.OperationErrors as Json[])[0]).toMatchObject({ Code: 1102 });
    });

    it('GetMediaMetaDataByAccountId lists the library by media enabled entity, with each image’s size', async () => {
      const list = async (body: object) => answer(campaignSdk, 'getMediaMetaDataByAccountId', body);
      const { MediaMetaData } = await list({ MediaEnabledEntities: 'ResponsiveAd' });
      const byId = new Map((MediaMetaData as Json[]).map((m) => [m.Id, m]));
      expect(byId.get(landscape)).toMatchObject({
        MediaType: 'Image',
        Representations: [{ Name: 'Original', Type: 'ImageMediaRepresentation', Width: 703, Height: 368 }],
      });
      for (const m of MediaMetaData as Json[]) {
        expect(keysOutside(m, campaignSdk.models.MediaMetaData)).toEqual([]);
        for (const r of m.Representations as Json[])
          expect(keysOutside(r, campaignSdk.models.ImageMediaRepresentation)).toEqual([]);
      }
      expect(values('MediaEnabledEntityFilter')).toEqual(
        expect.arrayContaining(['ImageAdExtension', 'ResponsiveAd']),
      );
      // A square image is a responsive ad's (Image1x1), not an image ad extension's.
      const extensions = await list({ MediaEnabledEntities: 'ImageAdExtension' });
      expect((extensions.MediaMetaData as Json[]).map((m) => m.Id)).not.toContain(square);
      const page = await list({ MediaEnabledEntities: 'ResponsiveAd', PageInfo: { Index: 1, Size: 1 } });
      expect((page.MediaMetaData as Json[]).map((m) => m.Id)).toEqual([(MediaMetaData as Json[])[1]!.Id]);
      const refused = await post('getMediaMetaDataByAccountId', { MediaEnabledEntities: 'Video' });
      expect((refused.body.OperationErrors as Json[])[0]).toMatchObject({ Code: 4016 });
    });

    it('AddAds takes a responsive search ad and a multimedia ad under review; UpdateAds and DeleteAds', async () => {
      const added = await addAds(rsa(), multimedia());
      expect(added.PartialErrors).toEqual([]);
      const ids = added.AdIds as string[];
      const read = async () =>
        (await answer(campaignSdk, 'getAdsByIds', {
          AdGroupId: adGroupId,
          AdIds: [...ids, '1'],
          AdTypes: ['ResponsiveSearch', 'ResponsiveAd'],
        })) as { Ads: (Json | null)[]; PartialErrors: Json[] };
      const { Ads, PartialErrors } = await read();
      expect(Ads[2]).toBeNull();
      expect(PartialErrors.map((e) => [e.Index, e.Code])).toEqual([[2, 1308]]);
      expect(keysOutside(Ads[0], campaignSdk.models.ResponsiveSearchAd)).toEqual([]);
      expect(keysOutside(Ads[1], campaignSdk.models.ResponsiveAd)).toEqual([]);
      expect(Ads.slice(0, 2).map((ad) => [ad!.Status, ad!.EditorialStatus])).toEqual([
        ['Paused', 'Inactive'],
        ['Paused', 'Inactive'],
      ]);
      expect((Ads[1]!.Images as Json[]).map((l) => (l.Asset as Json).Id)).toEqual([landscape, square]);
      expect((Ads[0]!.Headlines as Json[]).every((l) => /^\d+$/.test(String((l.Asset as Json).Id)))).toBe(
        true,
      );

      const review = await fetch(`${emulator.url}/_emulator/ad-review`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ adId: ids[0], editorialStatus: 'Active' }),
      });
      expect(review.status).toBe(200);
      const paused = await answer(campaignSdk, 'updateAds', {
        AdGroupId: adGroupId,
        Ads: [{ Id: ids[0], Type: 'ResponsiveSearch', Status: 'Active' }],
      });
      expect(paused.PartialErrors).toEqual([]);
      expect((await read()).Ads[0]).toMatchObject({
        Status: 'Active',
        EditorialStatus: 'Active',
        Path1: 'bikes',
      });
      const rewritten = await answer(campaignSdk, 'updateAds', {
        AdGroupId: adGroupId,
        Ads: [
          {
            Id: ids[0],
            Type: 'ResponsiveSearch',
            Descriptions: ['New description.', 'Another one.'].map(text),
            Path1: '',
          },
        ],
      });
      expect(rewritten.PartialErrors).toEqual([]);
      const after = (await read()).Ads[0]!;
      // New text goes back under review; the path set to "" is gone.
      expect(after).toMatchObject({ EditorialStatus: 'Inactive', Path1: null });
      expect((after.Descriptions as Json[]).map((l) => (l.Asset as Json).Text)).toEqual([
        'New description.',
        'Another one.',
      ]);
      const wrongType = await answer(campaignSdk, 'updateAds', {
        AdGroupId: adGroupId,
        Ads: [{ Id: ids[0], Type: 'ResponsiveAd', Status: 'Paused' }],
      });
      expect((wrongType.PartialErrors as Json[]).map((e) => e.Code)).toEqual([1386]);

      expect(
        (await answer(campaignSdk, 'deleteAds', { AdGroupId: adGroupId, AdIds: ids })).PartialErrors,
      ).toEqual([]);
      const again = await answer(campaignSdk, 'deleteAds', { AdGroupId: adGroupId, AdIds: [ids[0]] });
      expect((again.PartialErrors as Json[]).map((e) => e.Code)).toEqual([1308]);
    });

    it.each([
      ['two headlines', () => rsa({ Headlines: ['One', 'Two'].map(text) }), 6212],
      [
        'a headline of 31 characters',
        () => rsa({ Headlines: ['One', 'Two', 'x'.repeat(31)].map(text) }),
        6208,
      ],
      [
        'a headline of 16 double-width characters',
        () => rsa({ Headlines: ['One', 'Two', '自転車'.repeat(5).concat('車')].map(text) }),
        6208,
      ],
      [
        '{KeyWord} without a default',
        () => rsa({ Headlines: ['One', 'Two', 'Buy {KeyWord} now'].map(text) }),
        6216,
      ],
      ['duplicate headlines', () => rsa({ Headlines: ['One', 'Two', 'one'].map(text) }), 6202],
      ['five descriptions', () => rsa({ Descriptions: ['A.', 'B.', 'C.', 'D.', 'E.'].map(text) }), 6211],
      [
        'a description of 91 characters',
        () => rsa({ Descriptions: ['Fine.', 'y'.repeat(91)].map(text) }),
        6209,
      ],
      ['a path of 16 characters', () => rsa({ Path1: 'p'.repeat(16) }), 6217],
      ['a path with a slash', () => rsa({ Path1: 'a/b' }), 6219],
      ['Path2 without Path1', () => rsa({ Path1: null, Path2: 'sale' }), 6221],
      [
        'an image asset among the headlines',
        () => rsa({ Headlines: [text('One'), text('Two'), image('1', 'x')] }),
        6215,
      ],
      ['no final URL', () => rsa({ FinalUrls: [] }), 832],
      ['a status other than Active or Paused', () => rsa({ Status: 'Deleted' }), 1382],
      ['an editorial status', () => rsa({ EditorialStatus: 'Active' }), 1383],
      [
        'nine custom parameters',
        () =>
          rsa({
            UrlCustomParameters: {
              Parameters: Array.from({ length: 9 }, (_, i) => ({ Key: `k${i}`, Value: 'v' })),
            },
          }),
        4206,
      ],
      [
        'a custom parameter key with an underscore',
        () => rsa({ UrlCustomParameters: { Parameters: [{ Key: 'ad_name', Value: 'v' }] } }),
        4206,
      ],
      ['a multimedia ad without a business name', () => multimedia({ BusinessName: null }), 1361],
      ['a business name of 26 characters', () => multimedia({ BusinessName: 'b'.repeat(26) }), 1367],
      ['a call to action outside CallToAction', () => multimedia({ CallToAction: 'ClickHere' }), 5715],
      ['no call-to-action language', () => multimedia({ CallToActionLanguage: null }), 3412],
      ['a headline of 31 characters', () => multimedia({ Headlines: [text('h'.repeat(31))] }), 1324],
      ['a long headline of 91 characters', () => multimedia({ LongHeadlines: [text('l'.repeat(91))] }), 1325],
      ['no square image', () => multimedia({ Images: [image(landscape, 'LandscapeImageMedia')] }), 5723],
      [
        'a square image as the landscape one',
        () =>
          multimedia({ Images: [image(square, 'LandscapeImageMedia'), image(square, 'SquareImageMedia')] }),
        5721,
      ],
      [
        'an image not in the media library',
        () => multimedia({ Images: [image('99', 'LandscapeImageMedia'), image(square, 'SquareImageMedia')] }),
        4000,
      ],
      [
        'the same image twice',
        () =>
          multimedia({
            Images: [
              image(landscape, 'LandscapeImageMedia'),
              image(square, 'SquareImageMedia'),
              image(square, 'SquareImageMedia'),
            ],
          }),
        5722,
      ],
      ['another ad type', () => ({ ...rsa(), Type: 'ExpandedText' }), 2805],
    ])('AddAds refuses %s', async (_what, ad, code) => {
      expect(await refusedWith(ad())).toEqual([code]);
    });

    it('GetEditorialReasonsByIds answers why an ad was disapproved, as the SDK models it', async () => {
      const [id] = (await addAds(rsa())).AdIds as string[];
      const reasons = [
        { ReasonCode: 16, Location: 'Headline', Term: 'FREE', PublisherCountries: ['US', 'CA'] },
      ];
      const control = (body: object) =>
        fetch(`${emulator.url}/_emulator/ad-review`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await control({ adId: id, editorialStatus: 'Disapproved' })).status).toBe(400);
      expect((await control({ adId: id, editorialStatus: 'Disapproved', reasons })).status).toBe(200);
      const query = (EntityType: string) =>
        post('getEditorialReasonsByIds', {
          AccountId: SEED.usAccount,
          EntityType,
          EntityIdToParentIdAssociations: [
            { EntityId: id, ParentId: adGroupId },
            { EntityId: '1', ParentId: adGroupId },
          ],
        });
      const res = await query('Ad');
      expect(keysOutside(res.body, op(campaignSdk, 'getEditorialReasonsByIds').response.fields)).toEqual([]);
      const [collection, unknown] = res.body.EditorialReasons as (Json | null)[];
      expect(unknown).toBeNull();
      expect((res.body.PartialErrors as Json[]).map((e) => [e.Index, e.Code])).toEqual([[1, 1308]]);
      expect(keysOutside(collection, campaignSdk.models.EditorialReasonCollection)).toEqual([]);
      expect(values('AppealStatus')).toContain(collection!.AppealStatus);
      expect(collection).toMatchObject({ AdOrKeywordId: id, AdGroupId: adGroupId, Reasons: reasons });
      for (const reason of collection!.Reasons as Json[])
        expect(keysOutside(reason, campaignSdk.models.EditorialReason)).toEqual([]);
      expect(values('EntityType')).toContain('Keyword');
      expect(((await query('Keyword')).body.OperationErrors as Json[])[0]).toMatchObject({ Code: 212 });
    });
  });

  describe('customer lists', () => {
    const apply = (data: Json) => {
      const { path, method } = op(campaignSdk, 'applyCustomerListUserData');
      return call(path, method, { CustomerListUserData: data });
    };
    const hashes = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) =>
        createHash('sha256').update(`${tag}.${i}@example.com`).digest('hex'),
      );
    const firstError = (body: Json) => ((body.OperationErrors as Json[])[0] ?? {}) as Json;

    it('AddAudiences, GetAudiencesByIds, UpdateAudiences, DeleteAudiences take and answer the SDK’s CustomerList', async () => {
      const body = addCustomerListBody({ name: 'Shop buyers', advertiser: SEED.usAccount }, SEED.usAccount);
      expect(keysOutside(body.Audiences[0], campaignSdk.models.CustomerList)).toEqual([]);
      const added = await answer(campaignSdk, 'addAudiences', body);
      expect(added.PartialErrors).toEqual([]);
      const [id] = added.AudienceIds as string[];
      const read = await answer(campaignSdk, 'getAudiencesByIds', {
        AudienceIds: [id],
        Type: 'CustomerList',
      });
      const [list] = read.Audiences as Json[];
      expect(keysOutside(list, campaignSdk.models.CustomerList)).toEqual([]);
      expect(list).toMatchObject({
        Id: id,
        Type: 'CustomerList',
        Scope: 'Account',
        ParentId: SEED.usAccount,
      });
      expect(campaignSdk.discriminators.Audience.values).toContain(list!.Type);
      expect(values('EntityScope')).toContain(list!.Scope);
      expect(list!.SearchSize).toBeNull();

      const update = updateCustomerListBody(id!, { name: 'Past buyers', description: 'Since 2020' });
      expect(keysOutside(update.Audiences[0], campaignSdk.models.CustomerList)).toEqual([]);
      expect((await answer(campaignSdk, 'updateAudiences', update)).PartialErrors).toEqual([]);
      const all = await answer(campaignSdk, 'getAudiencesByIds', { Type: 'CustomerList' });
      expect(all.Audiences).toContainEqual(expect.objectContaining({ Id: id, Name: 'Past buyers' }));

      expect((await answer(campaignSdk, 'deleteAudiences', { AudienceIds: [id] })).PartialErrors).toEqual([]);
      const gone = await answer(campaignSdk, 'getAudiencesByIds', {
        AudienceIds: [id],
        Type: 'CustomerList',
      });
      expect(gone.Audiences).toEqual([null]);
      expect((gone.PartialErrors as Json[]).map((e) => [e.Index, e.Code])).toEqual([[0, 4835]]);
    });

    it('refuses an audience without a name, with a duplicate name, an id on add or another scope’s parent', async () => {
      const add = (audience: Json) => answer(campaignSdk, 'addAudiences', { Audiences: [audience] });
      const base = { Type: 'CustomerList', Scope: 'Account', ParentId: SEED.usAccount };
      await add({ ...base, Name: 'Taken' });
      const codes = async (audience: Json) =>
        ((await add(audience)).PartialErrors as Json[]).map((e) => e.ErrorCode);
      expect(await codes(base)).toEqual(['InvalidAudienceName']);
      expect(await codes({ ...base, Name: 'Taken' })).toEqual(['DuplicateAudienceName']);
      expect(await codes({ ...base, Name: 'x', Id: '1' })).toEqual(['AudienceIdIsNotNull']);
      expect(await codes({ ...base, Name: 'y', ParentId: SEED.customer })).toEqual([
        'AudienceParentIdDoesNotMatchScope',
      ]);
      expect(await codes({ ...base, Name: 'z', Description: 'd'.repeat(1025) })).toEqual([
        'InvalidAudienceDescription',
      ]);
      const { path, method } = op(campaignSdk, 'addAudiences');
      expect(firstError((await call(path, method, { Audiences: [] })).body)).toMatchObject({ Code: 4844 });
    });

    it('ApplyCustomerListUserData takes the adapter’s body: 1 to 1,000 SHA-256 hashes of emails', async () => {
      const { AudienceIds } = await answer(
        campaignSdk,
        'addAudiences',
        addCustomerListBody({ name: 'Members', advertiser: SEED.usAccount }, SEED.usAccount),
      );
      const id = (AudienceIds as string[])[0]!;
      const body = customerListUserDataBody(id, hashes(MAX_ITEMS, 'sdk'), false);
      expect(keysOutside(body.CustomerListUserData, campaignSdk.models.CustomerListUserData)).toEqual([]);
      expect(values('CustomerListActionType')).toEqual(expect.arrayContaining([...ACTION_TYPES]));
      expect(values('CustomerListItemSubType')).toContain(body.CustomerListUserData.CustomerListItemSubType);
      expect(await answer(campaignSdk, 'applyCustomerListUserData', body)).toEqual({ PartialErrors: [] });
      const removal = customerListUserDataBody(id, hashes(2, 'sdk'), true);
      expect(removal.CustomerListUserData.ActionType).toBe('Remove');
      await answer(campaignSdk, 'applyCustomerListUserData', removal);
      const held = (await (await fetch(`${emulator.url}/_emulator/customer-lists/${id}`)).json()) as Json;
      expect(held).toEqual({
        hashes: hashes(MAX_ITEMS, 'sdk'),
        removed: hashes(2, 'sdk'),
        batches: [MAX_ITEMS, 2],
      });

      const data = body.CustomerListUserData;
      const refused = async (changes: Json) => {
        const res = await apply({ ...data, ...changes });
        expect(res.status).toBe(400);
        expect(keysOutside(res.body, campaignSdk.faults.ApiFaultDetail)).toEqual([]);
        return firstError(res.body);
      };
      expect(await refused({ CustomerListItems: ['rider@bikes.example'] })).toMatchObject({
        Code: 8004,
        ErrorCode: 'EmailMustBeHashed',
      });
      expect(await refused({ CustomerListItems: [hashes(1, 'x')[0]!.toUpperCase()] })).toMatchObject({
        Code: 8004,
      });
      expect(await refused({ CustomerListItems: ['ab'.repeat(31)] })).toMatchObject({ Code: 8004 });
      expect(await refused({ CustomerListItems: hashes(MAX_ITEMS + 1, 'big') })).toMatchObject({ Code: 201 });
      expect(await refused({ CustomerListItems: [] })).toMatchObject({ Code: 201 });
      // Phone and CRM are "Not currently supported" (customerlistitemsubtype.md).
      expect(await refused({ CustomerListItemSubType: 'Phone' })).toMatchObject({
        Code: 8002,
        ErrorCode: 'CustomerListItemSubTypeNotSupported',
      });
      expect(await refused({ ActionType: 'Delete' })).toMatchObject({ Code: 8001 });
      expect(await refused({ AudienceId: '999' })).toMatchObject({ Code: 8000 });
      expect(await refused({ AudienceId: undefined })).toMatchObject({ Code: 201 });
      // Not a field of the SDK's CustomerListUserData at this commit.
      expect(await refused({ AcceptCustomerMatchTerm: true })).toMatchObject({ Code: 201 });

      await fetch(`${emulator.url}/_emulator/customer-match-terms`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accountId: SEED.usAccount, accepted: false }),
      });
      expect(await refused({})).toMatchObject({
        Code: 8003,
        ErrorCode: 'CustomerListTermsAndConditionsNotAccepted',
      });
      // Nothing of the refused calls was kept.
      expect(await (await fetch(`${emulator.url}/_emulator/customer-lists/${id}`)).json()).toEqual(held);
    });

    it('ad group criterions of customer lists: the adapter’s bodies, the SDK’s fields, types and refusals', async () => {
      const list = async (name: string) =>
        (
          (
            await answer(
              campaignSdk,
              'addAudiences',
              addCustomerListBody({ name, advertiser: SEED.usAccount }, SEED.usAccount),
            )
          ).AudienceIds as string[]
        )[0]!;
      const [included, excluded] = [await list('Criterion in'), await list('Criterion out')];
      const { AdGroups } = await answer(campaignSdk, 'getAdGroupsByCampaignId', {
        CampaignId: SEED.searchCampaign,
      });
      const adGroupId = (AdGroups as Json[])[0]!.Id as string;
      const body = addAudienceCriterionsBody(adGroupId, [
        { id: included, type: 'BiddableAdGroupCriterion', param: 'include' },
        { id: excluded, type: 'NegativeAdGroupCriterion', param: 'exclude' },
      ]);
      expect(values('AdGroupCriterionType')).toContain(body.CriterionType);
      for (const criterion of body.AdGroupCriterions) {
        expect(keysOutside(criterion, campaignSdk.models[criterion.Type])).toEqual([]);
        expect(campaignSdk.discriminators.AdGroupCriterion.values).toContain(criterion.Type);
        expect(keysOutside(criterion.Criterion, campaignSdk.models.AudienceCriterion)).toEqual([]);
        expect(campaignSdk.discriminators.Criterion.values).toContain(criterion.Criterion.Type);
        expect(values('AdGroupCriterionStatus')).toContain(criterion.Status);
      }
      expect([...CRITERION_TYPES].sort()).toEqual(
        [...campaignSdk.discriminators.AdGroupCriterion.values].sort(),
      );
      const asKeys = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, 1]));
      expect(
        keysOutside(asKeys(AD_GROUP_CRITERION_FIELDS), campaignSdk.models.BiddableAdGroupCriterion),
      ).toEqual([]);
      expect(keysOutside(asKeys(AUDIENCE_CRITERION_FIELDS), campaignSdk.models.AudienceCriterion)).toEqual(
        [],
      );

      const added = await answer(campaignSdk, 'addAdGroupCriterions', body);
      expect(added.NestedPartialErrors).toEqual([]);
      const read = async () =>
        (
          await answer(campaignSdk, 'getAdGroupCriterionsByIds', {
            AdGroupId: adGroupId,
            AdGroupCriterionIds: null,
            CriterionType: 'CustomerList',
          })
        ).AdGroupCriterions as Json[];
      const held = await read();
      expect(held.map((c) => [c.Type, (c.Criterion as Json).AudienceId])).toEqual([
        ['BiddableAdGroupCriterion', included],
        ['NegativeAdGroupCriterion', excluded],
      ]);
      for (const criterion of held) {
        expect(
          keysOutside(criterion, campaignSdk.models[criterion.Type as 'BiddableAdGroupCriterion']),
        ).toEqual([]);
        expect(keysOutside(criterion.Criterion, campaignSdk.models.AudienceCriterion)).toEqual([]);
        expect(values('AudienceType')).toContain((criterion.Criterion as Json).AudienceType);
      }

      // Refusals: an id that is no customer list of the account, a list already there, malformed shapes.
      const { path, method } = op(campaignSdk, 'addAdGroupCriterions');
      const refused = async (changes: Json, criterion: Json = {}, type = 'Audience') => {
        const [first] = body.AdGroupCriterions;
        const res = await call(path, method, {
          CriterionType: type,
          AdGroupCriterions: [{ ...first, ...changes, Criterion: { ...first!.Criterion, ...criterion } }],
        });
        if (res.status !== 200) return firstError(res.body);
        expect(keysOutside(res.body, op(campaignSdk, 'addAdGroupCriterions').response.fields)).toEqual([]);
        expect(res.body.AdGroupCriterionIds).toEqual([null]);
        const [error] = res.body.NestedPartialErrors as Json[];
        expect(keysOutside(error, campaignSdk.models.BatchErrorCollection)).toEqual([]);
        return error!;
      };
      const fresh = await list('Criterion fresh');
      expect(await refused({}, { AudienceId: '999' })).toMatchObject({
        Code: 4835,
        ErrorCode: 'InvalidAudienceId',
      });
      expect(await refused({}, { AudienceId: SEED.searchCampaign })).toMatchObject({ Code: 4835 });
      expect(await refused({}, { AudienceId: 'abc' })).toMatchObject({ Code: 4835 });
      expect(await refused({}, { AudienceId: included })).toMatchObject({ Code: 201 });
      expect(await refused({ Type: 'AdGroupCriterion' }, { AudienceId: fresh })).toMatchObject({ Code: 201 });
      expect(await refused({}, { AudienceId: fresh, Type: 'LocationCriterion' })).toMatchObject({
        Code: 201,
      });
      expect(await refused({ AdGroupId: '999' }, { AudienceId: fresh })).toMatchObject({ Code: 1201 });
      expect(
        await refused({ CriterionBid: { Type: 'FixedBid', Amount: 1 } }, { AudienceId: fresh }),
      ).toMatchObject({ Code: 201 });
      expect(await refused({ Bid: 1 }, { AudienceId: fresh })).toMatchObject({ Code: 201 });
      expect(await refused({}, { AudienceId: fresh }, 'CustomerList')).toMatchObject({ Code: 201 });
      const get = op(campaignSdk, 'getAdGroupCriterionsByIds');
      const audienceRead = await call(get.path, get.method, {
        AdGroupId: adGroupId,
        CriterionType: 'Audience',
      });
      expect(audienceRead.status).toBe(400);
      expect(await read()).toEqual(held);

      const removed = await answer(campaignSdk, 'deleteAdGroupCriterions', {
        AdGroupId: adGroupId,
        AdGroupCriterionIds: held.map((c) => c.Id),
        CriterionType: 'Audience',
      });
      expect(removed.PartialErrors).toEqual([]);
      expect(await read()).toEqual([]);
    });
  });
});

describe('the emulator’s token endpoint', () => {
  it('refuses a code redemption and a refresh without scope (AADSTS900144 naming it)', async () => {
    const emulator = await startEmulator(microsoftEmulator);
    try {
      const code = issueCode(emulator);
      const withoutScope = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, scope: '' };
      const refused = await tokenCall(emulator, withoutScope);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as {
        error: string;
        error_codes: number[];
        error_description: string;
      };
      expect(body).toMatchObject({ error: 'invalid_request', error_codes: [900144] });
      expect(body.error_description).toContain("'scope'");
      const issued = await tokenCall(emulator, { ...withoutScope, scope: SCOPE });
      const { refresh_token } = (await issued.json()) as { refresh_token: string };
      const refresh = await tokenCall(emulator, { grant_type: 'refresh_token', refresh_token, scope: '' });
      expect(refresh.status).toBe(400);
      expect(await refresh.json()).toMatchObject({ error: 'invalid_request', error_codes: [900144] });
    } finally {
      await emulator.close();
    }
  });

  it('answers a new refresh token on every refresh; the earlier ones keep working', async () => {
    const emulator = await startEmulator(microsoftEmulator);
    try {
      const token = async (params: Record<string, string>) => {
        const res = await tokenCall(emulator, params);
        expect(res.status).toBe(200);
        return ((await res.json()) as { refresh_token: string }).refresh_token;
      };
      const code = issueCode(emulator);
      const first = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
      const second = await token({ grant_type: 'refresh_token', refresh_token: first });
      const third = await token({ grant_type: 'refresh_token', refresh_token: first });
      expect(new Set([first, second, third]).size).toBe(3);
      await token({ grant_type: 'refresh_token', refresh_token: second });
    } finally {
      await emulator.close();
    }
  });
});
