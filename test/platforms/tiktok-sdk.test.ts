import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as adInput from '../../emulators/tiktok/ad-input.js';
import * as input from '../../emulators/tiktok/adgroup-input.js';
import { UPLOAD_TYPES } from '../../emulators/tiktok/asset-routes.js';
import { MAX_BATCH } from '../../emulators/tiktok/audience-routes.js';
import * as campaignInput from '../../emulators/tiktok/campaign-input.js';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { PRIMARY_STATUSES } from '../../emulators/tiktok/query.js';
import { AD_FILTERS, ADGROUP_FILTERS, CAMPAIGN_FILTERS } from '../../emulators/tiktok/read-routes.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { Ad } from '../../src/ads/model.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { adRenameBody } from '../../src/platforms/tiktok/ad-body.js';
import { adGroupCreateBody } from '../../src/platforms/tiktok/adset-body.js';
import { adGroupUpdateBody } from '../../src/platforms/tiktok/adset-changes.js';
import { campaignCreateBody, campaignUpdateBody } from '../../src/platforms/tiktok/campaign-body.js';
import { AD_IN_REVIEW, BUDGET_MODES } from '../../src/platforms/tiktok/mapping.js';
import type { TikTokAdGroup } from '../../src/platforms/tiktok/model.js';
import sdk from '../fixtures/tiktok/sdk-extract.json' with { type: 'json' };
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';
import { gif, jpeg, png } from '../support/images.js';
import { tiktokPost } from '../support/tiktok-records.js';

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

  it('sends an AudienceTargeting as the audience_ids and excluded_audience_ids of AdgroupCreateBody and AdgroupUpdateBody', () => {
    const audiences = { kind: 'AudienceTargeting' as const, include: ['111'], exclude: ['222'] };
    const adSet = zipAdSet('Regulars', '1', { kind: 'DailyBudget', budget: 50, currency: 'USD' });
    const { body } = adGroupCreateBody(
      { ...adSet, targetings: [...adSet.targetings, audiences] },
      account,
      'TRAFFIC',
      ['6252001100010'],
    );
    const update = adGroupUpdateBody({ targetings: [audiences] }, created, account, undefined)!.body;
    const removal = adGroupUpdateBody(
      { targetings: [{ ...audiences, include: [], exclude: [] }] },
      created,
      account,
      undefined,
    )!.body;
    for (const [model, sent] of [
      ['AdgroupCreateBody', body],
      ['AdgroupUpdateBody', update],
    ] as const) {
      expect(fields(model)).toEqual(expect.arrayContaining(['audience_ids', 'excluded_audience_ids']));
      expect(sent).toMatchObject({ audience_ids: ['111'], excluded_audience_ids: ['222'] });
    }
    // The update sends only the audience fields: TikTok keeps the zip codes it is not sent.
    expect(Object.keys(update).sort()).toEqual(
      ['adgroup_id', 'advertiser_id', 'audience_ids', 'excluded_audience_ids'].sort(),
    );
    expect(removal).toMatchObject({ audience_ids: [], excluded_audience_ids: [] });
    expect(input.adGroupCreateBody.safeParse(body).success).toBe(true);
    expect(input.adGroupUpdateBody.safeParse(update).success).toBe(true);
    expect(input.adGroupUpdateBody.safeParse(removal).success).toBe(true);
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

describe('ads, images and identities: the SDK’s models and enum packages', () => {
  const ads = (name: keyof typeof sdk.enums) => enumOf(name);
  it.each([
    ['AdCreateBody', adInput.adCreateBody],
    ['AdUpdateBody', adInput.adUpdateBody],
    ['AdStatusUpdateBody', adInput.adStatusUpdateBody],
    ['AdcreateCreatives', adInput.adCreateCreative],
    ['AdupdateCreatives', adInput.adUpdateCreative],
  ] as const)('%s: only its fields, and every field it requires', (model, schema) => {
    expect(fields(model)).toEqual(expect.arrayContaining(keysOf(schema)));
    expect(requiredKeys(schema)).toEqual(expect.arrayContaining(sdk.models[model].required));
  });

  it('the upload’s form fields are FileImageAdUpload’s, its types the upload_type enum', () => {
    expect(sdk.operations.adImageUpload.form).toEqual(fields('FileImageAdUpload'));
    expect([...UPLOAD_TYPES].sort()).toEqual(ads('FileImageAdUpload.upload_type').sort());
    expect(fields('FilteringAdGet')).toEqual(expect.arrayContaining([...AD_FILTERS]));
  });

  it('formats, calls to action, identity types and review statuses are the SDK’s enum packages', () => {
    expect(ads('yml:smart_plus_ad_create.AdFormat')).toEqual(expect.arrayContaining([...adInput.AD_FORMATS]));
    expect([...adInput.CALLS_TO_ACTION].sort()).toEqual(ads('yml:smart_plus_ad_create.CallToAction').sort());
    expect([...adInput.IDENTITY_TYPES].sort()).toEqual(ads('identityGet.identity_type').sort());
    expect(ads('yml:smart_plus_ad_get.CreativeStatus')).toEqual(expect.arrayContaining([...AD_IN_REVIEW]));
  });
});

describe('the emulator’s images, identities and ads refuse what TikTok refuses', () => {
  let emulator: RunningEmulator;
  let token: string;
  const account = { id: SEEDED.usAdvertiser, name: 'Acme', currency: 'USD' };
  beforeAll(async () => {
    emulator = await startEmulator(tiktokEmulator);
    token = emulatorToken(emulator);
  });
  afterAll(() => emulator?.close());

  type Envelope = { code: number; message: string; data: Record<string, unknown> };
  const get = async (path: string, query: Record<string, unknown>): Promise<Envelope> => {
    const url = new URL(`/open_api/v1.3${path}`, emulator.url);
    for (const [k, v] of Object.entries(query))
      url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return (await (await fetch(url, { headers: { 'Access-Token': token } })).json()) as Envelope;
  };
  const post = async (path: string, body: object): Promise<Envelope> =>
    (await (
      await fetch(new URL(`/open_api/v1.3${path}`, emulator.url), {
        method: 'POST',
        headers: { 'Access-Token': token, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Envelope;
  const upload = async (fields: Record<string, string>, file?: { bytes: Buffer; name: string }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('image_file', new Blob([file.bytes]), file.name);
    const { path, method } = sdk.operations.adImageUpload;
    const res = await fetch(new URL(path, emulator.url), {
      method,
      headers: { 'Access-Token': token },
      body: form,
    });
    return (await res.json()) as Envelope;
  };
  const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
  /** A seeded video ad of the US advertiser: its ad group, identity and video. */
  const seededAd = async () => {
    const { data } = await get('/ad/get/', { advertiser_id: SEEDED.usAdvertiser });
    type Seeded = Record<
      'ad_id' | 'ad_name' | 'adgroup_id' | 'identity_id' | 'identity_type' | 'video_id',
      string
    >;
    return (data.list as Seeded[]).find((ad) => ad.ad_name.startsWith('Sourdough video'))!;
  };

  it('stores an uploaded JPG or PNG with its dimensions; refuses a wrong signature, a GIF, no file', async () => {
    const bytes = png(1200, 628);
    const image = await upload(
      { advertiser_id: SEEDED.usAdvertiser, upload_type: 'UPLOAD_BY_FILE', image_signature: md5(bytes) },
      { bytes, name: 'spring.png' },
    );
    expect(image).toMatchObject({
      code: 0,
      data: { width: 1200, height: 628, format: 'png', size: bytes.length, signature: md5(bytes) },
    });
    const info = await get('/file/image/ad/info/', {
      advertiser_id: SEEDED.usAdvertiser,
      image_ids: [image.data.image_id],
    });
    expect(info.data.list).toEqual([image.data]);

    const refusals: [Record<string, string>, { bytes: Buffer; name: string } | undefined, string][] = [
      [
        { advertiser_id: SEEDED.usAdvertiser, image_signature: md5(png(1, 1)) },
        { bytes, name: 'a.png' },
        'image_signature',
      ],
      [
        { advertiser_id: SEEDED.usAdvertiser, image_signature: md5(gif(10, 10)) },
        { bytes: gif(10, 10), name: 'a.gif' },
        'image_file',
      ],
      [{ advertiser_id: SEEDED.usAdvertiser, image_signature: md5(bytes) }, undefined, 'image_file'],
      [{ image_signature: md5(bytes) }, { bytes, name: 'a.png' }, 'advertiser_id'],
      [{ advertiser_id: SEEDED.usAdvertiser, upload_type: 'UPLOAD_BY_PHOTO' }, undefined, 'upload_type'],
    ];
    for (const [form, file, field] of refusals) {
      const refused = await upload(form, file);
      expect(refused.code, field).toBe(40002);
      expect(refused.message.startsWith(`${field}:`), refused.message).toBe(true);
    }
  });

  it('the adapter uploads with the SDK’s form fields and the MD5 signature; the image keeps its size', async () => {
    const { adapter, call } = adapterAtEmulator('tiktok', emulator, [account]);
    const bytes = jpeg(720, 1280, 2000);
    const file = {
      bytes,
      contentType: 'image/jpeg' as const,
      width: 720,
      height: 1280,
      sha256: '',
      name: 'tall.jpg',
    };
    const { id } = await adapter.media!.upload(call, account, file);
    const sent = emulator.controls.calls.at(-1)!;
    expect(sent.path).toBe(sdk.operations.adImageUpload.path);
    const info = await get('/file/image/ad/info/', { advertiser_id: account.id, image_ids: [id] });
    expect(info.data.list).toEqual([
      expect.objectContaining({
        image_id: id,
        width: 720,
        height: 1280,
        size: bytes.length,
        signature: md5(bytes),
      }),
    ]);
  });

  it('lists identities as identity_list; refuses an identity_type off the enum; the adapter keeps the type in the id', async () => {
    const listed = await get('/identity/get/', { advertiser_id: SEEDED.usAdvertiser });
    const list = listed.data.identity_list;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ identity_type: 'CUSTOMIZED_USER', display_name: 'Acme Bakery' }),
        expect.objectContaining({ identity_type: 'TT_USER', display_name: 'acmebakery' }),
      ]),
    );
    expect(
      await get('/identity/get/', { advertiser_id: SEEDED.usAdvertiser, identity_type: 'PAGE' }),
    ).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^identity_type:/),
    });
    expect(
      await get('/identity/get/', { advertiser_id: SEEDED.usAdvertiser, page_size: '101' }),
    ).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^page_size:/),
    });
    const { adapter, call } = adapterAtEmulator('tiktok', emulator, [account]);
    const identities = await adapter.identities!.list(call, account);
    const custom = (list as { identity_id: string; identity_type: string }[]).find(
      (i) => i.identity_type === 'CUSTOMIZED_USER',
    )!;
    expect(identities).toContainEqual({
      id: `CUSTOMIZED_USER:${custom.identity_id}`,
      name: 'Acme Bakery',
      kind: 'TikTokIdentity',
    });
  });

  it('creates a video ad in review; refuses a missing required field, a long or emoji text, an unknown call to action, an image on TikTok placements', async () => {
    const seeded = await seededAd();
    const creative = {
      ad_name: 'Rye video',
      ad_format: 'SINGLE_VIDEO',
      ad_text: 'x'.repeat(100),
      call_to_action: 'SHOP_NOW',
      identity_id: seeded.identity_id,
      identity_type: seeded.identity_type,
      video_id: seeded.video_id,
      landing_page_url: 'https://acme-bakery.example/rye',
    };
    const body = { advertiser_id: SEEDED.usAdvertiser, adgroup_id: seeded.adgroup_id, creatives: [creative] };
    const created = await post(sdk.operations.adCreate.path.replace('/open_api/v1.3', ''), body);
    expect(created.code, created.message).toBe(0);
    const [adId] = created.data.ad_ids as string[];
    const { data } = await get('/ad/get/', {
      advertiser_id: SEEDED.usAdvertiser,
      filtering: { ad_ids: [adId] },
    });
    expect(data.list).toEqual([
      expect.objectContaining({ ad_id: adId, secondary_status: 'AD_STATUS_AUDIT' }),
    ]);

    for (const required of sdk.models.AdCreateBody.required) {
      const { [required]: _left, ...broken } = body as Record<string, unknown>;
      expect((await post('/ad/create/', broken)).message).toMatch(new RegExp(`^${required}:`));
    }
    for (const required of [
      'ad_name',
      'ad_format',
      'ad_text',
      'call_to_action',
      'identity_id',
      'identity_type',
      'video_id',
      'landing_page_url',
    ]) {
      const { [required]: _left, ...broken } = creative as Record<string, unknown>;
      const refused = await post('/ad/create/', { ...body, creatives: [broken] });
      expect(refused.code, required).toBe(40002);
      expect(refused.message, required).toMatch(new RegExp(`^creatives\\.0\\.${required}:`));
    }
    const refusedWith = async (change: object) =>
      (await post('/ad/create/', { ...body, creatives: [{ ...creative, ...change }] })).message;
    expect(await refusedWith({ ad_text: 'x'.repeat(101) })).toMatch(/^creatives\.0\.ad_text: .*100/);
    expect(await refusedWith({ ad_text: 'Fresh 🍞' })).toMatch(/^creatives\.0\.ad_text: .*emoji/);
    expect(await refusedWith({ call_to_action: 'BUY_BREAD' })).toMatch(/^creatives\.0\.call_to_action:/);
    expect(await refusedWith({ identity_type: 'TT_USER' })).toMatch(/^creatives\.0\.identity_id:/);
    const bytes = png(1200, 628);
    const image = await upload(
      { advertiser_id: SEEDED.usAdvertiser, image_signature: md5(bytes) },
      { bytes, name: 'b.png' },
    );
    const { video_id: _, ...imageCreative } = creative;
    const onTikTok = await post('/ad/create/', {
      ...body,
      creatives: [{ ...imageCreative, ad_format: 'SINGLE_IMAGE', image_ids: [image.data.image_id] }],
    });
    expect(onTikTok.message).toMatch(/^creatives\.0\.ad_format: SINGLE_IMAGE .*PLACEMENT_TIKTOK/);
  });

  it('reports each review outcome the control sets in secondary_status and /ad/review_info/', async () => {
    const seeded = await seededAd();
    const review = async (review_status: string, reasons: string[] = []) => {
      const res = await fetch(new URL('/_emulator/ad-review', emulator.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ad_id: seeded.ad_id, review_status, reasons }),
      });
      expect(res.status).toBe(200);
      const [ad] = (
        await get('/ad/get/', { advertiser_id: SEEDED.usAdvertiser, filtering: { ad_ids: [seeded.ad_id] } })
      ).data.list as { secondary_status: string }[];
      const info = await get('/ad/review_info/', {
        advertiser_id: SEEDED.usAdvertiser,
        ad_ids: [seeded.ad_id],
      });
      return {
        status: ad!.secondary_status,
        info: (info.data.ad_review_map as Record<string, unknown>)[seeded.ad_id],
      };
    };
    const creativeStatuses = enumOf('yml:smart_plus_ad_get.CreativeStatus');
    const pending = await review('PENDING');
    expect(pending).toEqual({ status: 'AD_STATUS_AUDIT', info: undefined });
    const rejected = await review('UNAVAILABLE', ['Misleading claims']);
    expect(rejected).toMatchObject({
      status: 'AD_STATUS_AUDIT_DENY',
      info: {
        is_approved: false,
        review_status: 'UNAVAILABLE',
        reject_info: [{ reasons: ['Misleading claims'] }],
      },
    });
    const limited = await review('PART_AVAILABLE', ['Not for minors']);
    expect(limited).toMatchObject({
      status: 'AD_STATUS_PARTIAL_AUDIT_DELIVERY_OK',
      info: { is_approved: true },
    });
    const approved = await review('ALL_AVAILABLE');
    expect(approved).toMatchObject({
      status: 'AD_STATUS_DELIVERY_OK',
      info: { review_status: 'ALL_AVAILABLE', reject_info: [] },
    });
    for (const { status } of [pending, rejected, limited, approved])
      expect(creativeStatuses).toContain(status);

    const bad = await fetch(new URL('/_emulator/ad-review', emulator.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ad_id: seeded.ad_id, review_status: 'UNAVAILABLE' }),
    });
    expect(bad.status).toBe(400);
  });

  it('an update without patch_update takes the whole creative; the adapter’s rename is an AdUpdateBody patch', async () => {
    const seeded = await seededAd();
    const ad = { id: seeded.ad_id, advertiser: SEEDED.usAdvertiser, adSetId: seeded.adgroup_id } as Ad;
    const { body } = adRenameBody(ad, 'Sourdough video, renamed');
    expect(fields('AdUpdateBody')).toEqual(expect.arrayContaining(Object.keys(body)));
    expect(Object.keys(body)).toEqual(expect.arrayContaining(sdk.models.AdUpdateBody.required));
    const creative = (body.creatives as Record<string, string>[])[0]!;
    expect(fields('AdupdateCreatives')).toEqual(expect.arrayContaining(Object.keys(creative)));

    const { patch_update: _, ...whole } = body;
    expect(await post('/ad/update/', whole)).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^creatives\.0\.ad_format:/),
    });
    expect(await post('/ad/update/', body)).toMatchObject({ code: 0 });
    expect((await seededAd()).ad_name).toBe('Sourdough video, renamed');
    expect(
      await post('/ad/update/', { ...body, creatives: [{ ...creative, ad_text: 'x'.repeat(101) }] }),
    ).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^creatives\.0\.ad_text:/),
    });
  });

  it('switches, and deletes for good, through /ad/status/update/', async () => {
    const seeded = await seededAd();
    const status = (operation_status: string) =>
      post('/ad/status/update/', {
        advertiser_id: SEEDED.usAdvertiser,
        ad_ids: [seeded.ad_id],
        operation_status,
      });
    expect(await status('PAUSE')).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^operation_status:/),
    });
    expect(await status('DISABLE')).toMatchObject({ code: 0 });
    expect(await status('DELETE')).toMatchObject({ code: 0 });
    expect(await status('ENABLE')).toMatchObject({ code: 40002, message: expect.stringMatching(/^ad_ids:/) });
    const { data } = await get('/ad/get/', {
      advertiser_id: SEEDED.usAdvertiser,
      filtering: { ad_ids: [seeded.ad_id], primary_status: 'STATUS_ALL' },
    });
    expect(data.list).toEqual([expect.objectContaining({ secondary_status: 'AD_STATUS_DELETE' })]);
  });
});

