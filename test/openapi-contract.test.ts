import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/openapi/document.js';
import { type Operation, openApiPath } from '../src/openapi/operation.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { png } from './support/images.js';
import { type Doc, type DocResponse, documentValidator } from './support/openapi.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { directGrant } from './support/sandbox-direct.js';

/**
 * Real answers of the running app against the OpenAPI document: each request goes to a documented
 * operation, and its answer must be one of that operation's documented statuses, with a body of the
 * documented shape (strict: no undocumented field) and the documented required headers. At the end
 * every operation has answered successfully at least once.
 */

type Json = Record<string, unknown>;
interface Call {
  path?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
  /** A file part of the multipart body. */
  file?: { field: string; bytes: Buffer; name: string };
  raw?: { type: string; body: string };
  headers?: Record<string, string>;
  auth?: string | null;
}

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const byId = new Map(OPERATIONS.map((op) => [op.operationId, op]));

describe('real answers match the OpenAPI document', () => {
  let h: Harness;
  let company: Company;
  let customer: string;
  const { doc, schemaAt, operationAt } = documentValidator();
  const answered = new Map<string, Set<number>>();

  beforeAll(async () => {
    // Short enough that a delayed report answers 202 quickly.
    h = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '2000' } });
    company = await h.company('Contract Vendor');
    customer = await sandboxCustomer(h, company, 'Contract Bakery');
  });

  afterAll(async () => {
    await h?.close();
  });

  function requiredHeaders(response: DocResponse): string[] {
    return Object.entries(response.headers ?? {})
      .filter(([, { $ref }]) => (doc as Doc).components.headers[$ref.split('/').pop()!]?.required)
      .map(([name]) => name.toLowerCase());
  }

  /** Calls the operation and checks the answer against the document; returns its status and body. */
  async function call(
    operationId: string,
    c: Call = {},
  ): Promise<{ status: number; body: Json; headers: Json }> {
    const op = byId.get(operationId) as Operation;
    const url =
      op.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(c.path?.[name] ?? '')) +
      (c.query ? `?${new URLSearchParams(c.query)}` : '');
    let req = h.http[op.method](url).set(c.headers ?? {});
    const auth = c.auth === undefined ? company.auth : c.auth;
    if (auth !== null) req = req.set('Authorization', auth);
    if (c.json !== undefined) req = req.send(c.json as object);
    if (c.form) req = req.type('form').send(c.form);
    if (c.raw) req = req.set('Content-Type', c.raw.type).send(c.raw.body);
    for (const [name, value] of Object.entries(c.multipart ?? {})) req = req.field(name, value);
    if (c.file) req = req.attach(c.file.field, c.file.bytes, c.file.name);
    const res = await req;

    const at = operationAt(op.method, op.path);
    const documented = doc.paths[openApiPath(op.path)]![op.method]!.responses[String(res.status)];
    const what = `${op.method.toUpperCase()} ${url} → ${res.status} ${res.text}`;
    expect(documented, `undocumented status: ${what}`).toBeDefined();
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    const validate = schemaAt(`${at}/responses/${res.status}/content/application~1json/schema`);
    expect(validate(res.body) ? [] : validate.errors, what).toEqual([]);
    for (const header of requiredHeaders(documented!))
      expect(res.headers[header], `${header}: ${what}`).toBeDefined();
    answered.set(operationId, (answered.get(operationId) ?? new Set()).add(res.status));
    return { status: res.status, body: res.body as Json, headers: res.headers as Json };
  }

  const expectStatus = async (status: number, operationId: string, c?: Call) => {
    const res = await call(operationId, c);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };

  it('customers, with idempotency and the errors every endpoint shares', async () => {
    const key = { 'Idempotency-Key': 'contract-1' };
    const created = await expectStatus(201, 'createCustomer', { json: { name: 'Scratch' }, headers: key });
    const replay = await call('createCustomer', { json: { name: 'Scratch' }, headers: key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await expectStatus(422, 'createCustomer', { json: { name: 'Other' }, headers: key });
    await expectStatus(400, 'createCustomer', { json: { name: 'x' }, headers: { 'Idempotency-Key': '' } });
    await expectStatus(400, 'createCustomer', { json: { name: '' } });
    await expectStatus(400, 'createCustomer', { json: { name: 'x', extra: 1 } });
    await expectStatus(400, 'createCustomer', { raw: { type: 'application/json', body: '{' } });
    await expectStatus(415, 'createCustomer', { raw: { type: 'text/plain', body: 'name' } });
    await expectStatus(413, 'createCustomer', { json: { name: 'x'.repeat(200_000) } });
    await expectStatus(401, 'createCustomer', { json: { name: 'x' }, auth: null });
    await expectStatus(401, 'createCustomer', { json: { name: 'x' }, auth: 'Bearer adl_live_nope' });

    await expectStatus(200, 'listCustomers', { query: { limit: '1' } });
    await expectStatus(400, 'listCustomers', { query: { limit: '0' } });
    await expectStatus(400, 'listCustomers', { query: { page: '2' } });
    await expectStatus(404, 'listCustomers', { query: { starting_after: 'nobody' } });
    await expectStatus(200, 'getCustomer', { path: { id: customer } });
    await expectStatus(404, 'getCustomer', { path: { id: '0b6c7f3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f' } });
    await expectStatus(200, 'getCustomerPlatforms', { path: { id: customer } });
    await expectStatus(200, 'deleteCustomer', { path: { id: created.id as string } });
  });

  it('connect links, introspection, connections and attempts', async () => {
    const link = await expectStatus(200, 'createConnectLink', {
      path: { id: customer },
      query: { platforms: 'sandbox', expires_in: '600', locale: 'de' },
    });
    await expectStatus(400, 'createConnectLink', { path: { id: customer }, query: { expires_in: '5' } });
    await expectStatus(400, 'createConnectLink', {
      path: { id: customer },
      query: { redirect_uri: 'https://elsewhere.example/' },
    });
    const token = new URL(link.connect_url as string).searchParams.get('token')!;
    const active = await expectStatus(200, 'introspectSessionToken', { form: { token } });
    expect(active.active).toBe(true);
    await expectStatus(200, 'introspectSessionToken', { json: { token: 'not-a-token' } });
    await expectStatus(200, 'getJwks', { auth: null });
    await expectStatus(200, 'revokeConnectLinks', { path: { id: customer } });

    const connections = await expectStatus(200, 'listConnections', { path: { id: customer } });
    const accounts = (connections.data as { ad_accounts: { id: string }[] }[])[0]!.ad_accounts.map(
      (a) => a.id,
    );
    const sandbox = { id: customer, platform: 'sandbox' };
    await expectStatus(200, 'chooseAdAccounts', {
      path: sandbox,
      json: { advertisers: accounts.slice(0, 1) },
    });
    await expectStatus(200, 'chooseAdAccounts', { path: sandbox, json: { advertisers: accounts } });
    await expectStatus(400, 'chooseAdAccounts', { path: sandbox, json: { advertisers: ['act_nope'] } });
    await expectStatus(404, 'chooseAdAccounts', {
      path: { id: customer, platform: 'meta' },
      json: { advertisers: ['x'] },
    });
    await expectStatus(404, 'chooseAdAccounts', {
      path: { id: 'own', platform: 'sandbox' },
      json: { advertisers: ['x'] },
    });
    await expectStatus(400, 'deleteCustomer', { path: { id: 'own' } });
    await expectStatus(200, 'getCustomer', { path: { id: 'own' } });
    await expectStatus(404, 'disconnectPlatform', { path: { id: customer, platform: 'meta' } });
    await expectStatus(404, 'disconnectPlatform', { path: { id: customer, platform: 'nope' } });
    const attempts = await expectStatus(200, 'listConnectAttempts', { query: { customer, limit: '5' } });
    expect((attempts.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('access tokens, and what they are refused', async () => {
    const made = await expectStatus(201, 'createAccessToken', {
      path: { id: customer },
      json: { scope: 'read', expires_in: 3600 },
    });
    await expectStatus(400, 'createAccessToken', { path: { id: customer }, json: { scope: 'all' } });
    await expectStatus(404, 'createAccessToken', {
      path: { id: '0b6c7f3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f' },
      json: { scope: 'read' },
    });
    await expectStatus(200, 'listAccessTokens', { path: { id: customer }, query: { limit: '1' } });
    await expectStatus(400, 'listAccessTokens', { path: { id: customer }, query: { cursor: 'x' } });
    const auth = `Bearer ${made.token as string}`;
    await expectStatus(200, 'listAdSets', { path: { platform: 'sandbox' }, auth });
    await expectStatus(200, 'getCustomer', { path: { id: customer }, auth });
    await expectStatus(403, 'getCustomer', { path: { id: '0b6c7f3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f' }, auth });
    await expectStatus(403, 'listCampaigns', {
      query: { customer: '0b6c7f3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f' },
      auth,
    });
    await expectStatus(403, 'createConnectLink', { path: { id: customer }, auth });
    await expectStatus(403, 'listCustomers', { auth });
    await expectStatus(403, 'listAccessTokens', { path: { id: customer }, auth });
    await expectStatus(404, 'revokeAccessToken', { path: { id: customer, token_id: 'atok_missing' } });
    await expectStatus(200, 'revokeAccessToken', { path: { id: customer, token_id: made.id as string } });
    await expectStatus(401, 'listAdSets', { path: { platform: 'sandbox' }, auth });
  });

  it('company settings and signing secrets', async () => {
    const settings = { redirect_uris: ['https://app.example.com/return'], default_redirect_uri: null };
    await expectStatus(200, 'putCompanySettings', { json: settings });
    await expectStatus(400, 'putCompanySettings', { json: { redirect_uris: ['http://example.com/'] } });
    await expectStatus(200, 'getCompanySettings');
    await expectStatus(201, 'createSigningSecret');
    await expectStatus(201, 'createSigningSecret', { json: {} });
    await expectStatus(200, 'listSigningSecrets');
  });

  it('ad sets in every body encoding, advertisers and campaigns', async () => {
    const scope = { customer };
    const advertisers = await expectStatus(200, 'listAdvertisers', {
      path: { platform: 'sandbox' },
      query: scope,
    });
    const account = (advertisers.data as Json[])[0]!;
    const campaigns = await expectStatus(200, 'listCampaigns', { query: { customer, platform: 'sandbox' } });
    const campaign = (campaigns.data as Json[]).find(
      (c) => c.advertiser === account.id && c.channelKind === 'Search' && c.status === 'Running',
    )!;
    const body = {
      name: 'Contract',
      advertiser: account.id as string,
      parentId: campaign.id as string,
      channelKind: 'Search',
      settings: [{ kind: 'DailyBudget', budget: 12.5, currency: account.currency }],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['sourdough'] }],
    };
    const asForm = {
      ...body,
      settings: JSON.stringify(body.settings),
      targetings: JSON.stringify(body.targetings),
    };
    const onSandbox = { path: { platform: 'sandbox' }, query: scope };
    const created = await expectStatus(201, 'createAdSet', { ...onSandbox, json: body });
    await expectStatus(201, 'createAdSet', { ...onSandbox, form: asForm });
    await expectStatus(201, 'createAdSet', { ...onSandbox, multipart: asForm });
    await expectStatus(400, 'createAdSet', { ...onSandbox, json: { ...body, channelKind: 'Radio' } });

    const id = { platform: 'sandbox', id: created.id as string };
    await expectStatus(200, 'listAdSets', {
      ...onSandbox,
      query: { customer, childResources: 'Ad,Targeting' },
    });
    await expectStatus(200, 'listAdSets', {
      ...onSandbox,
      query: { customer, dismissDatabase: 'true', limit: '1' },
    });
    await expectStatus(200, 'getAdSet', { path: id, query: { customer, childResources: 'Ad,Targeting' } });
    await expectStatus(200, 'updateAdSet', { path: id, query: scope, form: { status: 'Running' } });
    const year = new Date().getUTCFullYear() + 1;
    const changes = {
      settings: [
        { kind: 'DailyBudget', budget: 20, currency: account.currency },
        { kind: 'Runtime', start: `${year}-01-15T00:00:00Z`, end: `${year}-02-15T00:00:00+01:00` },
      ],
      targetings: [{ kind: 'KeywordTargeting', keywords: [] }],
    };
    await expectStatus(200, 'updateAdSet', { path: id, query: scope, json: changes });
    await expectStatus(200, 'updateAdSet', {
      path: id,
      query: scope,
      multipart: { settings: JSON.stringify(changes.settings) },
    });
    await expectStatus(400, 'updateAdSet', { path: id, query: scope, json: { settings: [] } });
    await expectStatus(200, 'listAdSets', {
      ...onSandbox,
      query: { customer, campaignId: campaign.id as string },
    });
    await expectStatus(200, 'deleteAdSet', { path: id, query: scope });
    await expectStatus(404, 'getAdSet', { path: { platform: 'sandbox', id: 'missing' }, query: scope });
    await expectStatus(404, 'listAdSets', { path: { platform: 'nope' }, query: scope });
    await expectStatus(409, 'listAdSets', { path: { platform: 'meta' }, query: scope });

    const year2 = new Date().getUTCFullYear() + 1;
    const newCampaign = {
      name: 'Contract campaign',
      advertiser: account.id as string,
      objective: 'TRAFFIC',
      channelKind: 'Search',
      settings: [
        { kind: 'DailyBudget', budget: 30, currency: account.currency },
        { kind: 'Runtime', start: `${year2}-01-15T00:00:00Z` },
      ],
    };
    const madeCampaign = await expectStatus(201, 'createCampaign', { ...onSandbox, json: newCampaign });
    await expectStatus(201, 'createCampaign', {
      ...onSandbox,
      form: { ...newCampaign, settings: JSON.stringify(newCampaign.settings) },
    });
    await expectStatus(400, 'createCampaign', { ...onSandbox, json: { ...newCampaign, objective: 'NOPE' } });
    await expectStatus(200, 'listPlatformCampaigns', {
      ...onSandbox,
      query: { customer, dismissDatabase: 'true' },
    });
    const campaignId = { platform: 'sandbox', id: madeCampaign.id as string };
    await expectStatus(200, 'getCampaign', { path: campaignId, query: scope });
    await expectStatus(200, 'updateCampaign', {
      path: campaignId,
      query: scope,
      json: { settings: [{ kind: 'DailyBudget', budget: 35, currency: account.currency }] },
    });
    await expectStatus(200, 'deleteCampaign', { path: campaignId, query: scope });

    const week = { from: dayBefore(9), to: dayBefore(3) };
    const report = await expectStatus(200, 'getReport', { query: { customer, level: 'ad', ...week } });
    const reported = (report.data as Json[])[0]!;
    await expectStatus(400, 'getReport', { query: { customer, level: 'ad', from: week.to, to: week.from } });
    await expectStatus(200, 'getAdSetReport', {
      path: { platform: 'sandbox', id: reported.adsetId as string },
      query: { ...scope, ...week, level: 'ad' },
    });
    await expectStatus(200, 'getCampaignReport', {
      path: { platform: 'sandbox', id: reported.campaignId as string },
      query: { ...scope, ...week },
    });
    await expectStatus(404, 'getReportRun', { path: { id: 'rpt_missing' }, query: scope });
    await expectStatus(404, 'getCampaign', { path: { platform: 'sandbox', id: 'missing' }, query: scope });

    await expectStatus(200, 'disconnectPlatform', { path: { id: customer, platform: 'sandbox' } });
  });

  it('ads, their images and identities', async () => {
    const customer = await sandboxCustomer(h, company, 'Ads Bakery');
    const onSandbox = { path: { platform: 'sandbox' }, query: { customer } };
    const advertisers = await expectStatus(200, 'listAdvertisers', onSandbox);
    const account = (advertisers.data as Json[])[0]!;
    const list = await expectStatus(200, 'listAdSets', {
      ...onSandbox,
      query: { customer, status: 'Paused' },
    });
    const adSet = (list.data as Json[]).find((a) => a.advertiser === account.id)!;
    const file = { field: 'file', bytes: png(1200, 628), name: 'spring.png' };
    const image = await expectStatus(201, 'uploadMedia', {
      ...onSandbox,
      multipart: { advertiser: account.id as string },
      file,
    });
    await expectStatus(200, 'uploadMedia', {
      ...onSandbox,
      multipart: { advertiser: account.id as string },
      file,
    });
    await expectStatus(400, 'uploadMedia', {
      ...onSandbox,
      multipart: { advertiser: account.id as string },
      file: { ...file, bytes: png(1200, 100) },
    });
    const forAccount = { ...onSandbox, query: { customer, advertiser: account.id as string } };
    await expectStatus(200, 'listMedia', forAccount);
    await expectStatus(200, 'listIdentities', forAccount);
    const creative = { kind: 'ImageAd', media: image.id, headline: 'Spring', url: 'https://bakery.example' };
    const body = { name: 'Contract ad', adSetId: adSet.id as string, creative };
    const created = await expectStatus(201, 'createAd', { ...onSandbox, json: body });
    await expectStatus(201, 'createAd', {
      ...onSandbox,
      form: { ...body, creative: JSON.stringify(creative) },
    });
    await expectStatus(400, 'createAd', {
      ...onSandbox,
      json: { ...body, creative: { ...creative, headline: 'x'.repeat(41) } },
    });
    await expectStatus(200, 'listAds', { ...onSandbox, query: { customer, adSetId: adSet.id as string } });
    const id = { platform: 'sandbox', id: created.id as string };
    await expectStatus(200, 'getAd', { path: id, query: { customer, dismissDatabase: 'true' } });
    await expectStatus(404, 'getAd', { path: { ...id, id: 'ad_nope' }, query: { customer } });
    await expectStatus(200, 'updateAd', { path: id, query: { customer }, json: { name: 'Renamed' } });
    await expectStatus(200, 'deleteAd', { path: id, query: { customer } });
  });

  it('audiences, their members and a members job', async () => {
    const customer = await sandboxCustomer(h, company, 'Audience Bakery');
    const onSandbox = { path: { platform: 'sandbox' }, query: { customer } };
    const account = ((await expectStatus(200, 'listAdvertisers', onSandbox)).data as Json[])[0]!;
    const created = await expectStatus(201, 'createAudience', {
      ...onSandbox,
      json: { name: 'Contract list', advertiser: account.id as string },
    });
    await expectStatus(400, 'createAudience', {
      ...onSandbox,
      json: { name: '', advertiser: account.id as string },
    });
    await expectStatus(200, 'listAudiences', {
      ...onSandbox,
      query: { customer, advertiser: account.id as string },
    });
    const id = { platform: 'sandbox', id: created.id as string };
    await expectStatus(200, 'getAudience', { path: id, query: { customer } });
    await expectStatus(404, 'getAudience', { path: { ...id, id: 'aud_nope' }, query: { customer } });
    await expectStatus(200, 'updateAudience', { path: id, query: { customer }, json: { name: 'Renamed' } });
    const members = { emails: ['ann@example.com', 'no'], phones: ['+49 30 1234567'] };
    await expectStatus(200, 'addAudienceMembers', { path: id, query: { customer }, json: members });
    await expectStatus(400, 'addAudienceMembers', { path: id, query: { customer }, json: {} });
    const many = { emails: Array.from({ length: 2500 }, (_, i) => `p${i}@example.com`) };
    const job = await expectStatus(202, 'addAudienceMembers', { path: id, query: { customer }, json: many });
    await expectStatus(200, 'getAudienceJob', {
      path: { ...id, job: job.id as string },
      query: { customer },
    });
    await expectStatus(200, 'removeAudienceMembers', { path: id, query: { customer }, json: members });
    await expectStatus(200, 'deleteAudience', { path: id, query: { customer } });
  });

  it('events and webhook endpoints', async () => {
    const events = await expectStatus(200, 'listEvents', { query: { customer, limit: '5' } });
    const [first] = events.data as Json[];
    await expectStatus(200, 'getEvent', { path: { id: first!.id as string } });
    await expectStatus(404, 'getEvent', { path: { id: 'evt_missing' } });

    const created = await expectStatus(201, 'createWebhookEndpoint', {
      json: { url: `${h.baseUrl}/webhook-receiver`, events: ['connection.created'] },
    });
    await expectStatus(400, 'createWebhookEndpoint', { json: { url: 'ftp://example.com/' } });
    const id = { id: created.id as string };
    await expectStatus(200, 'listWebhookEndpoints');
    await expectStatus(200, 'getWebhookEndpoint', { path: id });
    await expectStatus(200, 'updateWebhookEndpoint', { path: id, json: { enabled: false } });
    await expectStatus(200, 'rotateWebhookSecret', { path: id });
    const ping = await expectStatus(200, 'testWebhookEndpoint', { path: id });
    await expectStatus(202, 'resendWebhookDelivery', { path: { ...id, delivery: ping.id as string } });
    await expectStatus(404, 'resendWebhookDelivery', { path: { ...id, delivery: 'dlv_missing' } });
    await expectStatus(200, 'listWebhookDeliveries', { path: id });
    await expectStatus(200, 'deleteWebhookEndpoint', { path: id });
    await expectStatus(404, 'getWebhookEndpoint', { path: id });
  });

  it('service endpoints', async () => {
    await expectStatus(200, 'getLiveness', { auth: null });
    await expectStatus(200, 'getReadiness', { auth: null });
    await expectStatus(200, 'getOpenApiDocument', { auth: null });
    for (const id of ['getLiveness', 'getReadiness', 'getOpenApiDocument', 'getJwks'])
      await expectStatus(400, id, { auth: null, query: { v: '2' } });
    const polluting = Object.fromEntries([['__proto__', '1']]);
    await expectStatus(400, 'getCompanySettings', { query: polluting });
    await expectStatus(400, 'getLiveness', { auth: null, query: polluting });
  });

  it('a report a platform is still preparing: 202, then the report at its id', async () => {
    const patient = await sandboxCustomer(h, company, 'Patient Bakery');
    const grant = await directGrant(h, patient);
    await grant.api.expect(200, 'PUT', '/_test/report_delay', { delay_ms: 2_500 });
    const week = { from: dayBefore(9), to: dayBefore(3) };
    const running = await expectStatus(202, 'getReport', {
      query: { customer: patient, level: 'ad', ...week },
    });
    await expectStatus(200, 'getReportRun', {
      path: { id: running.id as string },
      query: { customer: patient },
    });
  });

  it('has seen every documented operation succeed', () => {
    const missing = OPERATIONS.filter(
      (op) => ![...(answered.get(op.operationId) ?? [])].some((status) => status < 300),
    ).map((op) => op.operationId);
    expect(missing).toEqual([]);
  });
});
