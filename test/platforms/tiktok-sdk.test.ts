import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as input from '../../emulators/tiktok/adgroup-input.js';
import * as campaignInput from '../../emulators/tiktok/campaign-input.js';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { PRIMARY_STATUSES } from '../../emulators/tiktok/query.js';
import { ADGROUP_FILTERS, CAMPAIGN_FILTERS } from '../../emulators/tiktok/read-routes.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { adGroupCreateBody } from '../../src/platforms/tiktok/adset-body.js';
import { adGroupUpdateBody } from '../../src/platforms/tiktok/adset-changes.js';
import { campaignCreateBody, campaignUpdateBody } from '../../src/platforms/tiktok/campaign-body.js';
import { BUDGET_MODES } from '../../src/platforms/tiktok/mapping.js';
import type { TikTokAdGroup } from '../../src/platforms/tiktok/model.js';
import sdk from '../fixtures/tiktok/sdk-extract.json' with { type: 'json' };

/**
 * The emulator against TikTok's official SDK (tiktok-business-api-sdk-official, see
 * test/fixtures/tiktok/extract.md): its routes, methods, header, body fields and enum values, so the
 * adapter cannot depend on a shape TikTok does not have.
 */
type Model = keyof typeof sdk.models;
const fields = (model: Model) => sdk.models[model].fields;
const enumOf = (name: keyof typeof sdk.enums) => sdk.enums[name] as string[];
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);
const requiredKeys = (schema: z.ZodObject) =>
  Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key)
    .sort();

/** An ad set with one budget, targeting one US zip code. */
const zipAdSet = (name: string, parentId: string, budget: NewAdSet['settings'][number]): NewAdSet => ({
  name,
  advertiser: SEEDED.usAdvertiser,
  parentId,
  channelKind: 'Social',
  status: 'Paused',
  settings: [budget],
  targetings: [
    { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'US', zipcode: '10001' }] },
  ],
});
describe('TikTok SDK extract', () => {
  it('comes from the official package', () => {
    expect(sdk.package).toBe('tiktok-business-api-sdk-official');
    expect(sdk.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('the emulator serves the SDK operations adlink uses', () => {
  let emulator: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emulator = await startEmulator(tiktokEmulator);
    const authorize = new URL(`${emulator.url}/portal/auth`);
    const code = emulator.oauth.issueCode({
      user: 'emulated-user',
      scope: [],
      clientId: emulator.oauth.options.clientId,
      redirectUri: 'http://127.0.0.1/callback',
      challenge: null,
    });
    const res = await fetch(new URL(sdk.operations.oauth2AccessToken.path, authorize), {
      method: sdk.operations.oauth2AccessToken.method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        app_id: emulator.oauth.options.clientId,
        secret: emulator.oauth.options.clientSecret,
        auth_code: code,
      }),
    });
    token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  });
  afterAll(() => emulator?.close());

  const call = (operation: keyof typeof sdk.operations, method: string, headers: Record<string, string>) => {
    const { path } = sdk.operations[operation];
    const url = new URL(path, emulator.url);
    url.searchParams.set('advertiser_id', SEEDED.usAdvertiser);
    return fetch(url, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify({ advertiser_id: SEEDED.usAdvertiser }) } : {}),
    });
  };

  it('takes the ad group body adlink builds; refuses one missing a required field or off an enum (40002)', async () => {
    const { body } = adGroupCreateBody(
      zipAdSet('Built by adlink', '1800000000000000001', {
        kind: 'DailyBudget',
        budget: 50,
        currency: 'USD',
      }),
      { id: SEEDED.usAdvertiser, name: 'Acme', currency: 'USD' },
      'TRAFFIC',
      ['6252001100010'],
    );
    const create = async (payload: object) => {
      const { path, method } = sdk.operations.adgroupCreate;
      const res = await fetch(new URL(path, emulator.url), {
        method,
        headers: { 'Access-Token': token, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as { code: number; message: string };
    };
    expect(await create(body)).toMatchObject({ code: 0 });
    for (const required of sdk.models.AdgroupCreateBody.required) {
      const { [required]: _left, ...broken } = body;
      const refused = await create(broken);
      expect(refused.code, required).toBe(40002);
      expect(refused.message.startsWith(`${required}:`), refused.message).toBe(true);
    }
    expect(await create({ ...body, pacing: 'PACING_MODE_TURBO' })).toMatchObject({ code: 40002 });
  });

  it('refuses an ad group under a Campaign Budget Optimization campaign without bid_type, as AdgroupCreateBody says', async () => {
    const post = async (operation: 'campaignCreate' | 'adgroupCreate', payload: object) => {
      const { path, method } = sdk.operations[operation];
      const res = await fetch(new URL(path, emulator.url), {
        method,
        headers: { 'Access-Token': token, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as { code: number; message: string; data: { campaign_id?: string } };
    };
    const cbo = await post('campaignCreate', {
      advertiser_id: SEEDED.usAdvertiser,
      campaign_name: 'CBO for the SDK check',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 100,
      budget_optimize_on: true,
    });
    expect(cbo.code, cbo.message).toBe(0);
    const { body } = adGroupCreateBody(
      zipAdSet('Under CBO', cbo.data.campaign_id!, { kind: 'DailyBudget', budget: 50, currency: 'USD' }),
      { id: SEEDED.usAdvertiser, name: 'Acme', currency: 'USD' },
      'TRAFFIC',
      ['6252001100010'],
    );
    const { bid_type: _, ...withoutBidType } = body;
    const refused = await post('adgroupCreate', withoutBidType);
    expect(refused).toMatchObject({ code: 40002, message: expect.stringMatching(/^bid_type:/) });
    expect(await post('adgroupCreate', { ...body, bid_type: 'BID_TYPE_LOWEST' })).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^bid_type:/),
    });
    expect(await post('adgroupCreate', body)).toMatchObject({ code: 0 });
  });

  it('the token exchange refuses a body without a field Oauth2AccessTokenBody requires', async () => {
    const { path, method } = sdk.operations.oauth2AccessToken;
    const res = await fetch(new URL(path, emulator.url), {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        app_id: emulator.oauth.options.clientId,
        secret: emulator.oauth.options.clientSecret,
      }),
    });
    expect(await res.json()).toMatchObject({ code: 40002, message: expect.stringMatching(/^auth_code/) });
  });

  it.each(
    Object.keys(sdk.operations).filter((op) => op !== 'oauth2AccessToken') as (keyof typeof sdk.operations)[],
  )('%s: its path and method, with the Access-Token header', async (operation) => {
    const { method, headers } = sdk.operations[operation];
    expect(headers).toEqual(['Access-Token']);
    const answered = await call(operation, method, { 'Access-Token': token });
    expect(answered.status).toBe(200);
    const body = (await answered.json()) as { code: number; request_id: string };
    expect(Object.keys(body).sort()).toEqual(fields('InlineResponse200'));
    expect(body.code).not.toBe(40104);
    expect(body.code).not.toBe(40105);

    const anonymous = (await (await call(operation, method, {})).json()) as { code: number };
    expect(anonymous.code).toBe(40104);
    const otherMethod = await call(operation, method === 'GET' ? 'POST' : 'GET', { 'Access-Token': token });
    expect(otherMethod.status).toBe(404);
  });
});