describe('audiences: the SDK’s AudienceApi, and the Streaming API the emulator refuses as TikTok does', () => {
  let emulator: RunningEmulator;
  const account = { id: SEEDED.usAdvertiser, name: 'Acme', currency: 'USD' };
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  beforeAll(async () => {
    emulator = await startEmulator(tiktokEmulator);
  });
  afterAll(() => emulator?.close());

  /** A new, empty Streaming API audience of the US advertiser. */
  const newAudience = async () => {
    const { code, data } = await tiktokPost(emulator, '/segment/audience/', {
      advertiser_id: SEEDED.usAdvertiser,
      action: 'create',
      custom_audience_name: 'Customers',
    });
    expect(code).toBe(0);
    return data.audience_id as string;
  };
  const mapping = (audience: string, ids: string[], overrides: object = {}) => ({
    advertiser_ids: [SEEDED.usAdvertiser],
    action: 'add',
    id_schema: ['EMAIL_SHA256'],
    batch_data: ids.map((id) => [{ id, audience_ids: [audience] }]),
    ...overrides,
  });

  it('the adapter reads, renames and deletes with the SDK’s operations, query names and model fields', async () => {
    const { adapter, call } = adapterAtEmulator('tiktok', emulator, [account]);
    const audiences = adapter.audiences!;
    const created = await audiences.create(call, { name: 'Customers', advertiser: account.id }, account);
    await audiences.list(call, account);
    await audiences.update(call, created, { name: 'Past customers' });
    await audiences.delete(call, created);
    const dmp = emulator.controls.calls.filter((c) => c.path.includes('/dmp/custom_audience/'));
    expect(dmp.length).toBeGreaterThanOrEqual(4);
    const operations = [
      sdk.operations.dmpCustomAudienceGet,
      sdk.operations.dmpCustomAudienceList,
      sdk.operations.dmpCustomAudienceUpdate,
      sdk.operations.dmpCustomAudienceDelete,
    ];
    for (const made of dmp) {
      const operation = operations.find((o) => o.path === made.path && o.method === made.method);
      expect(operation, `${made.method} ${made.path}`).toBeDefined();
      expect(operation!.query).toEqual(expect.arrayContaining(Object.keys(made.query)));
      expect(made.headers['access-token']).toBeTruthy();
    }
    const body = (path: string) => dmp.find((c) => c.path.endsWith(path))!.body as object;
    for (const [path, model] of [
      ['/update/', 'CustomAudienceUpdateBody'],
      ['/delete/', 'CustomAudienceDeleteBody'],
    ] as const) {
      expect(fields(model)).toEqual(expect.arrayContaining(Object.keys(body(path))));
      expect(Object.keys(body(path))).toEqual(expect.arrayContaining(sdk.models[model].required));
    }
  });

  it('refuses an update or delete without a field CustomAudienceUpdateBody or CustomAudienceDeleteBody requires', async () => {
    const id = await newAudience();
    const bodies = {
      CustomAudienceUpdateBody: {
        path: '/dmp/custom_audience/update/',
        body: { advertiser_id: SEEDED.usAdvertiser, custom_audience_id: id, custom_audience_name: 'x' },
      },
      CustomAudienceDeleteBody: {
        path: '/dmp/custom_audience/delete/',
        body: { advertiser_id: SEEDED.usAdvertiser, custom_audience_ids: [id] },
      },
    };
    for (const [model, { path, body }] of Object.entries(bodies)) {
      for (const field of sdk.models[model as Model].required) {
        const { [field]: _, ...without } = body as Record<string, unknown>;
        const answer = await tiktokPost(emulator, path, without);
        expect(answer.code, `${model} without ${field}`).toBe(40002);
        expect(answer.message).toMatch(new RegExp(`^${field}`));
      }
    }
  });

  it('maps lower-case SHA-256 hex only, at most the batch, in the schema’s shape; keeps what it received', async () => {
    const id = await newAudience();
    const refused = async (body: object, field: string) => {
      const answer = await tiktokPost(emulator, '/segment/mapping/', body);
      expect(answer.code, JSON.stringify(body).slice(0, 200)).toBe(40002);
      expect(answer.message.startsWith(field), answer.message).toBe(true);
    };
    await refused(mapping(id, ['a@example.com']), 'batch_data[0][0].id');
    await refused(mapping(id, [hash('a@example.com').toUpperCase()]), 'batch_data[0][0].id');
    await refused(mapping(id, [hash('a').slice(0, 63)]), 'batch_data[0][0].id');
    await refused(
      mapping(
        id,
        Array.from({ length: MAX_BATCH + 1 }, (_, i) => hash(`${i}`)),
      ),
      'batch_data',
    );
    await refused(mapping(id, [hash('a')], { id_schema: ['EMAIL'] }), 'id_schema');
    await refused(mapping(id, [hash('a')], { id_schema: ['EMAIL_SHA256', 'PHONE_SHA256'] }), 'batch_data[0]');
    await refused(mapping(id, [hash('a')], { action: 'replace' }), 'action');
    await refused(mapping(id, [], {}), 'batch_data');
    await refused({ ...mapping(id, [hash('a')]), advertiser_ids: undefined }, 'advertiser_ids');
    await refused(mapping('1800000000000009999', [hash('a')]), 'audience_ids');
    expect(
      await tiktokPost(emulator, '/segment/mapping/', mapping(id, [hash('a'), hash('b')])),
    ).toMatchObject({
      code: 0,
    });
    const sent = await (await fetch(new URL(`/_emulator/audiences/${id}`, emulator.url))).json();
    expect(sent).toEqual({ hashes: [hash('a'), hash('b')], removed: [], batches: [2] });
  });
});
