import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAQL_FIELDS } from '../../emulators/google/gaql.js';
import { GOOGLE_ADS_API_VERSION, googleEmulatorWith } from '../../emulators/google/index.js';
import { ADWORDS_SCOPE } from '../../emulators/google/oauth-routes.js';
import { SEED } from '../../emulators/google/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { campaignCreate } from '../../src/platforms/google/campaign-body.js';
import {
  ADS,
  gaqlFieldExists,
  httpRule,
  lookup,
  SDK_VERSION,
  shapeProblems,
} from '../fixtures/google/protos.js';
import { emulatorToken } from '../support/emulator-call.js';

/** The emulator checked against google-ads-node: paths, field names, enums and every answer's shape. */

const METHODS = {
  search: ['GoogleAdsService', 'Search', 'SearchGoogleAdsRequest', 'SearchGoogleAdsResponse'],
  searchStream: [
    'GoogleAdsService',
    'SearchStream',
    'SearchGoogleAdsStreamRequest',
    'SearchGoogleAdsStreamResponse',
  ],
  mutate: ['GoogleAdsService', 'Mutate', 'MutateGoogleAdsRequest', 'MutateGoogleAdsResponse'],
  adGroups: ['AdGroupService', 'MutateAdGroups', 'MutateAdGroupsRequest', 'MutateAdGroupsResponse'],
  campaigns: ['CampaignService', 'MutateCampaigns', 'MutateCampaignsRequest', 'MutateCampaignsResponse'],
  budgets: [
    'CampaignBudgetService',
    'MutateCampaignBudgets',
    'MutateCampaignBudgetsRequest',
    'MutateCampaignBudgetsResponse',
  ],
  criteria: [
    'AdGroupCriterionService',
    'MutateAdGroupCriteria',
    'MutateAdGroupCriteriaRequest',
    'MutateAdGroupCriteriaResponse',
  ],
  accessible: [
    'CustomerService',
    'ListAccessibleCustomers',
    'ListAccessibleCustomersRequest',
    'ListAccessibleCustomersResponse',
  ],
} as const;

let emulator: RunningEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startEmulator(googleEmulatorWith({ pageSize: 2 }));
  token = emulatorToken(emulator, [ADWORDS_SCOPE]);
});
afterAll(() => emulator?.close());

