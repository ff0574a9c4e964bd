import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  cspDirectives,
  dumpValues,
  enter,
  expectFlowHeaders,
  expectPage as expectFlowPage,
  expectOnlyNoncedScripts,
  newCustomer,
  newLink,
  redeem,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { png } from './support/images.js';
import { expectPage, fieldError, VendorClient } from './support/vendor-client.js';

const EVIL = 'https://evil.example';
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

// ---------------------------------------------------------------------------------------------
// Test images

/** A valid 2×2 PNG (signature, IHDR, IDAT, IEND, with their CRCs). */
const tinyPng = () => png(2, 2);

/** The start of a JFIF file (SOI, APP0) and its end (EOI). */
const TINY_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#1f4fd6"/></svg>\n';
const SVG_WITH_SCRIPT =
  '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- brand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert(document.cookie)</script><rect width="40" height="40"/></svg>';
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

// ---------------------------------------------------------------------------------------------

/** The text of the header's brand (the logo's alt and the name), tags removed. */
const headerOf = (html: string) => /<header class="site-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';

interface Upload {
  bytes: Buffer | string;
  name: string;
  type: string;
}

describe('integrations: branding', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function vendor(name = 'Acme Ads Legal GmbH'): Promise<{ company: Company; browser: VendorClient }> {
    const company = await h.company(name);
    const browser = await VendorClient.signIn(h, company.id);
    await browser.page('/integrations/branding');
    return { company, browser };
  }

  /** The logo form as a browser sends it: multipart, `_csrf` first (unless null), our Origin. */
  async function upload(
    browser: VendorClient,
    file: Upload | null,
    options: { csrf?: string | null; headers?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    const csrf = options.csrf === undefined ? browser.csrf : options.csrf;
    if (csrf !== null) form.append('_csrf', csrf!);
    if (file) form.append('logo', new Blob([file.bytes], { type: file.type }), file.name);
    const res = await browser.request('/integrations/branding/logo', {
      method: 'POST',
      body: form,
      headers: { Origin: new URL(h.baseUrl).origin, ...options.headers },
    });
    return { res, html: await res.text() };
  }

  const logoOf = (company: Company) => fetch(`${h.baseUrl}/brand/${company.id}/logo`);
  const themeOf = (company: Company) => fetch(`${h.baseUrl}/brand/${company.id}/theme.css`);

  /** The hosted pages a customer of the company sees: landing, overview, done. */
  async function hostedPages(company: Company): Promise<Record<'landing' | 'overview' | 'done', string>> {
    const customer = await newCustomer(h, company);
    const link = await newLink(h, company, customer);
    const browser = new FlowClient(h.baseUrl);
    const pages: Partial<Record<'landing' | 'overview' | 'done', string>> = {};
    const landing = await browser.get(link.connect_url);
    pages.landing = await landing.text();
    expect(landing.status).toBe(200);
    expectOnlyNoncedScripts(pages.landing, landing.headers);
    await enter(browser, link.connect_url);
    for (const [name, path] of [
      ['overview', '/connections'],
      ['done', '/connections/done'],
    ] as const) {
      const res = await browser.get(path);
      pages[name] = await res.text();
      expect(res.status, pages[name]!.slice(0, 400)).toBe(200);
      expectFlowHeaders(res.headers, { page: true });
      expectOnlyNoncedScripts(pages[name]!, res.headers);
      // The theme is a stylesheet of ours: style-src stays 'self', no inline style anywhere.
      expect(cspDirectives(res.headers).get('style-src')).toEqual(["'self'"]);
      expect(pages[name]).not.toMatch(/<style\b|\sstyle="/i);
    }
    return pages as Record<'landing' | 'overview' | 'done', string>;
  }

  describe('display name and accent colour', () => {
    it('shows the display name instead of the company name and links the theme on the hosted pages', async () => {
      const { company, browser } = await vendor('Acme Ads Legal GmbH');
      const saved = await browser.submit('/integrations/branding', {
        display_name: '  Acme Ads  ',
        accent: '#1F4FD6',
      });
      expect(saved.res.status, saved.html.slice(0, 400)).toBe(303);
      expect(location(saved.res)).toBe('/integrations/branding?done=saved');
      const page = await browser.page(location(saved.res));
      expectPage(page.res, page.html, 200, 'Branding');
      expect(page.html).toContain('Your display name, colour and language were saved.');
      expect(page.html).toContain('name="display_name" value="Acme Ads"');
      expect(page.html).toContain('name="accent" value="#1f4fd6"');
      expect(await h.store.profile.branding(company.id)).toMatchObject({
        display_name: 'Acme Ads',
        accent: '#1f4fd6',
        logo_sha256: null,
      });

      const pages = await hostedPages(company);
      for (const [name, html] of Object.entries(pages)) {
        expect(html, name).toMatch(
          new RegExp(`<link rel="stylesheet" href="/brand/${company.id}/theme\\.css\\?v=[0-9a-f]{16}">`),
        );
        expect(html.indexOf('/assets/app.css'), name).toBeLessThan(html.indexOf('/theme.css'));
        expect(headerOf(html), name).toContain('<span class="brand-name">Acme Ads</span>');
        expect(html, name).toMatch(/<title>[^<]* · Acme Ads<\/title>/);
        expect(html, name).not.toContain('Acme Ads Legal GmbH');
        expect(html, name).not.toContain('<img class="brand-logo"');
      }
      expect(pages.landing).toContain('Acme Ads asks you to connect your advertising accounts.');
      expect(pages.overview).toContain('Choose the ad platforms Acme Ads should manage for you.');

      const theme = await themeOf(company);
      const css = await theme.text();
      expect(theme.status).toBe(200);
      expect(theme.headers.get('content-type')).toMatch(/^text\/css/);
      expect(theme.headers.get('cache-control')).toBe('public, max-age=300');
      expect(theme.headers.get('x-content-type-options')).toBe('nosniff');
      expect(css).toContain(':root { --accent: #1f4fd6; --accent-text: #ffffff; }');
      // The dark theme gets a lighter accent that still reads on its dark card, with readable text.
      const dark =
        /prefers-color-scheme: dark\) \{ :root \{ --accent: (#[0-9a-f]{6}); --accent-text: (#[0-9a-f]{6}); \}/.exec(
          css,
        );
      expect(dark).not.toBeNull();
      const etag = theme.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      // (fetch would add Cache-Control: no-cache to a conditional request; supertest sends it as is)
      expect((await h.http.get(`/brand/${company.id}/theme.css`).set('If-None-Match', etag!)).status).toBe(
        304,
      );
    });

    it('message pages of a flow are branded too: a used link, a platform not offered', async () => {
      const { company, browser } = await vendor('Message Legal Ltd');
      expect(
        (await browser.submit('/integrations/branding', { display_name: 'Msg Brand', accent: '' })).res
          .status,
      ).toBe(303);
      const customer = await newCustomer(h, company);
      const link = await newLink(h, company, customer);
      const first = new FlowClient(h.baseUrl);
      await enter(first, link.connect_url);
      const used = await expectFlowPage(
        await redeem(new FlowClient(h.baseUrl), link),
        410,
        'This link was already used',
      );
      expect(used).toContain('Ask Msg Brand for a new one.');
      expect(headerOf(used)).toContain('<span class="brand-name">Msg Brand</span>');
      expect(used).toMatch(new RegExp(`href="/brand/${company.id}/theme\\.css\\?v=[0-9a-f]{16}"`));
      const unavailable = await expectFlowPage(
        await first.post('/connections/meta/start', {}),
        404,
        'Platform not available',
      );
      expect(headerOf(unavailable)).toContain('<span class="brand-name">Msg Brand</span>');
      // Without an accent the theme only sizes the logo.
      const css = await (await themeOf(company)).text();
      expect(css).not.toContain('--accent');
      expect(css).toContain('.brand-logo');
    });

    it('keeps the hosted pages working without any branding: the company name, adlink’s colours', async () => {
      const company = await h.company('Plain Vendor');
      const pages = await hostedPages(company);
      for (const html of Object.values(pages)) {
        expect(headerOf(html)).toContain('<span class="brand-name">Plain Vendor</span>');
        expect(html).not.toContain('<img class="brand-logo"');
      }
      expect(pages.landing).toContain('Plain Vendor asks you to connect');
      expect(await (await themeOf(company)).text()).not.toContain('--accent');
      // An empty form clears what was set.
      const clear = await vendor('Clear Co');
      await clear.browser.submit('/integrations/branding', { display_name: 'Set', accent: '#1f4fd6' });
      expect(await h.store.profile.branding(clear.company.id)).toMatchObject({ display_name: 'Set' });
      const cleared = await clear.browser.submit('/integrations/branding', { display_name: '', accent: '' });
      expect(cleared.res.status).toBe(303);
      expect(await h.store.profile.branding(clear.company.id)).toMatchObject({
        display_name: null,
        accent: null,
      });
    });

    it('renders a script in the display name as text on the hosted pages', async () => {
      const { company, browser } = await vendor('Script Co');
      const name = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
      expect(
        (await browser.submit('/integrations/branding', { display_name: name, accent: '' })).res.status,
      ).toBe(303);
      const pages = await hostedPages(company);
      for (const html of Object.values(pages)) {
        expect(html).not.toContain('<script>alert(1)');
        expect(html).not.toContain('<img src=x');
        expect(html).toContain(
          '&lt;script&gt;alert(1)&lt;/script&gt;&#34;&gt;&lt;img src=x onerror=alert(2)&gt;',
        );
      }
      // On the settings page it is the field's value, escaped.
      const settings = await browser.page('/integrations/branding');
      expect(settings.res.status).toBe(200);
      expect(settings.html).not.toContain('<script>alert(1)');
      expect(settings.html).toContain(
        'value="&lt;script&gt;alert(1)&lt;/script&gt;&#34;&gt;&lt;img src=x onerror=alert(2)&gt;"',
      );
    });

    it('refuses low-contrast colours (explaining why), other formats and bad names with 400, storing nothing', async () => {
      const { company, browser } = await vendor('Validation Co');
      const refused: [Record<string, string>, string, RegExp | string][] = [
        [
          { display_name: 'Ok', accent: '#ffcc00' },
          'accent',
          /^White text on #ffcc00 has a contrast of only 1\.[0-9]:1\. .*4\.5:1.*Choose a darker colour\.$/,
        ],
        [{ display_name: 'Ok', accent: '#777777' }, 'accent', /contrast of only 4\.4:1/],
        ...[
          'red',
          '#fff',
          '#12345g',
          '1f4fd6',
          'rgb(0,0,0)',
          '#1f4fd6; } body { display: none',
          '#1f4fd6ff',
        ].map((accent): [Record<string, string>, string, string] => [
          { display_name: 'Ok', accent },
          'accent',
          'Write the colour as # and six hexadecimal digits, e.g. #1f4fd6.',
        ]),
        [{ display_name: 'x'.repeat(81), accent: '' }, 'display_name', 'Use at most 80 characters.'],
        [
          { display_name: 'Tab\tName', accent: '' },
          'display_name',
          'Remove the control characters (such as line breaks or tabs).',
        ],
        [
          { display_name: 'Evil\u202ename', accent: '' },
          'display_name',
          'Remove the control characters (such as line breaks or tabs).',
        ],
      ];
      for (const [fields, field, message] of refused) {
        const { res, html } = await browser.submit('/integrations/branding', fields);
        expectPage(res, html, 400, 'Branding');
        if (typeof message === 'string')
          expect(fieldError(html, field), JSON.stringify(fields)).toBe(message);
        else expect(fieldError(html, field), JSON.stringify(fields)).toMatch(message);
        expect(html).toMatch(new RegExp(`id="${field}" name="${field}"[^>]*aria-invalid="true"`));
      }
      expect(await h.store.profile.branding(company.id)).toMatchObject({ display_name: null, accent: null });
      // The limits themselves are fine: 80 characters, and 4.5:1 exactly reached.
      const ok = await browser.submit('/integrations/branding', {
        display_name: 'é'.repeat(80),
        accent: '#767676',
      });
      expect(ok.res.status).toBe(303);
      expect(await h.store.profile.branding(company.id)).toMatchObject({
        display_name: 'é'.repeat(80),
        accent: '#767676',
      });
    });
  });

  describe('logo', () => {
    it('uploads a PNG, a JPEG and an SVG, detected by content, served with their type under a strict CSP', async () => {
      const { company, browser } = await vendor('Logo Co');
      const png = tinyPng();
      for (const [file, type] of [
        [{ bytes: png, name: 'logo.png', type: 'image/png' }, 'image/png'],
        // The content decides: a PNG called a GIF is a PNG.
        [{ bytes: png, name: 'logo.gif', type: 'image/gif' }, 'image/png'],
        [{ bytes: TINY_JPEG, name: 'logo.jpg', type: 'image/jpeg' }, 'image/jpeg'],
        [{ bytes: SVG, name: 'logo.svg', type: 'image/svg+xml' }, 'image/svg+xml'],
        [{ bytes: SVG, name: 'logo.txt', type: 'application/octet-stream' }, 'image/svg+xml'],
      ] as const) {
        const sent = await upload(browser, file);
        expect(sent.res.status, sent.html.slice(0, 600)).toBe(303);
        expect(location(sent.res)).toBe('/integrations/branding?done=logo');
        const res = await logoOf(company);
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(type);
        expect(body.equals(Buffer.from(file.bytes))).toBe(true);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe(LOGO_CSP);
        expect(res.headers.get('cache-control')).toBe('public, max-age=300');
        expect(res.headers.get('etag')).toBe(`"${sha256(body)}"`);
        const conditional = await h.http
          .get(`/brand/${company.id}/logo`)
          .set('If-None-Match', `"${sha256(body)}"`);
        expect(conditional.status).toBe(304);
      }
      // Stored as base64 in a JSON record with its type and hash.
      const record = JSON.parse((await h.store.kv.get(h.store.keys.brandLogo(company.id)))!);
      expect(record).toMatchObject({
        content_type: 'image/svg+xml',
        data: Buffer.from(SVG).toString('base64'),
        sha256: sha256(SVG),
      });
      const page = await browser.page('/integrations/branding?done=logo');
      expectPage(page.res, page.html, 200, 'Branding');
      expect(page.html).toContain('Your logo was uploaded.');
      expect(page.html).toMatch(new RegExp(`src="/brand/${company.id}/logo\\?v=[0-9a-f]{16}"`));
    });

    it('stores an SVG with a script but serves it sandboxed, so the script can never run', async () => {
      const { company, browser } = await vendor('Svg Script Co');
      expect(
        (await upload(browser, { bytes: SVG_WITH_SCRIPT, name: 'logo.svg', type: 'image/svg+xml' })).res
          .status,
      ).toBe(303);
      const res = await logoOf(company);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(await res.text()).toContain('<script>');
      const csp = cspDirectives(res.headers);
      expect(csp.has('sandbox')).toBe(true);
      expect(csp.get('sandbox')).toEqual([]);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.has('script-src')).toBe(false);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('shows the logo in the hosted pages’ header, and removes it', async () => {
      const { company, browser } = await vendor('Header Logo Co');
      await browser.submit('/integrations/branding', { display_name: 'Header Brand', accent: '' });
      expect(
        (await upload(browser, { bytes: tinyPng(), name: 'logo.png', type: 'image/png' })).res.status,
      ).toBe(303);
      const pages = await hostedPages(company);
      for (const html of Object.values(pages)) {
        expect(headerOf(html)).toMatch(
          new RegExp(
            `<img class="brand-logo" src="/brand/${company.id}/logo\\?v=[0-9a-f]{16}" alt="Header Brand" height="40">`,
          ),
        );
      }

      const removed = await browser.submit('/integrations/branding/logo/remove');
      expect(removed.res.status).toBe(303);
      expect(location(removed.res)).toBe('/integrations/branding?done=logo_removed');
      expect((await browser.page(location(removed.res))).html).toContain('Your logo was removed.');
      expect((await logoOf(company)).status).toBe(404);
      expect(await h.store.kv.get(h.store.keys.brandLogo(company.id))).toBeNull();
      expect((await h.store.profile.branding(company.id)).logo_sha256).toBeNull();
      for (const html of Object.values(await hostedPages(company))) {
        expect(html).not.toContain('<img class="brand-logo"');
        expect(headerOf(html)).toContain('<span class="brand-name">Header Brand</span>');
      }
    });

    it('refuses files over 200 kB, and bodies far over it, with a clear message; the old logo stays', async () => {
      const { company, browser } = await vendor('Big Logo Co');
      const png = tinyPng();
      expect((await upload(browser, { bytes: png, name: 'logo.png', type: 'image/png' })).res.status).toBe(
        303,
      );
      const big = Buffer.concat([png, Buffer.alloc(201 * 1024 - png.length, 0x20)]);
      const huge = Buffer.concat([png, Buffer.alloc(1024 * 1024, 0x20)]);
      for (const [bytes, size] of [
        [big, '206'],
        [huge, '1'],
      ] as const) {
        const { res, html } = await upload(browser, { bytes, name: 'logo.png', type: 'image/png' });
        expectPage(res, html, 413, 'Branding');
        expect(fieldError(html, 'logo')).toMatch(
          new RegExp(`^The file is ${size}\\d* kB; a logo can be at most 200 kB\\.$`),
        );
      }
      const res = await logoOf(company);
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    });

    it('refuses anything but PNG, JPEG or SVG by its content, whatever its name and type say', async () => {
      const { company, browser } = await vendor('Wrong Type Co');
      for (const file of [
        { bytes: GIF, name: 'logo.gif', type: 'image/gif' },
        { bytes: GIF, name: 'logo.png', type: 'image/png' },
        { bytes: HTML, name: 'logo.png', type: 'image/png' },
        { bytes: HTML, name: 'logo.svg', type: 'image/svg+xml' },
        { bytes: '<svg xmlns="http://www.w3.org/2000/svg"><rect/>', name: 'cut.svg', type: 'image/svg+xml' },
        {
          bytes: '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
          name: 'entities.svg',
          type: 'image/svg+xml',
        },
        { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), name: 'short.png', type: 'image/png' },
        { bytes: Buffer.from('%PDF-1.7\n'), name: 'logo.png', type: 'image/png' },
      ]) {
        const { res, html } = await upload(browser, file);
        expectPage(res, html, 400, 'Branding');
        expect(fieldError(html, 'logo'), file.name).toBe(
          'PNG, JPEG or SVG only. The file’s content decides, not its name or type.',
        );
      }
      const none = await upload(browser, null);
      expectPage(none.res, none.html, 400, 'Branding');
      expect(fieldError(none.html, 'logo')).toBe('Choose a file to upload.');
      expect((await logoOf(company)).status).toBe(404);
      expect(await h.store.kv.get(h.store.keys.brandLogo(company.id))).toBeNull();
    });

    it('refuses the multipart form without _csrf, with another session’s, from another origin, or unreadable: 403, nothing stored', async () => {
      const { company, browser } = await vendor('Csrf Logo Co');
      const { browser: stranger } = await vendor('Stranger Co');
      const file = { bytes: tinyPng(), name: 'logo.png', type: 'image/png' };
      for (const [name, options] of [
        ['no token', { csrf: null }],
        ['another session’s token', { csrf: stranger.csrf }],
        ['an empty token', { csrf: '' }],
        ['another origin', { headers: { Origin: EVIL } }],
      ] as const) {
        const { res, html } = await upload(browser, file, options);
        expect(res.status, name).toBe(403);
        expectPage(res, html, 403, 'Request refused');
      }
      // Not multipart at all, or a broken multipart body: there is no token to check.
      const form = await browser.post('/integrations/branding/logo', { _csrf: browser.csrf!, logo: 'x' });
      expect(form.status).toBe(403);
      const broken = await browser.request('/integrations/branding/logo', {
        method: 'POST',
        body: `--x\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${browser.csrf}`,
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', Origin: new URL(h.baseUrl).origin },
      });
      expect(broken.status).toBe(403);
      // The other branding forms refuse the same way.
      for (const action of ['/integrations/branding', '/integrations/branding/logo/remove']) {
        const { res } = await browser.submit(action, { _csrf: null, display_name: 'Forged', accent: '' });
        expect(res.status, action).toBe(403);
      }
      expect(await h.store.kv.get(h.store.keys.brandLogo(company.id))).toBeNull();
      expect(await h.store.profile.branding(company.id)).toMatchObject({
        display_name: null,
        logo_sha256: null,
      });
      for (const [key, value] of await dumpValues(h)) {
        if (!key.includes(company.id)) continue;
        expect(key).not.toMatch(/brand/);
        expect(value).not.toContain(file.bytes.toString('base64'));
      }
    });

    it('is the 401 "Please sign in" page when signed out, and reads no upload', async () => {
      const company = await h.company('Signed Out Co');
      const browser = new VendorClient(h.baseUrl);
      const page = await browser.page('/integrations/branding');
      expectPage(page.res, page.html, 401, 'Please sign in');
      const { res, html } = await upload(
        browser,
        { bytes: tinyPng(), name: 'logo.png', type: 'image/png' },
        { csrf: 'x' },
      );
      expectPage(res, html, 401, 'Please sign in');
      const form = await browser.post('/integrations/branding', {
        _csrf: 'x',
        display_name: 'x',
        accent: '',
      });
      expect(form.status).toBe(401);
      expect(await h.store.kv.get(h.store.keys.brandLogo(company.id))).toBeNull();
    });
  });

  describe('public brand assets', () => {
    it('answers 404 for unknown companies, malformed ids and companies without a logo', async () => {
      const company = await h.company('No Logo Co');
      const unknown = '3f1d9b7e-0c1a-4b2e-9f00-000000000000';
      for (const path of [
        `/brand/${company.id}/logo`,
        `/brand/${unknown}/logo`,
        `/brand/${unknown}/theme.css`,
        '/brand/not-a-company/logo',
        '/brand/not-a-company/theme.css',
        `/brand/${company.id}/other`,
      ]) {
        const res = await fetch(`${h.baseUrl}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
        await res.arrayBuffer();
      }
      const post = await fetch(`${h.baseUrl}/brand/${company.id}/logo`, { method: 'POST' });
      expect(post.status).toBe(405);
      expect((await themeOf(company)).status).toBe(200);
    });
  });
});
