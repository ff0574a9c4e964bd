import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, enter, finishVisit, signSession } from '../../../test/support/connect-helpers.js';
import { FlowClient, location } from '../../../test/support/flow-client.js';
import { type Harness, startHarness } from '../../../test/support/harness.js';
import { startReceiver } from '../../../test/support/webhook-receiver.js';
import { type AdlinkClient, createAdlinkClient, verifyRedirectResult, verifyWebhook } from '../src/index.js';

/** The client's checks of what adlink signs: webhooks, redirect results and session tokens, as the server made them. */
describe('verifying what adlink signs', () => {
  let h: Harness;
  let adlink: AdlinkClient;
  let company: Awaited<ReturnType<Harness['company']>>;
  const RETURN = 'https://vendor.example/return';

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Verifying Co');
    adlink = createAdlinkClient({ baseUrl: h.baseUrl, token: company.token });
  });
  afterAll(() => h?.close());

  it('verifies a webhook delivery with its endpoint secret, both secrets after a rotation', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await adlink.POST('/webhook_endpoints', { body: { url: receiver.url } });
      await adlink.POST('/webhook_endpoints/{id}/test', { params: { path: { id: endpoint.id } } });
      const [ping] = receiver.received;
      const header = ping!.headers['adlink-signature'] as string;
      expect(await verifyWebhook(ping!.body, header, endpoint.secret)).toBe(true);
      expect(await verifyWebhook(new TextEncoder().encode(ping!.body), header, endpoint.secret)).toBe(true);
      expect(await verifyWebhook(`${ping!.body} `, header, endpoint.secret)).toBe(false);
      expect(await verifyWebhook(ping!.body, header, 'whsec_another')).toBe(false);
      expect(await verifyWebhook(ping!.body, undefined, endpoint.secret)).toBe(false);
      const later = Date.now() / 1000 + 301;
      expect(await verifyWebhook(ping!.body, header, endpoint.secret, { now: later })).toBe(false);
      expect(
        await verifyWebhook(ping!.body, header, endpoint.secret, { now: later, toleranceSeconds: 600 }),
      ).toBe(true);

      const rotated = await adlink.POST('/webhook_endpoints/{id}/rotate_secret', {
        params: { path: { id: endpoint.id } },
      });
      await adlink.POST('/webhook_endpoints/{id}/test', { params: { path: { id: endpoint.id } } });
      const second = receiver.received[1]!;
      const both = second.headers['adlink-signature'] as string;
      expect(both).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
      expect(await verifyWebhook(second.body, both, rotated.secret)).toBe(true);
      expect(await verifyWebhook(second.body, both, endpoint.secret)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('verifies the signed result a finished connect visit redirects to', async () => {
    await adlink.PUT('/company/settings', {
      body: { redirect_uris: [RETURN], default_redirect_uri: RETURN },
    });
    const { secret } = await adlink.POST('/company/signing_secrets');
    const customer = await adlink.POST('/customers', { body: { name: 'Redirected' } });
    const link = await adlink.GET('/customers/{id}/connect', {
      params: { path: { id: customer.id }, query: { platforms: 'sandbox' } },
    });
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, link.connect_url);
    await connectSandbox(h, browser);
    const finish = await finishVisit(browser);
    const result = new URL(location(finish));
    expect(`${result.origin}${result.pathname}`).toBe(RETURN);
    expect(result.searchParams.get('status')).toBe('success');

    expect(await verifyRedirectResult(result, secret)).toBe(true);
    expect(await verifyRedirectResult(result.href, 'adl_sig_another')).toBe(false);
    const tampered = new URL(result);
    tampered.searchParams.set('status', 'partial');
    expect(await verifyRedirectResult(tampered, secret)).toBe(false);
    expect(await verifyRedirectResult(result, secret, { now: Date.now() / 1000 + 301 })).toBe(false);

    // After a rotation both secrets verify the results signed during the overlap.
    const { secret: next } = await adlink.POST('/company/signing_secrets');
    const again = await adlink.GET('/customers/{id}/connect', {
      params: { path: { id: customer.id }, query: { platforms: 'sandbox' } },
    });
    const second = new FlowClient(h.baseUrl);
    await enter(second, again.connect_url);
    const overlap = new URL(location(await finishVisit(second)));
    expect(overlap.searchParams.get('signature')).toMatch(/^[0-9a-f]{64},[0-9a-f]{64}$/);
    expect(await verifyRedirectResult(overlap, next)).toBe(true);
    expect(await verifyRedirectResult(overlap, secret)).toBe(true);
  });

  it('verifies session tokens against the JWKS, checking issuer, audience and type', async () => {
    const customer = await adlink.POST('/customers', { body: { name: 'Tokened' } });
    const link = await adlink.GET('/customers/{id}/connect', { params: { path: { id: customer.id } } });
    const token = new URL(link.connect_url).searchParams.get('token')!;
    const claims = await adlink.verifySessionToken(token);
    expect(claims).toMatchObject({ sub: customer.id, company: company.id, iss: h.baseUrl });

    // Signed by adlink's key but for another audience, issuer or type: refused.
    const base = { sub: customer.id, company: company.id, jti: 'j1', iss: h.baseUrl, aud: 'adlink:connect' };
    const now = Math.floor(Date.now() / 1000);
    const valid = { ...base, iat: now, exp: now + 600 };
    expect(await adlink.verifySessionToken(await signSession(valid))).toMatchObject({ jti: 'j1' });
    await expect(adlink.verifySessionToken(await signSession({ ...valid, aud: 'other' }))).rejects.toThrow();
    await expect(
      adlink.verifySessionToken(await signSession({ ...valid, iss: 'https://elsewhere.example' })),
    ).rejects.toThrow();
    await expect(adlink.verifySessionToken(await signSession(valid, { typ: 'JWT' }))).rejects.toThrow();
    await expect(
      adlink.verifySessionToken(await signSession({ ...valid, exp: now - 120, iat: now - 900 })),
    ).rejects.toThrow();
    const [head, payload] = token.split('.');
    await expect(adlink.verifySessionToken(`${head}.${payload}.${'A'.repeat(86)}`)).rejects.toThrow();

    // A deployment reached at another address than its PUBLIC_BASE_URL: the issuer is given.
    const inside = createAdlinkClient({
      baseUrl: h.baseUrl.replace('127.0.0.1', 'localhost'),
      token: company.token,
      issuer: h.baseUrl,
    });
    expect(await inside.verifySessionToken(token)).toMatchObject({ sub: customer.id });
  });
});
