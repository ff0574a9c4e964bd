import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAQL_FIELDS } from '../../emulators/google/gaql.js';
import { GOOGLE_ADS_API_VERSION, googleEmulatorWith } from '../../emulators/google/index.js';
import { SEED } from '../../emulators/google/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { emulatorToken } from '../fixtures/google/emulated.js';
import {
  ADS,
  gaqlFieldExists,
  httpRule,
  lookup,
  SDK_VERSION,
  shapeProblems,
} from '../fixtures/google/protos.js';

/** The emulator checked against google-ads-node: paths, field names, enums and every answer's shape. */

const METHODS = {
  search: ['GoogleAdsService', 'Search', 'SearchGoogleAdsRequest', 'SearchGoogleAdsResponse'],
  mutate: ['GoogleAdsService', 'Mutate', 'MutateGoogleAdsRequest', 'MutateGoogleAdsResponse'],
  adGroups: ['AdGroupService', 'MutateAdGroups', 'MutateAdGroupsRequest', 'MutateAdGroupsResponse'],
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
  token = emulatorToken(emulator);
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
  if (res.ok) expect(shapeProblems(json, `${ADS}.services.${response}`)).toEqual([]);
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