/** Calls one modeled method at its SDK path; the request and the answer must fit the SDK's messages. */
async function call(method: keyof typeof METHODS, customer: string | null, body?: object) {
  const [service, rpc, request, response] = METHODS[method];
  const rule = httpRule(service, rpc);
  const path = rule.path.replace('{customer_id=*}', customer ?? '');
  if (body) expect(shapeProblems(body, `${ADS}.services.${request}`)).toEqual([]);
  const res = await fetch(`${emulator.url}${path}`, {
    method: rule.verb,
    headers: {
      Authorization: `Bearer ${token}`,
      'developer-token': 'dev',
      'Content-Type': 'application/json',
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as Record<string, unknown>;
  // REST answers a stream as a JSON array of its messages.
  const messages = method === 'searchStream' && Array.isArray(json) ? json : [json];
  if (res.ok) for (const m of messages) expect(shapeProblems(m, `${ADS}.services.${response}`)).toEqual([]);
  else expectRpcError(json);
  return { status: res.status, body: json };
}

/** Google's error answer: a google.rpc.Status (plus its `status` name) carrying GoogleAdsFailure details. */
function expectRpcError(json: Record<string, unknown>) {
  const { status, ...rpc } = json.error as Record<string, unknown>;
  expect(typeof status).toBe('string');
  expect(shapeProblems(rpc, 'google.rpc.Status')).toEqual([]);
}

describe('google emulator against google-ads-node', () => {
  it('speaks the package’s API version, as the catalog does by default', () => {
    expect(SDK_VERSION).toMatch(/^v\d+$/);
    expect(GOOGLE_ADS_API_VERSION).toBe(SDK_VERSION);
    expect(platformCatalog('http://localhost').google.apiVersion).toBe(SDK_VERSION);
  });

  it('serves the methods at the SDK’s REST paths', () => {
    expect(httpRule('AdGroupService', 'MutateAdGroups')).toEqual({
      verb: 'POST',
      path: `/${SDK_VERSION}/customers/{customer_id=*}/adGroups:mutate`,
    });
    expect(httpRule('GoogleAdsService', 'Search').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/googleAds:search`,
    );
    expect(httpRule('CustomerService', 'ListAccessibleCustomers')).toEqual({
      verb: 'GET',
      path: `/${SDK_VERSION}/customers:listAccessibleCustomers`,
    });
  });

  it('has the AdGroupStatus and QuotaError values the emulator and adapter use', () => {
    const values = (name: string) => Object.keys(lookup(`${ADS}.${name}`)?.values ?? {});
    expect(values('enums.AdGroupStatusEnum.AdGroupStatus')).toEqual(
      expect.arrayContaining(['ENABLED', 'PAUSED', 'REMOVED']),
    );
    expect(values('enums.AdGroupPrimaryStatusEnum.AdGroupPrimaryStatus')).toContain('ELIGIBLE');
    expect(values('errors.QuotaErrorEnum.QuotaError')).toContain('RESOURCE_TEMPORARILY_EXHAUSTED');
    expect(values('errors.RequestErrorEnum.RequestError')).toContain('PAGE_SIZE_NOT_SUPPORTED');
  });

  it('models only GAQL fields the resources have (ad_group.*, campaign_budget.amount_micros, …)', () => {
    const fields = Object.entries(GAQL_FIELDS).flatMap(([resource, names]) =>
      names.map((n) => `${resource}.${n}`),
    );
    expect(fields).toContain('campaign_budget.amount_micros');
    expect(fields).toEqual(
      expect.arrayContaining(['metrics.cost_micros', 'metrics.conversions', 'segments.date']),
    );
    expect(fields.filter((f) => !gaqlFieldExists(f))).toEqual([]);
    expect(gaqlFieldExists('ad_group.no_such_field')).toBe(false);
  });

  it('catches shapes the SDK does not have (so the checks below mean something)', () => {
    const resource = `${ADS}.resources.AdGroup`;
    expect(shapeProblems({ name: 'x', status: 'ACTIVE', budget: 1, id: 5 }, resource)).toEqual([
      '$.status: ACTIVE is not a google.ads.googleads.v25.enums.AdGroupStatusEnum.AdGroupStatus value',
      '$.budget: no such field in google.ads.googleads.v25.resources.AdGroup',
      '$.id: int64 must be a decimal string',
    ]);
  });

  it('answers search pages, mutates and errors in the SDK’s message shapes', async () => {
    const accessible = await call('accessible', null);
    expect(accessible.body.resourceNames).toContain(`customers/${SEED.bakery}`);

    const query =
      'SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.primary_status, campaign.id, customer.currency_code FROM ad_group';
    const first = await call('search', SEED.bakery, { query });
    expect((first.body.results as unknown[]).length).toBe(2);
    const second = await call('search', SEED.bakery, { query, pageToken: first.body.nextPageToken });
    expect(second.status).toBe(200);

    const created = await call('mutate', SEED.bakery, {
      mutateOperations: [
        {
          adGroupOperation: {
            create: {
              resourceName: `customers/${SEED.bakery}/adGroups/-1`,
              name: 'SDK shaped',
              status: 'PAUSED',
              campaign: `customers/${SEED.bakery}/campaigns/${SEED.searchCampaign}`,
              type: 'SEARCH_STANDARD',
            },
          },
        },
        {
          adGroupCriterionOperation: {
            create: {
              adGroup: `customers/${SEED.bakery}/adGroups/-1`,
              status: 'ENABLED',
              keyword: { text: 'rye bread', matchType: 'BROAD' },
            },
          },
        },
      ],
    });
    expect(created.status).toBe(200);
    const name = (created.body.mutateOperationResponses as { adGroupResult: { resourceName: string } }[])[0]!
      .adGroupResult.resourceName;
    const updated = await call('adGroups', SEED.bakery, {
      operations: [{ update: { resourceName: name, status: 'ENABLED' }, updateMask: 'status' }],
      responseContentType: 'MUTABLE_RESOURCE',
    });
    expect(updated.status).toBe(200);
    expect(await call('adGroups', SEED.bakery, { operations: [{ remove: name }] })).toMatchObject({
      status: 200,
    });

    const report =
      'SELECT ad_group_ad.ad.id, ad_group.id, campaign.id, customer.time_zone, metrics.cost_micros, metrics.impressions, ' +
      'metrics.clicks, metrics.conversions, segments.date FROM ad_group_ad WHERE segments.date DURING LAST_7_DAYS';
    const paged = await call('search', SEED.bakery, { query: report });
    expect((paged.body.results as unknown[]).length).toBe(2);
    const streamed = await call('searchStream', SEED.bakery, { customerId: SEED.bakery, query: report });
    expect(streamed.status).toBe(200);
    expect((streamed.body as unknown as { results: unknown[] }[])[0]!.results.length).toBeGreaterThan(2);

    const refused = await call('criteria', SEED.bakery, {
      operations: [{ create: { adGroup: name, keyword: { text: 'x', matchType: 'EXACT' } } }],
    });
    expect(refused.status).toBe(400);
    const pageSize = await call('search', SEED.bakery, { query, pageSize: 10 });
    expect(JSON.stringify(pageSize.body)).toContain('PAGE_SIZE_NOT_SUPPORTED');
    emulator.controls.throttleNext(1);
    const throttled = await call('search', SEED.bakery, { query });
    expect(throttled.status).toBe(429);
    expect(JSON.stringify(throttled.body)).toContain('"retryDelay":"1s"');
  });
});

describe('google emulator refuses what the descriptors and the AdGroup reference refuse', () => {
  const mutate = async (body: object) => {
    const rule = httpRule('AdGroupService', 'MutateAdGroups');
    const res = await fetch(`${emulator.url}${rule.path.replace('{customer_id=*}', SEED.bakery)}`, {
      method: rule.verb,
      headers: {
        Authorization: `Bearer ${token}`,
        'developer-token': 'dev',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) expectRpcError(json);
    return { status: res.status, text: JSON.stringify(json) };
  };
  const create = (fields: object) => ({
    operations: [
      {
        create: {
          name: 'Strict',
          status: 'PAUSED',
          campaign: `customers/${SEED.bakery}/campaigns/${SEED.searchCampaign}`,
          ...fields,
        },
      },
    ],
  });

  it('the request fields the descriptors mark REQUIRED are the ones the emulator demands', () => {
    const fields = lookup(`${ADS}.services.MutateAdGroupsRequest`)!.fields as Record<
      string,
      { options?: Record<string, string> }
    >;
    const required = Object.entries(fields)
      .filter(([, f]) => f.options?.['(google.api.field_behavior)'] === 'REQUIRED')
      .map(([name]) => name);
    expect(required.sort()).toEqual(['customer_id', 'operations']);
  });

  it('takes a create with its required fields, refuses one without operations, a campaign or a name, or with a status outside the enum', async () => {
    expect((await mutate(create({}))).status).toBe(200);
    expect(await mutate({})).toMatchObject({
      status: 400,
      text: expect.stringContaining('OPERATION_REQUIRED'),
    });
    expect(await mutate(create({ campaign: undefined }))).toMatchObject({
      status: 400,
      text: expect.stringContaining('"fieldError":"REQUIRED"'),
    });
    expect(await mutate(create({ name: undefined }))).toMatchObject({
      status: 400,
      text: expect.stringContaining('MISSING_ADGROUP_NAME'),
    });
    const statuses = Object.keys(lookup(`${ADS}.enums.AdGroupStatusEnum.AdGroupStatus`)!.values!);
    expect(statuses).not.toContain('RUNNING');
    expect((await mutate(create({ status: 'RUNNING' }))).status).toBe(400);
  });
});

describe('google emulator: campaigns and budgets as v25 describes them', () => {
  const year = new Date().getUTCFullYear() + 1;
  const bakery = { id: SEED.bakery, name: 'Bakery Berlin', currency: 'EUR' };
  const operations = (name: string, objective = 'SEARCH') =>
    campaignCreate(
      {
        name,
        advertiser: SEED.bakery,
        objective,
        status: 'Paused',
        settings: [
          { kind: 'DailyBudget', budget: 12.5, currency: 'EUR' },
          { kind: 'Runtime', start: `${year}-02-01T00:00:00+01:00`, end: `${year}-03-01T00:00:00+01:00` },
        ],
      },
      bakery,
      'Europe/Berlin',
    ).map((o) => o.operation);
  const campaignOf = (ops: ReturnType<typeof operations>) =>
    (ops[1]!.campaignOperation as { create: Record<string, unknown> }).create;
  const errorText = async (body: object) => JSON.stringify((await call('mutate', SEED.bakery, body)).body);

  it('serves the campaign and budget services at the SDK’s paths', () => {
    expect(httpRule('CampaignService', 'MutateCampaigns').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/campaigns:mutate`,
    );
    expect(httpRule('CampaignBudgetService', 'MutateCampaignBudgets').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/campaignBudgets:mutate`,
    );
  });

  it('uses only error codes, enum values and fields v25 has', () => {
    const values = (name: string) => Object.keys(lookup(`${ADS}.${name}`)?.values ?? {});
    expect(values('errors.MutateErrorEnum.MutateError')).toContain(
      'EU_POLITICAL_ADVERTISING_DECLARATION_REQUIRED',
    );
    expect(values('errors.VideoCampaignErrorEnum.VideoCampaignError')).toContain(
      'MUTATE_REQUIRES_RESERVATION',
    );
    expect(values('errors.CampaignErrorEnum.CampaignError')).toEqual(
      expect.arrayContaining([
        'END_DATE_TIME_REQUIRED_FOR_TOTAL_BUDGET',
        'CANNOT_SET_DATE_TO_PAST',
        'CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED',
        'DUPLICATE_CAMPAIGN_NAME',
        'CAMPAIGN_MUST_TARGET_AT_LEAST_ONE_NETWORK',
      ]),
    );
    expect(values('errors.CampaignBudgetErrorEnum.CampaignBudgetError')).toEqual(
      expect.arrayContaining([
        'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
        'BUDGET_AMOUNT_MUST_BE_UNSET_FOR_CUSTOM_BUDGET_PERIOD',
        'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS',
      ]),
    );
    expect(values('errors.DateErrorEnum.DateError')).toContain(
      'DATE_RANGE_ERROR_START_TIME_MUST_BE_THE_START_OF_A_DAY',
    );
    // v23 replaced start_date/end_date with start_date_time/end_date_time.
    expect(gaqlFieldExists('campaign.start_date_time')).toBe(true);
    expect(gaqlFieldExists('campaign.start_date')).toBe(false);
    expect(values('enums.AdvertisingChannelTypeEnum.AdvertisingChannelType')).toEqual(
      expect.arrayContaining(['SEARCH', 'DISPLAY', 'VIDEO']),
    );
  });

  it('takes adlink’s create (budget and campaign in one mutate) in the SDK’s shape, and answers in it', async () => {
    const created = await call('mutate', SEED.bakery, { mutateOperations: operations('SDK campaign') });
    expect(created.status).toBe(200);
    const campaign = (
      created.body.mutateOperationResponses as { campaignResult: { resourceName: string } }[]
    )[1]!.campaignResult.resourceName;
    const updated = await call('campaigns', SEED.bakery, {
      operations: [
        {
          update: { resourceName: campaign, endDateTime: `${year}-03-31 23:59:59` },
          updateMask: 'endDateTime',
        },
      ],
    });
    expect(updated.status).toBe(200);
    expect((await call('campaigns', SEED.bakery, { operations: [{ remove: campaign }] })).status).toBe(200);
  });

  it('refuses a campaign without the EU political declaration, a bidding strategy or networks, and Video', async () => {
    const without = (key: string) => {
      const ops = operations(`without ${key}`);
      delete campaignOf(ops)[key];
      return { mutateOperations: ops };
    };
    expect(await errorText(without('containsEuPoliticalAdvertising'))).toContain(
      'EU_POLITICAL_ADVERTISING_DECLARATION_REQUIRED',
    );
    expect(await errorText(without('manualCpc'))).toContain('campaign_bidding_strategy');
    expect(await errorText(without('networkSettings'))).toContain(
      'CAMPAIGN_MUST_TARGET_AT_LEAST_ONE_NETWORK',
    );
    const video = operations('video');
    campaignOf(video).advertisingChannelType = 'VIDEO';
    delete campaignOf(video).networkSettings;
    expect(await errorText({ mutateOperations: video })).toContain('MUTATE_REQUIRES_RESERVATION');
  });

  it('refuses budgets Google refuses: both amounts, a fraction of a cent, a campaign on another’s own budget', async () => {
    const budgets = (create: object) => call('budgets', SEED.bakery, { operations: [{ create }] });
    expect(
      JSON.stringify(
        (await budgets({ amountMicros: '1000000', totalAmountMicros: '5000000', explicitlyShared: false }))
          .body,
      ),
    ).toContain('TOTAL_BUDGET_AMOUNT_MUST_BE_UNSET_FOR_BUDGET_PERIOD_DAILY');
    expect(
      JSON.stringify((await budgets({ amountMicros: '1005000', explicitlyShared: false })).body),
    ).toContain('NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT');
    // Created through the API, a budget is explicitly shared unless told otherwise: it needs a name.
    expect(JSON.stringify((await budgets({ amountMicros: '1000000' })).body)).toContain(
      '"fieldError":"REQUIRED"',
    );
    const own = await budgets({ amountMicros: '1000000', explicitlyShared: false });
    const budget = (own.body.results as { resourceName: string }[])[0]!.resourceName;
    const first = operations('first on own budget');
    const second = operations('second on own budget');
    campaignOf(first).campaignBudget = budget;
    campaignOf(second).campaignBudget = budget;
    expect((await call('mutate', SEED.bakery, { mutateOperations: [first[1]] })).status).toBe(200);
    expect(await errorText({ mutateOperations: [second[1]] })).toContain(
      'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS',
    );
  });

  it('keeps a started campaign’s start and takes whole days only', async () => {
    const update = (fields: object, updateMask: string) =>
      call('campaigns', SEED.bakery, {
        operations: [
          {
            update: { resourceName: `customers/${SEED.bakery}/campaigns/${SEED.searchCampaign}`, ...fields },
            updateMask,
          },
        ],
      });
    expect(
      JSON.stringify((await update({ startDateTime: `${year}-01-01 00:00:00` }, 'startDateTime')).body),
    ).toContain('CANNOT_MODIFY_START_DATE_IF_ALREADY_STARTED');
    expect(
      JSON.stringify((await update({ endDateTime: `${year}-01-01 12:00:00` }, 'endDateTime')).body),
    ).toContain('DATE_RANGE_ERROR_END_TIME_MUST_BE_THE_END_OF_A_DAY');
    expect(
      JSON.stringify((await update({ advertisingChannelType: 'DISPLAY' }, 'advertisingChannelType')).body),
    ).toContain('IMMUTABLE_FIELD');
  });
});
