import { RestliClient, utils } from 'linkedin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { SEED } from '../../emulators/linkedin/state.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { ImageAd, NewAd } from '../../src/ads/model.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { creativeBody, postBody } from '../../src/platforms/linkedin/ad-body.js';
import { linkedinAdapter } from '../../src/platforms/linkedin/adapter.js';
import { createBody } from '../../src/platforms/linkedin/adset-body.js';
import { restliEncode, restliQuery } from '../../src/platforms/linkedin/restli.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { emulatorToken } from '../support/emulator-call.js';
import { jpeg, png } from '../support/images.js';

/**
 * The emulator and the adapter checked against LinkedIn's official client, linkedin-api-client: its
 * requests (headers, Rest.li encoding, the create answer it reads) are sent to the emulator unchanged
 * but for the origin, and adlink's encoder must produce exactly what the client's encoder does.
 */
const catalog = platformCatalog('http://localhost:3000');
const VERSION = catalog.linkedin.apiVersion;
const LINKEDIN_ORIGIN = 'https://api.linkedin.com';

let emulator: RunningEmulator;
let sdk: RestliClient;
let accessToken: string;

beforeAll(async () => {
  emulator = await startEmulator(linkedinEmulator);
  sdk = new RestliClient();
  sdk.axiosInstance.interceptors.request.use((config) => ({
    ...config,
    url: config.url?.replace(LINKEDIN_ORIGIN, emulator.url),
  }));
  accessToken = emulatorToken(emulator, ['r_ads', 'rw_ads']);
});
afterAll(() => emulator?.close());

const lastCall = () => emulator.controls.calls.at(-1)!;
const accountKeys = { account: SEED.usdAccount };

