import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_IDS } from '../src/domain/platform-ids.js';
import { platformCatalog } from '../src/platforms/catalog.js';
import { AdSetClient } from './support/adsets-client.js';
import {
  apiError,
  type Company,
  consent,
  countLogs,
  dumpValues,
  enter,
  expectPage as expectFlowPage,
  newCustomer,
  newLink,
  sandboxApiStatus,
  sandboxCallbackUrl,
  sandboxIssuer,
  startSandbox,
  throughChoice,
} from './support/connect-helpers.js';
import { decodeHtml, FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { expectPage, fieldError, VendorClient } from './support/vendor-client.js';

const EVIL = 'https://evil.example';
const REAL = PLATFORM_IDS.filter((id) => id !== 'sandbox');
const CATALOG = platformCatalog('http://unused');

/**
 * A company's own sandbox OAuth app, registered with the built-in sandbox next to adlink's: the
 * sandbox is the platform adlink really talks to, so the override is proven over HTTP end to end.
 */
const OWN_APP = { id: 'acme-own-app', secret: 'acme-own-app-secret-5f1c9a', name: 'Acme Own App' };
const OTHER_APP = { id: 'acme-other-app', secret: 'acme-other-app-secret-77d0e2', name: 'Acme Other App' };

/** The table row of a platform on the Platforms page. */
const rowOf = (html: string, platform: string) =>
  new RegExp(`<tr data-platform="${platform}">([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '';
/** The own-app section of a platform on the Platforms page. */
const appSection = (html: string, platform: string) =>
  new RegExp(`<section class="platform-app"[^>]*data-app="${platform}">([\\s\\S]*?)</section>`).exec(
    html,
  )?.[1] ?? '';

describe('integrations: platforms', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      sandboxClients: (baseUrl) =>
        [OWN_APP, OTHER_APP].map((app) => ({
          ...app,
          redirectUris: [`${baseUrl}/connections/oauth/sandbox/callback`],
        })),
    });
  });
  afterAll(() => h.close());

  async function vendor(name = 'Acme Ads'): Promise<{ company: Company; browser: VendorClient }> {
    const company = await h.company(name);
    return { company, browser: await VendorClient.signIn(h, company.id) };
  }

  /** POSTs the offer form with these platforms checked. */
  async function offer(browser: VendorClient, platforms: string[], headers: Record<string, string> = {}) {
    const res = await browser.post(
      '/integrations/platforms',
      { _csrf: browser.csrf!, offer: platforms },
      headers,
    );
    return { res, html: await res.text() };
  }

  /** A new link for the customer, entered in a new browser: the overview's platform rows. */
  async function overviewPlatforms(company: Company, customer: string): Promise<string[]> {
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer)).connect_url);
    const overview = await browser.get('/connections');
    const html = await overview.text();
    expect(overview.status, html.slice(0, 400)).toBe(200);
    return [...html.matchAll(/<li class="platform" data-platform="([a-z]+)">/g)].map((m) => m[1]!);
  }

  const connectLink = (company: Company, customer: string, platforms: string) =>
    h.http.get(`/customers/${customer}/connect`).query({ platforms }).set('Authorization', company.auth);

  describe('the page', () => {
    it('lists every catalog platform: availability, offered (all by default), callback URL, own-app forms', async () => {
      const { browser } = await vendor();
      const { res, html } = await browser.page('/integrations/platforms');
      expectPage(res, html, 200, 'Platforms');
      expect(html).toMatch(/<a href="\/integrations\/platforms" aria-current="page">/);
      for (const id of PLATFORM_IDS) {
        const row = rowOf(html, id);
        expect(row, id).not.toBe('');
        expect(row).toContain(`<code>${h.baseUrl}/connections/oauth/${id}/callback</code>`);
        // Only what customers can connect here is ticked; the others cannot be ticked at all.
        const box = id === 'sandbox' ? 'checked>' : 'disabled>';
        expect(row).toMatch(new RegExp(`name="offer" value="${id}" ${box}`));
        expect(row).toContain(`Offer ${CATALOG[id].name} to my customers`);
      }
      expect(rowOf(html, 'sandbox')).toContain('data-availability="yes"');
      expect(rowOf(html, 'meta')).toContain('data-availability="not_configured"');
      // An own app for every real platform, none for the sandbox; developer tokens where the catalog needs them.
      expect(appSection(html, 'sandbox')).toBe('');
      for (const id of REAL) {
        const section = appSection(html, id);
        expect(section, id).toContain(`action="/integrations/platforms/${id}/app"`);
        expect(section).toContain('name="client_secret"');
        expect(section.includes('name="developer_token"'), id).toBe(id === 'google' || id === 'microsoft');
      }
    });

    it('is the 401 "Please sign in" page when signed out, for GET and every form', async () => {
      const company = await h.company('Signed Out Co');
      const browser = new VendorClient(h.baseUrl);
      for (const [method, path] of [
        ['GET', '/integrations/platforms'],
        ['POST', '/integrations/platforms'],
        ['POST', '/integrations/platforms/meta/app'],
        ['POST', '/integrations/platforms/meta/app/remove'],
      ] as const) {
        const res =
          method === 'GET'
            ? await browser.get(path)
            : await browser.post(path, { _csrf: 'x', client_id: 'a', client_secret: 'b', offer: 'meta' });
        expectPage(res, await res.text(), 401, 'Please sign in');
      }
      expect(await h.store.profile.hiddenPlatforms(company.id)).toEqual([]);
      expect(await h.store.profile.oauthApps(company.id)).toEqual([]);
    });
  });

  describe('offered platforms', () => {
    it('un-offering the sandbox hides it from new and open visits and refuses links asking for it; re-offering restores it', async () => {
      const { company, browser } = await vendor('Offer Co');
      const customer = await newCustomer(h, company);
      expect(await overviewPlatforms(company, customer)).toEqual(['sandbox']);

      // A visit opened before the change.
      const open = new FlowClient(h.baseUrl);
      await enter(open, (await newLink(h, company, customer)).connect_url);

      await browser.page('/integrations/platforms');
      const saved = await offer(browser, REAL);
      expect(saved.res.status, saved.html.slice(0, 400)).toBe(303);
      expect(location(saved.res)).toBe('/integrations/platforms?done=offered');
      const after = await browser.page(location(saved.res));
      expectPage(after.res, after.html, 200, 'Platforms');
      expect(after.html).toContain('The offered platforms were saved.');
      expect(after.html).toMatch(/name="offer" value="sandbox">/);
      expect(after.html).toMatch(/name="offer" value="meta" disabled>/);
      expect(after.html).toContain('You offer no platform that is available here');
      expect(await h.store.profile.hiddenPlatforms(company.id)).toEqual(['sandbox']);

      // No new link leads to an empty page; the open visit cannot start the sandbox.
      const none = await h.http.get(`/customers/${customer}/connect`).set('Authorization', company.auth);
      expect(none.status).toBe(409);
      expect(apiError(none)).toMatchObject({ code: 'no_platform_available' });
      expect(apiError(none).message).toContain('Your company offers no ad platform');
      const overview = await (await open.get('/connections')).text();
      expect(overview).not.toContain('data-platform="sandbox"');
      expect(overview).toContain('No ad platform is available right now');
      await expectFlowPage(await open.post('/connections/sandbox/start', {}), 404, 'Platform not available');

      // The API refuses a link for it, naming the parameter.
      const refused = await connectLink(company, customer, 'sandbox');
      expect(refused.status).toBe(400);
      expect(apiError(refused)).toMatchObject({ code: 'invalid_request', param: 'platforms' });
      expect(apiError(refused).message).toContain('does not offer "sandbox"');
      // Not offered is not the same as unknown or unavailable here.
      expect(apiError(await connectLink(company, customer, 'nope')).message).toContain('Unknown platform');
      expect(apiError(await connectLink(company, customer, 'meta')).message).toContain('not available');

      // Another company is not affected.
      const other = await h.company('Other Co');
      const otherCustomer = await newCustomer(h, other);
      expect((await connectLink(other, otherCustomer, 'sandbox')).status).toBe(200);
      expect(await overviewPlatforms(other, otherCustomer)).toEqual(['sandbox']);

      // Re-offered: links and overviews have it again, the open visit too.
      const again = await offer(browser, ['sandbox']);
      expect(again.res.status).toBe(303);
      // The choice for platforms not available here (not shown as offered) was kept.
      expect(await h.store.profile.hiddenPlatforms(company.id)).toEqual([]);
      expect((await connectLink(company, customer, 'sandbox')).status).toBe(200);
      expect(await overviewPlatforms(company, customer)).toEqual(['sandbox']);
      expect(await (await open.get('/connections')).text()).toContain('data-platform="sandbox"');
    });

    it('refuses an unknown platform with 400 and changes nothing', async () => {
      const { company, browser } = await vendor('Unknown Platform Co');
      await browser.page('/integrations/platforms');
      const refused = await offer(browser, ['sandbox', 'myspace']);
      expectPage(refused.res, refused.html, 400, 'Platforms');
      expect(refused.html).toContain('Choose among the listed platforms.');
      expect(await h.store.profile.hiddenPlatforms(company.id)).toEqual([]);
    });
  });

  describe('own OAuth apps', () => {
    const META = { client_id: '1234567890123456', client_secret: 'meta-secret-e1b2c3d4f5a6b7c8' };

    it('stores a company app sealed, shows it set without its secret, and removes it', async () => {
      const { company, browser } = await vendor('Own Meta Co');
      await browser.page('/integrations/platforms');
      const set = await browser.submit('/integrations/platforms/meta/app', META);
      expect(set.res.status, set.html.slice(0, 400)).toBe(303);
      expect(location(set.res)).toBe('/integrations/platforms?done=app_set&platform=meta');

      const { res, html } = await browser.page(location(set.res));
      expectPage(res, html, 200, 'Platforms');
      expect(html).toContain('Your Meta app is saved. New connections use it.');
      const section = appSection(html, 'meta');
      expect(section).toContain(`<code>${META.client_id}</code>`);
      expect(section).toMatch(
        /<dd data-secret="client_secret">•••• set on \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/dd>/,
      );
      expect(section).toContain('action="/integrations/platforms/meta/app/remove"');
      expect(section).not.toContain('name="client_secret"');
      expect(html).not.toContain(META.client_secret);

      // Sealed at rest: the secret is in no value under the prefix, nor in a log line or URL.
      const values = await dumpValues(h);
      for (const [key, value] of values) expect(value, key).not.toContain(META.client_secret);
      const record = JSON.parse(values.get(h.store.keys.oauthApp(company.id, 'meta'))!);
      expect(record.client_id).toBe(META.client_id);
      expect(record.client_secret).toMatch(/^v1\.test-new\./);
      expect(h.logs.join('')).not.toContain(META.client_secret);
      expect(browser.history.some((e) => e.url.includes(META.client_secret))).toBe(false);
      // It opens for its company and platform only: the same ciphertext elsewhere does not.
      expect(await h.store.profile.oauthApp(company.id, 'meta')).toEqual({
        clientId: META.client_id,
        clientSecret: META.client_secret,
      });
      const other = await h.company('Copy Target');
      await h.store.kv.set(h.store.keys.oauthApp(other.id, 'meta'), JSON.stringify(record));
      await h.store.kv.set(h.store.keys.oauthApp(company.id, 'linkedin'), JSON.stringify(record));
      await expect(h.store.profile.oauthApp(other.id, 'meta')).rejects.toThrow(/authenticate/);
      await expect(h.store.profile.oauthApp(company.id, 'linkedin')).rejects.toThrow(/authenticate/);
      await h.store.kv.del(h.store.keys.oauthApp(company.id, 'linkedin'));

      const removed = await browser.submit('/integrations/platforms/meta/app/remove');
      expect(removed.res.status).toBe(303);
      expect(location(removed.res)).toBe('/integrations/platforms?done=app_removed&platform=meta');
      const after = await browser.page(location(removed.res));
      expect(after.html).toContain('Your Meta app was removed.');
      expect(appSection(after.html, 'meta')).toContain('name="client_secret"');
      expect(await h.store.profile.oauthApp(company.id, 'meta')).toBeNull();
      expect(await h.store.kv.get(h.store.keys.oauthApp(company.id, 'meta'))).toBeNull();
    });

    it('asks for the developer token where the catalog needs one', async () => {
      const { company, browser } = await vendor('Own Google Co');
      await browser.page('/integrations/platforms');
      const missing = await browser.submit('/integrations/platforms/google/app', {
        client_id: 'g-client.apps.googleusercontent.com',
        client_secret: 'g-secret-0a9b8c',
      });
      expectPage(missing.res, missing.html, 400, 'Platforms');
      expect(fieldError(missing.html, 'developer_token-google')).toBe('Enter a value.');
      expect(await h.store.profile.oauthApp(company.id, 'google')).toBeNull();

      const set = await browser.submit('/integrations/platforms/google/app', {
        client_id: 'g-client.apps.googleusercontent.com',
        client_secret: 'g-secret-0a9b8c',
        developer_token: 'dev-token-5e6f7a',
      });
      expect(set.res.status).toBe(303);
      const page = await browser.page('/integrations/platforms');
      expect(appSection(page.html, 'google')).toMatch(/<dd data-secret="developer_token">•••• set on /);
      expect(page.html).not.toContain('dev-token-5e6f7a');
      expect(await h.store.profile.oauthApp(company.id, 'google')).toEqual({
        clientId: 'g-client.apps.googleusercontent.com',
        clientSecret: 'g-secret-0a9b8c',
        developerToken: 'dev-token-5e6f7a',
      });
      for (const [key, value] of await dumpValues(h)) expect(value, key).not.toContain('dev-token-5e6f7a');
    });

    it('validates every field (400 with field errors, the secret never echoed) and stores nothing', async () => {
      const { company, browser } = await vendor('Validation Co');
      await browser.page('/integrations/platforms');
      const cases: [Record<string, string>, string, string][] = [
        [{ client_id: '', client_secret: 'x' }, 'client_id-meta', 'Enter a value.'],
        [{ client_id: '   ', client_secret: 'x' }, 'client_id-meta', 'Enter a value.'],
        [{ client_id: 'abc' }, 'client_secret-meta', 'Enter a value.'],
        [{ client_id: 'a'.repeat(501), client_secret: 'x' }, 'client_id-meta', 'Use at most 500 characters.'],
        [
          { client_id: 'abc', client_secret: `secret-${'s'.repeat(500)}` },
          'client_secret-meta',
          'Use at most 500 characters.',
        ],
        [
          { client_id: 'abc', client_secret: 'sec\u0007ret-bell' },
          'client_secret-meta',
          'Remove the control characters (such as line breaks or tabs).',
        ],
        [
          { client_id: 'ab\ncd', client_secret: 'x' },
          'client_id-meta',
          'Remove the control characters (such as line breaks or tabs).',
        ],
      ];
      for (const [fields, field, message] of cases) {
        const { res, html } = await browser.submit('/integrations/platforms/meta/app', fields);
        expectPage(res, html, 400, 'Platforms');
        expect(fieldError(html, field), JSON.stringify(fields)).toBe(message);
        expect(html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
        if (fields.client_secret && fields.client_secret.length > 1)
          expect(html).not.toContain(fields.client_secret);
      }
      // The client id is kept for the next try; the secret is not.
      const kept = await browser.submit('/integrations/platforms/meta/app', {
        client_id: 'keep-me-123',
        client_secret: 'sec\u0007ret-bell',
      });
      expect(appSection(kept.html, 'meta')).toMatch(
        /id="client_id-meta" name="client_id" value="keep-me-123"/,
      );
      expect(appSection(kept.html, 'meta')).toMatch(/id="client_secret-meta" name="client_secret" value=""/);
      // 500 characters is fine; surrounding whitespace is not part of the value.
      const longest = await browser.submit('/integrations/platforms/meta/app', {
        client_id: ` ${'i'.repeat(500)} `,
        client_secret: 's'.repeat(500),
      });
      expect(longest.res.status).toBe(303);
      expect((await h.store.profile.oauthApp(company.id, 'meta'))?.clientId).toBe('i'.repeat(500));
      await h.store.profile.removeOAuthApp(company.id, 'meta');

      // The sandbox takes no own app, and an unknown platform is no page.
      for (const path of ['/integrations/platforms/sandbox/app', '/integrations/platforms/myspace/app']) {
        const { res, html } = await browser.submit(path, { client_id: 'a', client_secret: 'b' });
        expectPage(res, html, 404, 'Page not found');
      }
      expect(await h.store.profile.oauthApps(company.id)).toEqual([]);
    });

    it('refuses every form without _csrf, with another session’s, or from another origin: 403, no change', async () => {
      const { company, browser } = await vendor('Csrf Co');
      const { browser: stranger } = await vendor('Stranger Co');
      await browser.page('/integrations/platforms');
      await h.store.profile.setOAuthApp(company.id, 'linkedin', {
        clientId: 'li-keep',
        clientSecret: 'li-secret',
      });
      const attempts: [string, Record<string, string | string[]>][] = [
        ['/integrations/platforms', { offer: ['meta'] }],
        ['/integrations/platforms/meta/app', { client_id: 'forged', client_secret: 'forged-secret' }],
        ['/integrations/platforms/linkedin/app/remove', {}],
      ];
      for (const [action, fields] of attempts) {
        for (const [name, form, headers] of [
          ['no token', fields, {}],
          ['another session’s token', { ...fields, _csrf: stranger.csrf! }, {}],
          ['another origin', { ...fields, _csrf: browser.csrf! }, { Origin: EVIL }],
          ['no origin', { ...fields, _csrf: browser.csrf! }, { Origin: '' }],
        ] as const) {
          const res = await browser.post(action, form, headers);
          const html = await res.text();
          expect(res.status, `${action}: ${name}`).toBe(403);
          expectPage(res, html, 403, 'Request refused');
        }
      }
      expect(await h.store.profile.hiddenPlatforms(company.id)).toEqual([]);
      expect((await h.store.profile.oauthApps(company.id)).map((a) => a.client_id)).toEqual(['li-keep']);
    });
  });

  /**
   * The company's own app replaces the deployment's in every step: start (the authorize URL and the
   * consent screen), the callback's code exchange, refreshes and revocation.
   */
  describe('the own app is used for the company’s customers', () => {
    /** A customer of `company` in the middle of a flow, at the sandbox's authorize URL. */
    async function started(company: Company) {
      const customer = await newCustomer(h, company);
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, company, customer)).connect_url);
      const authorize = await startSandbox(h, browser);
      return { customer, browser, authorize };
    }

    const attemptOf = async (authorize: URL) =>
      JSON.parse((await h.store.kv.get(h.store.keys.attempt(authorize.searchParams.get('state')!)))!) as {
        client_id: string;
        code_verifier: string;
      };

    /** Makes the stored access token due for a refresh. */
    async function expire(company: Company, customer: string) {
      const credentials = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
      const now = Math.floor(Date.now() / 1000);
      await h.store.connections.saveCredentials(company.id, customer, 'sandbox', {
        ...credentials,
        obtained_at: now - 600,
        expires_at: now - 60,
      });
      return credentials;
    }

    it('start, consent, callback and refresh use the company’s app; other companies keep the deployment’s', async () => {
      const company = await h.company('Own App Co');
      await h.store.profile.setOAuthApp(company.id, 'sandbox', {
        clientId: OWN_APP.id,
        clientSecret: OWN_APP.secret,
      });

      const { customer, browser, authorize } = await started(company);
      expect(authorize.searchParams.get('client_id')).toBe(OWN_APP.id);
      expect(authorize.searchParams.get('redirect_uri')).toBe(sandboxCallbackUrl(h));
      expect((await attemptOf(authorize)).client_id).toBe(OWN_APP.id);
      // The platform's consent screen names the vendor's app.
      const consentPage = await (await browser.get(authorize.href)).text();
      expect(decodeHtml(consentPage)).toContain(`Allow ${OWN_APP.name} to manage your ads?`);

      const callback = await browser.get((await consent(h, browser, authorize)).href);
      expect(callback.status).toBe(303);
      expect(await throughChoice(browser, callback)).toBe('/connections?connected=sandbox');
      const credentials = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
      expect(credentials.client_id).toBe(OWN_APP.id);

      // Refresh: the sandbox accepts the company's app for its own grant.
      const before = countLogs(h, 'platform authorization refreshed');
      await expire(company, customer);
      const list = await new AdSetClient(h, company, customer).list({ dismissDatabase: true });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(countLogs(h, 'platform authorization refreshed') - before).toBe(1);
      const refreshed = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
      expect(refreshed.access_token).not.toBe(credentials.access_token);
      expect(refreshed.client_id).toBe(OWN_APP.id);

      // A company without its own app still uses the deployment's.
      const plain = await h.company('Plain Co');
      const other = await started(plain);
      expect(other.authorize.searchParams.get('client_id')).toBe('adlink');
      expect((await attemptOf(other.authorize)).client_id).toBe('adlink');
    });

    it('a grant of the company’s app revokes with it on disconnect', async () => {
      const company = await h.company('Revoke Own Co');
      await h.store.profile.setOAuthApp(company.id, 'sandbox', {
        clientId: OWN_APP.id,
        clientSecret: OWN_APP.secret,
      });
      const { customer, browser, authorize } = await started(company);
      expect((await browser.get((await consent(h, browser, authorize)).href)).status).toBe(303);
      const { access_token } = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
      expect(await sandboxApiStatus(h, access_token)).toBe(200);

      const res = await h.http
        .delete(`/customers/${customer}/connections/sandbox`)
        .set('Authorization', company.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ platform: 'sandbox', deleted: true, platform_revoked: true });
      expect(await sandboxApiStatus(h, access_token)).toBe(401);
    });

    it('after the company removes its app, refresh needs reauthorization and a new connection uses the deployment’s app', async () => {
      const company = await h.company('Removed App Co');
      await h.store.profile.setOAuthApp(company.id, 'sandbox', {
        clientId: OWN_APP.id,
        clientSecret: OWN_APP.secret,
      });
      const { customer, browser, authorize } = await started(company);
      expect((await browser.get((await consent(h, browser, authorize)).href)).status).toBe(303);

      await h.store.profile.removeOAuthApp(company.id, 'sandbox');
      await expire(company, customer);
      const client = new AdSetClient(h, company, customer);
      const list = await client.list({ dismissDatabase: true });
      expect(list.status, JSON.stringify(list.body)).toBe(409);
      expect(apiError(list)).toMatchObject({ code: 'reauthorization_required', param: 'platform' });
      expect(await client.connectionStatus()).toBe('needs_reauth');

      // Disconnecting cannot revoke a grant of an app adlink no longer has: the local delete still happens.
      const res = await h.http
        .delete(`/customers/${customer}/connections/sandbox`)
        .set('Authorization', company.auth);
      expect(res.body).toEqual({
        platform: 'sandbox',
        deleted: true,
        platform_revoked: false,
        reason: 'credentials_unavailable',
      });

      const again = await started(company);
      expect(again.authorize.searchParams.get('client_id')).toBe('adlink');
    });

    it('a grant of the deployment’s app still revokes with it after the company sets its own', async () => {
      const company = await h.company('Switch Co');
      const { customer, browser, authorize } = await started(company);
      expect(authorize.searchParams.get('client_id')).toBe('adlink');
      expect((await browser.get((await consent(h, browser, authorize)).href)).status).toBe(303);
      const { access_token } = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;

      await h.store.profile.setOAuthApp(company.id, 'sandbox', {
        clientId: OWN_APP.id,
        clientSecret: OWN_APP.secret,
      });
      const res = await h.http
        .delete(`/customers/${customer}/connections/sandbox`)
        .set('Authorization', company.auth);
      expect(res.body).toEqual({ platform: 'sandbox', deleted: true, platform_revoked: true });
      expect(await sandboxApiStatus(h, access_token)).toBe(401);
    });

    it('an app removed or changed between start and callback fails cleanly (app_changed); the code is never exchanged', async () => {
      for (const change of ['removed', 'changed'] as const) {
        const company = await h.company(`App ${change} Co`);
        await h.store.profile.setOAuthApp(company.id, 'sandbox', {
          clientId: OWN_APP.id,
          clientSecret: OWN_APP.secret,
        });
        const { customer, browser, authorize } = await started(company);
        const { code_verifier } = await attemptOf(authorize);
        const callbackUrl = await consent(h, browser, authorize);

        if (change === 'removed') await h.store.profile.removeOAuthApp(company.id, 'sandbox');
        else
          await h.store.profile.setOAuthApp(company.id, 'sandbox', {
            clientId: OTHER_APP.id,
            clientSecret: OTHER_APP.secret,
          });
        const html = await expectFlowPage(
          await browser.get(callbackUrl.href),
          502,
          'The connection did not work',
        );
        expect(html).toContain('action="/connections/sandbox/start"');
        expect(await h.store.connections.get(company.id, customer, 'sandbox')).toBeNull();
        const attempts = await h.store.connectAttempts.list(company.id, { limit: 5 });
        expect(attempts.data[0]).toMatchObject({ customer, outcome: 'failed', error_code: 'app_changed' });

        // The code still works at the platform for the app it was issued to: adlink never used it.
        const exchanged = await fetch(`${sandboxIssuer(h)}/oauth/token`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${Buffer.from(`${OWN_APP.id}:${OWN_APP.secret}`).toString('base64')}`,
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: callbackUrl.searchParams.get('code')!,
            redirect_uri: sandboxCallbackUrl(h),
            code_verifier,
          }).toString(),
        });
        expect(exchanged.status, await exchanged.clone().text()).toBe(200);
      }
    });
  });
});
