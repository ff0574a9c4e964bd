import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adGroupCreateRequest, adGroupUpdateRequest } from '../../emulators/pinterest/ad-group-input.js';
import { adCreateRequest, adUpdateRequest, CTA_BY_OBJECTIVE } from '../../emulators/pinterest/ad-input.js';
import { MAX_BATCH } from '../../emulators/pinterest/batch.js';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { keywordsRequest } from '../../emulators/pinterest/keyword-routes.js';
import * as model from '../../emulators/pinterest/model.js';
import { BID_REQUIRED } from '../../emulators/pinterest/official-schemas.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../emulators/pinterest/paging.js';
import { MAX_IMAGE_BYTES, pinCreateRequest } from '../../emulators/pinterest/pin-input.js';
import { SEED } from '../../emulators/pinterest/seed.js';
import { bodySchema } from '../../emulators/toolkit/body-schema.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { pinterestAdapter } from '../../src/platforms/pinterest/adapter.js';
import { PAGE_SIZE } from '../../src/platforms/pinterest/client.js';
import { ENTITY_STATUSES } from '../../src/platforms/pinterest/model.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import api from '../fixtures/pinterest/openapi-extract.json' with { type: 'json' };
import { emulatorToken, managed } from '../support/emulator-call.js';
import { png } from '../support/images.js';

/**
 * The emulator, and what the adapter sends it, against Pinterest's OpenAPI description (see
 * test/fixtures/pinterest/extract.md): paths and methods, query parameters, request and answer field
 * names and enum values, so adapter and emulator cannot agree on a shape Pinterest does not have.
 */
type Operation = keyof typeof api.operations;
interface OperationShape {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body?: { schema: string; array?: object };
}
type Schema = keyof typeof api.schemas;
const fieldsOf = (schema: Schema) => api.schemas[schema].fields;
const requiredOf = (schema: Schema) => api.schemas[schema].required;
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);
const sorted = (values: readonly (string | null)[]) => [...values].sort();
const catalog = platformCatalog('http://localhost:3000');
const version = new URL(api.server).pathname; // "/v5"

let emulator: RunningEmulator;
let token: string;
const issue = (scope: string[]) => {
  const redirectUri = 'http://127.0.0.1/callback';
  const code = emulator.oauth.issueCode({
    user: 'emulated-user',
    scope,
    clientId: DEFAULT_CLIENT.clientId,
    redirectUri,
    challenge: null,
  });
  return { code, redirectUri };
};
const basic = `Basic ${Buffer.from(`${DEFAULT_CLIENT.clientId}:${DEFAULT_CLIENT.clientSecret}`).toString('base64')}`;

beforeAll(async () => {
  emulator = await startEmulator(pinterestEmulator);
  token = emulatorToken(emulator, catalog.pinterest.oauth.scopes);
});
afterAll(() => emulator?.close());

/** An operation's path with the seeded ids, as the emulator serves it. */
const pathOf = (operation: Operation, adGroupId = '') =>
  `${version}${api.operations[operation].path
    .replace('{ad_account_id}', SEED.usdAccount)
    .replace('{ad_group_id}', adGroupId)}`;
const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
/** adlink's record of an uploaded image, as the core hands it to `ads.create`. */
const imageRecord = (
  id: string,
  advertiser: string,
  image: { bytes: Buffer; width: number; height: number },
) =>
  ({
    id,
    platform: 'pinterest',
    advertiser,
    kind: 'Image',
    width: image.width,
    height: image.height,
    bytes: image.bytes.length,
    sha256: null,
    contentType: 'image/png',
    name: 'pin.png',
    createdAt: new Date().toISOString(),
  }) as const;
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const expectFields = (object: object, schema: Schema) =>
  expect(fieldsOf(schema)).toEqual(expect.arrayContaining(Object.keys(object)));

