import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowIdOf } from '../src/connect/flow.js';
import {
  type Company,
  connectSandbox,
  enter,
  exchangeAtSandbox,
  expectPage,
  finishVisit,
  keysOf,
  type Link,
  linkParts,
  newCustomer,
  newLink,
  reachCallback,
  redeem,
  sandboxApiStatus,
  startAt,
  startSandbox,
  sweepTtls,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

const VENDOR = 'Acme Ads Manager';
const RETURN = 'https://vendor.example/adlink/return';
const USED = 'This link was already used';
const CANCELLED = 'This link was cancelled';

/** One Set-Cookie line as name, value and attributes (lower-cased names). */
function parseSetCookie(line: string) {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map(
    rest.map((a) => {
      const i = a.indexOf('=');
      return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
    }),
  );
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

describe('connect link lifecycle', () => {
  let h: Harness;
  let acme: Company;

  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, VENDOR, [RETURN], RETURN);
  });
  afterAll(() => h.close());

  async function freshLink(): Promise<{ customer: string; link: Link; jti: string }> {
    const customer = await newCustomer(h, acme);
    const link = await newLink(h, acme, customer);
    return { customer, link, jti: linkParts(link).claims.jti! };
  }
  const sessionExists = async (jti: string) => (await h.store.sessions.peekSession(acme.id, jti)) !== null;

  describe('single use (security plan 2.2, 2.3, 4.10)', () => {
    it('lets link scanners GET and HEAD the link without consuming it', async () => {
      const { link, jti } = await freshLink();
      for (let i = 0; i < 3; i++) {
        const get = await fetch(link.connect_url, { redirect: 'manual' });
        expect(get.status).toBe(200);
        expect(get.headers.getSetCookie()).toEqual([]);
        await get.text();
        const head = await fetch(link.connect_url, { method: 'HEAD', redirect: 'manual' });
        expect(head.status).toBe(200);
        expect(head.headers.getSetCookie()).toEqual([]);
      }
      expect(await sessionExists(jti)).toBe(true);
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, link.connect_url);
      expect(await sessionExists(jti)).toBe(false);
    });

    it('consumes the link on POST; the same browser continues, another gets "already used"', async () => {
      const { link, jti } = await freshLink();
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, link.connect_url);
      const flowId = browser.cookies.get('adlink_flow')!;
      expect(await h.store.sessions.flowThatUsed(acme.id, jti)).toBe(flowIdOf(flowId));

      const again = await browser.get(link.connect_url);
      expect(again.status).toBe(303);
      expect(location(again)).toBe('/connections');
      const repost = await redeem(browser, link);
      expect(repost.status).toBe(303);
      expect(location(repost)).toBe('/connections');
      expect(browser.cookies.get('adlink_flow')).toBe(flowId);
      expect((await browser.get('/connections')).status).toBe(200);

      const stranger = new FlowClient(h.baseUrl);
      const html = await expectPage(await stranger.get(link.connect_url), 410, USED);
      expect(html).toContain(VENDOR);
      await expectPage(await redeem(stranger, link), 410, USED);
      expect(stranger.cookies.size).toBe(0);
      // A browser with some other (valid) flow cookie is still a stranger to this link.
      const other = new FlowClient(h.baseUrl);
      await enter(other, (await freshLink()).link.connect_url);
      await expectPage(await redeem(other, link), 410, USED);
    });

    it('gives exactly one of 20 simultaneous redemptions a flow cookie, every round', async () => {
      for (let round = 0; round < 5; round++) {
        const { link, jti } = await freshLink();
        const browsers = Array.from({ length: 20 }, () => new FlowClient(h.baseUrl));
        const answers = await Promise.all(browsers.map((b) => redeem(b, link)));
        const winners = answers.filter((res) => res.status === 303);
        expect(winners).toHaveLength(1);
        expect(winners[0]!.headers.getSetCookie()).toEqual([expect.stringMatching(/^adlink_flow=/)]);
        for (const res of answers.filter((r) => r !== winners[0])) {
          expect(res.status).toBe(410);
          expect(res.headers.getSetCookie()).toEqual([]);
          await res.arrayBuffer();
        }
        const holder = browsers.find((b) => b.cookies.size === 1)!;
        expect(await h.store.sessions.flowThatUsed(acme.id, jti)).toBe(
          flowIdOf(holder.cookies.get('adlink_flow')!),
        );
        expect(browsers.filter((b) => b.cookies.size > 0)).toHaveLength(1);
      }
    });
  });

  describe('revocation (security plan 2.6)', () => {
    it('DELETE /customers/:id/connect/sessions ends the open links of that customer only', async () => {
      const customer = await newCustomer(h, acme);
      const links = [await newLink(h, acme, customer), await newLink(h, acme, customer)];
      const used = await newLink(h, acme, customer);
      await enter(new FlowClient(h.baseUrl), used.connect_url);
      const bystander = await freshLink();

      const res = await h.http
        .delete(`/customers/${customer}/connect/sessions`)
        .set('Authorization', acme.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ revoked: 2 });

      for (const link of links) {
        const browser = new FlowClient(h.baseUrl);
        await expectPage(await browser.get(link.connect_url), 410, CANCELLED);
        await expectPage(await redeem(browser, link), 410, CANCELLED);
      }
      expect(await sessionExists(bystander.jti)).toBe(true);
      const again = await h.http
        .delete(`/customers/${customer}/connect/sessions`)
        .set('Authorization', acme.auth);
      expect(again.body).toEqual({ revoked: 0 });
    });

    it("refuses another company's customer with 404", async () => {
      const other = await h.company('Other');
      const { customer } = await freshLink();
      const res = await h.http
        .delete(`/customers/${customer}/connect/sessions`)
        .set('Authorization', other.auth);
      expect(res.status).toBe(404);
    });

    it('deleting the customer kills its links, its connections and its running flows', async () => {
      const customer = await newCustomer(h, acme, 'Leaving');
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, acme, customer)).connect_url);
      await connectSandbox(h, browser);
      const credentials = (await h.store.connections.credentials(acme.id, customer, 'sandbox'))!;
      expect(await sandboxApiStatus(h, credentials.access_token)).toBe(200);
      const open = await newLink(h, acme, customer);
      // An attempt started before the deletion, to be delivered after it.
      const late = new FlowClient(h.baseUrl);
      await enter(late, (await newLink(h, acme, customer)).connect_url);
      const pending = await reachCallback(h, late);

      const del = await h.http.delete(`/customers/${customer}`).set('Authorization', acme.auth);
      expect(del.status).toBe(200);

      await expectPage(await new FlowClient(h.baseUrl).get(open.connect_url), 410, CANCELLED);
      await expectPage(await redeem(new FlowClient(h.baseUrl), open), 410, CANCELLED);
      const listed = await h.http.get(`/customers/${customer}/connections`).set('Authorization', acme.auth);
      expect(listed.status).toBe(404);
      expect(await h.store.connections.get(acme.id, customer, 'sandbox')).toBeNull();
      expect(await sandboxApiStatus(h, credentials.access_token)).toBe(401);

      // The browsers that were inside the flow cannot use it any more, nor store anything for the customer.
      await expectPage(await browser.get('/connections'), 401, 'Your session has ended');
      await expectPage(await browser.post('/connections/sandbox/start', {}), 401, 'Your session has ended');
      await expectPage(await late.get(pending.url.href), 401, 'Your session has ended');
      expect((await exchangeAtSandbox(h, pending.code, pending.verifier)).status).toBe(200);
      expect(await h.store.connections.get(acme.id, customer, 'sandbox')).toBeNull();
      expect(await h.store.kv.smembers(h.store.keys.customerPlatforms(acme.id, customer))).toEqual([]);
      const leftovers = (await keysOf(h)).filter(
        (key) => key.includes(customer) && !key.includes(':session_used:'),
      );
      expect(leftovers).toEqual([]);
    });
  });

  describe('the flow cookie (security plan 2.1, 2.3, 2.5)', () => {
    it('is HttpOnly, SameSite=Lax, Path=/, host-only, fresh and opaque; the 303 drops the token', async () => {
      const { link, jti } = await freshLink();
      const { token } = linkParts(link);
      const res = await redeem(new FlowClient(h.baseUrl), link);
      expect(res.status).toBe(303);
      expect(location(res)).toBe('/connections');
      const lines = res.headers.getSetCookie();
      expect(lines).toHaveLength(1);
      const cookie = parseSetCookie(lines[0]!);
      expect(cookie.name).toBe('adlink_flow');
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(token).not.toContain(cookie.value);
      expect(cookie.value).not.toContain(jti);
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')).toBe('Lax');
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain')).toBe(false);
      expect(Number(cookie.attributes.get('max-age'))).toBeGreaterThan(0);
      expect(Number(cookie.attributes.get('max-age'))).toBeLessThanOrEqual(3600);
      // Not Secure here, because this harness is served over plain http on loopback.
      expect(cookie.attributes.has('secure')).toBe(false);
    });

    it('is __Host- prefixed and Secure when the public URL is https', async () => {
      const https = await startHarness({ env: { PUBLIC_BASE_URL: 'https://adlink.example' } });
      try {
        const company = await vendorWith(https, 'Secure Vendor');
        const customer = await newCustomer(https, company);
        const link = await newLink(https, company, customer);
        const { token, url } = linkParts(link);
        expect(url.origin).toBe('https://adlink.example');
        const landing = await https.http.get(`${url.pathname}${url.search}`);
        expect(landing.status).toBe(200);
        const res = await https.http
          .post('/connections/session')
          .set('Origin', 'https://adlink.example')
          .type('form')
          .send({ customer, token });
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/connections');
        const lines = res.headers['set-cookie'] as unknown as string[];
        expect(lines).toHaveLength(1);
        const cookie = parseSetCookie(lines[0]!);
        expect(cookie.name).toBe('__Host-adlink_flow');
        expect(cookie.attributes.has('secure')).toBe(true);
        expect(cookie.attributes.has('httponly')).toBe(true);
        expect(cookie.attributes.get('samesite')).toBe('Lax');
        expect(cookie.attributes.get('path')).toBe('/');
        expect(cookie.attributes.has('domain')).toBe(false);
        // The plain name is not honoured on an https deployment (no cookie tossing over http).
        const overview = await https.http.get('/connections').set('Cookie', `adlink_flow=${cookie.value}`);
        expect(overview.status).toBe(401);
        const ok = await https.http.get('/connections').set('Cookie', `__Host-adlink_flow=${cookie.value}`);
        expect(ok.status).toBe(200);
      } finally {
        await https.close();
      }
    });

    it('is cleared when the visit ends at the vendor', async () => {
      const { link } = await freshLink();
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, link.connect_url);
      const flowId = browser.cookies.get('adlink_flow')!;
      const finish = await finishVisit(browser);
      expect(finish.status).toBe(303);
      expect(location(finish).startsWith(`${RETURN}?`)).toBe(true);
      const cleared = parseSetCookie(finish.headers.getSetCookie()[0]!);
      expect(cleared.name).toBe('adlink_flow');
      expect(cleared.value).toBe('');
      expect(browser.cookies.size).toBe(0);
      expect(await h.store.sessions.getFlow(flowIdOf(flowId))).toBeNull();
      const replay = await fetch(`${h.baseUrl}/connections`, {
        headers: { Cookie: `adlink_flow=${flowId}` },
      });
      await expectPage(replay, 401, 'Your session has ended');
    });
  });

  describe('flow POSTs (security plan 1.12, 1.16, 2.13)', () => {
    const EVIL = 'https://evil.example';

    it('refuses cross-site POSTs to redeem and start with a 403 page, consuming nothing', async () => {
      const { link, jti } = await freshLink();
      const browser = new FlowClient(h.baseUrl);
      for (const headers of [{ Origin: EVIL }, { Origin: 'null' }, { Origin: `${h.baseUrl}.evil.example` }]) {
        await expectPage(await redeem(browser, link, headers), 403, 'Request refused');
      }
      await expectPage(
        await redeem(browser, link, { Origin: '', 'Sec-Fetch-Site': 'cross-site' }),
        403,
        'Request refused',
      );
      expect(await sessionExists(jti)).toBe(true);
      expect(browser.cookies.size).toBe(0);

      await enter(browser, link.connect_url);
      const attemptsBefore = (await keysOf(h)).filter((k) => k.startsWith(`${h.prefix}attempt:`)).length;
      const crossSite: Record<string, string>[] = [
        { Origin: EVIL },
        { Origin: '', 'Sec-Fetch-Site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const res = await browser.post('/connections/sandbox/start', {}, headers);
        await expectPage(res, 403, 'Request refused');
      }
      expect((await keysOf(h)).filter((k) => k.startsWith(`${h.prefix}attempt:`)).length).toBe(
        attemptsBefore,
      );
      // The same browser, same-site, still works.
      await startSandbox(h, browser);
    });

    it('answers every POST with a redirect as 303 over a whole visit, and sends nowhere unexpected', async () => {
      const { link } = await freshLink();
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, link.connect_url);
      await redeem(browser, link);
      await connectSandbox(h, browser);
      await startAt(browser);
      const finish = await finishVisit(browser);
      expect(new URL(location(finish)).searchParams.get('status')).toBe('success');

      const posts = browser.history.filter((step) => step.method === 'POST');
      expect(posts.length).toBeGreaterThanOrEqual(5);
      for (const step of posts) expect(step.status, step.url).toBe(303);
      for (const step of browser.history) {
        expect([301, 302, 307, 308]).not.toContain(step.status);
        if (!step.location) continue;
        const target = new URL(step.location, step.url);
        const allowed = target.origin === h.baseUrl || `${target.origin}${target.pathname}` === RETURN;
        expect(allowed, step.location).toBe(true);
      }
    });

    it('offers no CORS on any flow endpoint, to simple requests or preflights', async () => {
      const { link } = await freshLink();
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, link.connect_url);
      const paths = [
        '/connections',
        new URL(link.connect_url).pathname + new URL(link.connect_url).search,
        '/connections/session',
        '/connections/sandbox/start',
        '/connections/oauth/sandbox/callback?state=x&code=y',
        '/connections/done',
        '/connections/finish',
      ];
      for (const path of paths) {
        const inits: { method: string; headers: Record<string, string> }[] = [
          { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST' } },
          { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'GET' } },
          { method: 'GET', headers: {} },
          { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
        ];
        for (const init of inits) {
          const res = await browser.request(path, {
            method: init.method,
            headers: { Origin: EVIL, ...init.headers },
          });
          await res.arrayBuffer();
          expect(res.headers.get('access-control-allow-origin'), `${init.method} ${path}`).toBeNull();
          expect(res.headers.get('access-control-allow-credentials')).toBeNull();
          expect(res.headers.get('access-control-allow-methods')).toBeNull();
          expect(res.status).not.toBe(204);
        }
      }
    });
  });

  it('leaves a TTL on every ephemeral key (security plan 2.29)', async () => {
    const seen = await sweepTtls(h);
    for (const namespace of ['session', 'session_used', 'session_index', 'flow', 'attempt', 'rl']) {
      expect(seen[namespace], namespace).toBeGreaterThan(0);
    }
  });
});
