import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAQL_FIELDS } from '../../emulators/google/gaql.js';
import { GOOGLE_ADS_API_VERSION, googleEmulatorWith } from '../../emulators/google/index.js';
import { ADWORDS_SCOPE } from '../../emulators/google/oauth-routes.js';
import { APPROVAL_STATUSES, REVIEW_STATUSES, TOPIC_TYPES } from '../../emulators/google/review-controls.js';
import { SEED } from '../../emulators/google/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import {
  adContentUpdate,
  adGroupAdCreate,
  adLabelCreate,
  adStatusUpdate,
  labelCreate,
} from '../../src/platforms/google/ad-body.js';
import { campaignCreate } from '../../src/platforms/google/campaign-body.js';
import { adGroupAdsQuery, adLabelsQuery } from '../../src/platforms/google/queries.js';
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
  adGroupAds: ['AdGroupAdService', 'MutateAdGroupAds', 'MutateAdGroupAdsRequest', 'MutateAdGroupAdsResponse'],
  ads: ['AdService', 'MutateAds', 'MutateAdsRequest', 'MutateAdsResponse'],
  labels: ['LabelService', 'MutateLabels', 'MutateLabelsRequest', 'MutateLabelsResponse'],
  adLabels: [
    'AdGroupAdLabelService',
    'MutateAdGroupAdLabels',
    'MutateAdGroupAdLabelsRequest',
    'MutateAdGroupAdLabelsResponse',
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

/** What the tests below read of an `ad_group_ad` row. */
interface AdGroupAdRow {
  status: string;
  ad: {
    name?: string;
    responsiveSearchAd: { headlines: { text: string }[]; path1?: string };
  };
  policySummary: { reviewStatus: string };
}

describe('google emulator: ads, their labels and review as v25 describes them', () => {
  const headlines = ['Fresh bread daily', 'Bakery Berlin', 'Sourdough to go'];
  const searchAd = (fields: object = {}) => ({
    kind: 'SearchAd' as const,
    headlines,
    descriptions: ['Baked every morning.', 'Order online, pick up fresh.'],
    url: 'https://bakery.example/spring',
    paths: ['bread', 'spring'],
    ...fields,
  });
  const create = (creative: ReturnType<typeof searchAd>) =>
    call('mutate', SEED.bakery, {
      mutateOperations: [adGroupAdCreate(SEED.bakery, adGroupId, 'Paused', creative).operation],
    });
  const errorText = async (creative: ReturnType<typeof searchAd>) =>
    JSON.stringify((await create(creative)).body);
  const adRow = async (adId: string) => {
    const found = await call('search', SEED.bakery, { query: adGroupAdsQuery(adId) });
    return (found.body.results as { adGroupAd: AdGroupAdRow }[])[0]!.adGroupAd;
  };
  const review = (body: object) =>
    fetch(`${emulator.url}/_emulator/review`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  let adGroupId: string;

  beforeAll(async () => {
    const created = await call('adGroups', SEED.bakery, {
      operations: [
        {
          create: {
            name: 'SDK ads',
            status: 'PAUSED',
            campaign: `customers/${SEED.bakery}/campaigns/${SEED.searchCampaign}`,
          },
        },
      ],
    });
    const name = (created.body.results as { resourceName: string }[])[0]!.resourceName;
    adGroupId = name.slice(name.lastIndexOf('/') + 1);
  });

  it('serves the ad, ad group ad, label and ad group ad label services at the SDK’s paths', () => {
    expect(httpRule('AdGroupAdService', 'MutateAdGroupAds').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/adGroupAds:mutate`,
    );
    expect(httpRule('AdService', 'MutateAds').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/ads:mutate`,
    );
    expect(httpRule('LabelService', 'MutateLabels').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/labels:mutate`,
    );
    expect(httpRule('AdGroupAdLabelService', 'MutateAdGroupAdLabels').path).toBe(
      `/${SDK_VERSION}/customers/{customer_id=*}/adGroupAdLabels:mutate`,
    );
  });

  it('reviews with the policy enums v25 has, and takes only those in its control', () => {
    const values = (name: string) => Object.keys(lookup(`${ADS}.enums.${name}`)?.values ?? {});
    expect(values('PolicyApprovalStatusEnum.PolicyApprovalStatus')).toEqual(
      expect.arrayContaining(APPROVAL_STATUSES),
    );
    expect(values('PolicyReviewStatusEnum.PolicyReviewStatus')).toEqual(
      expect.arrayContaining(REVIEW_STATUSES),
    );
    expect(values('PolicyTopicEntryTypeEnum.PolicyTopicEntryType')).toEqual(
      expect.arrayContaining(TOPIC_TYPES),
    );
    expect(values('AdTypeEnum.AdType')).toEqual(
      expect.arrayContaining(['RESPONSIVE_SEARCH_AD', 'RESPONSIVE_DISPLAY_AD']),
    );
  });

  it('creates adlink’s responsive search ad PAUSED, under review, and answers GAQL in the SDK’s row shape', async () => {
    const created = await create(searchAd());
    expect(created.status).toBe(200);
    const name = (
      created.body.mutateOperationResponses as { adGroupAdResult: { resourceName: string } }[]
    )[0]!.adGroupAdResult.resourceName;
    expect(name).toMatch(new RegExp(`^customers/${SEED.bakery}/adGroupAds/${adGroupId}~\\d+$`));
    const ad = await adRow(name.slice(name.lastIndexOf('~') + 1));
    expect(ad).toMatchObject({
      status: 'PAUSED',
      ad: {
        type: 'RESPONSIVE_SEARCH_AD',
        finalUrls: ['https://bakery.example/spring'],
        responsiveSearchAd: {
          headlines: headlines.map((text) => ({ text })),
          descriptions: [{ text: 'Baked every morning.' }, { text: 'Order online, pick up fresh.' }],
          path1: 'bread',
          path2: 'spring',
        },
      },
      policySummary: {
        approvalStatus: 'UNKNOWN',
        reviewStatus: 'REVIEW_IN_PROGRESS',
        policyTopicEntries: [],
      },
    });
    expect(ad.ad.name).toBeUndefined();
  });

  it('refuses texts past Google’s limits, counting double-width characters twice, and what its policy disapproves', async () => {
    expect((await create(searchAd({ headlines: [...headlines.slice(0, 2), 'x'.repeat(30)] }))).status).toBe(
      200,
    );
    expect(await errorText(searchAd({ headlines: [...headlines.slice(0, 2), 'x'.repeat(31)] }))).toContain(
      '"adError":"TOO_LONG"',
    );
    // 15 double-width characters are 30; 16 are 32.
    expect((await create(searchAd({ headlines: [...headlines.slice(0, 2), '麵'.repeat(15)] }))).status).toBe(
      200,
    );
    expect(await errorText(searchAd({ headlines: [...headlines.slice(0, 2), '麵'.repeat(16)] }))).toContain(
      '"adError":"TOO_LONG"',
    );
    expect(await errorText(searchAd({ headlines: headlines.slice(0, 2) }))).toContain(
      '"collectionSizeError":"TOO_FEW"',
    );
    const sixteen = Array.from({ length: 16 }, (_, i) => `Headline ${i}`);
    expect(await errorText(searchAd({ headlines: sixteen }))).toContain('"collectionSizeError":"TOO_MANY"');
    expect(await errorText(searchAd({ descriptions: ['x'.repeat(91), 'Fine.'] }))).toContain(
      '"adError":"TOO_LONG"',
    );
    expect(await errorText(searchAd({ paths: ['p'.repeat(16)] }))).toContain('"adError":"TOO_LONG"');
    const emoji = await errorText(searchAd({ headlines: [...headlines.slice(0, 2), 'Fresh bread 🍞'] }));
    expect(emoji).toContain('"policyFindingError":"POLICY_FINDING"');
    expect(emoji).toContain('"policyTopicEntries":[{"topic":"SYMBOLS","type":"PROHIBITED"}]');
    expect(await errorText(searchAd({ descriptions: ['Order now!!', 'Fine.'] }))).toContain('POLICY_FINDING');
    // The location names the text: the adapter maps it to creative.headlines[2].
    expect(await errorText(searchAd({ headlines: [...headlines.slice(0, 2), 'x'.repeat(31)] }))).toContain(
      '{"fieldName":"headlines","index":2},{"fieldName":"text"}',
    );
  });

  it('refuses path2 without path1, an ad without final URLs, a name on a responsive search ad and other ad types', async () => {
    const operation = (ad: object) => ({
      mutateOperations: [
        {
          adGroupAdOperation: {
            create: { adGroup: `customers/${SEED.bakery}/adGroups/${adGroupId}`, status: 'PAUSED', ad },
          },
        },
      ],
    });
    const rsa = adGroupAdCreate(SEED.bakery, adGroupId, 'Paused', searchAd()).operation as {
      adGroupAdOperation: { create: { ad: { responsiveSearchAd: Record<string, unknown> } } };
    };
    const content = rsa.adGroupAdOperation.create.ad.responsiveSearchAd;
    const { path1: _, ...withoutPath1 } = content;
    const text = async (ad: object) =>
      JSON.stringify((await call('mutate', SEED.bakery, operation(ad))).body);
    expect(
      await text({
        finalUrls: ['https://bakery.example/'],
        responsiveSearchAd: withoutPath1,
      }),
    ).toContain('CANNOT_SET_PATH2_WITHOUT_PATH1');
    expect(await text({ responsiveSearchAd: content })).toContain('"fieldError":"REQUIRED"');
    expect(
      await text({ name: 'Spring', finalUrls: ['https://bakery.example/'], responsiveSearchAd: content }),
    ).toContain('VALUE_MUST_BE_UNSET');
    expect(
      await text({
        finalUrls: ['https://bakery.example/'],
        imageAd: { imageUrl: 'https://bakery.example/a.png' },
      }),
    ).toContain('"adError":"INVALID_AD_TYPE"');
    expect(await text({ finalUrls: ['https://bakery.example/'], expandedTextAd: {} })).toContain(
      'CANNOT_CREATE_DEPRECATED_ADS',
    );
  });

  it('pauses and removes an ad group ad, keeps its ad IMMUTABLE there, and updates its content through AdService', async () => {
    const created = await create(searchAd());
    const name = (
      created.body.mutateOperationResponses as { adGroupAdResult: { resourceName: string } }[]
    )[0]!.adGroupAdResult.resourceName;
    const adId = name.slice(name.lastIndexOf('~') + 1);
    expect(
      (
        await call('adGroupAds', SEED.bakery, {
          operations: [adStatusUpdate(name, 'Running').operation.adGroupAdOperation],
        })
      ).status,
    ).toBe(200);
    expect((await adRow(adId)).status).toBe('ENABLED');
    const immutable = await call('adGroupAds', SEED.bakery, {
      operations: [
        {
          update: { resourceName: name, ad: { finalUrls: ['https://x.example/'] } },
          updateMask: 'ad.final_urls',
        },
      ],
    });
    expect(JSON.stringify(immutable.body)).toContain('IMMUTABLE_FIELD');

    expect((await review({ customerId: SEED.bakery, adId, approvalStatus: 'APPROVED' })).status).toBe(200);
    const update = adContentUpdate(
      SEED.bakery,
      adId,
      searchAd({ headlines: ['New spring bread', ...headlines.slice(1)], paths: [] }),
    );
    const updated = await call('ads', SEED.bakery, { operations: [update.operation.adOperation] });
    expect(updated.status).toBe(200);
    const edited = await adRow(adId);
    expect(edited.ad.responsiveSearchAd.headlines[0]).toEqual({ text: 'New spring bread' });
    expect(edited.ad.responsiveSearchAd.path1).toBeUndefined();
    // An edited ad is reviewed again.
    expect(edited.policySummary.reviewStatus).toBe('REVIEW_IN_PROGRESS');
    const tooLong = adContentUpdate(SEED.bakery, adId, searchAd({ descriptions: ['x'.repeat(91), 'Fine.'] }));
    expect(
      JSON.stringify((await call('ads', SEED.bakery, { operations: [tooLong.operation.adOperation] })).body),
    ).toContain('"adError":"TOO_LONG"');

    expect((await call('adGroupAds', SEED.bakery, { operations: [{ remove: name }] })).status).toBe(200);
    expect((await adRow(adId)).status).toBe('REMOVED');
    expect(
      JSON.stringify((await call('ads', SEED.bakery, { operations: [update.operation.adOperation] })).body),
    ).toContain('UPDATING_AD_WITH_NO_ENABLED_ASSOCIATION');
  });

  it('names ads with labels: created with a temporary id and attached, unique by name, at most 80 characters', async () => {
    const created = await create(searchAd());
    const adGroupAd = (
      created.body.mutateOperationResponses as { adGroupAdResult: { resourceName: string } }[]
    )[0]!.adGroupAdResult.resourceName;
    const adId = adGroupAd.slice(adGroupAd.lastIndexOf('~') + 1);
    const { label, operation } = labelCreate(SEED.bakery, 'adlink: Spring bread');
    const named = await call('mutate', SEED.bakery, {
      mutateOperations: [operation.operation, adLabelCreate(adGroupAd, label).operation],
    });
    expect(named.status).toBe(200);
    const rows = (await call('search', SEED.bakery, { query: adLabelsQuery(adId) })).body.results as {
      label: { resourceName: string };
    }[];
    expect(rows).toEqual([
      expect.objectContaining({
        adGroupAdLabel: expect.objectContaining({ adGroupAd }),
        label: expect.objectContaining({ name: 'adlink: Spring bread' }),
      }),
    ]);
    const again = await call('labels', SEED.bakery, {
      operations: [{ create: { name: 'adlink: Spring bread' } }],
    });
    expect(JSON.stringify(again.body)).toContain('"labelError":"DUPLICATE_NAME"');
    const long = await call('labels', SEED.bakery, { operations: [{ create: { name: 'x'.repeat(81) } }] });
    expect(JSON.stringify(long.body)).toContain('"stringLengthError":"TOO_LONG"');
    const twice = await call('adLabels', SEED.bakery, {
      operations: [{ create: { adGroupAd, label: rows[0]!.label.resourceName } }],
    });
    expect(JSON.stringify(twice.body)).toContain('AD_GROUP_AD_LABEL_ALREADY_EXISTS');
  });

  it('sets a review outcome through its control, refusing values outside the enums', async () => {
    const [seeded] = (await call('search', SEED.bakery, { query: `${adGroupAdsQuery()} LIMIT 1` })).body
      .results as {
      adGroupAd: { ad: { id: string } };
    }[];
    const adId = seeded!.adGroupAd.ad.id;
    expect((await review({ customerId: SEED.bakery, adId, approvalStatus: 'REJECTED' })).status).toBe(400);
    expect(
      (
        await review({
          customerId: SEED.bakery,
          adId,
          approvalStatus: 'DISAPPROVED',
          policyTopicEntries: [{ topic: 'X', type: 'BAD' }],
        })
      ).status,
    ).toBe(400);
    expect((await review({ customerId: SEED.bakery, adId: '1', approvalStatus: 'APPROVED' })).status).toBe(
      404,
    );
    const entries = [{ topic: 'TRADEMARKS_IN_AD_TEXT', type: 'PROHIBITED' }];
    expect(
      (
        await review({
          customerId: SEED.bakery,
          adId,
          approvalStatus: 'DISAPPROVED',
          policyTopicEntries: entries,
        })
      ).status,
    ).toBe(200);
    expect((await adRow(adId)).policySummary).toEqual({
      approvalStatus: 'DISAPPROVED',
      reviewStatus: 'REVIEWED',
      policyTopicEntries: entries,
    });
  });
});
