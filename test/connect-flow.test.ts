import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyResult } from '../src/connect/result-signature.js';
import { enter, finishVisit, startAt, throughChoice } from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

describe('hosted connection flow with the sandbox platform', () => {
  let h: Harness;
  let company: Awaited<ReturnType<Harness['company']>>;
  const vendorReturn = 'https://vendor.example/adlink/return';
  let signingSecret: string;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Acme Ads Manager');
    const put = await h.http
      .put('/company/settings')
      .set('Authorization', company.auth)
      .send({ redirect_uris: [vendorReturn], default_redirect_uri: vendorReturn });
    expect(put.status).toBe(200);
    const created = await h.http.post('/company/signing_secrets').set('Authorization', company.auth).send({});
    expect(created.status).toBe(201);
    signingSecret = created.body.secret;
  });
  afterAll(() => h.close());

  async function newLink(query = '') {
    const customer = (
      await h.http.post('/customers').set('Authorization', company.auth).send({ name: 'Bakery' })
    ).body;
    const link = await h.http
      .get(`/customers/${customer.id}/connect${query}`)
      .set('Authorization', company.auth);
    expect(link.status).toBe(200);
    return { customer, link: link.body as { connect_url: string; expires_at: string } };
  }

  async function authorizeSandbox(browser: FlowClient, decision: 'allow' | 'deny') {
    const start = await startAt(browser);
    expect(start.status).toBe(303);
    const authorize = location(start);
    expect(authorize.startsWith(`${h.baseUrl}/sandbox/oauth/authorize?`)).toBe(true);
    const consent = await browser.get(authorize);
    const html = await consent.text();
    const fields = FlowClient.formFields(html);
    const accounts = [...html.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
    const answer = await browser.post(`${h.baseUrl}/sandbox/oauth/authorize`, {
      ...fields,
      decision,
      accounts: accounts.slice(0, 2),
    });
    expect(answer.status).toBe(303);
    return browser.get(location(answer));
  }

  it('connects the sandbox and returns to the vendor with a verifiable signed result', async () => {
    const { customer, link } = await newLink();
    expect(link.connect_url).toContain(`${h.baseUrl}/connections?customer=${customer.id}&token=`);
    expect(link.connect_url).toContain(`redirect_uri=${encodeURIComponent(vendorReturn)}`);

    const browser = new FlowClient(h.baseUrl);
    await enter(browser, link.connect_url);
    const overview = await browser.get('/connections');
    const page = await overview.text();
    expect(page).toContain('Acme Ads Manager');
    expect(page).toContain('Sandbox Ads');
    expect(page).toContain('Not connected');

    const callback = await authorizeSandbox(browser, 'allow');
    expect(callback.status).toBe(303);
    const landed = await throughChoice(browser, callback);
    expect(landed).toBe('/connections?connected=sandbox');
    const after = await (await browser.get(landed)).text();
    expect(after).toContain('Connected — ');

    const platforms = await h.http
      .get(`/customers/${customer.id}/platforms`)
      .set('Authorization', company.auth);
    expect(platforms.body.platforms).toEqual(['sandbox']);
    const connections = await h.http
      .get(`/customers/${customer.id}/connections`)
      .set('Authorization', company.auth);
    expect(connections.body.data).toEqual([
      expect.objectContaining({ platform: 'sandbox', status: 'connected', ad_accounts: expect.any(Array) }),
    ]);
    expect(connections.body.data[0].ad_accounts).toHaveLength(2);
    expect(JSON.stringify(connections.body)).not.toMatch(/sbx_(at|rt)_/);

    const done = await browser.get('/connections/done');
    const doneHtml = await done.text();
    expect(doneHtml).toContain(
      '<form class="actions" id="finish" method="post" action="/connections/finish">',
    );
    expect(doneHtml).not.toContain('http-equiv="refresh"');
    const finish = await finishVisit(browser);
    expect(finish.status).toBe(303);
    const result = new URL(location(finish));
    expect(`${result.origin}${result.pathname}`).toBe(vendorReturn);
    expect(result.searchParams.get('status')).toBe('success');
    expect(result.searchParams.get('platforms')).toBe('sandbox');
    expect(result.searchParams.get('customer')).toBe(customer.id);
    expect(result.searchParams.get('id')).toMatch(/^res_[A-Za-z0-9_-]{22}$/);
    expect(verifyResult(signingSecret, result.searchParams)).toBe(true);
    const tampered = new URLSearchParams(result.searchParams);
    tampered.set('status', 'partial');
    expect(verifyResult(signingSecret, tampered)).toBe(false);
  });

  it('shows a friendly page with Try again when the customer denies access', async () => {
    const { link } = await newLink();
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, link.connect_url);
    const denied = await authorizeSandbox(browser, 'deny');
    expect(denied.status).toBe(200);
    const html = await denied.text();
    expect(html).toContain('Connection cancelled');
    expect(html).toContain('action="/connections/sandbox/start"');
    const finish = await finishVisit(browser);
    expect(new URL(location(finish)).searchParams.get('status')).toBe('cancelled');
  });
});