/** A TotalBudget ad set under the seeded campaign group, running through 2030. */
const lifetimeAdSet = (name: string): NewAdSet => ({
  name,
  advertiser: SEED.usdAccount,
  parentId: SEED.usdEndingGroup,
  channelKind: 'Social',
  status: 'Paused',
  settings: [
    { kind: 'TotalBudget', budget: 500, currency: 'USD' },
    { kind: 'Runtime', start: '2030-01-01T00:00:00Z', end: '2030-12-31T00:00:00Z' },
  ],
  targetings: [],
});
describe('linkedin-api-client against the emulator', () => {
  it('its finder requests carry the version headers and Rest.li query the emulator reads', async () => {
    const res = await sdk.finder({
      resourcePath: '/adAccounts/{account}/adCampaigns',
      pathKeys: accountKeys,
      finderName: 'search',
      queryParams: {
        search: {
          campaignGroup: { values: [`urn:li:sponsoredCampaignGroup:${SEED.usdGroup}`] },
          status: { values: ['ACTIVE', 'DRAFT'] },
        },
      },
      versionString: VERSION,
      accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.data.elements.map((c) => String(c.id)).sort()).toEqual([
      SEED.runningCampaign,
      SEED.draftCampaign,
    ]);
    expect(lastCall().headers).toMatchObject({
      'linkedin-version': VERSION,
      'x-restli-protocol-version': '2.0.0',
      'x-restli-method': 'finder',
    });
  });

  it('creates with the create method and reads the new id from x-restli-id', async () => {
    const created = await sdk.create({
      resourcePath: '/adAccounts/{account}/adCampaigns',
      pathKeys: accountKeys,
      entity: {
        account: `urn:li:sponsoredAccount:${SEED.usdAccount}`,
        campaignGroup: `urn:li:sponsoredCampaignGroup:${SEED.usdGroup}`,
        name: 'Created by the official client',
        status: 'DRAFT',
        type: 'SPONSORED_UPDATES',
        associatedEntity: 'urn:li:organization:2414183',
        politicalIntent: 'NOT_POLITICAL',
        costType: 'CPM',
        unitCost: { amount: '8.00', currencyCode: 'USD' },
        dailyBudget: { amount: '20.00', currencyCode: 'USD' },
        objectiveType: 'WEBSITE_VISITS',
        locale: { country: 'US', language: 'en' },
        targetingCriteria: {
          include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] },
        },
        runSchedule: { start: Date.now() },
        offsiteDeliveryEnabled: false,
      },
      versionString: VERSION,
      accessToken,
    });
    expect(created.status).toBe(201);
    expect(lastCall().headers['x-restli-method']).toBe('create');
    const id = String(created.createdEntityId);
    expect(id).toMatch(/^\d+$/);

    const patched = await sdk.partialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
      pathKeys: { ...accountKeys, id },
      patchSetObject: { name: 'Renamed by the official client' },
      versionString: VERSION,
      accessToken,
    });
    expect(patched.status).toBe(204);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      headers: { 'x-restli-method': 'partial_update' },
      body: { patch: { $set: { name: 'Renamed by the official client' } } },
    });
    const read = await sdk.get({
      resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
      pathKeys: { ...accountKeys, id },
      versionString: VERSION,
      accessToken,
    });
    expect(read.data).toMatchObject({ name: 'Renamed by the official client', status: 'DRAFT' });

    const deleted = await sdk.delete({
      resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
      pathKeys: { ...accountKeys, id },
      versionString: VERSION,
      accessToken,
    });
    expect(deleted.status).toBe(204);
    expect(lastCall().headers['x-restli-method']).toBe('delete');
    await expect(
      sdk.get({
        resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
        pathKeys: { ...accountKeys, id },
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('campaign groups: create, partial update (with a nested runSchedule patch) and delete, DRAFT only', async () => {
    const groupKeys = (id: string) => ({ ...accountKeys, id });
    const created = await sdk.create({
      resourcePath: '/adAccounts/{account}/adCampaignGroups',
      pathKeys: accountKeys,
      entity: {
        account: `urn:li:sponsoredAccount:${SEED.usdAccount}`,
        name: 'Group by the official client',
        status: 'DRAFT',
        objectiveType: 'WEBSITE_VISITS',
        runSchedule: { start: Date.now() + 86_400_000, end: Date.now() + 31 * 86_400_000 },
        totalBudget: { amount: '1000.00', currencyCode: 'USD' },
      },
      versionString: VERSION,
      accessToken,
    });
    expect(created.status).toBe(201);
    const id = String(created.createdEntityId);
    const end = Date.now() + 40 * 86_400_000;
    const patched = await sdk.partialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: groupKeys(id),
      patchSetObject: { name: 'Renamed group' },
      versionString: VERSION,
      accessToken,
    });
    expect(patched.status).toBe(204);
    // The client writes `$set`; adlink's nested schedule patch is the same Rest.li PATCH format.
    const nested = await fetch(`${emulator.url}/rest/adAccounts/${SEED.usdAccount}/adCampaignGroups/${id}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'LinkedIn-Version': VERSION,
        'X-Restli-Protocol-Version': '2.0.0',
        'X-RestLi-Method': 'PARTIAL_UPDATE',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ patch: { runSchedule: { $set: { end } } } }),
    });
    expect(nested.status).toBe(204);
    const read = await sdk.get({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: groupKeys(id),
      versionString: VERSION,
      accessToken,
    });
    expect(read.data).toMatchObject({ name: 'Renamed group', status: 'DRAFT', runSchedule: { end } });
    await expect(
      sdk.partialUpdate({
        resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
        pathKeys: groupKeys(id),
        patchSetObject: { objectiveType: 'LEAD_GENERATION' },
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
    const deleted = await sdk.delete({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: groupKeys(id),
      versionString: VERSION,
      accessToken,
    });
    expect(deleted.status).toBe(204);
    expect(lastCall().headers['x-restli-method']).toBe('delete');
    // Only DRAFT groups can be deleted.
    await expect(
      sdk.delete({
        resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
        pathKeys: groupKeys(SEED.usdGroup),
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
    await expect(
      sdk.create({
        resourcePath: '/adAccounts/{account}/adCampaignGroups',
        pathKeys: accountKeys,
        entity: {
          account: `urn:li:sponsoredAccount:${SEED.usdAccount}`,
          name: 'No schedule',
          status: 'ACTIVE',
        },
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
  });

  it('takes the campaign body adlink builds; refuses one without a field the schema requires', async () => {
    const { reference } = (
      await sdk.get({
        resourcePath: '/adAccounts/{account}',
        pathKeys: accountKeys,
        versionString: VERSION,
        accessToken,
      })
    ).data as { reference: string };
    const body = createBody(
      lifetimeAdSet('Built by adlink'),
      { id: SEED.usdAccount, name: 'Acme', currency: 'USD' },
      { objective: 'BRAND_AWARENESS', reference },
    );
    const create = (entity: object) =>
      sdk
        .create({
          resourcePath: '/adAccounts/{account}/adCampaigns',
          pathKeys: accountKeys,
          entity,
          versionString: VERSION,
          accessToken,
        })
        .then(
          (res) => ({ status: res.status, fields: [] as string[] }),
          (err: {
            response: {
              status: number;
              data: { errorDetails: { inputErrors: { input: { inputPath: { fieldPath: string } } }[] } };
            };
          }) => ({
            status: err.response.status,
            fields: err.response.data.errorDetails.inputErrors.map((e) => e.input.inputPath.fieldPath),
          }),
        );
    expect(await create(body)).toEqual({ status: 201, fields: [] });
    const without = (field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
    expect(await create(without('politicalIntent'))).toEqual({ status: 400, fields: ['politicalIntent'] });
    expect(await create(without('associatedEntity'))).toEqual({ status: 400, fields: ['associatedEntity'] });
    expect(await create({ ...body, politicalIntent: 'UNSURE' })).toEqual({
      status: 400,
      fields: ['politicalIntent'],
    });
    expect(await create(without('pacingStrategy'))).toEqual({ status: 400, fields: ['pacingStrategy'] });
    expect(await create({ ...body, runSchedule: { start: Date.now() } })).toEqual({
      status: 400,
      fields: ['runSchedule.end'],
    });
    expect(await create(without('optimizationTargetType'))).toEqual({
      status: 400,
      fields: ['unitCost.amount'],
    });
  });

  it('finds creatives by a List of URN-encoded campaigns', async () => {
    const res = await sdk.finder({
      resourcePath: '/adAccounts/{account}/creatives',
      pathKeys: accountKeys,
      finderName: 'criteria',
      queryParams: { campaigns: [`urn:li:sponsoredCampaign:${SEED.runningCampaign}`] },
      versionString: VERSION,
      accessToken,
    });
    expect(res.data.elements.map((c) => c.id)).toEqual([
      'urn:li:sponsoredCreative:800000001',
      'urn:li:sponsoredCreative:800000002',
    ]);
  });

  it('without LinkedIn-Version the call is refused, as LinkedIn refuses it', async () => {
    await expect(
      sdk.get({ resourcePath: '/adAccounts/{account}', pathKeys: accountKeys, accessToken }),
    ).rejects.toMatchObject({ response: { status: 404 } });
    const unversioned = await fetch(`${emulator.url}/rest/adAccounts/${SEED.usdAccount}`, {
      headers: { Authorization: `Bearer ${accessToken}`, 'X-Restli-Protocol-Version': '2.0.0' },
    });
    expect(unversioned.status).toBe(400);
    expect(await unversioned.json()).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    const sunset = await fetch(`${emulator.url}/rest/adAccounts/${SEED.usdAccount}`, {
      headers: {
        ...utils.getRestliRequestHeaders({ restliMethodType: 'GET', accessToken, versionString: '202212' }),
      },
    });
    expect(sunset.status).toBe(426);
    expect(await sunset.json()).toMatchObject({ code: 'NONEXISTENT_VERSION' });
  });
});

describe('adlink against the official client', () => {
  it("encodes Rest.li values and query strings exactly as the client's encoder does", () => {
    const values = [
      'urn:li:sponsoredCampaign:123',
      ['urn:li:sponsoredCampaign:1', 'urn:li:sponsoredCampaign:2'],
      { status: { values: ['ACTIVE', 'PAUSED'] } },
      "it's (a) test, with: everything",
      '',
    ];
    for (const value of values) expect(restliEncode(value)).toBe(utils.encode(value));
    const params = {
      q: 'search',
      search: { campaignGroup: { values: ['urn:li:sponsoredCampaignGroup:611000001'] }, test: false },
    };
    expect(restliQuery(params)).toBe(utils.paramEncode(params));
  });

  it("sends the headers and methods the client sends, and reads the client's create answer", async () => {
    const entry = platformCatalog('http://localhost:3000', { linkedin: { baseUrl: emulator.url } }).linkedin;
    const adapter = linkedinAdapter(entry, { timeoutMs: 5_000 });
    const call: PlatformCall = {
      accessToken,
      app: DEFAULT_CLIENT,
      accounts: [{ id: SEED.usdAccount, name: 'Acme', currency: 'USD' }],
    };
    const before = emulator.controls.calls.length;
    const created = await adapter.adSets.create(call, lifetimeAdSet('Adapter check'), call.accounts[0]!);
    await adapter.adSets.update(call, created.id, { status: 'Active' });
    await adapter.adSets.delete(call, created.id);
    const calls = emulator.controls.calls.slice(before);
    const sdkHeaders = (method: string) =>
      utils.getRestliRequestHeaders({ restliMethodType: method, accessToken, versionString: VERSION });
    for (const [method, restli] of [
      ['POST', 'CREATE'],
      ['DELETE', 'DELETE'],
    ] as const) {
      const sent = calls.find((c) => c.method === method && c.headers['x-restli-method'])!;
      const expected = sdkHeaders(restli);
      expect(sent.headers['x-restli-method']).toBe(expected['X-RestLi-Method']);
    }
    const update = calls.find((c) => c.headers['x-restli-method'] === 'partial_update');
    expect(update?.headers['x-restli-method']).toBe(sdkHeaders('PARTIAL_UPDATE')['X-RestLi-Method']);
    for (const sent of calls) {
      expect(sent.headers['linkedin-version']).toBe(sdkHeaders('GET')['LinkedIn-Version']);
      expect(sent.headers['x-restli-protocol-version']).toBe(sdkHeaders('GET')['X-RestLi-Protocol-Version']);
    }
  });

  it('the token endpoint refuses a code exchange without the redirect_uri LinkedIn requires', async () => {
    const code = emulator.oauth.issueCode({
      user: 'emulated-user',
      scope: ['rw_ads'],
      clientId: DEFAULT_CLIENT.clientId,
      redirectUri: 'http://127.0.0.1/callback',
      challenge: null,
    });
    const exchange = (params: Record<string, string>) =>
      fetch(`${emulator.url}/oauth/v2/accessToken`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: DEFAULT_CLIENT.clientId,
          client_secret: DEFAULT_CLIENT.clientSecret,
          code,
          ...params,
        }),
      });
    const refused = await exchange({});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_request' });
    expect((await exchange({ redirect_uri: 'http://127.0.0.1/callback' })).status).toBe(200);
  });

  it("uses the client's OAuth endpoints, and the emulator takes its authorization URL", async () => {
    const sdkUrl = new URL(
      utils.generateMemberAuthorizationUrl({
        clientId: DEFAULT_CLIENT.clientId,
        redirectUrl: 'http://127.0.0.1/callback',
        scopes: ['r_ads', 'rw_ads'],
        state: 'xyz',
      }),
    );
    expect(`${sdkUrl.origin}${sdkUrl.pathname}`).toBe(catalog.linkedin.oauth.authorizeUrl);
    expect(`${utils.OAUTH_BASE_URL}/accessToken`).toBe(catalog.linkedin.oauth.tokenUrl);
    const consent = await fetch(`${emulator.url}${sdkUrl.pathname}${sdkUrl.search}`);
    expect(consent.status).toBe(200);
  });
});

describe('images, dark posts and creatives with the official client', () => {
  const ORGANIZATION = 'urn:li:organization:2414183';
  const campaign = `urn:li:sponsoredCampaign:${SEED.runningCampaign}`;
  type Refusal = { response: { status: number; data: { errorDetails?: { inputErrors: InputError[] } } } };
  type InputError = { input: { inputPath: { fieldPath: string } } };
  /** What a refused call named: its status and the fields of its input errors. */
  const refusal = (err: Refusal) => ({
    status: err.response.status,
    fields: (err.response.data.errorDetails?.inputErrors ?? []).map((e) => e.input.inputPath.fieldPath),
  });
  const succeeded = (res: { status: number }) => ({ status: res.status, fields: [] as string[] });

  async function uploadImage(bytes: Buffer, owner = ORGANIZATION) {
    const init = await sdk.action({
      resourcePath: '/images',
      actionName: 'initializeUpload',
      data: { initializeUploadRequest: { owner } },
      versionString: VERSION,
      accessToken,
    });
    expect(lastCall().headers['x-restli-method']).toBe('action');
    const { uploadUrl, image } = init.data.value as { uploadUrl: string; image: string };
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${accessToken}` },
      body: new Uint8Array(bytes),
    });
    return { image, put };
  }

  const imageAd = (media: string, fields: Partial<ImageAd> = {}): ImageAd => ({
    kind: 'ImageAd',
    media,
    additionalMedia: [],
    headline: 'Work smarter',
    text: 'Acme helps teams plan their week.',
    url: 'https://example.com/spring',
    callToAction: 'LearnMore',
    ...fields,
  });
  const createPost = (entity: object) =>
    sdk.create({ resourcePath: '/posts', entity, versionString: VERSION, accessToken }).then(
      (res) => ({ ...succeeded(res), id: String(res.createdEntityId) }),
      (err) => ({ ...refusal(err), id: '' }),
    );
  const createCreative = (entity: object) =>
    sdk
      .create({
        resourcePath: '/adAccounts/{account}/creatives',
        pathKeys: accountKeys,
        entity,
        versionString: VERSION,
        accessToken,
      })
      .then(
        (res) => ({ ...succeeded(res), id: String(res.createdEntityId) }),
        (err) => ({ ...refusal(err), id: '' }),
      );
  const newAd = (status: 'Running' | 'Paused'): NewAd => ({
    name: 'Spring image ad',
    adSetId: SEED.runningCampaign,
    status,
    creative: imageAd('unused'),
  });

  it('uploads an image: initializeUpload, then the bytes PUT to the upload URL; the image keeps its dimensions', async () => {
    const { image, put } = await uploadImage(png(1200, 627));
    expect(put.status).toBe(201);
    expect(image).toMatch(/^urn:li:image:/);
    const read = await sdk.get({
      resourcePath: '/images/{id}',
      pathKeys: { id: image },
      versionString: VERSION,
      accessToken,
    });
    expect(read.data).toMatchObject({
      id: image,
      owner: ORGANIZATION,
      status: 'AVAILABLE',
      aspectRatioWidth: 1200,
      aspectRatioHeight: 627,
    });
  });

  it('refuses uploads the Images API and the ad specs refuse: not an image, too many pixels, over 5 MB, an owner the member cannot act for', async () => {
    expect((await uploadImage(Buffer.from('not an image'))).put.status).toBe(400);
    expect((await uploadImage(jpeg(6100, 6000))).put.status).toBe(400);
    expect((await uploadImage(png(1200, 627, 5 * 1024 * 1024 + 1))).put.status).toBe(400);
    await expect(uploadImage(png(1200, 627), 'urn:li:organization:1')).rejects.toMatchObject({
      response: { status: 403 },
    });
    await expect(
      sdk.action({
        resourcePath: '/images',
        actionName: 'initializeUpload',
        data: {},
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
  });

  it("takes adlink's dark post and creative, answers them as the client reads them, and keeps the creative's content fixed", async () => {
    const { image } = await uploadImage(png(1200, 627));
    const post = await createPost(postBody(imageAd(image), SEED.usdAccount, ORGANIZATION));
    expect(post).toMatchObject({ status: 201, fields: [] });
    expect(post.id).toMatch(/^urn:li:share:/);
    const readPost = await sdk.get({
      resourcePath: '/posts/{id}',
      pathKeys: { id: post.id },
      versionString: VERSION,
      accessToken,
    });
    expect(readPost.data).toMatchObject({
      author: ORGANIZATION,
      commentary: 'Acme helps teams plan their week.',
      content: { media: { id: image, title: 'Work smarter' } },
      contentLandingPage: 'https://example.com/spring',
      contentCallToActionLabel: 'LEARN_MORE',
      adContext: {
        dscAdAccount: `urn:li:sponsoredAccount:${SEED.usdAccount}`,
        isDsc: true,
        dscAdType: 'STANDARD',
      },
    });

    // Batch reads, as adlink reads the posts of many creatives at once.
    const batch = await sdk.batchGet({
      resourcePath: '/posts',
      ids: [post.id, 'urn:li:share:1'],
      versionString: VERSION,
      accessToken,
    });
    expect(lastCall().headers['x-restli-method']).toBe('batch_get');
    expect(Object.keys(batch.data.results)).toEqual([post.id]);
    expect(batch.data.errors).toMatchObject({ 'urn:li:share:1': { status: 404 } });
    // adlink's batch query is the client's: ids=List(…) of encoded URNs.
    expect(restliQuery({ ids: [post.id] })).toBe(utils.paramEncode({ ids: [post.id] }));

    const creative = await createCreative(creativeBody(newAd('Paused'), post.id));
    expect(creative).toMatchObject({ status: 201, fields: [] });
    expect(creative.id).toMatch(/^urn:li:sponsoredCreative:\d+$/);
    const keys = { ...accountKeys, id: creative.id };
    const read = await sdk.get({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: keys,
      versionString: VERSION,
      accessToken,
    });
    expect(read.data).toMatchObject({
      id: creative.id,
      campaign,
      name: 'Spring image ad',
      intendedStatus: 'PAUSED',
      content: { reference: post.id },
      review: { status: 'PENDING' },
      isServing: false,
      servingHoldReasons: expect.arrayContaining(['STOPPED', 'UNDER_REVIEW']),
    });

    const renamed = await sdk.partialUpdate({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: keys,
      patchSetObject: { name: 'Renamed', intendedStatus: 'ACTIVE' },
      versionString: VERSION,
      accessToken,
    });
    expect(renamed.status).toBe(204);
    await expect(
      sdk.partialUpdate({
        resourcePath: '/adAccounts/{account}/creatives/{id}',
        pathKeys: keys,
        patchSetObject: { content: { reference: post.id } },
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
    // Only a DRAFT creative is deleted; any other goes to PENDING_DELETION.
    await expect(
      sdk.delete({
        resourcePath: '/adAccounts/{account}/creatives/{id}',
        pathKeys: keys,
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
    const pending = await sdk.partialUpdate({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: keys,
      patchSetObject: { intendedStatus: 'PENDING_DELETION' },
      versionString: VERSION,
      accessToken,
    });
    expect(pending.status).toBe(204);

    const draft = await createCreative({
      ...creativeBody(newAd('Paused'), post.id),
      intendedStatus: 'DRAFT',
    });
    const draftKeys = { ...accountKeys, id: draft.id };
    const draftRead = await sdk.get({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: draftKeys,
      versionString: VERSION,
      accessToken,
    });
    expect(draftRead.data).not.toHaveProperty('review');
    const deleted = await sdk.delete({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: draftKeys,
      versionString: VERSION,
      accessToken,
    });
    expect(deleted.status).toBe(204);
    await expect(
      sdk.get({
        resourcePath: '/adAccounts/{account}/creatives/{id}',
        pathKeys: draftKeys,
        versionString: VERSION,
        accessToken,
      }),
    ).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('refuses posts the Post Schema refuses, naming the field', async () => {
    const { image } = await uploadImage(png(1200, 1200));
    const body = postBody(imageAd(image), SEED.usdAccount, ORGANIZATION);
    const without = (field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
    expect(await createPost(without('commentary'))).toMatchObject({ status: 400, fields: ['commentary'] });
    expect(await createPost(without('adContext'))).toMatchObject({
      status: 400,
      fields: ['adContext.dscAdAccount'],
    });
    expect(await createPost({ ...body, contentCallToActionLabel: 'SHOP' })).toMatchObject({
      status: 400,
      fields: ['contentCallToActionLabel'],
    });
    expect(await createPost({ ...body, adContext: { ...body.adContext, isDsc: true } })).toMatchObject({
      status: 400,
      fields: ['adContext.isDsc'],
    });
    expect(
      await createPost({ ...body, content: { media: { id: 'urn:li:image:never-uploaded' } } }),
    ).toMatchObject({
      status: 400,
      fields: ['content.media.id'],
    });
    expect(await createPost({ ...body, author: 'urn:li:organization:1' })).toMatchObject({
      status: 400,
      fields: ['author'],
    });
    expect(await createPost({ ...body, commentary: 'x'.repeat(3001) })).toMatchObject({
      status: 400,
      fields: ['commentary'],
    });
  });

  it("refuses creatives whose post breaks the ad specs or is not by the campaign's organization", async () => {
    const { image } = await uploadImage(png(1200, 627));
    const creativeOf = async (creative: ImageAd, author = ORGANIZATION) => {
      const post = await createPost(postBody(creative, SEED.usdAccount, author));
      expect(post.status).toBe(201);
      return createCreative(creativeBody(newAd('Running'), post.id));
    };
    expect(await creativeOf(imageAd(image, { text: 'x'.repeat(601) }))).toMatchObject({
      status: 400,
      fields: ['content.reference'],
    });
    expect(await creativeOf(imageAd(image, { headline: 'x'.repeat(201) }))).toMatchObject({
      status: 400,
      fields: ['content.reference'],
    });
    // Another organization of the member, but not the one the campaign promotes.
    expect(await creativeOf(imageAd(image), 'urn:li:organization:5090311')).toMatchObject({
      status: 400,
      fields: ['content.reference'],
    });
    const { image: wide } = await uploadImage(png(1600, 600));
    expect(await creativeOf(imageAd(wide))).toMatchObject({ status: 400, fields: ['content.reference'] });
    const post = await createPost(postBody(imageAd(image), SEED.usdAccount, ORGANIZATION));
    expect(
      await createCreative({ ...creativeBody(newAd('Running'), post.id), intendedStatus: 'LIVE' }),
    ).toMatchObject({
      status: 400,
      fields: ['intendedStatus'],
    });
    expect(
      await createCreative({ ...creativeBody(newAd('Running'), post.id), review: { status: 'APPROVED' } }),
    ).toMatchObject({
      status: 400,
      fields: ['review'],
    });
  });

  it('the review control sets a creative’s review, as LinkedIn reports it', async () => {
    const control = (body: object) =>
      fetch(`${emulator.url}/_emulator/linkedin/review`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await control({ creative: '800000002', status: 'REJECTED', rejectionReasons: ['LANDING_PAGE'] }))
        .status,
    ).toBe(200);
    const read = await sdk.get({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: { ...accountKeys, id: 'urn:li:sponsoredCreative:800000002' },
      versionString: VERSION,
      accessToken,
    });
    expect(read.data).toMatchObject({ review: { status: 'REJECTED', rejectionReasons: ['LANDING_PAGE'] } });
    expect((await control({ creative: '800000002', status: 'LIMITED' })).status).toBe(400);
    expect((await control({ creative: '1', status: 'APPROVED' })).status).toBe(404);
  });
});
