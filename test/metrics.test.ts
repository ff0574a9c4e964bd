import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdSetClient } from './support/adsets-client.js';
import { NEXT_YEAR, ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import { CampaignClient } from './support/campaigns-client.js';
import {
  type Company,
  connectSandbox,
  consent,
  enter,
  finishVisit,
  logRecords,
  newCustomer,
  newLink,
  startSandbox,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { sample } from './support/metrics.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics', () => {
  let h: Harness;
  let company: Company;
  const scrape = async () => {
    const res = await h.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    h = await startHarness({ env: { METRICS_TOKEN } });
    company = await vendorWith(h, 'Metrics Co', ['https://vendor.example/back']);
  });
  afterAll(() => h.close());

  it('is the Prometheus text format, only with the metrics token', async () => {
    const missing = await h.http.get('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('missing_token');
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer /);
    const wrong = await h.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_token');
    const companyToken = await h.http.get('/metrics').set('Authorization', company.auth);
    expect(companyToken.status).toBe(401);

    const res = await h.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('# TYPE adlink_http_request_duration_seconds histogram');
    expect(res.text).toContain('# TYPE adlink_process_cpu_seconds_total counter');
  });

  it('is open without METRICS_TOKEN, and each app counts in its own registry', async () => {
    const open = await startHarness({ backend: 'memory' });
    try {
      const res = await open.http.get('/metrics');
      expect(res.status).toBe(200);
      // This app served nothing before: the other app's requests are not in its registry.
      expect(sample(res.text, 'adlink_http_request_duration_seconds_count', { route: '/customers' })).toBe(0);
    } finally {
      await open.close();
    }
  });

  it('labels requests by route template, never by id, and logs the template and customer', async () => {
    const customer = await newCustomer(h, company);
    expect((await h.http.get(`/customers/${customer}`).set('Authorization', company.auth)).status).toBe(200);
    const text = await scrape();
    expect(
      sample(text, 'adlink_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/customers/:id',
        status: '200',
      }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'adlink_http_request_duration_seconds_count', { route: '/customers', status: '201' }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(customer);
    expect(text).not.toContain(company.id);
    const line = logRecords(h).find((r) => r.msg === 'request' && r.path === `/customers/${customer}`);
    expect(line).toMatchObject({ route: '/customers/:id', company: company.id, customer, status: 200 });
    expect(line?.request_id).toMatch(/^req_/);
  });

  it('counts the connect funnel through a real visit, a denial included', async () => {
    const before = await scrape();
    const customer = await newCustomer(h, company);
    const link = await newLink(h, company, customer, { redirect_uri: 'https://vendor.example/back' });
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, link.connect_url);
    const denied = await browser.get(
      (await consent(h, browser, await startSandbox(h, browser), 'deny')).href,
    );
    expect(denied.status).toBe(200);
    await connectSandbox(h, browser);
    const finished = await finishVisit(browser);
    expect(finished.status).toBe(303);
    expect(location(finished)).toMatch(/^https:\/\/vendor\.example\/back\?/);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('adlink_connect_links_issued_total')).toBe(1);
    expect(moved('adlink_connect_links_opened_total')).toBe(1);
    expect(moved('adlink_connect_authorizations_started_total', { platform: 'sandbox' })).toBe(2);
    expect(
      moved('adlink_connect_authorization_results_total', {
        platform: 'sandbox',
        outcome: 'denied',
        error_code: 'access_denied',
      }),
    ).toBe(1);
    expect(
      moved('adlink_connect_authorization_results_total', {
        platform: 'sandbox',
        outcome: 'succeeded',
        error_code: 'none',
      }),
    ).toBe(1);
    // Connecting after the denial makes the visit a success.
    expect(moved('adlink_connect_visits_completed_total', { status: 'success' })).toBe(1);
    expect(moved('adlink_connect_redirects_delivered_total', { status: 'success' })).toBe(1);
    expect(
      sample(after, 'adlink_http_request_duration_seconds_count', {
        route: '/connections/oauth/:platform/callback',
        status: '303',
      }),
    ).toBeGreaterThan(0);
    expect(after).not.toContain(customer);
  });

  it('measures platform API calls and Redis commands after a live ad-set read', async () => {
    const before = await scrape();
    const customer = await newCustomer(h, company);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer)).connect_url);
    await connectSandbox(h, browser);
    const live = await new AdSetClient(h, company, customer).list({ dismissDatabase: 'true' });
    expect(live.status).toBe(200);

    const after = await scrape();
    const calls = (operation: string) =>
      sample(after, 'adlink_platform_call_duration_seconds_count', {
        platform: 'sandbox',
        operation,
        outcome: 'ok',
      }) -
      sample(before, 'adlink_platform_call_duration_seconds_count', {
        platform: 'sandbox',
        operation,
        outcome: 'ok',
      });
    expect(calls('listAdAccounts')).toBeGreaterThan(0);
    expect(calls('listAdSets')).toBeGreaterThan(0);
    expect(sample(after, 'adlink_redis_command_duration_seconds_count')).toBeGreaterThan(
      sample(before, 'adlink_redis_command_duration_seconds_count'),
    );
    expect(sample(after, 'adlink_redis_command_errors_total')).toBe(0);

    const logged = logRecords(h).find((r) => r.msg === 'platform call' && r.operation === 'listAdSets');
    expect(logged).toMatchObject({ platform: 'sandbox', method: 'GET', status: 200, outcome: 'ok' });
    expect(typeof logged?.ms).toBe('number');
  });
});

