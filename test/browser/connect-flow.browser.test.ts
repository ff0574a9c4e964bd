import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyResult } from '../../src/connect/result-signature.js';
import { type Harness, startHarness } from '../support/harness.js';
import { sandboxFunnel } from '../support/metrics.js';
import {
  axeViolations,
  BLOCKING_IMPACTS,
  describeViolations,
  keepAccountChoice,
  launchChromium,
  startVendorReturn,
  type VendorReturn,
} from './support.js';

const VENDOR = 'Acme Ads Manager';

/** What the pages say, per language, where the tests look for it. */
const TEXTS = {
  en: {
    landing: 'Connect your ad accounts',
    continue: 'Continue',
    connectSandbox: 'Connect Sandbox Ads',
    consent: 'Allow adlink to manage your ads?',
    allow: 'Allow',
    deny: 'Deny',
    cancelled: 'Connection cancelled',
    tryAgain: 'Try again',
    done: 'Done',
    allSet: 'All set',
    leave: 'Leave without connecting',
    leaveTitle: 'Leave without connecting?',
    invalid: 'This link is not valid',
  },
  de: {
    landing: 'Werbekonten verbinden',
    continue: 'Weiter',
    connectSandbox: 'Sandbox Ads verbinden',
    consent: 'adlink erlauben, Ihre Anzeigen zu verwalten?',
    allow: 'Erlauben',
    deny: 'Ablehnen',
    cancelled: 'Verbindung abgebrochen',
    tryAgain: 'Erneut versuchen',
    done: 'Fertig',
    allSet: 'Alles erledigt',
    leave: 'Ohne Verbindung verlassen',
    leaveTitle: 'Ohne Verbindung verlassen?',
    invalid: 'Dieser Link ist ungültig',
  },
};
type Texts = (typeof TEXTS)['en'];
const TEST_TIMEOUT = 30_000;