describe('the bodies the emulator takes are the SDK models', () => {
  it.each([
    ['AdgroupCreateBody', input.adGroupCreateBody],
    ['AdgroupUpdateBody', input.adGroupUpdateBody],
    ['AdgroupStatusUpdateBody', input.adGroupStatusUpdateBody],
    ['CampaignCreateBody', campaignInput.campaignCreateBody],
    ['CampaignUpdateBody', campaignInput.campaignUpdateBody],
    ['CampaignStatusUpdateBody', campaignInput.campaignStatusUpdateBody],
  ] as const)('%s: only its fields, and every field it requires', (model, schema) => {
    expect(fields(model)).toEqual(expect.arrayContaining(keysOf(schema)));
    expect(requiredKeys(schema)).toEqual(expect.arrayContaining(sdk.models[model].required));
  });

  it('the search keywords of an ad group are AdgroupcreateSearchKeywords', () => {
    const keyword = input.adGroupCreateBody.shape.search_keywords.unwrap().element;
    expect(fields('AdgroupcreateSearchKeywords')).toEqual(keysOf(keyword).sort());
  });

  it('filters are those of FilteringAdgroupGet and FilteringCampaignGet', () => {
    expect(fields('FilteringAdgroupGet')).toEqual(expect.arrayContaining([...ADGROUP_FILTERS]));
    expect(fields('FilteringCampaignGet')).toEqual(expect.arrayContaining([...CAMPAIGN_FILTERS]));
    expect([...PRIMARY_STATUSES].sort()).toEqual(enumOf('FilteringAdgroupGet.primary_status').sort());
  });

  it('the enum values are the SDK documentation’s', () => {
    expect([...input.BUDGET_MODES].sort()).toEqual(enumOf('AdgroupCreateBody.budget_mode').sort());
    expect([...input.SCHEDULE_TYPES].sort()).toEqual(enumOf('AdgroupCreateBody.schedule_type').sort());
    expect([...input.PACING].sort()).toEqual(enumOf('AdgroupCreateBody.pacing').sort());
    expect([...input.PLACEMENTS].sort()).toEqual(enumOf('AdgroupCreateBody.placements').sort());
    expect([...input.CREATE_OPERATION_STATUSES].sort()).toEqual(
      enumOf('AdgroupCreateBody.operation_status').sort(),
    );
    expect([...input.STATUS_OPERATIONS].sort()).toEqual(
      enumOf('AdgroupStatusUpdateBody.operation_status').sort(),
    );
    expect([...input.STATUS_OPERATIONS].sort()).toEqual(
      enumOf('CampaignStatusUpdateBody.operation_status').sort(),
    );
    expect([...campaignInput.OBJECTIVE_TYPES].sort()).toEqual(
      enumOf('TargetingSearchBody.objective_type').sort(),
    );
  });
});