describe('the OpenAPI extract', () => {
  it("comes from Pinterest's api-description repository at a named commit", () => {
    expect(api.source).toMatchObject({ repository: 'pinterest/api-description', path: 'v5/openapi.json' });
    expect(api.source.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("adlink's catalog entry is the OpenAPI's", () => {
  const { oauth, apiBaseUrl, apiVersion } = catalog.pinterest;

  it('authorization-code flow: URLs, scopes, HTTP Basic client auth and a form body', () => {
    expect(oauth.authorizeUrl).toBe(api.oauth.authorizationUrl);
    expect(oauth.tokenUrl).toBe(api.oauth.tokenUrl);
    expect(oauth.tokenUrl).toBe(`${api.server}${api.operations['oauth/token'].path}`);
    expect(api.oauth.scopes).toEqual(expect.arrayContaining(oauth.scopes));
    expect(api.operations['oauth/token'].security).toEqual(['basic']);
    expect(oauth.clientAuth).toBe('basic');
    expect(api.operations['oauth/token'].body?.contentType).toBe('application/x-www-form-urlencoded');
    expect(oauth.tokenRequest).toBe('form');
    expect(requiredOf('OauthAccessTokenRequestCode')).toEqual(['code', 'grant_type', 'redirect_uri']);
  });

  it('API base URL and version', () => {
    expect(apiBaseUrl).toBe(api.server);
    expect(`/${apiVersion}`).toBe(version);
    expect(`/${model.API_VERSION}`).toBe(version);
  });

  it('refresh tokens are continuous (renewed by every refresh)', () => {
    expect(api.oauth.tokenDescription).toMatch(
      /continuous refresh token \(60-day expiration, refreshable indefinitely\)/,
    );
  });

  it('the code exchange asks for continuous refresh, as apps created before 25 September 2025 must', () => {
    expect(api.oauth.tokenDescription).toMatch(
      /before September 25, 2025.*set the <code>continuous_refresh<\/code> parameter to <code>true<\/code>/s,
    );
    expect(oauth.extraTokenParams).toEqual({ continuous_refresh: 'true' });
  });
});

describe('the emulator serves the OpenAPI operations adlink uses', () => {
  const reads: Operation[] = [
    'ad_accounts/list',
    'campaigns/list',
    'ad_groups/list',
    'ads/list',
    'keywords/get',
  ];

  it.each(reads)('%s: its path and method, a Paginated answer of its schema', async (operation) => {
    const { method } = api.operations[operation];
    const res = await request(method, pathOf(operation));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(fieldsOf('Paginated')).toEqual(expect.arrayContaining(Object.keys(body)));
    expect(Array.isArray(body.items)).toBe(true);
    const schema = {
      'ad_accounts/list': 'AdAccount',
      'campaigns/list': 'CampaignResponse',
      'ad_groups/list': 'AdGroupResponse',
      'ads/list': 'AdResponse',
      'keywords/get': 'Keyword',
    }[operation as string] as Schema;
    for (const item of body.items as object[]) expectFields(item, schema);
    expect((await request('DELETE', pathOf(operation))).status).toBe(404);
  });

  it('ad_groups/get answers an AdGroupResponse; there is no DELETE for ad groups', async () => {
    const [first] = (await json(await request('GET', pathOf('ad_groups/list')))).items as { id: string }[];
    const res = await request(api.operations['ad_groups/get'].method, pathOf('ad_groups/get', first!.id));
    expect(res.status).toBe(200);
    expectFields(await json(res), 'AdGroupResponse');
    expect((await request('DELETE', pathOf('ad_groups/get', first!.id))).status).toBe(404);
  });

  it('ad_groups/create and ad_groups/update take lists and answer items of AdGroupArrayResponseElement', async () => {
    const create = api.operations['ad_groups/create'];
    const item = {
      name: 'From the OpenAPI',
      campaign_id: SEED.awareness,
      billable_event: 'IMPRESSION',
      bid_in_micro_currency: 5_000_000,
      budget_in_micro_currency: 5_000_000,
      budget_type: 'DAILY',
      targeting_spec: { GEO: ['US-94107'] },
    };
    const created = await json(
      await request(create.method, pathOf('ad_groups/create'), [item, { ...item, name: '' }]),
    );
    const [ok, refused] = created.items as { data: { id: string }; exceptions: object[] }[];
    expectFields(ok!, 'AdGroupArrayResponseElement');
    expectFields(ok!.data, 'AdGroupResponse');
    expect(refused!.exceptions).toHaveLength(1);
    expectFields(refused!.exceptions[0]!, 'Exception');

    const update = api.operations['ad_groups/update'];
    const updated = await json(
      await request(update.method, pathOf('ad_groups/update'), [{ id: ok!.data.id, status: 'ARCHIVED' }]),
    );
    expect((updated.items as { data: { status: string } }[])[0]!.data.status).toBe('ARCHIVED');
    expect(create.body?.array).toEqual({ minItems: 1, maxItems: MAX_BATCH });
    const tooMany = await request(create.method, pathOf('ad_groups/create'), Array(MAX_BATCH + 1).fill(item));
    expect(tooMany.status).toBe(400);
    expectFields(await json(tooMany), 'Error');
  });

  it('keywords/create answers a KeywordsResponse of Keywords', async () => {
    const [adGroup] = (await json(await request('GET', pathOf('ad_groups/list')))).items as { id: string }[];
    const res = await request(api.operations['keywords/create'].method, pathOf('keywords/create'), {
      parent_id: adGroup!.id,
      keywords: [{ value: 'openapi check', match_type: 'PHRASE' }],
    });
    const body = await json(res);
    expectFields(body, 'KeywordsResponse');
    for (const keyword of body.keywords as object[]) expectFields(keyword, 'Keyword');
    const refused = await json(
      await request('POST', pathOf('keywords/create'), {
        parent_id: SEED.usdAccount,
        keywords: [{ value: 'not negative', match_type: 'BROAD' }],
      }),
    );
    expect(refused.keywords).toEqual([]);
    for (const error of refused.errors as object[]) expectFields(error, 'KeywordError');
  });

  it('errors are {code, message}: 401 without a valid token, 429 when throttled', async () => {
    const anonymous = await request('GET', pathOf('ad_accounts/list'), undefined, { Authorization: '' });
    expect(anonymous.status).toBe(401);
    expect(Object.keys(await json(anonymous)).sort()).toEqual(requiredOf('Error'));
    emulator.controls.throttleNext(1);
    const throttled = await request('GET', pathOf('ad_accounts/list'));
    expect(throttled.status).toBe(429);
    expect(api.operations['ad_accounts/list'].responses).toEqual(expect.arrayContaining(['401', '429']));
    expect(Object.keys(await json(throttled)).sort()).toEqual(requiredOf('Error'));
  });

  it('the token endpoint answers the fields of OauthAccessTokenResponseCode and …Refresh', async () => {
    const { code, redirectUri } = issue(['ads:read']);
    const form = (fields: Record<string, string>) =>
      fetch(`${emulator.url}${version}${api.operations['oauth/token'].path}`, {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const exchanged = await json(
      await form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    );
    expectFields(exchanged, 'OauthAccessTokenResponseCode');
    expect(Object.keys(exchanged)).toEqual(
      expect.arrayContaining(requiredOf('OauthAccessTokenResponseCode')),
    );
    expect(exchanged.response_type).toBe('authorization_code');
    const refreshed = await json(
      await form({ grant_type: 'refresh_token', refresh_token: exchanged.refresh_token as string }),
    );
    expectFields(refreshed, 'OauthAccessTokenResponseRefresh');
    expect(Object.keys(refreshed)).toEqual(
      expect.arrayContaining(requiredOf('OauthAccessTokenResponseRefresh')),
    );
    expect(api.schemas.OauthAccessTokenResponseRefresh.enums.response_type).toContain(
      refreshed.response_type,
    );
  });
});

describe("the emulator's bodies, enums and paging are the OpenAPI's", () => {
  it.each([
    ['AdGroupCreateRequest', adGroupCreateRequest],
    ['AdGroupUpdateRequest', adGroupUpdateRequest],
    ['KeywordsRequest', keywordsRequest],
  ] as const)('%s: only its fields, and every field it requires', (schema, zod) => {
    expect(fieldsOf(schema)).toEqual(expect.arrayContaining(keysOf(zod)));
    expect(keysOf(zod)).toEqual(expect.arrayContaining(requiredOf(schema)));
  });

  it('targeting_spec criteria are TargetingSpec fields; keyword items KeywordsCommon', () => {
    expect(fieldsOf('TargetingSpec')).toEqual(
      expect.arrayContaining(keysOf(adGroupCreateRequest.shape.targeting_spec.unwrap())),
    );
    expect(fieldsOf('KeywordsCommon')).toEqual(sorted(keysOf(keywordsRequest.shape.keywords.element)));
    expect(api.descriptions['TargetingSpec.GEO']).toContain('"US-94107"');
  });

  it('enums', () => {
    expect(sorted(model.ENTITY_STATUSES)).toEqual(sorted(api.enums.EntityStatus));
    expect(sorted(ENTITY_STATUSES)).toEqual(sorted(api.enums.EntityStatus));
    expect(sorted(model.SUMMARY_STATUSES)).toEqual(sorted(api.enums.AdGroupSummaryStatus));
    expect(sorted(model.SUMMARY_STATUSES)).toEqual(sorted(api.enums.CampaignSummaryStatus));
    expect(sorted(model.AD_SUMMARY_STATUSES)).toEqual(sorted(api.enums.PinPromotionSummaryStatus));
    expect(sorted(model.BUDGET_TYPES)).toEqual(sorted(api.enums.BudgetType));
    expect(sorted(model.OBJECTIVE_TYPES)).toEqual(sorted(api.enums.ObjectiveType));
    expect(sorted(model.BILLABLE_EVENTS)).toEqual(sorted(api.enums.ActionType));
    expect(sorted(model.MATCH_TYPES)).toEqual(sorted(api.enums.MatchType));
    expect(sorted(model.BID_STRATEGY_TYPES)).toEqual(
      sorted(api.schemas.AdGroupCreateRequest.enums.bid_strategy_type),
    );
    expect(api.enums.Currency).toEqual(expect.arrayContaining(['USD', 'EUR']));
  });

  it('page_size and entity_statuses defaults and bounds', () => {
    for (const operation of ['ad_accounts/list', 'campaigns/list', 'ad_groups/list', 'ads/list'] as const) {
      expect(api.operations[operation].query.page_size).toMatchObject({
        default: DEFAULT_PAGE_SIZE,
        maximum: MAX_PAGE_SIZE,
      });
    }
    expect(PAGE_SIZE).toBe(api.operations['ad_groups/list'].query.page_size.maximum);
    expect(api.operations['ad_groups/list'].query.entity_statuses.default).toEqual(['ACTIVE', 'PAUSED']);
  });

  it('lists hide archived ad groups unless entity_statuses asks for them', async () => {
    const statuses = async (query: string) =>
      new Set(
        (
          (await json(await request('GET', `${pathOf('ad_groups/list')}${query}`))).items as {
            status: string;
          }[]
        ).map((g) => g.status),
      );
    expect([...(await statuses(''))].sort()).toEqual(['ACTIVE', 'PAUSED']);
    expect(await statuses('?entity_statuses=ARCHIVED&entity_statuses=DELETED_DRAFT')).toEqual(
      new Set(['ARCHIVED', 'DELETED_DRAFT']),
    );
  });
});

describe('what the adapter sends is in the OpenAPI', () => {
  it("every call is an operation's path and method, with its query parameters and body schema", async () => {
    const entry = platformCatalog('http://localhost:3000', {
      pinterest: { baseUrl: emulator.url },
    }).pinterest;
    const adapter = pinterestAdapter(entry, { timeoutMs: 5_000 });
    const account = { id: SEED.usdAccount, name: 'Acme', currency: 'USD' };
    const call: PlatformCall = { accessToken: token, app: DEFAULT_CLIENT, accounts: [account] };
    const before = emulator.controls.calls.length;
    await adapter.listAdAccounts(call);
    await adapter.campaigns.list(call, account);
    await adapter.adSets.list(call, account);
    const created = await adapter.adSets.create(
      call,
      {
        name: 'Adapter check',
        advertiser: account.id,
        parentId: SEED.awareness,
        channelKind: 'Social',
        status: 'Paused',
        settings: [
          { kind: 'TotalBudget', budget: 300, currency: 'USD' },
          {
            kind: 'Runtime',
            start: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'),
            end: new Date(Date.now() + 31 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'),
          },
        ],
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '94107' }],
          },
          { kind: 'KeywordTargeting', keywords: ['armchairs'] },
        ],
      },
      account,
    );
    await adapter.adSets.get(call, created.id);
    await adapter.identities!.list(call, account);
    const ads = adapter.ads!;
    const image = { bytes: png(1000, 1500), contentType: 'image/png', width: 1000, height: 1500 } as const;
    const media = {
      media: imageRecord('med_check', account.id, image),
      file: { ...image, sha256: '', name: 'pin.png' },
    };
    const ad = await ads.create(
      call,
      {
        name: 'Adapter check',
        adSetId: created.id,
        status: 'Paused',
        creative: {
          kind: 'ImageAd',
          media: 'med_check',
          additionalMedia: [],
          headline: 'Armchairs',
          text: 'Soft ones',
          url: 'https://acme-home.example/armchairs',
        },
      },
      { account, adSet: created, media: [media] },
    );
    await ads.get(call, ad.id);
    await ads.list(call, account);
    await ads.update(
      call,
      ad,
      { name: 'Adapter check 2', status: 'Running' },
      { account, adSet: created, media: [] },
    );
    await ads.delete(call, ad);
    await adapter.adSets.update(call, created.id, { name: 'Adapter check 2', status: 'Active' });
    await adapter.adSets.update(call, created.id, {
      settings: [{ kind: 'TotalBudget', budget: 400, currency: 'USD' }],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '10001' }],
        },
        { kind: 'KeywordTargeting', keywords: ['sofas'] },
      ],
    });
    await adapter.adSets.delete(call, created.id);
    const campaigns = managed(adapter.campaigns);
    const campaign = await campaigns.create(
      call,
      {
        name: 'Adapter check',
        advertiser: account.id,
        objective: 'AWARENESS',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 50, currency: 'USD' }],
      },
      account,
    );
    await campaigns.get(call, campaign.id);
    await campaigns.update(call, campaign.id, {
      settings: [{ kind: 'TotalBudget', budget: 900, currency: 'USD' }],
    });
    await campaigns.delete(call, campaign.id);
    const audiences = adapter.audiences!;
    const audience = await audiences.create(
      call,
      { name: 'Adapter check', advertiser: account.id, description: 'Past buyers' },
      account,
    );
    const hashes = { emails: ['a'.repeat(64), 'b'.repeat(64)], phones: [] };
    await audiences.changeMembers(call, audience, hashes, false);
    await audiences.changeMembers(call, audience, { emails: hashes.emails.slice(1), phones: [] }, true);
    await audiences.get(call, audience.id);
    await audiences.list(call, account);
    await audiences.update(call, audience, { name: 'Adapter check 2', description: 'All buyers' });
    await audiences.delete(call, audience);
    const today = new Date().toISOString().slice(0, 10);
    for (const level of ['campaign', 'adset', 'ad'] as const) {
      await adapter.reports!.start(call, account, { level, from: today, to: today, granularity: 'day' });
    }

    const calls = emulator.controls.calls.slice(before);
    const operations = Object.values(api.operations as Record<string, OperationShape>).map((op) => ({
      ...op,
      pattern: new RegExp(`^${version}${op.path.replace(/\{[a-z_]+\}/g, '\\d+')}$`),
    }));
    const used = new Set<string>();
    for (const sent of calls) {
      const operation = operations.find((op) => op.method === sent.method && op.pattern.test(sent.path));
      expect(operation, `${sent.method} ${sent.path}`).toBeDefined();
      used.add(`${operation!.method} ${operation!.path}`);
      expect(Object.keys(operation!.query)).toEqual(expect.arrayContaining(Object.keys(sent.query)));
      const statuses = sent.query.entity_statuses;
      if (statuses) expect(api.enums.EntityStatus).toEqual(expect.arrayContaining([statuses].flat()));
      const schema = operation!.body?.schema as Schema | undefined;
      if (!schema) continue;
      for (const item of operation!.body?.array ? (sent.body as object[]) : [sent.body as object]) {
        expectFields(item, schema);
        expect(bodySchema(api.requests[schema as keyof typeof api.requests])(item)).toEqual([]);
      }
    }
    expect(used.size).toBe(Object.keys(api.operations).length - 1); // all but oauth/token

    for (const operation of ['campaigns/analytics', 'ad_groups/analytics', 'ads/analytics'] as const) {
      const { path, query } = api.operations[operation];
      const [sent] = calls.filter((c) => c.path.endsWith(path.replace('{ad_account_id}', SEED.usdAccount)));
      expect(sent, operation).toBeDefined();
      const params = query as Record<string, { required?: boolean; enum?: unknown[] }>;
      const required = Object.keys(params).filter((name) => params[name]!.required);
      expect(Object.keys(sent!.query)).toEqual(expect.arrayContaining(required));
      expect(params.columns!.enum).toEqual(expect.arrayContaining(String(sent!.query.columns).split(',')));
      expect(params.granularity!.enum).toContain(sent!.query.granularity);
    }

    const [post] = calls.filter((c) => c.path.endsWith('/ad_groups') && c.method === 'POST');
    const sent = (post!.body as Record<string, unknown>[])[0]!;
    expect(api.enums.ActionType).toContain(sent.billable_event);
    expect(api.enums.BudgetType).toContain(sent.budget_type);
    const [keywords] = calls.filter((c) => c.path.endsWith('/keywords') && c.method === 'POST');
    for (const keyword of (keywords!.body as { keywords: object[] }).keywords) {
      expectFields(keyword, 'KeywordsCommon');
      expect(api.enums.MatchType).toContain((keyword as { match_type: string }).match_type);
    }
  });
});

