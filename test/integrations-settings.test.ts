import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_FORMAT } from '../src/store/companies.js';
import {
  apiError,
  type Company,
  cspDirectives,
  expectFlowHeaders,
  expectOnlyNoncedScripts,
  newCustomer,
} from './support/connect-helpers.js';
import { decodeHtml, FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { csrfOf, expectPage, formFor, VendorClient } from './support/vendor-client.js';

const EVIL = 'https://evil.example';
const RETURN = 'https://app.vendor.example/adlink/return';
const OTHER_RETURN = 'https://app.vendor.example/adlink/other';
const SIGNING_FORMAT = /^adl_sig_[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newSecrets = (html: string, pattern: RegExp) =>
  [...html.matchAll(new RegExp(pattern.source.replace(/^\^|\$$/g, ''), 'g'))].map((m) => m[0]);

describe('integrations settings pages', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  /** A company with its own token (the API side) and a signed-in browser (the pages side). */
  async function vendor(name = 'Acme Ads'): Promise<{ company: Company; browser: VendorClient }> {
    const company = await h.company(name);
    return { company, browser: await VendorClient.signIn(h, company.id) };
  }

  const apiStatus = async (auth: string) =>
    (await h.http.get('/customers').set('Authorization', auth)).status;
  const settingsOf = async (company: Company) =>
    (await h.http.get('/company/settings').set('Authorization', company.auth)).body as {
      redirect_uris: string[];
      default_redirect_uri: string | null;
    };

  describe('sign-in', () => {
    it('signs in with a one-time link; the session cookie is HttpOnly, SameSite=Strict, Path=/', async () => {
      const company = await h.company('Cookie Co');
      const token = await h.store.vendorSessions.createLoginLink(company.id);
      const browser = new VendorClient(h.baseUrl);
      const { res, html } = await browser.page(`/integrations/login?token=${token}`);
      expectPage(res, html, 200, 'Sign in to adlink');
      expect(html).toContain('Cookie Co');
      const signedIn = await browser.post('/integrations/login', formFor(html, '/integrations/login'));
      expect(signedIn.status).toBe(303);
      expect(location(signedIn)).toBe('/integrations');
      const [cookie, ...others] = signedIn.headers.getSetCookie();
      expect(others).toEqual([]);
      const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes[0]).toMatch(/^adlink_vendor=[a-z0-9_-]{43}$/);
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=strict');
      expect(attributes).toContain('path=/');
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
      const overview = await browser.page('/integrations');
      expectPage(overview.res, overview.html, 200, 'Cookie Co');
    });

    it('does not use the link on GET or HEAD: the POST afterwards still signs in', async () => {
      const company = await h.company();
      const token = await h.store.vendorSessions.createLoginLink(company.id);
      const browser = new VendorClient(h.baseUrl);
      for (let i = 0; i < 2; i++)
        expect((await browser.get(`/integrations/login?token=${token}`)).status).toBe(200);
      const head = await browser.request(`/integrations/login?token=${token}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      const signedIn = await browser.post('/integrations/login', { token });
      expect(signedIn.status).toBe(303);
      expect(browser.session).toBeDefined();
    });

    it('refuses a used link with 410, on GET and on POST', async () => {
      const company = await h.company();
      const token = await h.store.vendorSessions.createLoginLink(company.id);
      const first = new VendorClient(h.baseUrl);
      expect((await first.post('/integrations/login', { token })).status).toBe(303);
      const second = new VendorClient(h.baseUrl);
      const again = await second.page(`/integrations/login?token=${token}`);
      expectPage(again.res, again.html, 410, 'This sign-in link is not valid');
      const posted = await second.submit('/integrations/login', { _csrf: null, token });
      expectPage(posted.res, posted.html, 410, 'This sign-in link is not valid');
      expect(second.session).toBeUndefined();
    });

    it('refuses an expired link with 410', async () => {
      const company = await h.company();
      const token = await h.store.vendorSessions.createLoginLink(company.id);
      await h.store.kv.del(h.store.keys.loginLink(sha256(token)));
      const browser = new VendorClient(h.baseUrl);
      const page = await browser.page(`/integrations/login?token=${token}`);
      expectPage(page.res, page.html, 410, 'This sign-in link is not valid');
      const posted = await browser.submit('/integrations/login', { _csrf: null, token });
      expectPage(posted.res, posted.html, 410, 'This sign-in link is not valid');
      expect(browser.session).toBeUndefined();
    });

    it('refuses a sign-in POST from another origin, without using the link', async () => {
      const company = await h.company();
      const token = await h.store.vendorSessions.createLoginLink(company.id);
      const browser = new VendorClient(h.baseUrl);
      const evil = await browser.submit('/integrations/login', { _csrf: null, token }, { Origin: EVIL });
      expectPage(evil.res, evil.html, 403, 'Request refused');
      expect(await h.store.vendorSessions.peekLoginLink(token)).toBe(company.id);
    });

    it('signs out with the form: the old cookie then gets the "Please sign in" page', async () => {
      const { browser } = await vendor();
      const cookie = browser.session!;
      const refused = await browser.submit('/integrations/logout', { _csrf: null });
      expectPage(refused.res, refused.html, 403, 'Request refused');
      expect((await browser.page('/integrations/tokens')).res.status).toBe(200);

      const out = await browser.submit('/integrations/logout');
      expect(out.res.status).toBe(303);
      expect(location(out.res)).toBe('/integrations/signed-out');
      expect(browser.session).toBeUndefined();
      const replay = new VendorClient(h.baseUrl);
      replay.cookies.set('adlink_vendor', cookie);
      for (const path of ['/integrations', '/integrations/tokens', '/integrations/signing-secret']) {
        const page = await replay.page(path);
        expectPage(page.res, page.html, 401, 'Please sign in');
      }
    });
  });

  describe('company tokens', () => {
    it('lists the tokens and shows a new secret once, in the POST response; it works on the API', async () => {
      const { company, browser } = await vendor();
      const list = await browser.page('/integrations/tokens');
      expectPage(list.res, list.html, 200, 'Company tokens');
      expect(list.html).toMatch(/<a href="\/integrations\/tokens" aria-current="page">/);
      expect(list.html).toContain(`${company.token.slice(0, 15)}…`);
      expect(list.html).not.toContain(company.token);
      expect(list.html).toContain('data-status="active"');

      const created = await browser.submit('/integrations/tokens');
      expectPage(created.res, created.html, 200, 'Token created');
      expect(created.res.headers.get('cache-control')).toBe('no-store');
      const secrets = newSecrets(created.html, TOKEN_FORMAT);
      expect(secrets).toHaveLength(1);
      const secret = secrets[0]!;
      expect(created.html).toContain(`<code id="new-secret">${secret}</code>`);
      expect(created.html).toMatch(
        /<button type="button" class="secondary" hidden data-copy-target="new-secret"/,
      );
      expect(created.html).toMatch(/<script src="\/assets\/copy.js" nonce="/);
      expect(created.html).toContain('aria-live="polite"');
      expect(created.html).toContain('shown only this once');
      // Never in a URL, a redirect or a log line.
      expect(
        browser.history.some((entry) => entry.url.includes(secret) || entry.location?.includes(secret)),
      ).toBe(false);
      expect(h.logs.join('')).not.toContain(secret);

      const reloaded = await browser.page('/integrations/tokens');
      expect(reloaded.html).not.toContain(secret);
      expect(newSecrets(reloaded.html, TOKEN_FORMAT)).toEqual([]);
      expect(reloaded.html).toContain(`${secret.slice(0, 15)}…`);
      expect(await apiStatus(`Bearer ${secret}`)).toBe(200);
      const tokens = await h.store.companies.listTokens(company.id);
      expect(tokens).toHaveLength(2);
      expect(tokens[1]!.prefix).toBe(secret.slice(0, 15));
    });

    it('revokes after a confirm step; the API then answers 401 invalid_token', async () => {
      const { company, browser } = await vendor();
      const created = await browser.submit('/integrations/tokens');
      const secret = newSecrets(created.html, TOKEN_FORMAT)[0]!;
      const token = (await h.store.companies.listTokens(company.id)).find(
        (t) => t.prefix === secret.slice(0, 15),
      )!;

      const list = await browser.page('/integrations/tokens');
      const confirmUrl = `/integrations/tokens/${token.id}/revoke`;
      expect(list.html).toContain(`href="${confirmUrl}"`);
      const confirm = await browser.page(confirmUrl);
      expectPage(confirm.res, confirm.html, 200, `Revoke token ${token.prefix}…?`);
      expect(confirm.html).toContain('Requests with it will fail immediately.');
      expect(confirm.html).toMatch(/<a class="button secondary" href="\/integrations\/tokens">Cancel<\/a>/);
      expect(formFor(confirm.html, confirmUrl)).toEqual({ _csrf: browser.csrf });
      // Showing the confirmation changes nothing.
      expect(await apiStatus(`Bearer ${secret}`)).toBe(200);

      const revoked = await browser.submit(confirmUrl);
      expect(revoked.res.status).toBe(303);
      expect(location(revoked.res)).toBe(`/integrations/tokens?revoked=${token.id}`);
      const res = await h.http.get('/customers').set('Authorization', `Bearer ${secret}`);
      expect(res.status).toBe(401);
      expect(apiError(res).code).toBe('invalid_token');
      expect(await apiStatus(company.auth)).toBe(200);

      const after = await browser.page(location(revoked.res));
      expectPage(after.res, after.html, 200, 'Company tokens');
      expect(after.html).toContain(`Token ${token.prefix}… is revoked. Requests with it now fail.`);
      expect(after.html).toMatch(new RegExp(`data-token="${token.id}">[\\s\\S]*?data-status="revoked"`));
      expect(after.html).not.toContain(`href="${confirmUrl}"`);
    });

    it("answers 404 for another company's token id and revokes nothing", async () => {
      const { browser } = await vendor('Mine');
      const other = await h.company('Theirs');
      for (const id of [other.tokenId, 'tok_doesnotexistdoesnotex', 'tok_{x}', 'nope']) {
        const path = `/integrations/tokens/${encodeURIComponent(id)}/revoke`;
        const shown = await browser.page(path);
        expectPage(shown.res, shown.html, 404, 'Page not found');
        const posted = await browser.submit(path);
        expectPage(posted.res, posted.html, 404, 'Page not found');
      }
      expect(await apiStatus(other.auth)).toBe(200);
      expect((await h.store.companies.listTokens(other.id))[0]!.revoked_at).toBeNull();
    });
  });

  describe('redirect URIs', () => {
    it('adds a URI the API then lists and a connect link accepts', async () => {
      const { company, browser } = await vendor();
      const empty = await browser.page('/integrations/redirect-uris');
      expectPage(empty.res, empty.html, 200, 'Redirect URIs');
      expect(empty.html).toContain('matches one of these URIs exactly');
      const customer = await newCustomer(h, company);
      const before = await h.http
        .get(`/customers/${customer}/connect`)
        .query({ redirect_uri: RETURN })
        .set('Authorization', company.auth);
      expect(before.status).toBe(400);

      const added = await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      expect(added.res.status).toBe(303);
      expect(location(added.res)).toBe('/integrations/redirect-uris?done=added');
      const page = await browser.page(location(added.res));
      expectPage(page.res, page.html, 200, 'Redirect URIs');
      expect(page.html).toContain('The redirect URI was added.');
      expect(page.html).toContain(`<code>${RETURN}</code>`);
      expect(await settingsOf(company)).toEqual({ redirect_uris: [RETURN], default_redirect_uri: null });
      const link = await h.http
        .get(`/customers/${customer}/connect`)
        .query({ redirect_uri: RETURN })
        .set('Authorization', company.auth);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      expect(new URL(link.body.connect_url).searchParams.get('redirect_uri')).toBe(RETURN);
    });

    it('refuses invalid URIs as PUT /company/settings does: 400, the message at the field, nothing saved', async () => {
      const { company, browser } = await vendor();
      await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      await browser.page('/integrations/redirect-uris');
      const cases: [string, string][] = [
        ['http://app.vendor.example/return', 'This URI must use https unless the host is localhost.'],
        ['https://app.vendor.example/return#done', 'This URI must not contain a fragment.'],
        [
          'HTTPS://App.Vendor.example/return',
          'This URI must be written in canonical form: https://app.vendor.example/return.',
        ],
        [
          'https://app.vendor.example',
          'This URI must be written in canonical form: https://app.vendor.example/.',
        ],
        ['/adlink/return', 'This URI must be an absolute URI.'],
        ['https://user:pw@app.vendor.example/return', 'This URI must not contain user information.'],
        ['', 'This URI must be an absolute URI.'],
        [RETURN, 'This URI is already in the list.'],
      ];
      for (const [uri, message] of cases) {
        const { res, html } = await browser.submit('/integrations/redirect-uris', { uri });
        expectPage(res, html, 400, 'Redirect URIs');
        expect(
          decodeHtml(/<p class="error" id="uri-error" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? ''),
        ).toBe(message);
        const input = /<input type="url" id="uri" name="uri" value="([^"]*)"[^>]*>/.exec(html);
        expect(decodeHtml(input![1]!)).toBe(uri);
        expect(input![0]).toContain('aria-invalid="true"');
        expect(input![0]).toContain('aria-describedby="uri-hint uri-error"');
        // The API refuses the same URI.
        if (uri !== RETURN) {
          const api = await h.http
            .put('/company/settings')
            .set('Authorization', company.auth)
            .send({ redirect_uris: [uri], default_redirect_uri: null });
          expect(api.status).toBe(400);
          expect(apiError(api).message).toContain(message.replace(/^This URI /, '').replace(/\.$/, ''));
        }
      }
      expect(await settingsOf(company)).toEqual({ redirect_uris: [RETURN], default_redirect_uri: null });
    });

    it('refuses a 21st URI', async () => {
      const { company, browser } = await vendor();
      const twenty = Array.from({ length: 20 }, (_, i) => `https://app.vendor.example/r${i}`);
      await h.http
        .put('/company/settings')
        .set('Authorization', company.auth)
        .send({ redirect_uris: twenty, default_redirect_uri: null })
        .expect(200);
      const { res, html } = await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      expectPage(res, html, 400, 'Redirect URIs');
      expect(html).toContain('You can have at most 20 redirect URIs. Remove one first.');
      expect((await settingsOf(company)).redirect_uris).toEqual(twenty);
    });

    it('chooses, clears and removes the default; removing the default clears it', async () => {
      const { company, browser } = await vendor();
      await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      await browser.submit('/integrations/redirect-uris', { uri: OTHER_RETURN });
      expect(await settingsOf(company)).toEqual({
        redirect_uris: [RETURN, OTHER_RETURN],
        default_redirect_uri: null,
      });

      let page = await browser.page('/integrations/redirect-uris');
      const makeDefault = formFor(page.html, '/integrations/redirect-uris/default', 1);
      expect(makeDefault).toEqual({ _csrf: browser.csrf, uri: OTHER_RETURN });
      const chosen = await browser.submit('/integrations/redirect-uris/default', makeDefault);
      expect(chosen.res.status).toBe(303);
      expect(location(chosen.res)).toBe('/integrations/redirect-uris?done=default');
      expect(await settingsOf(company)).toEqual({
        redirect_uris: [RETURN, OTHER_RETURN],
        default_redirect_uri: OTHER_RETURN,
      });
      page = await browser.page(location(chosen.res));
      expect(page.html).toContain('The default redirect URI was changed.');
      expect(page.html).toMatch(
        new RegExp(
          `<tr data-default>\\s*<td><code>${OTHER_RETURN}</code> <span class="tag ok">Default</span>`,
        ),
      );
      expect(page.html.match(/data-default/g)).toHaveLength(1);

      // Removing another URI keeps the default.
      const removed = await browser.submit('/integrations/redirect-uris/remove', { uri: RETURN });
      expect(location(removed.res)).toBe('/integrations/redirect-uris?done=removed');
      expect(await settingsOf(company)).toEqual({
        redirect_uris: [OTHER_RETURN],
        default_redirect_uri: OTHER_RETURN,
      });

      // "Use no default", then the default again, then removing it clears it.
      page = await browser.page('/integrations/redirect-uris');
      const clear = await browser.submit(
        '/integrations/redirect-uris/default',
        formFor(page.html, '/integrations/redirect-uris/default'),
      );
      expect(location(clear.res)).toBe('/integrations/redirect-uris?done=no_default');
      expect((await settingsOf(company)).default_redirect_uri).toBeNull();
      await browser.submit('/integrations/redirect-uris/default', { uri: OTHER_RETURN });
      expect((await settingsOf(company)).default_redirect_uri).toBe(OTHER_RETURN);
      page = await browser.page('/integrations/redirect-uris');
      const gone = await browser.submit(
        '/integrations/redirect-uris/remove',
        formFor(page.html, '/integrations/redirect-uris/remove'),
      );
      expect(gone.res.status).toBe(303);
      expect(await settingsOf(company)).toEqual({ redirect_uris: [], default_redirect_uri: null });
    });

    it('answers 404 for removing or choosing a URI that is not in the list', async () => {
      const { company, browser } = await vendor();
      await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      for (const action of ['/integrations/redirect-uris/remove', '/integrations/redirect-uris/default']) {
        const { res, html } = await browser.submit(action, { uri: OTHER_RETURN });
        expectPage(res, html, 404, 'Page not found');
      }
      expect(await settingsOf(company)).toEqual({ redirect_uris: [RETURN], default_redirect_uri: null });
    });
  });

  describe('signing secret', () => {
    it('shows a new secret once; the API lists it; the previous one gets a retirement time', async () => {
      const { company, browser } = await vendor();
      const empty = await browser.page('/integrations/signing-secret');
      expectPage(empty.res, empty.html, 200, 'Signing secret');
      expect(empty.html).toContain('No signing secret yet.');
      expect(empty.html).toContain('HMAC-SHA256');
      expect(empty.html).toContain('“Connecting a customer’s ad accounts”');

      const created = await browser.submit('/integrations/signing-secret');
      expectPage(created.res, created.html, 200, 'New signing secret');
      const secrets = newSecrets(created.html, SIGNING_FORMAT);
      expect(secrets).toHaveLength(1);
      const secret = secrets[0]!;
      expect(created.html).toContain(`<code id="new-secret">${secret}</code>`);
      expect(created.html).toContain('data-copy-target="new-secret"');
      expect(created.html).toMatch(/<script src="\/assets\/copy.js" nonce="/);
      expect(created.html).toContain('previous secrets keep verifying for 24 hours');
      expect(h.logs.join('')).not.toContain(secret);
      expect(browser.history.some((entry) => entry.url.includes(secret))).toBe(false);

      const api = await h.http.get('/company/signing_secrets').set('Authorization', company.auth);
      expect(api.status).toBe(200);
      expect(api.body.data).toHaveLength(1);
      const first = api.body.data[0] as { id: string; expires_at: string | null };
      expect(first.expires_at).toBeNull();
      expect(created.html).toContain(`<code>${first.id}</code>`);
      const active = await h.store.settings.activeSecrets(company.id);
      expect(active.map((s) => s.secret)).toEqual([secret]);

      const reloaded = await browser.page('/integrations/signing-secret');
      expect(newSecrets(reloaded.html, SIGNING_FORMAT)).toEqual([]);
      expect(reloaded.html).toContain(`<tr data-secret="${first.id}">`);
      expect(reloaded.html).toContain('Current');

      const rotated = await browser.submit('/integrations/signing-secret');
      const second = newSecrets(rotated.html, SIGNING_FORMAT)[0]!;
      expect(second).not.toBe(secret);
      const listed = (await h.http.get('/company/signing_secrets').set('Authorization', company.auth)).body
        .data as { id: string; expires_at: string | null }[];
      expect(listed).toHaveLength(2);
      expect(listed[1]!.id).toBe(first.id);
      const retires = listed[1]!.expires_at!;
      expect(Date.parse(retires) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      const page = await browser.page('/integrations/signing-secret');
      expect(page.html).toMatch(
        new RegExp(
          `data-secret="${first.id}">[\\s\\S]*?Retires at ${retires.slice(0, 16).replace('T', ' ')} UTC`,
        ),
      );
    });
  });

  describe('CSRF', () => {
    /** Every POST of these pages, with the change it would make and how to tell it did not happen. */
    async function forms(company: Company, browser: VendorClient) {
      await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      const revokable = (await h.store.companies.createToken(company.id)).token.id;
      const state = async () => ({
        tokens: (await h.store.companies.listTokens(company.id)).map((t) => [t.id, t.revoked_at]),
        settings: await h.store.settings.get(company.id),
        secrets: await h.store.settings.listSecrets(company.id),
        signedIn: (await browser.page('/integrations/tokens')).res.status,
      });
      return {
        state,
        posts: [
          ['/integrations/tokens', {}],
          [`/integrations/tokens/${revokable}/revoke`, {}],
          ['/integrations/redirect-uris', { uri: OTHER_RETURN }],
          ['/integrations/redirect-uris/remove', { uri: RETURN }],
          ['/integrations/redirect-uris/default', { uri: RETURN }],
          ['/integrations/signing-secret', {}],
          ['/integrations/logout', {}],
        ] as [string, Record<string, string>][],
      };
    }

    it('refuses every POST without _csrf, with another session’s, or from another origin: 403, no change', async () => {
      const { company, browser } = await vendor();
      const sameCompany = await VendorClient.signIn(h, company.id);
      const { browser: otherCompany } = await vendor('Other');
      const { state, posts } = await forms(company, browser);
      const before = await state();
      expect(before.signedIn).toBe(200);
      for (const [action, fields] of posts) {
        const attempts: [string, Record<string, string | null>, Record<string, string>][] = [
          ['no _csrf', { ...fields, _csrf: null }, {}],
          ['empty _csrf', { ...fields, _csrf: '' }, {}],
          ['same company, other session', { ...fields, _csrf: sameCompany.csrf }, {}],
          ['other company', { ...fields, _csrf: otherCompany.csrf }, {}],
          ['evil origin', fields, { Origin: EVIL }],
          ['null origin, cross-site', fields, { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }],
          ['cross-site fetch', fields, { 'Sec-Fetch-Site': 'cross-site' }],
        ];
        for (const [name, form, headers] of attempts) {
          const { res, html } = await browser.submit(action, form, headers);
          expect(res.status, `${action}: ${name}`).toBe(403);
          expectPage(res, html, 403, 'Request refused');
        }
      }
      expect(await state()).toEqual(before);
    });

    it('gives every form of the pages the session’s _csrf', async () => {
      const { browser } = await vendor();
      await browser.submit('/integrations/redirect-uris', { uri: RETURN });
      for (const path of [
        '/integrations/tokens',
        '/integrations/redirect-uris',
        '/integrations/signing-secret',
      ]) {
        const { html } = await browser.page(path);
        const formCount = html.match(/<form method="post"/g)?.length ?? 0;
        expect(formCount).toBeGreaterThan(1);
        expect([...html.matchAll(/name="_csrf" value="([^"]*)"/g)].map((m) => m[1])).toEqual(
          Array(formCount).fill(browser.csrf),
        );
      }
    });
  });

  describe('signed out', () => {
    it('answers every page and form with the 401 "Please sign in" page', async () => {
      const company = await h.company();
      const anonymous = new VendorClient(h.baseUrl);
      const forged = new VendorClient(h.baseUrl);
      forged.cookies.set('adlink_vendor', 'A'.repeat(43));
      const gets = [
        '/integrations/tokens',
        `/integrations/tokens/${company.tokenId}/revoke`,
        '/integrations/redirect-uris',
        '/integrations/signing-secret',
      ];
      const posts: [string, Record<string, string>][] = [
        ['/integrations/tokens', {}],
        [`/integrations/tokens/${company.tokenId}/revoke`, {}],
        ['/integrations/redirect-uris', { uri: RETURN }],
        ['/integrations/redirect-uris/remove', { uri: RETURN }],
        ['/integrations/redirect-uris/default', { uri: RETURN }],
        ['/integrations/signing-secret', {}],
      ];
      for (const browser of [anonymous, forged]) {
        for (const path of gets) {
          const { res, html } = await browser.page(path);
          expectPage(res, html, 401, 'Please sign in');
          expect(html).not.toContain('_csrf');
        }
        for (const [action, fields] of posts) {
          const { res, html } = await browser.submit(action, { ...fields, _csrf: 'x' });
          expectPage(res, html, 401, 'Please sign in');
        }
      }
      expect(await apiStatus(company.auth)).toBe(200);
      expect(await h.store.settings.get(company.id)).toEqual({
        redirect_uris: [],
        default_redirect_uri: null,
      });
      expect(await h.store.settings.listSecrets(company.id)).toEqual([]);
      expect(await h.store.companies.listTokens(company.id)).toHaveLength(1);
    });
  });

  describe('escaping and headers', () => {
    it('renders script in a company name and in an echoed URI inert', async () => {
      const name = '<img src=x onerror=alert(1)>';
      const { browser } = await vendor(name);
      for (const path of [
        '/integrations/tokens',
        '/integrations/redirect-uris',
        '/integrations/signing-secret',
      ]) {
        const { res, html } = await browser.page(path);
        expectPage(res, html, 200, /./);
        expect(html).not.toContain('<img');
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      }
      const uri = 'https://x.example/"><script>alert(1)</script><b onmouseover=alert(1)>';
      const { res, html } = await browser.submit('/integrations/redirect-uris', { uri });
      // The echo stays inside one attribute value: no quote, no tag, no handler gets out of it.
      const input = /<input type="url" id="uri" name="uri" value="([^"<>]*)" required [^>]*>/.exec(html)!;
      expect(decodeHtml(input[1]!)).toBe(uri);
      expectPage(res, html.replace(input[0], ''), 400, 'Redirect URIs');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<b onmouseover');
      expect(html).toContain('value="https://x.example/&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('must be written in canonical form: https://x.example/%22%3E%3Cscript%3E');
    });

    it('sends no-store, a strict CSP with frame-ancestors none and no-referrer on every page', async () => {
      const { company, browser } = await vendor();
      const seen: { res: Response; html: string }[] = [];
      for (const path of [
        '/integrations/tokens',
        '/integrations/redirect-uris',
        '/integrations/signing-secret',
      ]) {
        seen.push(await browser.page(path));
      }
      seen.push(await browser.page(`/integrations/tokens/${company.tokenId}/revoke`));
      seen.push(await browser.submit('/integrations/tokens'));
      seen.push(await browser.submit('/integrations/signing-secret'));
      seen.push(await browser.submit('/integrations/redirect-uris', { uri: 'http://example.com/' }));
      seen.push(await browser.submit('/integrations/tokens', { _csrf: null }));
      seen.push(await browser.page('/integrations/tokens/tok_unknown/revoke'));
      seen.push(
        await new FlowClient(h.baseUrl)
          .get('/integrations/redirect-uris')
          .then(async (res) => ({ res, html: await res.text() })),
      );
      for (const { res, html } of seen) {
        expectFlowHeaders(res.headers, { page: true });
        expectOnlyNoncedScripts(html, res.headers);
        const csp = cspDirectives(res.headers);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.get('form-action')).toEqual(["'self'"]);
        expect(csp.get('default-src')).toEqual(["'none'"]);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(html).toContain('<meta name="referrer" content="no-referrer">');
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });

    it('answers other methods with 405 and Allow', async () => {
      const { browser } = await vendor();
      const res = await browser.request('/integrations/tokens', { method: 'PUT' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
      const remove = await browser.request('/integrations/redirect-uris/remove');
      expect(remove.status).toBe(405);
      expect(remove.headers.get('allow')).toBe('POST');
      expect(csrfOf(await remove.text())).toBeNull();
    });
  });
});