describe('what the adapter sends is in the SDK models', () => {
  const account = { id: SEEDED.usAdvertiser, name: 'Acme', currency: 'USD' };
  const created: TikTokAdGroup = {
    adgroup_id: '1',
    adgroup_name: 'g',
    advertiser_id: account.id,
    campaign_id: '2',
    operation_status: 'ENABLE',
    secondary_status: 'ADGROUP_STATUS_CREATE',
    budget_mode: 'BUDGET_MODE_DAY',
    budget: 50,
    schedule_start_time: '2027-01-01 00:00:00',
    create_time: '2026-01-01 00:00:00',
  };
  it('its ad group create body has the SDK’s fields, all required ones included, with SDK values', () => {
    const { body } = adGroupCreateBody(
      zipAdSet('Spring', '1', { kind: 'TotalBudget', budget: 300, currency: 'USD' }),
      { id: SEEDED.usAdvertiser, name: 'Acme', currency: 'USD' },
      'TRAFFIC',
      ['6252001100010'],
    );
    expect(fields('AdgroupCreateBody')).toEqual(expect.arrayContaining(Object.keys(body)));
    expect(Object.keys(body)).toEqual(expect.arrayContaining(sdk.models.AdgroupCreateBody.required));
    expect(enumOf('AdgroupCreateBody.budget_mode')).toEqual(
      expect.arrayContaining(Object.values(BUDGET_MODES)),
    );
    expect(input.adGroupCreateBody.safeParse(body).success).toBe(true);
  });

  it('its ad group update and campaign bodies have only the SDK’s fields, with the ones it requires', () => {
    const current = { ...created, adgroup_id: '1', schedule_type: 'SCHEDULE_FROM_NOW' };
    const update = adGroupUpdateBody(
      {
        name: 'n',
        settings: [
          { kind: 'DailyBudget', budget: 60, currency: 'USD' },
          { kind: 'Runtime', start: '2027-01-01T00:00:00Z', end: '2027-02-01T00:00:00Z' },
        ],
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '10001' }],
          },
        ],
      },
      current,
      account,
      ['6252001100010'],
    )!.body;
    const create = campaignCreateBody(
      {
        name: 'c',
        advertiser: account.id,
        objective: 'REACH',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 60, currency: 'USD' }],
      },
      account,
    ).body;
    const campaign = { ...current, campaign_id: '2', campaign_name: 'c', objective_type: 'REACH' };
    const rename = campaignUpdateBody(
      { name: 'd', settings: [{ kind: 'DailyBudget', budget: 70, currency: 'USD' }] },
      campaign,
      account,
    )!.body;
    for (const [model, body] of [
      ['AdgroupUpdateBody', update],
      ['CampaignCreateBody', create],
      ['CampaignUpdateBody', rename],
    ] as const) {
      expect(fields(model), model).toEqual(expect.arrayContaining(Object.keys(body)));
      expect(Object.keys(body), model).toEqual(expect.arrayContaining(sdk.models[model].required));
    }
    expect(input.adGroupUpdateBody.safeParse(update).success).toBe(true);
    expect(campaignInput.campaignCreateBody.safeParse(create).success).toBe(true);
    expect(campaignInput.campaignUpdateBody.safeParse(rename).success).toBe(true);
    // TikTok keeps the budget mode: the update models have none.
    expect(fields('AdgroupUpdateBody')).not.toContain('budget_mode');
    expect(fields('CampaignUpdateBody')).not.toContain('budget_mode');
  });

  it('the token exchange names are Oauth2AccessTokenBody’s, at the SDK path', () => {
    const { oauth } = platformCatalog('http://localhost').tiktok;
    const { names } = oauth;
    expect([names.clientId, names.clientSecret, names.code].sort()).toEqual(
      sdk.models.Oauth2AccessTokenBody.required,
    );
    expect(new URL(oauth.tokenUrl).pathname).toBe(sdk.operations.oauth2AccessToken.path);
    expect(oauth.tokenRequest).toBe('json');
  });
});
