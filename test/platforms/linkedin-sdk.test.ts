import { RestliClient, utils } from 'linkedin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { SEED } from '../../emulators/linkedin/state.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { linkedinAdapter } from '../../src/platforms/linkedin/adapter.js';
import { createBody } from '../../src/platforms/linkedin/adset-body.js';
import { restliEncode, restliQuery } from '../../src/platforms/linkedin/restli.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { emulatorToken } from '../support/emulator-call.js';

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