describe('hosted connection flow in a real browser (Chromium)', () => {
  let h: Harness;
  let company: Awaited<ReturnType<Harness['company']>>;
  let vendor: VendorReturn;
  let signingSecret: string;
  let browser: Browser;
  let screenshots: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    h = await startHarness();
    vendor = await startVendorReturn();
    company = await h.company(VENDOR);
    const put = await h.http
      .put('/company/settings')
      .set('Authorization', company.auth)
      .send({ redirect_uris: [vendor.url], default_redirect_uri: vendor.url });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const created = await h.http.post('/company/signing_secrets').set('Authorization', company.auth).send({});
    expect(created.status).toBe(201);
    signingSecret = created.body.secret;
    screenshots = process.env.SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'adlink-browser-'));
    mkdirSync(screenshots, { recursive: true });
    console.log(`screenshots of every hosted page: ${screenshots}`);
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await vendor?.close();
    await h?.close();
  });

  async function newLink(locale?: 'en' | 'de') {
    const customer = (
      await h.http.post('/customers').set('Authorization', company.auth).send({ name: 'Bakery' })
    ).body as { id: string };
    const link = await h.http
      .get(`/customers/${customer.id}/connect${locale ? `?locale=${locale}` : ''}`)
      .set('Authorization', company.auth);
    expect(link.status).toBe(200);
    const connectUrl: string = link.body.connect_url;
    expect(connectUrl).toContain(`redirect_uri=${encodeURIComponent(vendor.url)}`);
    return { customer, connectUrl };
  }

  /** A fresh context and page; console errors and uncaught exceptions of the page are collected. */
  async function newPage(options: BrowserContextOptions = {}) {
    const context = await browser.newContext(options);
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(10_000);
    const page = await context.newPage();
    const problems: string[] = [];
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        navigations.push(request.url());
    });
    page.on('console', (message) => {
      const { url } = message.location();
      // Chromium asks every origin for /favicon.ico on its own; the test vendor's server has none.
      if (message.type() === 'error' && !(url.endsWith('/favicon.ico') && !url.startsWith(h.baseUrl))) {
        problems.push(`console: ${message.text()} (${url})`);
      }
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    return { context, page, problems, navigations };
  }

  const overviewUrl = () => `${h.baseUrl}/connections`;
  const isAuthorizePage = (url: URL) =>
    url.href.startsWith(`${h.baseUrl}/sandbox/oauth/authorize?`) && url.searchParams.has('state');

  /** A full-page screenshot at desktop width and one at phone width. */
  async function screenshot(page: Page, name: string) {
    await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: join(screenshots, `${name}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  const heading = async (page: Page) => (await page.getByRole('heading', { level: 1 }).textContent())?.trim();

  /** The landing page submits itself (JavaScript on): the browser ends on the overview. */
  async function enterWithJavaScript(page: Page, connectUrl: string): Promise<Response> {
    const overview = page.waitForResponse(
      (r) => r.url() === overviewUrl() && r.request().isNavigationRequest() && r.status() === 200,
    );
    await page.goto(connectUrl, { waitUntil: 'commit' });
    const response = await overview;
    await page.waitForURL(overviewUrl());
    return response;
  }

  /** Overview → Connect → the sandbox's consent page. */
  async function openConsent(page: Page, text: Texts = TEXTS.en) {
    await page.getByRole('button', { name: text.connectSandbox }).click();
    await page.waitForURL(isAuthorizePage);
    expect(await heading(page)).toBe(text.consent);
    expect(await page.getByRole('checkbox').count()).toBeGreaterThan(0);
  }

  async function sandboxStatus(page: Page) {
    const row = page.locator('li.platform[data-platform="sandbox"]');
    expect((await row.locator('.name').textContent())?.trim()).toBe('Sandbox Ads');
    return (await row.locator('.status').textContent())?.replace(/\s+/g, ' ').trim();
  }

  const finishUrl = () => `${h.baseUrl}/connections/finish`;

  /** The done page hands over to the vendor by itself: returns the query the vendor's server received. */
  async function expectReturnToVendor(page: Page, navigations: string[], customerId: string) {
    const hitsBefore = vendor.hits.length;
    const finishesBefore = navigations.filter((url) => url === finishUrl()).length;
    const shownAt = Date.now();
    await page.waitForURL((url) => url.href.startsWith(`${vendor.url}?`), { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeLessThan(6_000);
    expect(await page.locator('body').textContent()).toBe('returned');
    // One hand-over only: two submissions of the Continue form would race (the first ends the flow,
    // the second can land on "Your session has ended").
    await page.waitForTimeout(1_000);
    expect(page.url().startsWith(`${vendor.url}?`)).toBe(true);
    expect(vendor.hits.length).toBe(hitsBefore + 1);
    expect(navigations.filter((url) => url === finishUrl()).length).toBe(finishesBefore + 1);

    const params = vendor.hits.at(-1)!.url.searchParams;
    expect(page.url()).toBe(vendor.hits.at(-1)!.url.href);
    expect(params.get('status')).toBe('success');
    expect(params.get('platforms')).toBe('sandbox');
    expect(params.get('customer')).toBe(customerId);
    expect(verifyResult(signingSecret, params)).toBe(true);
    return params;
  }

  it(
    'connects the sandbox and lands on the vendor redirect_uri with a verifiable signed result',
    async () => {
      const funnel = async () => sandboxFunnel((await h.http.get('/metrics')).text);
      const before = await funnel();
      const { customer, connectUrl } = await newLink();
      const { page, problems, navigations } = await newPage({ colorScheme: 'light' });

      const overview = await enterWithJavaScript(page, connectUrl);
      const headers = await overview.allHeaders();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(await heading(page)).toBe('Connect your ad accounts');
      expect(await page.locator('main').textContent()).toContain(VENDOR);
      expect(await sandboxStatus(page)).toBe('Not connected');
      // The sandbox is no brand: its mark sits on a neutral tile (not "[object Promise]").
      expect(await page.locator('main').textContent()).not.toContain('[object ');
      expect(await page.locator('.logo-sandbox.neutral svg').count()).toBe(1);
      // One primary action at a time: Connect; leaving is a quiet link, and asks first.
      expect(await page.getByRole('button', { name: 'Connect Sandbox Ads' }).getAttribute('class')).toBe('');
      expect(await page.getByRole('link', { name: 'Done' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Leave without connecting' }).getAttribute('class')).toBe(
        'quiet',
      );
      expect(await page.locator('[aria-current="step"]').textContent()).toContain('Connect');
      expect(await page.locator('.site-header .brand-name').textContent()).toBe(VENDOR);

      await openConsent(page);
      await page.getByRole('button', { name: 'Allow' }).click();
      await keepAccountChoice(page, h.baseUrl);
      await page.waitForURL(`${overviewUrl()}?connected=sandbox`);
      expect(await sandboxStatus(page)).toMatch(/^Connected — \S/);
      expect(await page.getByRole('status').textContent()).toContain('Sandbox Ads is connected.');
      expect(await page.getByRole('button', { name: 'Reconnect Sandbox Ads' }).getAttribute('class')).toBe(
        'secondary',
      );
      expect(await page.getByRole('link', { name: 'Done' }).getAttribute('class')).toBe('button');

      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/connections/done`);
      expect(await heading(page)).toBe('All set');
      expect(await page.locator('#countdown').textContent()).toContain(
        `Taking you back to ${VENDOR} in 3 seconds`,
      );
      expect(await page.getByRole('status').textContent()).toBe(
        `${VENDOR} can now manage your ads on Sandbox Ads.`,
      );
      expect(await page.getByRole('button', { name: `Continue to ${VENDOR}` }).count()).toBe(1);
      // The countdown script runs under the page's CSP (scripts by nonce only) and ticks.
      await page.locator('#countdown', { hasText: 'in 2 seconds' }).waitFor({ timeout: 2_500 });
      await expectReturnToVendor(page, navigations, customer.id);
      expect(problems).toEqual([]);
      const moved = Object.entries(await funnel()).map(([step, n]) => [
        step,
        n - before[step as keyof typeof before],
      ]);
      expect(Object.fromEntries(moved)).toEqual({
        issued: 1,
        opened: 1,
        started: 1,
        succeeded: 1,
        denied: 0,
        failed: 0,
        completed: 1,
        redirected: 1,
      });
    },
    TEST_TIMEOUT,
  );

  it(
    'lets the customer stop the automatic redirect on the success page',
    async () => {
      const { connectUrl } = await newLink();
      const { page, problems } = await newPage();
      await enterWithJavaScript(page, connectUrl);
      await openConsent(page);
      await page.getByRole('button', { name: 'Allow' }).click();
      await keepAccountChoice(page, h.baseUrl);
      await page.waitForURL(`${overviewUrl()}?connected=sandbox`);
      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/connections/done`);
      const hits = vendor.hits.length;
      await page.getByRole('button', { name: 'Stay on this page' }).click();
      await page.waitForTimeout(4_000);
      expect(page.url()).toBe(`${h.baseUrl}/connections/done`);
      expect(await page.locator('#countdown').textContent()).toContain('Automatic redirect stopped');
      expect(vendor.hits.length).toBe(hits);
      await page.getByRole('button', { name: `Continue to ${VENDOR}` }).click();
      await page.waitForURL((url) => url.href.startsWith(`${vendor.url}?`));
      expect(vendor.hits.length).toBe(hits + 1);
      expect(problems).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    'shows "Connection cancelled" on Deny, and Try again goes back to the consent page',
    async () => {
      const { connectUrl } = await newLink();
      const { page, problems } = await newPage();
      await enterWithJavaScript(page, connectUrl);
      await openConsent(page);

      await page.getByRole('button', { name: 'Deny' }).click();
      await page.waitForURL((url) => url.pathname === '/connections/oauth/sandbox/callback');
      expect(await heading(page)).toBe('Connection cancelled');
      expect(await page.getByRole('alert').textContent()).toBe(
        'You did not allow access on Sandbox Ads. Nothing was connected.',
      );
      expect(await page.getByRole('link', { name: 'Back to your connections' }).count()).toBe(1);

      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(isAuthorizePage);
      expect(await heading(page)).toBe('Allow adlink to manage your ads?');
      expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(1);
      expect(problems).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    'works without JavaScript: Continue by hand on the landing and the Done page returns to the vendor',
    async () => {
      const { customer, connectUrl } = await newLink();
      const { page, problems, navigations } = await newPage({ javaScriptEnabled: false });

      await page.goto(connectUrl);
      expect(page.url()).toBe(connectUrl);
      expect(await heading(page)).toBe('Connect your ad accounts');
      expect(await page.locator('main').textContent()).toContain(`${VENDOR} asks you to connect`);
      // The <noscript> hint is in the DOM; Chromium's script-off emulation still hides it with its UA style.
      expect(await page.locator('noscript p').textContent()).toBe('Select Continue to start.');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(overviewUrl());
      expect(await sandboxStatus(page)).toBe('Not connected');

      await openConsent(page);
      await page.getByRole('button', { name: 'Allow' }).click();
      await keepAccountChoice(page, h.baseUrl);
      await page.waitForURL(`${overviewUrl()}?connected=sandbox`);
      expect(await sandboxStatus(page)).toMatch(/^Connected — \S/);

      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/connections/done`);
      expect(await heading(page)).toBe('All set');
      const returned = expectReturnToVendor(page, navigations, customer.id);
      await page.getByRole('button', { name: `Continue to ${VENDOR}` }).click();
      await returned;
      expect(problems).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    'cannot be framed by another site',
    async () => {
      const { connectUrl } = await newLink();
      const { context, page } = await newPage();
      await enterWithJavaScript(page, connectUrl);
      expect(await sandboxStatus(page)).toBe('Not connected');

      const framer = await context.newPage();
      const blocked = framer.waitForEvent('console', (m) => m.text().includes('frame-ancestors'));
      await framer.goto(`${vendor.origin}/frame?src=${encodeURIComponent(overviewUrl())}`);
      await blocked;
      const frame = framer.frames().find((f) => f !== framer.mainFrame());
      expect(frame).toBeDefined();
      expect(await framer.frameLocator('#victim').getByText('Sandbox Ads').count()).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'refuses the link posted from another site, even with Origin: null',
    async () => {
      const { connectUrl } = await newLink();
      const { page } = await newPage();
      const link = new URL(connectUrl);
      const form = new URLSearchParams({
        action: `${h.baseUrl}/connections/session`,
        customer: link.searchParams.get('customer')!,
        token: link.searchParams.get('token')!,
      });
      await page.goto(`${vendor.origin}/post?${form}`);
      const refused = page.waitForResponse(`${h.baseUrl}/connections/session`);
      await page.getByRole('button', { name: 'Send' }).click();
      const response = await refused;
      expect(response.request().headers().origin).toBe('null');
      expect(response.status()).toBe(403);
      expect(await heading(page)).toBe('Request refused');
      expect(await page.context().cookies(h.baseUrl)).toEqual([]);

      // The link was not used: the customer's own browser still gets in.
      const { page: customerPage } = await newPage();
      await enterWithJavaScript(customerPage, connectUrl);
      expect(await sandboxStatus(customerPage)).toBe('Not connected');
    },
    TEST_TIMEOUT,
  );

  it.each([
    ['light', 'en'],
    ['dark', 'en'],
    ['light', 'de'],
    ['dark', 'de'],
  ] as const)(
    'has no serious or critical axe-core violation on any page (%s colour scheme, %s), screenshots of each',
    async (colorScheme, lang) => {
      const text = TEXTS[lang];
      // The browser asks for English: the link's locale decides.
      const { context, page, problems } = await newPage({ colorScheme, locale: 'en-US' });
      // Keep the self-moving pages still while axe runs: no auto-submit, no countdown, and should anything
      // still head for /connections/finish it gets a 204 (a navigation answered 204 leaves the page as is).
      const emptyScript = { status: 200, contentType: 'text/javascript', body: '' };
      await context.route(`${h.baseUrl}/assets/autosubmit.js`, (route) => route.fulfill(emptyScript));
      await context.route(`${h.baseUrl}/assets/countdown.js`, (route) => route.fulfill(emptyScript));
      await context.route(`${h.baseUrl}/connections/finish`, (route) => route.fulfill({ status: 204 }));

      const all: string[] = [];
      const blocking: string[] = [];
      const check = async (label: string) => {
        expect(await page.locator('body').textContent(), label).not.toContain('[object ');
        expect(await page.getAttribute('html', 'lang'), label).toBe(lang);
        const violations = await axeViolations(page);
        all.push(...describeViolations(`${colorScheme} ${lang} ${label}`, violations));
        blocking.push(
          ...describeViolations(
            `${colorScheme} ${lang} ${label}`,
            violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '')),
          ),
        );
        await screenshot(page, `${lang}-${label}-${colorScheme}`);
      };

      const { connectUrl } = await newLink(lang);
      await page.goto(connectUrl);
      expect(await heading(page)).toBe(text.landing);
      await check('landing');

      await page.getByRole('button', { name: text.continue }).click();
      await page.waitForURL(overviewUrl());
      await check('overview');

      await page.getByRole('link', { name: text.leave }).click();
      await page.waitForURL(`${h.baseUrl}/connections/done`);
      expect(await heading(page)).toBe(text.leaveTitle);
      await check('leave');
      await page.goto(overviewUrl());

      await openConsent(page, text);
      await check('sandbox-consent');

      await page.getByRole('button', { name: text.deny }).click();
      await page.waitForURL((url) => url.pathname === '/connections/oauth/sandbox/callback');
      expect(await heading(page)).toBe(text.cancelled);
      await check('connection-cancelled');

      await page.getByRole('button', { name: text.tryAgain }).click();
      await page.waitForURL(isAuthorizePage);
      await page.getByRole('button', { name: text.allow }).click();
      await keepAccountChoice(page, h.baseUrl);
      await page.waitForURL(`${overviewUrl()}?connected=sandbox`);
      await check('overview-connected');

      await page.getByRole('link', { name: text.done }).click();
      await page.waitForURL(`${h.baseUrl}/connections/done`);
      expect(await heading(page)).toBe(text.allSet);
      await check('done');

      const invalidLink = `${h.baseUrl}/connections?customer=x&token=garbage&locale=${lang}`;
      const invalid = await page.goto(invalidLink);
      expect(invalid?.status()).toBe(400);
      expect(await heading(page)).toBe(text.invalid);
      await check('invalid-link');

      if (all.length > 0) console.log(`axe findings (${colorScheme}, ${lang}):\n${all.join('\n')}`);
      expect(blocking, `axe-core violations (serious/critical):\n${blocking.join('\n')}`).toEqual([]);
      // The invalid link's 400 is logged by Chromium as a failed load of that page; nothing else may be.
      expect(problems.filter((p) => !p.endsWith(`status of 400 (Bad Request) (${invalidLink})`))).toEqual([]);
    },
    60_000,
  );

  it(
    'leaving without connecting asks first, then returns "cancelled" to the vendor',
    async () => {
      const { customer, connectUrl } = await newLink();
      const { page, problems } = await newPage();
      await enterWithJavaScript(page, connectUrl);
      await page.getByRole('link', { name: 'Leave without connecting' }).click();
      expect(await heading(page)).toBe('Leave without connecting?');
      expect(await page.getByRole('link', { name: 'Connect an ad account' }).getAttribute('class')).toBe(
        'button',
      );
      expect(await page.locator('main').textContent()).not.toContain('All set');
      await page.getByRole('button', { name: 'Leave without connecting' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${vendor.url}?`));
      const params = vendor.hits.at(-1)!.url.searchParams;
      expect(params.get('status')).toBe('cancelled');
      expect(params.get('customer')).toBe(customer.id);
      expect(verifyResult(signingSecret, params)).toBe(true);
      expect(problems).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    'walks the flow in German when the link says locale=de, the sandbox included',
    async () => {
      const { customer, connectUrl } = await newLink('de');
      const { page, problems, navigations } = await newPage({ locale: 'en-US' });
      await enterWithJavaScript(page, connectUrl);
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await heading(page)).toBe('Werbekonten verbinden');
      expect(await sandboxStatus(page)).toBe('Nicht verbunden');
      expect(await page.locator('.next h2').textContent()).toBe('So geht es weiter');
      await openConsent(page, TEXTS.de);
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.locator('.badge').textContent()).toBe('Testplattform');
      expect(await page.locator('.account').textContent()).toContain('Angemeldet als Bakery');
      await page.getByRole('button', { name: 'Erlauben' }).click();
      await keepAccountChoice(page, h.baseUrl);
      await page.waitForURL(`${overviewUrl()}?connected=sandbox`);
      expect(await page.getByRole('status').textContent()).toContain('Sandbox Ads ist verbunden.');
      await page.getByRole('link', { name: 'Fertig' }).click();
      expect(await heading(page)).toBe('Alles erledigt');
      expect(await page.locator('#countdown').textContent()).toContain(
        `Sie werden in 3 Sekunden zu ${VENDOR}`,
      );
      await expectReturnToVendor(page, navigations, customer.id);
      expect(problems).toEqual([]);
    },
    TEST_TIMEOUT,
  );
});
