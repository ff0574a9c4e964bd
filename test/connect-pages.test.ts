import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  callbackWith,
  connectSandbox,
  cspDirectives,
  enter,
  expectFlowHeaders,
  expectOnlyNoncedScripts,
  finishVisit,
  foreignUrls,
  heading,
  linkParts,
  newCustomer,
  newLink,
  reachCallback,
  redeem,
  sandboxIssuer,
  signSession,
  startAt,
  startSandbox,
  sweepTtls,
  vendorWith,
  withParam,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

const RETURN = 'https://vendor.example/return';
const EVIL_COMPANY = '"><script>alert(1)</script>';
const EVIL_CUSTOMER = '<img src=x onerror=alert(1)>';

interface Seen {
  name: string;
  res: Response;
  html: string;
}

/**
 * Security plan 1.8, 1.11, 2.18, 2.28, 2.31: every page and redirect of the hosted flow, the sandbox's
 * consent page included, with its headers and its HTML checked.
 */
describe('hosted flow pages', () => {
  let h: Harness;
  let acme: Company;
  const pages: Seen[] = [];
  const redirects: Seen[] = [];

  async function capture(name: string, res: Response, status: number) {
    const html = await res.text();
    expect(res.status, `${name}: ${html.slice(0, 300)}`).toBe(status);
    (status >= 300 && status < 400 ? redirects : pages).push({ name, res, html });
    return html;
  }

  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, 'Acme Ads', [RETURN], RETURN);
    const customer = await newCustomer(h, acme);
    const link = await newLink(h, acme, customer);
    const browser = new FlowClient(h.baseUrl);

    await capture('landing', await browser.get(link.connect_url), 200);
    await capture('redeem', await redeem(browser, link), 303);
    await capture('overview', await browser.get('/connections'), 200);
    const authorize = await startAt(browser);
    await capture('start', authorize, 303);
    await capture('sandbox consent', await browser.get(location(authorize)), 200);
    await capture(
      'sandbox error',
      await browser.get(
        `${sandboxIssuer(h)}/oauth/authorize?client_id=adlink&redirect_uri=https://evil.example/`,
      ),
      400,
    );
    const pending = await reachCallback(h, browser);
    await capture('callback', await browser.get(pending.url.href), 303);
    await capture('overview after connecting', await browser.get('/connections?connected=sandbox'), 200);
    const denied = await reachCallback(h, browser);
    await capture(
      'callback: denied',
      await browser.get(callbackWith(denied.url, { code: null, error: 'access_denied' })),
      200,
    );
    const failed = await reachCallback(h, browser);
    await capture('callback: failed', await browser.get(callbackWith(failed.url, { code: 'tampered' })), 502);
    await capture('callback: bad state', await browser.get(pending.url.href), 400);
    await capture('done', await browser.get('/connections/done'), 200);
    await capture('link used', await new FlowClient(h.baseUrl).get(link.connect_url), 410);
    await capture('link invalid', await browser.get(withParam(link.connect_url, 'token', 'x.y.z')), 400);
    const { claims } = linkParts(link);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signSession({ ...claims, iat: now - 1000, exp: now - 100 });
    await capture('link expired', await browser.get(withParam(link.connect_url, 'token', expired)), 410);
    await capture(
      'redirect not allowed',
      await browser.get(withParam(link.connect_url, 'redirect_uri', 'https://evil.example/')),
      400,
    );
    await capture('no session', await new FlowClient(h.baseUrl).get('/connections'), 401);
    await capture(
      'forbidden',
      await browser.post('/connections/session', {}, { Origin: 'https://evil.example' }),
      403,
    );
    await capture('unknown platform', await browser.post('/connections/nope/start', {}), 404);
    await capture('not found', await browser.get('/connections/nothing/here'), 404);
    await capture('method not allowed', await browser.request('/connections', { method: 'PUT' }), 405);
    await capture('finish', await finishVisit(browser), 303);
  });
  afterAll(() => h.close());

  it('covers the pages it means to', () => {
    expect(pages.map((p) => p.name)).toEqual([
      'landing',
      'overview',
      'sandbox consent',
      'sandbox error',
      'overview after connecting',
      'callback: denied',
      'callback: failed',
      'callback: bad state',
      'done',
      'link used',
      'link invalid',
      'link expired',
      'redirect not allowed',
      'no session',
      'forbidden',
      'unknown platform',
      'not found',
      'method not allowed',
    ]);
    expect(redirects.map((p) => p.name)).toEqual(['redeem', 'start', 'callback', 'finish']);
  });

  it('sends CSP (nonce scripts, no framing, no base, no plugins), no-store, no-referrer and DENY on every page', () => {
    const nonces = new Set<string>();
    for (const { name, res, html } of pages) {
      try {
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expectFlowHeaders(res.headers, { page: true });
        expectOnlyNoncedScripts(html, res.headers);
        const formAction = cspDirectives(res.headers).get('form-action') ?? [];
        expect(formAction[0]).toBe("'self'");
        // The Done page's form is answered with a redirect to the vendor, so its origin is allowed there only.
        const allowed = name === 'done' ? [h.baseUrl, new URL(RETURN).origin] : [h.baseUrl];
        for (const source of formAction.slice(1)) expect(allowed).toContain(source);
        expect(cspDirectives(res.headers).get('default-src')).toEqual(["'none'"]);
        expect(html).toContain('<meta name="referrer" content="no-referrer">');
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
      nonces.add(cspDirectives(res.headers).get('script-src')!.join(' '));
    }
    expect(nonces.size).toBe(pages.length);
  });

  it('sends the same protective headers on every redirect, and never a 302/307/308', () => {
    for (const { name, res } of redirects) {
      try {
        expect(res.status).toBe(303);
        expectFlowHeaders(res.headers, { page: false });
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
  });

  it('links nowhere outside our origin (no third-party content to leak code or state)', () => {
    for (const { name, html } of pages) expect(foreignUrls(html, h.baseUrl), name).toEqual([]);
    // The check itself finds what it should.
    expect(
      foreignUrls(
        '<a href="https://evil.example/x"><img src="//cdn.example/a.png"><form action="javascript:x"><a href="/ok">',
        h.baseUrl,
      ),
    ).toEqual(['https://evil.example/x', '//cdn.example/a.png', 'javascript:x']);
  });

  it('shows no stack trace or internal detail on any error page', () => {
    for (const { name, res, html } of pages.filter((p) => p.res.status >= 400)) {
      expect(html, name).not.toMatch(/\n\s+at |node_modules|\/src\/|Error:|ECONN|invalid_grant/);
      expect(heading(html), name).not.toBe('');
      expect(res.headers.getSetCookie(), name).toEqual([]);
    }
  });
});

describe('hostile names on the hosted pages (security plan 2.18)', () => {
  let h: Harness;
  afterAll(() => h?.close());

  it('renders a hostile company and customer name as text on every page', async () => {
    h = await startHarness();
    const company = await vendorWith(h, EVIL_COMPANY, [RETURN], RETURN);
    const customerRes = await h.http
      .post('/customers')
      .set('Authorization', company.auth)
      .send({ name: EVIL_CUSTOMER });
    expect(customerRes.status).toBe(201);
    expect(customerRes.body.name).toBe(EVIL_CUSTOMER);
    const customer = customerRes.body.id as string;
    const link = await newLink(h, company, customer);
    const browser = new FlowClient(h.baseUrl);

    const shown: [string, Response][] = [['landing', await browser.get(link.connect_url)]];
    await enter(browser, link.connect_url);
    shown.push(['overview', await browser.get('/connections')]);
    shown.push(['sandbox consent', await browser.get((await startSandbox(h, browser)).href)]);
    await connectSandbox(h, browser);
    shown.push(['overview after connecting', await browser.get('/connections?connected=sandbox')]);
    shown.push(['used link', await new FlowClient(h.baseUrl).get(link.connect_url)]);
    shown.push(['done', await browser.get('/connections/done')]);

    const escapedCompany = '&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    for (const [name, res] of shown) {
      const html = await res.text();
      expect(res.status, name).toBeLessThan(500);
      expect(html, name).not.toContain(EVIL_COMPANY);
      expect(html, name).not.toContain('<script>alert(1)</script>');
      expect(html, name).not.toContain(EVIL_CUSTOMER);
      expect(html, name).not.toMatch(/<img[^>]*onerror/i);
      expectOnlyNoncedScripts(html, res.headers);
      if (name !== 'sandbox consent') expect(html, name).toContain(escapedCompany);
    }
    await sweepTtls(h);
  });
});