describe('the emulator refuses a body the OpenAPI refuses', () => {
  const valid = {
    name: 'Strict',
    campaign_id: SEED.consideration,
    billable_event: 'CLICKTHROUGH',
    bid_strategy_type: 'AUTOMATIC_BID',
    bid_in_micro_currency: 1_000_000,
    budget_in_micro_currency: 5_000_000,
    budget_type: 'DAILY',
    targeting_spec: { GEO: ['US-94107'] },
  };
  const create = async (item: object) =>
    ((await json(await request('POST', pathOf('ad_groups/create'), [item]))).items as object[])[0] as {
      data: object | null;
      exceptions: { message: string }[];
    };

  it('takes the body adlink builds, which validates against AdGroupCreateRequest', async () => {
    expect(bodySchema(api.requests.AdGroupCreateRequest)(valid)).toEqual([]);
    expect((await create(valid)).data).not.toBeNull();
  });

  it.each([
    ['a required field missing', { billable_event: undefined }, /billable_event: is required/],
    ['a value outside its enum', { budget_type: 'WEEKLY' }, /budget_type: must be one of DAILY, LIFETIME/],
    ['a wrong type', { bid_in_micro_currency: '1000000' }, /bid_in_micro_currency: must be integer/],
    // Required by the fields' descriptions, which the JSON schema cannot state.
    [
      'no bid for CONSIDERATION/CLICKTHROUGH, even bidding automatically',
      { bid_in_micro_currency: undefined },
      /bid_in_micro_currency is required for CONSIDERATION\/CLICKTHROUGH/,
    ],
    [
      'no budget outside campaign budget optimization',
      { budget_in_micro_currency: undefined },
      /budget_in_micro_currency is required for non-CBO/,
    ],
  ])('refuses %s', async (_, change, message) => {
    const refused = await create({ ...valid, ...change });
    expect(refused.data).toBeNull();
    expect(refused.exceptions[0]!.message).toMatch(message);
  });

  it('the bid and budget rules are the descriptions of the fields', () => {
    expect(api.descriptions['AdGroupCreateRequest.bid_in_micro_currency']).toMatch(
      /REQUIRED\*\* for the following campaign objective_type\/billable_event combinations: AWARENESS\/IMPRESSION, CONSIDERATION\/CLICKTHROUGH, CATALOG_SALES\/CLICKTHROUGH\./,
    );
    expect(BID_REQUIRED.map(([o, e]) => `${o}/${e}`)).toEqual([
      'AWARENESS/IMPRESSION',
      'CONSIDERATION/CLICKTHROUGH',
      'CATALOG_SALES/CLICKTHROUGH',
    ]);
    expect(api.descriptions['AdGroupCreateRequest.budget_in_micro_currency']).toMatch(
      /REQUIRED\*\* for non-CBO/,
    );
  });

  it('campaigns: CampaignCreateRequest and CampaignUpdateRequest, and the rules their descriptions state', async () => {
    const first = async (method: string, item: object) =>
      (
        (await json(await request(method, pathOf('campaigns/create'), [item]))).items as {
          data: { id: string } | null;
          exceptions: { message: string }[];
        }[]
      )[0]!;
    const valid = { ad_account_id: SEED.usdAccount, name: 'Spring', objective_type: 'AWARENESS' };
    expect(requiredOf('CampaignCreateRequest')).toEqual(['ad_account_id', 'name', 'objective_type']);
    expect(bodySchema(api.requests.CampaignCreateRequest)(valid)).toEqual([]);
    const refusedWith = async (method: string, item: object, message: RegExp) => {
      const element = await first(method, item);
      expect(element.data).toBeNull();
      expect(element.exceptions[0]!.message).toMatch(message);
    };
    await refusedWith(
      'POST',
      { name: 'no objective', ad_account_id: SEED.usdAccount },
      /objective_type: is required/,
    );
    await refusedWith('POST', { ...valid, objective_type: 'WEB_SESSIONS' }, /objective_type: must be one of/);
    await refusedWith(
      'POST',
      { ...valid, daily_spend_cap: 5_000_000, lifetime_spend_cap: 50_000_000 },
      /cannot be set at the same time/,
    );
    await refusedWith(
      'POST',
      { ...valid, is_campaign_budget_optimization: true },
      /required for campaign budget optimization/,
    );
    const created = await first('POST', { ...valid, status: 'PAUSED', daily_spend_cap: 5_000_000 });
    expect(created.exceptions).toEqual([]);
    const id = created.data!.id;
    expect(requiredOf('CampaignUpdateRequest')).toEqual(['ad_account_id', 'id']);
    await refusedWith('PATCH', { id, name: 'no account' }, /ad_account_id: is required/);
    // ObjectiveType: "You can only update objectives for draft campaigns."
    await refusedWith(
      'PATCH',
      { id, ad_account_id: SEED.usdAccount, objective_type: 'CONSIDERATION' },
      /draft/,
    );
    const raised = await first('PATCH', { id, ad_account_id: SEED.usdAccount, daily_spend_cap: 9_000_000 });
    expect(raised.data).toMatchObject({ id, daily_spend_cap: 9_000_000, objective_type: 'AWARENESS' });
    const read = await json(await request('GET', pathOf('campaigns/get').replace('{campaign_id}', id)));
    expectFields(read, 'CampaignResponse');
  });

  it('refuses an update, keywords, a bid floor request and a token request missing a required field', async () => {
    const update = await json(await request('PATCH', pathOf('ad_groups/update'), [{ name: 'no id' }]));
    expect((update.items as { exceptions: { message: string }[] }[])[0]!.exceptions[0]!.message).toMatch(
      /id: is required/,
    );
    const keywords = await request('POST', pathOf('keywords/create'), {
      parent_id: SEED.usdAccount,
      keywords: [{ value: 'no match type' }],
    });
    expect(keywords.status).toBe(400);
    expect((await json(keywords)).message).toMatch(/keywords\.0\.match_type: is required/);
    const floor = await request('POST', pathOf('ad_groups_bid_floor/get'), {
      bid_floor_specs: [{ billable_event: 'IMPRESSION' }],
    });
    expect(floor.status).toBe(400);
    expect((await json(floor)).message).toMatch(/bid_floor_specs\.0\.currency: is required/);

    const archive = await request('PATCH', pathOf('keywords/update'), { keywords: [{ archived: true }] });
    expect(archive.status).toBe(400);
    expect((await json(archive)).message).toMatch(/keywords\.0\.id: is required/);

    const { code } = issue(['ads:read']);
    const token = await fetch(`${emulator.url}${version}${api.operations['oauth/token'].path}`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
    });
    expect(token.status).toBe(400);
    expect(requiredOf('OauthAccessTokenRequestCode')).toContain('redirect_uri');
  });
});

