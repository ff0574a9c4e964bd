import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  connectSandbox,
  enter,
  expectFlowHeaders,
  expectOnlyNoncedScripts,
  foreignUrls,
  heading,
  newCustomer,
  newLink,
} from './support/connect-helpers.js';
import { decodeHtml, FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { VendorClient } from './support/vendor-client.js';

const XSS = '<img src=x onerror=alert(1)>';

/** The customer ids of the table rows, in order. */
const rowIds = (html: string) => [...html.matchAll(/<tr data-customer="([^"]+)">/g)].map((m) => m[1]!);
const rowNames = (html: string) =>
  [...html.matchAll(/<th scope="row"><a href="\/integrations\/customers\/[^"]+">([^<]*)<\/a><\/th>/g)].map(
    (m) => decodeHtml(m[1]!),
  );
const linkRel = (html: string, rel: 'next' | 'prev') => {
  const match = new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html);
  return match ? decodeHtml(match[1]!) : null;
};
/** The connect link a page shows, if any. */
const shownLink = (html: string) => {
  const match = /<code id="connect-link"[^>]*>([^<]*)<\/code>/.exec(html);
  return match ? decodeHtml(match[1]!) : null;
};

describe('integrations pages: customers', () => {
  let h: Harness;
  let a: Company;
  let b: Company;
  let browser: VendorClient;

  beforeAll(async () => {
    h = await startHarness();
    a = await h.company('Vendor A');
    b = await h.company('Vendor B');
    browser = await VendorClient.signIn(h, a.id);
  });
  afterAll(() => h.close());

  const platformsOf = async (company: Company, customer: string) =>
    (await h.http.get(`/customers/${customer}/platforms`).set('Authorization', company.auth)).body
      .platforms as string[];

  const openSessions = (company: Company, customer: string) =>
    h.store.kv.smembers(h.store.keys.customerSessions(company.id, customer));

  /** A customer of this company with the sandbox connected through the real hosted flow. */
  async function connectedCustomer(company: Company, name: string): Promise<string> {
    const customer = await newCustomer(h, company, name);
    const flow = new FlowClient(h.baseUrl);
    await enter(flow, (await newLink(h, company, customer)).connect_url);
    await connectSandbox(h, flow);
    return customer;
  }

  describe('the list', () => {
    let company: Company;
    let vendor: VendorClient;
    let newestFirst: string[];

    beforeAll(async () => {
      company = await h.company('Sixty');
      const made = [];
      for (let i = 1; i <= 60; i++)
        made.push(await h.store.customers.create(company.id, `Shop ${String(i).padStart(2, '0')}`));
      newestFirst = made.map((c) => c.id).reverse();
      vendor = await VendorClient.signIn(h, company.id);
    });

    it('pages 25 at a time, newest first, with Next and Previous', async () => {
      const first = await vendor.page('/integrations/customers');
      expect(first.res.status).toBe(200);
      expectFlowHeaders(first.res.headers, { page: true });
      expect(heading(first.html)).toBe('Customers');
      expect(first.html).toContain('href="/integrations/customers" aria-current="page"');
      expect(rowIds(first.html)).toEqual(newestFirst.slice(0, 25));
      expect(linkRel(first.html, 'prev')).toBeNull();

      const second = await vendor.page(linkRel(first.html, 'next')!);
      expect(rowIds(second.html)).toEqual(newestFirst.slice(25, 50));
      const third = await vendor.page(linkRel(second.html, 'next')!);
      expect(rowIds(third.html)).toEqual(newestFirst.slice(50));
      expect(linkRel(third.html, 'next')).toBeNull();

      const backToSecond = await vendor.page(linkRel(third.html, 'prev')!);
      expect(rowIds(backToSecond.html)).toEqual(newestFirst.slice(25, 50));
      const backToFirst = await vendor.page(linkRel(backToSecond.html, 'prev')!);
      expect(rowIds(backToFirst.html)).toEqual(newestFirst.slice(0, 25));
      expect(linkRel(backToFirst.html, 'prev')).toBeNull();
      expect(linkRel(backToFirst.html, 'next')).toBe(linkRel(first.html, 'next'));
    });

    it('searches names by prefix, ignoring case, and pages the results', async () => {
      const shops = await vendor.page('/integrations/customers?q=SHOP');
      expect(rowNames(shops.html)).toEqual(
        Array.from({ length: 25 }, (_, i) => `Shop ${String(i + 1).padStart(2, '0')}`),
      );
      expect(shops.html).toContain('value="SHOP"');
      const next = linkRel(shops.html, 'next')!;
      expect(new URL(next, h.baseUrl).searchParams.get('q')).toBe('SHOP');
      const more = await vendor.page(next);
      expect(rowNames(more.html)[0]).toBe('Shop 26');
      const back = await vendor.page(linkRel(more.html, 'prev')!);
      expect(rowNames(back.html)).toEqual(rowNames(shops.html));

      const few = await vendor.page('/integrations/customers?q=shop+0');
      expect(rowNames(few.html)).toEqual(Array.from({ length: 9 }, (_, i) => `Shop 0${i + 1}`));
      expect(linkRel(few.html, 'next')).toBeNull();
      const none = await vendor.page('/integrations/customers?q=zzz');
      expect(rowIds(none.html)).toEqual([]);
      expect(none.html).toContain('No customer name starts with “zzz”.');
    });

    it('refuses a malformed or foreign cursor and unknown parameters', async () => {
      expect((await vendor.page('/integrations/customers?starting_after=nope')).res.status).toBe(404);
      const foreign = await newCustomer(h, a, 'Not yours');
      expect((await vendor.page(`/integrations/customers?starting_after=${foreign}`)).res.status).toBe(404);
      expect((await vendor.page(`/integrations/customers?ending_before=${foreign}`)).res.status).toBe(404);
      expect((await vendor.page('/integrations/customers?page=2')).res.status).toBe(400);
      expect((await vendor.page('/integrations/customers?q=a&q=b')).res.status).toBe(400);
    });
  });

  it('finds "ACME GmbH" and "Acme Bakery" for "acm", but not "Bakery Acme"', async () => {
    const company = await h.company('Searcher');
    for (const name of ['ACME GmbH', 'Acme Bakery', 'Bakery Acme', 'Other'])
      await newCustomer(h, company, name);
    const vendor = await VendorClient.signIn(h, company.id);
    for (const q of ['acm', 'ACM', '  Acm']) {
      const { res, html } = await vendor.page(`/integrations/customers?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(rowNames(html)).toEqual(['Acme Bakery', 'ACME GmbH']);
    }
    expect(rowNames((await vendor.page('/integrations/customers?q=bakery')).html)).toEqual(['Bakery Acme']);
    expect(rowNames((await vendor.page('/integrations/customers?q=')).html)).toHaveLength(4);
  });

  it("shows a connected customer's page: connection, accounts, scopes and attempts", async () => {
    const customer = await connectedCustomer(a, 'Connected Bakery');
    const connections = (await h.http.get(`/customers/${customer}/connections`).set('Authorization', a.auth))
      .body.data;
    const accounts = connections[0].ad_accounts as { id: string; name: string }[];
    expect(accounts.length).toBeGreaterThan(0);

    const list = await browser.page('/integrations/customers?q=connected+bakery');
    expect(list.html).toContain('data-status="connected">Sandbox Ads (connected)</li>');
    expect(list.html).toContain(`href="/integrations/customers/${customer}">Connected Bakery</a>`);

    const { res, html } = await browser.page(`/integrations/customers/${customer}`);
    expect(res.status).toBe(200);
    expect(heading(html)).toBe('Connected Bakery');
    expect(html).toContain(`<code>${customer}</code>`);
    expect(html).toContain('<tr data-platform="sandbox">');
    expect(html).toContain('data-status="connected">Connected</span>');
    for (const account of accounts) {
      expect(html).toContain(`data-account="${account.id}"`);
      expect(decodeHtml(html)).toContain(account.name);
    }
    for (const scope of connections[0].scopes as string[]) expect(html).toContain(`<code>${scope}</code>`);
    expect(html).toContain(`datetime="${connections[0].connected_at}"`);
    expect(html).toMatch(/<tr data-attempt="cat_[^"]+" data-outcome="connected">/);
    expect(html).toContain(`href="/integrations/activity?customer=${customer}"`);
    expect(shownLink(html)).toBeNull();

    await h.store.connections.markNeedsReauth(a.id, customer, 'sandbox', 'grant_refused');
    const stale = await browser.page('/integrations/customers?q=connected+bakery');
    expect(stale.html).toContain('data-status="needs_reauth">Sandbox Ads (needs reconnection)</li>');
    expect((await browser.page(`/integrations/customers/${customer}`)).html).toContain('Needs reconnection');
  });

  it('copies a new connect link that works, shown only in the POST response', async () => {
    const customer = await newCustomer(h, a, 'Link Bakery');
    const page = await browser.page(`/integrations/customers/${customer}`);
    const action = `/integrations/customers/${customer}/connect-link`;
    expect(page.html).toContain(`<form method="post" action="${action}">`);
    expect(page.html).toContain('Copy a new connect link');

    const { res, html } = await browser.submit(action);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(heading(html)).toBe('Link Bakery');
    const link = shownLink(html)!;
    expect(link).toMatch(new RegExp(`^${h.baseUrl}/connections\\?customer=${customer}&token=`));
    expect(html).toContain('data-copy-target="connect-link"');
    expect(html).toContain('<script src="/assets/copy.js"');
    expectOnlyNoncedScripts(html, res.headers);
    expect(foreignUrls(html, h.baseUrl)).toEqual([]);
    // Nothing of ours carried the link in a URL: every response's Location in this visit is link-free.
    const token = new URL(link).searchParams.get('token')!;
    expect(browser.history.some((r) => r.url.includes(token) || r.location?.includes(token))).toBe(false);

    const landing = await new FlowClient(h.baseUrl).get(link);
    expect(landing.status).toBe(200);
    expect(await openSessions(a, customer)).toHaveLength(1);
  });

  it('disconnects a platform after a confirm step', async () => {
    const customer = await connectedCustomer(a, 'Leaving Bakery');
    expect(await platformsOf(a, customer)).toEqual(['sandbox']);
    const confirmPath = `/integrations/customers/${customer}/connections/sandbox/disconnect`;
    const page = await browser.page(`/integrations/customers/${customer}`);
    expect(page.html).toContain(`href="${confirmPath}"`);

    const confirm = await browser.page(confirmPath);
    expect(confirm.res.status).toBe(200);
    expect(heading(confirm.html)).toBe('Disconnect Sandbox Ads from Leaving Bakery?');
    expect(confirm.html).toContain(`<form method="post" action="${confirmPath}">`);
    expect(await platformsOf(a, customer)).toEqual(['sandbox']);

    const { res } = await browser.submit(confirmPath);
    expect(res.status).toBe(303);
    expect(location(res)).toBe(`/integrations/customers/${customer}?disconnected=sandbox`);
    const after = await browser.page(location(res));
    expect(after.html).toContain('Sandbox Ads is disconnected.');
    expect(after.html).not.toContain('<tr data-platform="sandbox">');
    expect(await platformsOf(a, customer)).toEqual([]);

    // Disconnected: the confirm page and the POST find nothing any more.
    expect((await browser.page(confirmPath)).res.status).toBe(404);
    expect((await browser.submit(confirmPath)).res.status).toBe(404);
    expect(
      (await browser.page(`/integrations/customers/${customer}/connections/nope/disconnect`)).res.status,
    ).toBe(404);
  });

  describe('access tokens on the customer page', () => {
    const tokenRows = (html: string) =>
      [...html.matchAll(/<tr data-access-token="([^"]+)">/g)].map((m) => m[1]!);
    async function issue(company: Company, customer: string, scope: 'read' | 'write') {
      const res = await h.http
        .post(`/customers/${customer}/access_tokens`)
        .set('Authorization', company.auth)
        .send({ scope, expires_in: 3600 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: string; token: string; prefix: string; expires_at: string };
    }
    const use = (token: { token: string }) =>
      h.http.get('/campaigns').set('Authorization', `Bearer ${token.token}`);

    it('lists the live tokens without their secret and revokes one after a confirm step', async () => {
      const customer = await connectedCustomer(a, 'Token Bakery');
      const empty = await browser.page(`/integrations/customers/${customer}`);
      expect(empty.html).toContain('This customer has no live access token.');
      const read = await issue(a, customer, 'read');
      const write = await issue(a, customer, 'write');
      expect((await use(read)).status).toBe(200);

      const { res, html } = await browser.page(`/integrations/customers/${customer}`);
      expect(res.status).toBe(200);
      expect(tokenRows(html)).toEqual([write.id, read.id]);
      expect(html).not.toContain(read.token);
      expect(html).not.toContain(write.token);
      expect(html).toContain(`<code>${read.prefix}…</code>`);
      expect(html).toContain('data-scope="read">Read</span>');
      expect(html).toContain('data-scope="write">Read and write</span>');
      expect(html).toContain(`aria-label="Revoke access token ${read.prefix}…"`);

      const confirmPath = `/integrations/customers/${customer}/access-tokens/${read.id}/revoke`;
      const confirm = await browser.page(confirmPath);
      expect(confirm.res.status).toBe(200);
      expect(heading(confirm.html)).toBe(`Revoke access token ${read.prefix}…?`);
      expect((await use(read)).status).toBe(200);

      const done = await browser.submit(confirmPath);
      expect(done.res.status).toBe(303);
      expect(location(done.res)).toBe(
        `/integrations/customers/${customer}?revoked=${encodeURIComponent(read.prefix)}`,
      );
      expect((await use(read)).status).toBe(401);
      expect((await use(write)).status).toBe(200);
      const after = await browser.page(location(done.res));
      expect(after.html).toContain(`Access token ${read.prefix}… is revoked. Requests with it now fail.`);
      expect(tokenRows(after.html)).toEqual([write.id]);
      expect((await browser.page(confirmPath)).res.status).toBe(404);
      expect((await browser.submit(confirmPath)).res.status).toBe(404);
      const events = await h.http
        .get('/events')
        .query({ type: 'token.revoked', customer })
        .set('Authorization', a.auth);
      expect(events.body.data[0].data).toMatchObject({ id: read.id, reason: 'revoked' });
    });

    it('pages 25 tokens at a time, newest first', async () => {
      const customer = await newCustomer(h, a, 'Many tokens');
      const made: string[] = [];
      for (let i = 0; i < 27; i++) made.push((await issue(a, customer, 'read')).id);
      const first = await browser.page(`/integrations/customers/${customer}`);
      expect(tokenRows(first.html)).toEqual(made.slice(2).reverse());
      const older = /<a href="([^"]+)#access-tokens" rel="next">Older access tokens<\/a>/.exec(first.html);
      expect(older).not.toBeNull();
      const second = await browser.page(decodeHtml(older![1]!));
      expect(second.res.status).toBe(200);
      expect(tokenRows(second.html)).toEqual([made[1], made[0]]);
      expect(second.html).toContain('>Newest access tokens</a>');
      expect(second.html).not.toContain('Older access tokens');
      const broken = await browser.page(`/integrations/customers/${customer}?tokens=nope`);
      expect(broken.res.status).toBe(400);
    });

    it("refuses another company's token, a foreign customer, a malformed id and a missing CSRF token", async () => {
      const mine = await newCustomer(h, a, 'Guarded tokens');
      const theirs = await newCustomer(h, b, 'Their tokens');
      const own = await issue(a, mine, 'write');
      const foreign = await issue(b, theirs, 'write');
      const paths = [
        `/integrations/customers/${theirs}/access-tokens/${foreign.id}/revoke`,
        `/integrations/customers/${mine}/access-tokens/${foreign.id}/revoke`,
        `/integrations/customers/${mine}/access-tokens/atok_AAAAAAAAAAAAAAAAAAAAAA/revoke`,
        `/integrations/customers/${mine}/access-tokens/not-a-token/revoke`,
      ];
      for (const path of paths) {
        expect((await browser.page(path)).res.status, path).toBe(404);
        expect((await browser.submit(path)).res.status, path).toBe(404);
      }
      const ownPath = `/integrations/customers/${mine}/access-tokens/${own.id}/revoke`;
      const forged = await browser.submit(ownPath, { _csrf: null });
      expect(forged.res.status).toBe(403);
      const crossSite = await browser.submit(ownPath, {}, { Origin: 'https://evil.example' });
      expect(crossSite.res.status).toBe(403);
      expect((await use(own)).status).toBe(200);
      expect((await use(foreign)).status).toBe(200);
    });
  });

  it("answers 404 for another company's, an unknown or a malformed customer id", async () => {
    const foreign = await connectedCustomer(b, 'B Bakery');
    const sessions = (await openSessions(b, foreign)).length;
    const paths = [
      `/integrations/customers/${foreign}`,
      '/integrations/customers/00000000-0000-4000-8000-000000000000',
      '/integrations/customers/not-an-id',
      `/integrations/customers/${foreign}/connections/sandbox/disconnect`,
    ];
    for (const path of paths) {
      const { res, html } = await browser.page(path);
      expect(res.status, path).toBe(404);
      expect(heading(html)).toBe('Page not found');
      expect(html).not.toContain('B Bakery');
    }
    const link = await browser.submit(`/integrations/customers/${foreign}/connect-link`);
    expect(link.res.status).toBe(404);
    expect(shownLink(link.html)).toBeNull();
    const cut = await browser.submit(`/integrations/customers/${foreign}/connections/sandbox/disconnect`);
    expect(cut.res.status).toBe(404);
    expect(await platformsOf(b, foreign)).toEqual(['sandbox']);
    expect(await openSessions(b, foreign)).toHaveLength(sessions);
  });

  it('refuses a missing, foreign or cross-origin CSRF token with 403 and changes nothing', async () => {
    const customer = await connectedCustomer(a, 'Guarded Bakery');
    const other = await VendorClient.signIn(h, b.id);
    const before = (await openSessions(a, customer)).length;
    const linkAction = `/integrations/customers/${customer}/connect-link`;
    const cutAction = `/integrations/customers/${customer}/connections/sandbox/disconnect`;
    const attempts: [Record<string, string | null>, Record<string, string>][] = [
      [{ _csrf: null }, {}],
      [{ _csrf: '' }, {}],
      [{ _csrf: other.csrf! }, {}],
      [{ _csrf: `${browser.csrf!}x` }, {}],
      [{}, { Origin: 'https://evil.example' }],
      [{}, { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }],
      [{}, { 'Sec-Fetch-Site': 'cross-site', Origin: '' }],
    ];
    for (const [fields, headers] of attempts) {
      for (const action of [linkAction, cutAction]) {
        const { res, html } = await browser.submit(action, fields, headers);
        expect(res.status, `${action} ${JSON.stringify([fields, headers])}`).toBe(403);
        expect(heading(html)).toBe('Request refused');
        expect(shownLink(html)).toBeNull();
      }
    }
    expect(await openSessions(a, customer)).toHaveLength(before);
    expect(await platformsOf(a, customer)).toEqual(['sandbox']);
    // The same forms with the right token still work.
    expect((await browser.submit(linkAction)).res.status).toBe(200);
  });

  it('renders a hostile customer name as text on the list, the search results and its page', async () => {
    const customer = await newCustomer(h, a, XSS);
    const escaped = '&lt;img src=x onerror=alert(1)&gt;';
    const pages = [
      '/integrations/customers',
      `/integrations/customers?q=${encodeURIComponent('<img src')}`,
      `/integrations/customers/${customer}`,
    ];
    for (const path of pages) {
      const { res, html } = await browser.page(path);
      expect(res.status, path).toBe(200);
      expect(html).not.toContain('<img');
      expect(html).toContain(escaped);
      expectOnlyNoncedScripts(html, res.headers);
    }
    const search = await browser.page(`/integrations/customers?q=${encodeURIComponent('<img src')}`);
    expect(rowIds(search.html)).toEqual([customer]);
    const linked = await browser.submit(`/integrations/customers/${customer}/connect-link`);
    expect(linked.html).not.toContain('<img');
    expect(linked.html).toContain(escaped);
  });

  it('shows the sign-in page (401) when signed out, and changes nothing', async () => {
    const customer = await newCustomer(h, a, 'Anonymous Bakery');
    const anonymous = new FlowClient(h.baseUrl);
    for (const path of [
      '/integrations/customers',
      `/integrations/customers/${customer}`,
      '/integrations/activity',
    ]) {
      const res = await anonymous.get(path);
      expect(res.status, path).toBe(401);
      expect(heading(await res.text())).toBe('Please sign in');
    }
    const post = await anonymous.post(`/integrations/customers/${customer}/connect-link`, {
      _csrf: browser.csrf!,
    });
    expect(post.status).toBe(401);
    expect(shownLink(await post.text())).toBeNull();
    expect(await openSessions(a, customer)).toHaveLength(0);
  });
});