describe('platform call metrics: the operation of each resource method', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;

  beforeAll(async () => {
    h = await startHarness({ env: { METRICS_TOKEN } });
    company = await h.company('Operations Vendor');
    s = await sandboxScenario(h, company, 'Operations Bakery');
  });
  afterAll(() => h?.close());

  it('names ad-set calls and campaign lists as their flat methods did, the others <resource>.<method>', async () => {
    const scrape = async () =>
      (await h.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
    const before = await scrape();
    const nextYear = (day: string) => `${NEXT_YEAR}-${day}T00:00:00+01:00`;
    const settings = [
      { kind: 'DailyBudget', budget: 12.5, currency: 'EUR' },
      { kind: 'Runtime', start: nextYear('01-15'), end: nextYear('02-15') },
    ];
    const campaigns = new CampaignClient(h, company, s.client.customer);
    ok(await s.client.campaigns({ platform: 'sandbox' }));
    const campaign = ok<{ id: string }>(
      await campaigns.create({
        name: 'Observed',
        advertiser: s.eur.id,
        objective: 'TRAFFIC',
        channelKind: 'Search',
        settings,
      }),
      201,
    );
    ok(await campaigns.put(campaign.id, { name: 'Observed again' }));
    ok(await s.client.list({ dismissDatabase: 'true' }));
    const adSet = ok<{ id: string }>(
      await s.client.create({
        name: 'Observed ad set',
        advertiser: s.eur.id,
        parentId: campaign.id,
        channelKind: 'Search',
        settings,
        targetings: [],
      }),
      201,
    );
    ok(await s.client.get(adSet.id, { dismissDatabase: 'true' }));
    ok(await s.client.put(adSet.id, { name: 'Observed ad set again' }));
    ok(await s.client.delete(adSet.id));
    ok(await campaigns.delete(campaign.id));
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    ok(
      await h.http
        .get('/reports')
        .query({ customer: s.client.customer, level: 'campaign', from: day(-9), to: day(-3) })
        .set('Authorization', company.auth),
    );

    const after = await scrape();
    const calls = (text: string, operation: string) =>
      sample(text, 'adlink_platform_call_duration_seconds_count', {
        platform: 'sandbox',
        operation,
        outcome: 'ok',
      });
    const operations = [
      'listCampaigns',
      'listAdSets',
      'getAdSet',
      'createAdSet',
      'updateAdSet',
      'deleteAdSet',
      'campaigns.get',
      'campaigns.create',
      'campaigns.update',
      'campaigns.delete',
      'reports.start',
    ];
    const made = operations.filter((operation) => calls(after, operation) > calls(before, operation));
    expect(made).toEqual(operations);
  });
});