describe("ads, Pins, boards and the user account: the OpenAPI's operations, fields and refusals", () => {
  const at = (path: string, query = '') => `${version}${path}${query}`;
  const asAccount = `?ad_account_id=${SEED.usdAccount}`;
  const adsPath = pathOf('ads/create');
  const validPin = (fields: object = {}, media: object = {}) => ({
    board_id: SEED.board,
    title: 'Velvet armchair',
    description: 'Deep seats for long evenings.',
    link: 'https://acme-home.example/armchairs',
    media_source: {
      source_type: 'image_base64',
      content_type: 'image/png',
      data: png(1000, 1500).toString('base64'),
      ...media,
    },
    ...fields,
  });
  const createPin = (body: object) => request('POST', at('/pins', asAccount), body);
  const firstItem = async (res: Response) =>
    (
      (await json(res)).items as { data: Record<string, unknown> | null; exceptions: { message: string }[] }[]
    )[0]!;
  const createAd = async (item: object) => firstItem(await request('POST', adsPath, [item]));
  const adGroupOf = async (campaign: string) =>
    (
      (await json(await request('GET', `${pathOf('ad_groups/list')}?campaign_ids=${campaign}`))).items as {
        id: string;
      }[]
    )[0]!.id;

  it('user_account/get answers an Account; another ad account is 403, as its example says', async () => {
    const res = await request('GET', at('/user_account', asAccount));
    expect(res.status).toBe(200);
    const account = await json(res);
    expectFields(account, 'Account');
    expect(account).toMatchObject({ account_type: 'BUSINESS', username: 'emulated-user' });
    const other = await request('GET', at('/user_account', '?ad_account_id=549755885999'));
    expect(other.status).toBe(403);
    expect(await json(other)).toEqual({ code: 403, message: 'Not authorized to access the user account.' });
    const without = await fetch(`${emulator.url}${at('/user_account')}`, {
      headers: { Authorization: `Bearer ${emulatorToken(emulator, ['ads:read'])}` },
    });
    expect(without.status).toBe(401);
    expect((await json(without)).code).toBe(3);
  });

  it('boards/create: an ad-only board is "Ad-only Pins" and PROTECTED whatever is sent (BoardCreate)', async () => {
    expect(api.descriptions['BoardCreate.name']).toMatch(/board name automatically becomes "Ad-only Pins"/);
    const res = await request('POST', at('/boards', asAccount), { name: 'Mine', is_ads_only: true });
    expect(res.status).toBe(201);
    const board = await json(res);
    expectFields(board, 'Board');
    expect(board).toMatchObject({ name: 'Ad-only Pins', privacy: 'PROTECTED', is_ads_only: true });
    const listed = await json(await request('GET', at('/boards', `${asAccount}&privacy=PROTECTED`)));
    expect((listed.items as { id: string }[]).map((b) => b.id)).toContain(board.id);
    const publicOnes = await json(await request('GET', at('/boards')));
    expect((publicOnes.items as { id: string }[]).map((b) => b.id)).toEqual([SEED.board]);
    const nameless = await request('POST', at('/boards'), { is_ads_only: true });
    expect(nameless.status).toBe(400);
    expect((await json(nameless)).message).toMatch(/name: is required/);
  });

  it('pins/create: a Pin of the image it was sent, with its dimensions in the media sizes', async () => {
    const res = await createPin(validPin());
    expect(res.status).toBe(201);
    const pin = await json(res);
    expectFields(pin, 'Pin');
    expect(pin).toMatchObject({ title: 'Velvet armchair', board_id: SEED.board, creative_type: 'REGULAR' });
    const media = pin.media as {
      media_type: string;
      images: Record<string, { width: number; height: number }>;
    };
    expectFields(media, 'PinMediaWithImage');
    expect(media.images['600x']).toMatchObject({ width: 600, height: 900 });
    expect(media.images['1200x']).toMatchObject({ width: 1000, height: 1500 });
    const read = await json(await request('GET', at(`/pins/${pin.id}`, asAccount)));
    expect(read).toEqual(pin);
    const without = await fetch(`${emulator.url}${at('/pins')}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${emulatorToken(emulator, ['ads:write'])}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(validPin()),
    });
    expect(without.status).toBe(401);
    expect((await json(without)).code).toBe(3);
  });

  it.each([
    [
      'a title past 100 characters (PinCreate.title)',
      validPin({ title: 'a'.repeat(101) }),
      /title: must NOT have more than 100 characters/,
    ],
    [
      'a description past 800',
      validPin({ description: 'a'.repeat(801) }),
      /description: must NOT have more than 800 characters/,
    ],
    [
      'a content type outside ContentType',
      validPin({}, { content_type: 'image/gif' }),
      /content_type: must be one of image\/jpeg, image\/png/,
    ],
    [
      'no board (pins/create makes a Pin "on a board")',
      validPin({ board_id: undefined }),
      /board_id: is required/,
    ],
    [
      'a GIF sent as a PNG',
      validPin(
        {},
        { data: Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;').toString('base64') },
      ),
      /content_type: is image\/png but the data is|is a gif image/,
    ],
    [
      'an image past 20 MB',
      validPin({}, { data: png(10, 10, 20_000_001).toString('base64') }),
      /at most 20 MB/,
    ],
    [
      'an image_url source (not fetched here)',
      validPin({ media_source: { source_type: 'image_url', url: 'https://x.example/a.png' } }),
      /image_base64 sources only/,
    ],
  ])('pins/create refuses %s', async (_, body, message) => {
    const res = await createPin(body);
    expect(res.status).toBe(400);
    const error = await json(res);
    expect(Object.keys(error).sort()).toEqual(requiredOf('Error'));
    expect(error.message).toMatch(message);
  });

  it('ads/create answers AdArrayResponseElements; a new ad waits for review (PENDING)', async () => {
    const pin = await json(await createPin(validPin()));
    const created = await createAd({
      ad_group_id: await adGroupOf(SEED.consideration),
      creative_type: 'REGULAR',
      pin_id: pin.id,
      name: 'Armchairs',
      status: 'PAUSED',
      customizable_cta_type: 'SHOP_NOW',
    });
    expectFields(created, 'AdArrayResponseElement');
    expectFields(created.data!, 'AdResponse');
    expect(created.data).toMatchObject({
      review_status: 'PENDING',
      status: 'PAUSED',
      customizable_cta_type: 'SHOP_NOW',
    });
    const read = await json(await request('GET', `${adsPath}/${created.data!.id}`));
    expectFields(read, 'AdResponse');
    expect(read).toEqual(created.data);
    expect(api.descriptions['ads/create']).toMatch(
      /must contain `ad_group_id`, `creative_type`, and the source Pin `pin_id`/,
    );
    expect(requiredOf('AdCreateRequest')).toEqual(['ad_group_id', 'creative_type', 'pin_id']);
  });

  it('ads/create refuses what the schema and the fields’ descriptions refuse', async () => {
    const pin = (await json(await createPin(validPin()))).id as string;
    const awareness = await adGroupOf(SEED.awareness);
    const consideration = await adGroupOf(SEED.consideration);
    const valid = { ad_group_id: consideration, creative_type: 'REGULAR', pin_id: pin };
    const refusedWith = async (item: object, message: RegExp) => {
      const element = await createAd(item);
      expect(element.data).toBeNull();
      expect(element.exceptions[0]!.message).toMatch(message);
    };
    await refusedWith({ ...valid, creative_type: undefined }, /creative_type: is required/);
    await refusedWith({ ...valid, creative_type: 'BANNER' }, /creative_type: must be one of REGULAR, VIDEO/);
    await refusedWith({ ...valid, creative_type: 'VIDEO' }, /is a image Pin \(REGULAR\), not VIDEO/);
    await refusedWith({ ...valid, name: 'a'.repeat(256) }, /name: must be at most 255/);
    await refusedWith(
      { ...valid, customizable_cta_type: 'CLICK_HERE' },
      /customizable_cta_type: must be one of/,
    );
    // CustomizableCTAType: options are named for consideration and conversion campaigns only.
    await refusedWith(
      { ...valid, ad_group_id: awareness, customizable_cta_type: 'LEARN_MORE' },
      /AWARENESS campaigns have no call to action/,
    );
    await refusedWith(
      { ...valid, customizable_cta_type: 'WATCH_NOW' },
      /WATCH_NOW is not an option for CONSIDERATION/,
    );
    expect(api.descriptions.CustomizableCTAType).toMatch(
      /CTA options for consideration and conversion campaigns are LEARN_MORE, SHOP_NOW, BOOK_NOW, SIGN_UP, VISIT_SITE, BUY_NOW, GET_OFFER, ORDER_NOW, ADD_TO_CART/,
    );
    expect(api.descriptions['AdCommon.name']).toMatch(/255 chars max/);
  });

  it('ads/update: renames and pauses; pin_id only for drafts, archiving final', async () => {
    const [first, second] = await Promise.all(
      [createPin(validPin()), createPin(validPin())].map(async (r) => (await json(await r)).id as string),
    );
    const created = await createAd({
      ad_group_id: await adGroupOf(SEED.consideration),
      creative_type: 'REGULAR',
      pin_id: first,
    });
    const id = created.data!.id as string;
    const update = async (item: object) => firstItem(await request('PATCH', adsPath, [{ id, ...item }]));
    expect((await update({ name: 'Renamed', status: 'PAUSED' })).data).toMatchObject({
      name: 'Renamed',
      status: 'PAUSED',
    });
    expect(api.descriptions['AdUpdateRequest.pin_id']).toBe(
      'Pin ID. This field may only be updated for draft ads.',
    );
    expect((await update({ pin_id: second })).exceptions[0]!.message).toMatch(
      /may only be updated for draft ads/,
    );
    expect((await update({ status: 'ARCHIVED' })).data).toMatchObject({ status: 'ARCHIVED' });
    expect((await update({ status: 'ACTIVE' })).exceptions[0]!.message).toMatch(/archived, which is final/);
    expect((await update({})).data).toMatchObject({ id });
    expect(requiredOf('AdUpdateRequest')).toEqual(['id']);
  });

  it('the review control sets review_status, and rejected_reasons and rejection_labels for REJECTED', async () => {
    const pin = (await json(await createPin(validPin()))).id as string;
    const id = (
      await createAd({
        ad_group_id: await adGroupOf(SEED.consideration),
        creative_type: 'REGULAR',
        pin_id: pin,
      })
    ).data!.id;
    const review = (body: object) =>
      fetch(`${emulator.url}/_emulator/review`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ad: id, ...body }),
      });
    expect(
      (
        await review({
          review_status: 'REJECTED',
          rejected_reasons: ['LANDING_PAGE'],
          rejection_labels: ['Broken landing page'],
        })
      ).status,
    ).toBe(200);
    const rejected = await json(await request('GET', `${adsPath}/${id}`));
    expect(rejected).toMatchObject({
      review_status: 'REJECTED',
      rejected_reasons: ['LANDING_PAGE'],
      rejection_labels: ['Broken landing page'],
    });
    expect(api.schemas.AdResponse.enums.rejected_reasons).toContain('LANDING_PAGE');
    expect((await review({ review_status: 'REJECTED', rejected_reasons: ['TOO_BLUE'] })).status).toBe(400);
    expect((await review({ review_status: 'LIMITED' })).status).toBe(400);
    await review({ review_status: 'APPROVED', rejected_reasons: ['LANDING_PAGE'] });
    expect(await json(await request('GET', `${adsPath}/${id}`))).toMatchObject({
      review_status: 'APPROVED',
      rejected_reasons: [],
      rejection_labels: [],
    });
    expect(api.descriptions['AdResponse.rejected_reasons']).toMatch(
      /Returned if <code>review_status<\/code> is "REJECTED"/,
    );
  });

  it('enums, bodies and the limits adlink declares are the OpenAPI’s', () => {
    expect(sorted(model.CREATIVE_TYPES)).toEqual(sorted(api.enums.CreativeType));
    expect(sorted(model.CTA_TYPES)).toEqual(sorted(api.enums.CustomizableCTAType));
    expect(sorted(model.CONTENT_TYPES)).toEqual(sorted(api.enums.ContentType));
    expect(sorted(model.REVIEW_STATUSES)).toEqual(sorted(api.schemas.AdResponse.enums.review_status));
    for (const [schema, zod] of [
      ['AdCreateRequest', adCreateRequest],
      ['AdUpdateRequest', adUpdateRequest],
      ['PinCreate', pinCreateRequest],
    ] as const) {
      expect(fieldsOf(schema)).toEqual(expect.arrayContaining(keysOf(zod)));
      expect(keysOf(zod)).toEqual(expect.arrayContaining(requiredOf(schema)));
    }
    // /media registers videos only: images go inline in the Pin.
    expect(api.descriptions.MediaUploadType).toEqual(['video']);
    const adapter = pinterestAdapter(catalog.pinterest, { timeoutMs: 1_000 });
    expect(adapter.media!.capabilities).toMatchObject({ storage: 'inline', maxBytes: MAX_IMAGE_BYTES });
    expect(sorted(adapter.media!.capabilities.types)).toEqual(sorted(api.enums.ContentType));
    const rules = adapter.ads!.capabilities.creatives.ImageAd!;
    const pin = api.requests.PinCreate.properties;
    expect(rules.headline!.maxLength).toBe(pin.title.maxLength);
    expect(rules.text!.maxLength).toBe(pin.description.maxLength);
    expect(
      Object.values(rules.callToAction!.values).every((v) =>
        CTA_BY_OBJECTIVE.CONSIDERATION!.includes(v as never),
      ),
    ).toBe(true);
  });
});

describe("customer lists and audiences: the OpenAPI's operations, fields and refusals", () => {
  const lists = pathOf('customer_lists/create');
  const audiences = pathOf('audiences/create');
  const hash = (i: number) => createHash('sha256').update(`buyer${i}@example.com`).digest('hex');
  const match = () => request('POST', '/_emulator/match', {});
  const newList = async () => json(await request('POST', lists, { name: 'Buyers', records: '' }));

  it('a customer list and its CUSTOMER_LIST audience answer CustomerList and Audience fields', async () => {
    const list = await newList();
    expectFields(list, 'CustomerList');
    expect(api.schemas.CustomerList.enums.status).toContain(list.status);
    const records = Array.from({ length: 120 }, (_, i) => hash(i));
    const added = await json(
      await request('PATCH', `${lists}/${list.id}`, { operation_type: 'ADD', records: records.join(',') }),
    );
    expect(added).toMatchObject({ num_uploaded_user_records: 120, num_batches: 2, status: 'PROCESSING' });
    const res = await request('POST', audiences, {
      ad_account_id: SEED.usdAccount,
      name: 'Buyers',
      audience_type: 'CUSTOMER_LIST',
      rule: { customer_list_id: list.id },
      description: 'From the shop',
    });
    expect(res.status).toBe(200);
    const audience = await json(res);
    expectFields(audience, 'Audience');
    expect(audience).toMatchObject({ audience_type: 'CUSTOMER_LIST', status: 'INITIALIZING', size: null });
    expect(api.enums.AudienceType).toContain(audience.audience_type);
    await match();
    const path = `${audiences}/${audience.id}`;
    expect(await json(await request('GET', path))).toMatchObject({ status: 'READY', size: 120 });
    const remove = { operation_type: 'REMOVE', records: records.slice(0, 30).join(',') };
    expect((await request('PATCH', `${lists}/${list.id}`, remove)).status).toBe(200);
    await match();
    // Below 100: "TOO_SMALL - the list has less than 100 Pinterest users."
    expect(await json(await request('GET', path))).toMatchObject({ status: 'TOO_SMALL', size: 90 });
    expect(api.descriptions['Audience.status']).toMatch(/at least 100 people/);
    const { items } = await json(await request('GET', audiences));
    expect((items as { id: string }[]).map((a) => a.id)).toContain(audience.id);
    const renamed = await json(await request('PATCH', path, { name: 'Past buyers', description: 'All' }));
    expect(renamed).toMatchObject({ name: 'Past buyers', description: 'All' });
    expect((await request('PATCH', path, { operation_type: 'REMOVE' })).status).toBe(200);
    const gone = await request('GET', path);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toMatchObject({ code: 404 });
  });

  it('ad groups target audiences of their account in TargetingSpec AUDIENCE_INCLUDE and AUDIENCE_EXCLUDE', async () => {
    for (const field of ['AUDIENCE_INCLUDE', 'AUDIENCE_EXCLUDE'] as const) {
      expect(fieldsOf('TargetingSpec')).toContain(field);
      expect(keysOf(adGroupCreateRequest.shape.targeting_spec.unwrap())).toContain(field);
    }
    const audienceOf = async (account: string) => {
      const at = (path: string) => path.replace(SEED.usdAccount, account);
      const list = await json(await request('POST', at(lists), { name: 'Targeted', records: '' }));
      const body = { name: 'Targeted', audience_type: 'CUSTOMER_LIST', rule: { customer_list_id: list.id } };
      return String((await json(await request('POST', at(audiences), body))).id);
    };
    const [a, b, other] = [
      await audienceOf(SEED.usdAccount),
      await audienceOf(SEED.usdAccount),
      await audienceOf(SEED.eurAccount),
    ];
    const item = (targeting_spec: object) => ({
      name: 'Audiences',
      campaign_id: SEED.awareness,
      billable_event: 'IMPRESSION',
      bid_in_micro_currency: model.BID_FLOORS.IMPRESSION,
      budget_in_micro_currency: 5_000_000,
      targeting_spec,
    });
    // The official schema takes lists of digit strings, nothing else.
    const official = bodySchema(api.requests.AdGroupCreateRequest);
    expect(official(item({ GEO: ['US-94107'], AUDIENCE_INCLUDE: [a], AUDIENCE_EXCLUDE: [b] }))).toEqual([]);
    expect(official(item({ GEO: ['US-94107'], AUDIENCE_INCLUDE: ['abc'] }))).not.toEqual([]);
    const created = (await json(
      await request('POST', pathOf('ad_groups/create'), [
        item({ GEO: ['US-94107'], AUDIENCE_INCLUDE: [a], AUDIENCE_EXCLUDE: [b] }),
      ]),
    )) as { items: { data: { id: string; targeting_spec: object }; exceptions: object[] }[] };
    expect(created.items[0]!.exceptions).toEqual([]);
    const adGroup = created.items[0]!.data;
    expect(adGroup.targeting_spec).toEqual({
      GEO: ['US-94107'],
      AUDIENCE_INCLUDE: [a],
      AUDIENCE_EXCLUDE: [b],
    });

    const update = async (targeting_spec: object) =>
      (
        (await json(await request('PATCH', pathOf('ad_groups/update'), [{ id: adGroup.id, targeting_spec }])))
          .items as { data: { targeting_spec: object } | null; exceptions: { message: string }[] }[]
      )[0]!;
    // The update's spec replaces the old one whole.
    expect((await update({ LOCATION: ['US'], AUDIENCE_EXCLUDE: [a] })).data!.targeting_spec).toEqual({
      LOCATION: ['US'],
      AUDIENCE_EXCLUDE: [a],
    });
    for (const [spec, message] of [
      [{ AUDIENCE_INCLUDE: ['abc'] }, /AUDIENCE_INCLUDE.*pattern/],
      [{ AUDIENCE_INCLUDE: a }, /AUDIENCE_INCLUDE: must be array/],
      [
        { AUDIENCE_EXCLUDE: [other] },
        /AUDIENCE_EXCLUDE has \d+, which is not an audience of this ad account/,
      ],
      [
        { AUDIENCE_INCLUDE: ['9999999999999'] },
        /AUDIENCE_INCLUDE has 9999999999999, which is not an audience/,
      ],
      [{ AUDIENCE_INCLUDE: [a], AUDIENCE_EXCLUDE: [a] }, /AUDIENCE_EXCLUDE has \d+, which is also included/],
    ] as const) {
      const refused = await update({ GEO: ['US-94107'], ...spec });
      expect(refused.data).toBeNull();
      expect(refused.exceptions[0]!.message).toMatch(message);
    }
    expect(await json(await request('GET', pathOf('ad_groups/get', adGroup.id)))).toMatchObject({
      targeting_spec: { LOCATION: ['US'], AUDIENCE_EXCLUDE: [a] },
    });
  });

  it('refuses what CustomerListRequest, CustomerListUpdateRequest and the records description refuse', async () => {
    const list = await newList();
    const refused = async (method: string, path: string, body: object, field: RegExp) => {
      const res = await request(method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toMatchObject({ code: 400, message: expect.stringMatching(field) });
    };
    await refused('POST', lists, { name: 'No records' }, /records: is required/);
    await refused('POST', lists, { name: 'Phones', records: '', list_type: 'PHONE' }, /list_type/);
    await refused('PATCH', `${lists}/${list.id}`, { records: hash(1) }, /operation_type: is required/);
    await refused(
      'PATCH',
      `${lists}/${list.id}`,
      { operation_type: 'APPEND', records: hash(1) },
      /operation_type/,
    );
    // "Emails must be lowercase and can be plain text or hashed using SHA1, SHA256, or MD5."
    expect(api.descriptions['CustomerListRequest.records']).toMatch(/Emails must be lowercase.*SHA256/);
    for (const records of ['Buyer@Example.com', hash(1).toUpperCase(), hash(1).slice(1), '+4930123456']) {
      await refused('PATCH', `${lists}/${list.id}`, { operation_type: 'ADD', records }, /record 0/);
    }
    const ok = { operation_type: 'ADD', records: `buyer@example.com,${hash(1)},` };
    expect((await request('PATCH', `${lists}/${list.id}`, ok)).status).toBe(200);
    const audience = { name: 'X', audience_type: 'CUSTOMER_LIST', rule: { customer_list_id: list.id } };
    await refused('POST', audiences, { ...audience, audience_type: 'customer_list' }, /audience_type/);
    await refused('POST', audiences, { name: 'X', audience_type: 'CUSTOMER_LIST' }, /rule: is required/);
    await refused('POST', audiences, { ...audience, rule: {} }, /customer_list_id/);
    expect(sorted(api.enums.UserListOperationType)).toEqual(['ADD', 'REMOVE']);
    expect(api.enums.UserListType).not.toContain('PHONE');
  });

  it('the adapter declares the minimum size of the description, without Gmail dots', () => {
    const adapter = pinterestAdapter(catalog.pinterest, { timeoutMs: 1_000 });
    expect(adapter.audiences!.capabilities).toMatchObject({ minSize: 100, gmailDots: false });
  });
});
