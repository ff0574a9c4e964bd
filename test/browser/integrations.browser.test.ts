import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInUrl } from '../../src/integrations/sign-in.js';
import { connectSandbox, enter, newCustomer, newLink, vendorWith } from '../support/connect-helpers.js';
import { FlowClient } from '../support/flow-client.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  axeViolations,
  BLOCKING_IMPACTS,
  describeViolations,
  horizontalOverflow,
  keepAccountChoice,
  launchChromium,
  runAdlink,
  squarePng,
  startVendorReturn,
  type VendorReturn,
  watchProblems,
} from './support.js';

/**
 * A vendor's developer on the integrations pages, in Chromium: signs in with the link the CLI prints,
 * makes and revokes company tokens, registers the redirect URI, brands the hosted pages, and follows a
 * customer's connection from the link to the Customers and Activity pages. Then every integrations
 * page is checked with axe-core in both colour schemes and photographed on desktop and phone widths.
 */

const TEST_TIMEOUT = 60_000;
const COMPANY = 'Acme Ads Manager';
const DISPLAY_NAME = 'Acme Ads for Shops';
const ACCENT = '#1f4fd6';
const ACCENT_RGB = 'rgb(31, 79, 214)';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

describe('integrations pages in a real browser (Chromium)', () => {
  let h: Harness;
  let vendor: VendorReturn;
  let browser: Browser;
  let files: string;
  let screenshots: string;
  let logoFile: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    h = await startHarness();
    vendor = await startVendorReturn();
    files = mkdtempSync(join(tmpdir(), 'adlink-logo-'));
    logoFile = join(files, 'logo.png');
    writeFileSync(logoFile, squarePng(48));
    screenshots = mkdtempSync(join(tmpdir(), 'adlink-integrations-'));
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await browser?.close();
    await vendor?.close();
    await h?.close();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  /** A fresh context and page with bounded waits; console errors and page exceptions are collected. */
  async function newPage(options: BrowserContextOptions = {}) {
    const context = await browser.newContext(options);
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(10_000);
    const page = await context.newPage();
    return { context, page, problems: watchProblems(page) };
  }

  const heading = async (page: Page) => (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
  const text = async (page: Page, selector: string) =>
    (await page.locator(selector).textContent())?.replace(/\s+/g, ' ').trim();
  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Integration settings' }).getByRole('link', { name, exact: true });

  /** Opens a one-time sign-in link and presses Sign in: the Overview of the company. */
  async function signIn(page: Page, url: string, company: string) {
    const shown = await page.goto(url);
    expect(shown?.status()).toBe(200);
    expect(await heading(page)).toBe('Sign in to adlink');
    expect(await page.locator('main').textContent()).toContain(company);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${h.baseUrl}/integrations`);
  }

  /** Create token → the page that shows the secret once. */
  async function createToken(page: Page): Promise<string> {
    await nav(page, 'Company tokens').click();
    await page.waitForURL(`${h.baseUrl}/integrations/tokens`);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.locator('#new-secret').waitFor();
    expect(await heading(page)).toBe('Token created');
    const secret = (await page.locator('#new-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^adl_/);
    return secret;
  }

  const api = (path: string, secret: string, init: RequestInit = {}) =>
    fetch(`${h.baseUrl}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', ...init.headers },
    });

  const imageLoaded = (page: Page, selector: string) =>
    page.waitForFunction(
      `(() => { const img = document.querySelector(${JSON.stringify(selector)});
        return Boolean(img && img.complete && img.naturalWidth > 0); })()`,
      undefined,
      { timeout: 5_000 },
    );

  it(
    'signs in with the CLI link, manages tokens, redirect URIs and branding, and follows a customer connection',
    async () => {
      // 1. A company, and the sign-in link its operator prints with the CLI.
      const company = await h.store.companies.create(COMPANY);
      const cli = await runAdlink(['login', '--company', company.id, '--json'], {
        REDIS_URL: inject('redisUrl'),
        REDIS_KEY_PREFIX: h.prefix,
        PUBLIC_BASE_URL: h.baseUrl,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      });
      expect(cli.code, cli.stderr).toBe(0);
      const printed = JSON.parse(cli.stdout) as { url: string; expires_in: number };
      expect(printed.expires_in).toBe(600);
      expect(printed.url).toMatch(new RegExp(`^${h.baseUrl}/integrations/login\\?token=[^&]+$`));

      // 2. Sign in: the Overview shows the company and the API base URL.
      const { context, page, problems } = await newPage({ colorScheme: 'light', viewport: DESKTOP });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
      await signIn(page, printed.url, COMPANY);
      expect(await heading(page)).toBe(COMPANY);
      expect(await text(page, 'dl.facts')).toContain(`API base URL ${h.baseUrl}`);
      expect(await text(page, 'dl.facts')).toContain(`Company id ${company.id}`);
      expect(await page.locator('pre.code').textContent()).toContain(`${h.baseUrl}/customers`);
      expect(await nav(page, 'Overview').getAttribute('aria-current')).toBe('page');

      // 3. A company token: shown once, copied, used, revoked through the confirm step.
      const first = await createToken(page);
      const copy = page.getByRole('button', { name: 'Copy' });
      await copy.click();
      await page.locator('#copy-status', { hasText: 'Copied' }).waitFor({ timeout: 3_000 });
      expect(await text(page, '#copy-status')).toBe('Copied');
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(first);
      expect((await api('/customers', first)).status).toBe(200);

      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens`);
      expect(await page.content()).not.toContain(first);
      const [listed] = await h.store.companies.listTokens(company.id);
      expect(listed && first.startsWith(listed.prefix)).toBe(true);
      const row = page.locator(`tr[data-token="${listed!.id}"]`);
      expect(await row.locator('[data-status]').textContent()).toBe('Active');
      expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('active');
      await row.getByRole('link', { name: `Revoke token ${listed!.prefix}…` }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens/${listed!.id}/revoke`);
      expect(await heading(page)).toBe(`Revoke token ${listed!.prefix}…?`);
      // Opening the confirmation changes nothing yet.
      expect((await api('/customers', first)).status).toBe(200);
      await page.getByRole('button', { name: 'Revoke', exact: true }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens?revoked=${listed!.id}`);
      expect(await page.getByRole('status').textContent()).toBe(
        `Token ${listed!.prefix}… is revoked. Requests with it now fail.`,
      );
      expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('revoked');
      expect(await row.getByRole('link').count()).toBe(0);
      const refused = await api('/customers', first);
      expect(refused.status).toBe(401);
      // No token left to revoke: the table has nothing focusable, yet a phone's keyboard can scroll it.
      await page.setViewportSize(PHONE);
      const onPhone = await axeViolations(page);
      await page.setViewportSize(DESKTOP);
      const blockingOnPhone = onPhone.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
      expect(describeViolations('tokens, all revoked, 375 px wide', blockingOnPhone)).toEqual([]);

      // 4. Redirect URIs: the vendor's own return page, made the default.
      await nav(page, 'Redirect URIs').click();
      await page.waitForURL(`${h.baseUrl}/integrations/redirect-uris`);
      await page.getByRole('textbox', { name: 'Redirect URI' }).fill(vendor.url);
      await page.getByRole('button', { name: 'Add redirect URI' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/redirect-uris?done=added`);
      expect(await page.getByRole('status').textContent()).toBe('The redirect URI was added.');
      await page.getByRole('button', { name: `Make ${vendor.url} the default` }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/redirect-uris?done=default`);
      expect(await text(page, 'tr[data-default]')).toContain(`${vendor.url} Default`);
      expect(await h.store.settings.get(company.id)).toEqual({
        redirect_uris: [vendor.url],
        default_redirect_uri: vendor.url,
      });

      // A second token, made in the browser too, for the vendor's servers.
      const second = await createToken(page);
      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens`);
      const created = await api('/customers', second, {
        method: 'POST',
        body: JSON.stringify({ name: 'Bakery' }),
      });
      expect(created.status).toBe(201);
      const customer = ((await created.json()) as { id: string }).id;
      const linked = await api(
        `/customers/${customer}/connect?redirect_uri=${encodeURIComponent(vendor.url)}`,
        second,
      );
      expect(linked.status).toBe(200);
      const connectUrl = ((await linked.json()) as { connect_url: string }).connect_url;
      expect(new URL(connectUrl).searchParams.get('redirect_uri')).toBe(vendor.url);

      // 5. Branding: logo, display name, accent colour.
      await nav(page, 'Branding').click();
      await page.waitForURL(`${h.baseUrl}/integrations/branding`);
      await page.getByLabel('Logo file').setInputFiles(logoFile);
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/branding?done=logo`);
      expect(await page.getByRole('status').textContent()).toBe('Your logo was uploaded.');
      await imageLoaded(page, 'img.logo-preview');
      await page.getByRole('textbox', { name: 'Display name' }).fill(DISPLAY_NAME);
      await page.getByRole('textbox', { name: 'Accent colour' }).fill(ACCENT);
      await page.getByRole('button', { name: 'Save name, colour and language' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/branding?done=saved`);
      expect(await page.getByRole('status').textContent()).toBe(
        'Your display name, colour and language were saved.',
      );
      expect(await page.getByRole('textbox', { name: 'Display name' }).inputValue()).toBe(DISPLAY_NAME);
      expect(await page.getByRole('textbox', { name: 'Accent colour' }).inputValue()).toBe(ACCENT);

      // The customer opens the link in their own browser: the company's logo, name and colour.
      const customerSide = await newPage({ colorScheme: 'light' });
      const cpage = customerSide.page;
      await cpage.goto(connectUrl, { waitUntil: 'commit' });
      await cpage.waitForURL(`${h.baseUrl}/connections`);
      expect(await heading(cpage)).toBe('Connect your ad accounts');
      const logo = cpage.locator('header img.brand-logo');
      expect(await logo.getAttribute('src')).toMatch(new RegExp(`^/brand/${company.id}/logo(\\?|$)`));
      expect(await logo.getAttribute('alt')).toBe(DISPLAY_NAME);
      await imageLoaded(cpage, 'header img.brand-logo');
      expect(await cpage.locator('main').textContent()).toContain(DISPLAY_NAME);
      expect(await cpage.locator('main').textContent()).not.toContain(COMPANY);
      expect(await cpage.title()).toContain(DISPLAY_NAME);
      const connect = cpage.getByRole('button', { name: 'Connect Sandbox Ads' });
      // theme.css gives the buttons the company's accent colour.
      expect(
        await cpage.evaluate(
          `getComputedStyle(document.querySelector('li.platform[data-platform="sandbox"] button')).backgroundColor`,
        ),
      ).toBe(ACCENT_RGB);

      // 6. Connect the sandbox, then Done hands over to the vendor's redirect URI.
      const hitsBefore = vendor.hits.length;
      await connect.click();
      await cpage.waitForURL((url) => url.href.startsWith(`${h.baseUrl}/sandbox/oauth/authorize?`));
      await cpage.getByRole('button', { name: 'Allow' }).click();
      await keepAccountChoice(cpage, h.baseUrl);
      await cpage.waitForURL(`${h.baseUrl}/connections?connected=sandbox`);
      expect(await text(cpage, 'li.platform[data-platform="sandbox"] .status')).toMatch(/^Connected — \S/);
      await cpage.getByRole('link', { name: 'Done' }).click();
      await cpage.waitForURL(`${h.baseUrl}/connections/done`);
      expect(await cpage.locator('header img.brand-logo').getAttribute('alt')).toBe(DISPLAY_NAME);
      await cpage.waitForURL((url) => url.href.startsWith(`${vendor.url}?`), { timeout: 8_000 });
      expect(await cpage.locator('body').textContent()).toBe('returned');
      expect(vendor.hits.length).toBe(hitsBefore + 1);
      const returned = vendor.hits.at(-1)!.url.searchParams;
      expect(returned.get('status')).toBe('success');
      expect(returned.get('customer')).toBe(customer);
      expect(returned.get('platforms')).toBe('sandbox');
      expect(customerSide.problems).toEqual([]);

      // 7. Back on the integrations pages: the customer, its connection and ad accounts, the attempt.
      await nav(page, 'Customers').click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers`);
      const customerRow = page.locator(`tr[data-customer="${customer}"]`);
      expect(await customerRow.getByRole('link').textContent()).toBe('Bakery');
      expect(await customerRow.locator('li[data-status="connected"]').textContent()).toBe(
        'Sandbox Ads (connected)',
      );
      await customerRow.getByRole('link', { name: 'Bakery' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers/${customer}`);
      expect(await heading(page)).toBe('Bakery');
      const connection = page.locator('tr[data-platform="sandbox"]');
      expect(await connection.getByRole('rowheader').textContent()).toBe('Sandbox Ads');
      expect(await connection.locator('[data-status]').textContent()).toBe('Connected');
      const stored = await h.store.connections.get(company.id, customer, 'sandbox');
      expect(stored?.ad_accounts.length).toBeGreaterThan(0);
      const shownAccounts = connection.locator('li[data-account]');
      expect(await shownAccounts.count()).toBe(stored!.ad_accounts.length);
      for (const account of stored!.ad_accounts) {
        expect(await text(page, `li[data-account="${account.id}"]`)).toBe(`${account.name} ${account.id}`);
      }
      expect(await connection.getByRole('link', { name: 'Disconnect Sandbox Ads' }).count()).toBe(1);

      await nav(page, 'Activity').click();
      await page.waitForURL(`${h.baseUrl}/integrations/activity`);
      const attempts = page.locator('tbody tr');
      expect(await attempts.count()).toBe(1);
      expect(await attempts.first().getAttribute('data-outcome')).toBe('connected');
      expect(await attempts.first().locator('td').allTextContents()).toEqual([
        'Bakery',
        'Sandbox Ads',
        'Connected',
        '',
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      ]);
      expect(problems).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  /** A company with a connected customer with an access token, a redirect URI and a token, made without the browser. */
  async function companyWithData(name: string) {
    const company = await vendorWith(h, name, [vendor.url], vendor.url);
    const customer = await newCustomer(h, company, 'Bakery');
    const flow = new FlowClient(h.baseUrl);
    await enter(flow, (await newLink(h, company, customer)).connect_url);
    await connectSandbox(h, flow);
    const issued = await api(`/customers/${customer}/access_tokens`, company.token, {
      method: 'POST',
      body: JSON.stringify({ scope: 'read' }),
    });
    expect(issued.status).toBe(201);
    const accessToken = (await issued.json()) as { id: string; prefix: string };
    return { company, customer, accessToken };
  }

  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe-core violation on any integrations page, and fits a phone (%s)',
    async (colorScheme) => {
      const { company, customer, accessToken } = await companyWithData(`Axe ${colorScheme} vendor`);
      const { page, problems } = await newPage({ colorScheme, viewport: DESKTOP });

      const all: string[] = [];
      const blocking: string[] = [];
      const overflows: string[] = [];
      const audit = async (label: string) => {
        const violations = await axeViolations(page);
        all.push(...describeViolations(`${colorScheme} ${label}`, violations));
        blocking.push(
          ...describeViolations(
            `${colorScheme} ${label}`,
            violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '')),
          ),
        );
      };
      /**
       * axe-core at desktop width (1280) and phone width (375); on the phone nothing may make the page
       * wider than the screen (wide tables scroll inside their .table-wrap, which keyboards must reach).
       */
      const check = async (label: string) => {
        expect(await page.locator('body').textContent(), label).not.toContain('[object ');
        await audit(label);
        await page.setViewportSize(PHONE);
        try {
          await audit(`${label}, 375 px wide`);
          const overflow = await horizontalOverflow(page);
          if (overflow.scrollWidth > overflow.width) {
            overflows.push(
              `${label}: ${overflow.scrollWidth}px > ${overflow.width}px (${overflow.culprits.join(', ')})`,
            );
          }
        } finally {
          await page.setViewportSize(DESKTOP);
        }
      };
      const shots: string[] = [];
      /** Full-page screenshots at desktop and phone widths, for a person to look at. */
      const shoot = async (name: string) => {
        const desktop = join(screenshots, `${name}-${colorScheme}-desktop.png`);
        await page.screenshot({ path: desktop, fullPage: true });
        await page.setViewportSize(PHONE);
        const mobile = join(screenshots, `${name}-${colorScheme}-mobile.png`);
        await page.screenshot({ path: mobile, fullPage: true });
        await page.setViewportSize(DESKTOP);
        shots.push(desktop, mobile);
      };

      await page.goto(await signInUrl(h.store, h.config, company.id));
      expect(await heading(page)).toBe('Sign in to adlink');
      await check('sign-in page');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations`);
      await check('overview');
      await shoot('overview');

      await nav(page, 'Company tokens').click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens`);
      await check('tokens list');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.locator('#new-secret').waitFor();
      await check('token created');
      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens`);
      expect(await page.locator('tbody tr').count()).toBe(2);
      await check('tokens list, two tokens');
      await shoot('tokens');
      await page.locator(`tr[data-token="${company.tokenId}"]`).getByRole('link').click();
      await page.waitForURL(`${h.baseUrl}/integrations/tokens/${company.tokenId}/revoke`);
      await check('revoke confirm');

      await nav(page, 'Redirect URIs').click();
      await page.waitForURL(`${h.baseUrl}/integrations/redirect-uris`);
      expect(await page.locator('tr[data-default]').count()).toBe(1);
      await check('redirect URIs');
      await page.getByRole('textbox', { name: 'Redirect URI' }).fill('http://example.com/return');
      const invalid = page.waitForResponse(
        (r) => r.url() === `${h.baseUrl}/integrations/redirect-uris` && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Add redirect URI' }).click();
      expect((await invalid).status()).toBe(400);
      expect(await page.getByRole('alert').textContent()).toBe(
        'This URI must use https unless the host is localhost.',
      );
      expect(await page.getByRole('textbox', { name: 'Redirect URI' }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await check('redirect URIs, validation error');

      await nav(page, 'Platforms').click();
      await page.waitForURL(`${h.baseUrl}/integrations/platforms`);
      await check('platforms');

      await nav(page, 'Branding').click();
      await page.waitForURL(`${h.baseUrl}/integrations/branding`);
      await check('branding');
      await page.getByLabel('Logo file').setInputFiles(logoFile);
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/branding?done=logo`);
      await imageLoaded(page, 'img.logo-preview');
      await check('branding with a logo');
      await shoot('branding');
      await page.getByRole('textbox', { name: 'Accent colour' }).fill('#ffcc00');
      await page.getByRole('button', { name: 'Save name, colour and language' }).click();
      await page.getByRole('alert').waitFor();
      await check('branding, validation error');

      await nav(page, 'Signing secret').click();
      await page.waitForURL(`${h.baseUrl}/integrations/signing-secret`);
      await check('signing secret, none');
      await page.getByRole('button', { name: 'Create a new secret' }).click();
      await page.locator('#new-secret').waitFor();
      await check('signing secret created');
      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/signing-secret`);
      await check('signing secret list');

      await nav(page, 'Customers').click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers`);
      await check('customers');
      await shoot('customers');
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('zzz');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers?q=zzz`);
      await check('customers, no match');

      await page.goto(`${h.baseUrl}/integrations/customers/${customer}`);
      expect(await heading(page)).toBe('Bakery');
      await check('customer');
      await page.getByRole('button', { name: 'Copy a new connect link' }).click();
      await page.locator('#connect-link').waitFor();
      await check('customer with a new connect link');
      await shoot('customer');
      // The access token is revoked with the keyboard alone: its link, then the confirm button.
      await page.getByRole('link', { name: `Revoke access token ${accessToken.prefix}…` }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(
        `${h.baseUrl}/integrations/customers/${customer}/access-tokens/${accessToken.id}/revoke`,
      );
      expect(await heading(page)).toBe(`Revoke access token ${accessToken.prefix}…?`);
      await check('access token revoke confirm');
      await page.getByRole('button', { name: 'Revoke' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${h.baseUrl}/integrations/customers/${customer}?revoked=*`);
      expect(await page.getByRole('status').textContent()).toBe(
        `Access token ${accessToken.prefix}… is revoked. Requests with it now fail.`,
      );
      await check('customer, access token revoked');
      await page.getByRole('link', { name: 'Disconnect Sandbox Ads' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers/${customer}/connections/sandbox/disconnect`);
      expect(await heading(page)).toBe('Disconnect Sandbox Ads from Bakery?');
      await check('disconnect confirm');

      await nav(page, 'Activity').click();
      await page.waitForURL(`${h.baseUrl}/integrations/activity`);
      expect(await page.locator('tr[data-outcome="connected"]').count()).toBe(1);
      await check('activity');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/signed-out`);
      expect(await heading(page)).toBe('You are signed out');
      await check('signed out');
      const again = await page.goto(`${h.baseUrl}/integrations`);
      expect(again?.status()).toBe(401);
      expect(await heading(page)).toBe('Please sign in');
      await check('sign-in needed');

      console.log(`integrations screenshots (${colorScheme}):\n${shots.join('\n')}`);
      if (all.length > 0) console.log(`axe findings (${colorScheme}):\n${all.join('\n')}`);
      expect(blocking, `axe-core violations (serious/critical):\n${blocking.join('\n')}`).toEqual([]);
      expect(overflows, 'pages wider than a 375 px phone').toEqual([]);
      // The refused form posts and the signed-out visit are logged by Chromium as failed loads; nothing else may be.
      const expected = [
        `status of 400 (Bad Request) (${h.baseUrl}/integrations/redirect-uris)`,
        `status of 400 (Bad Request) (${h.baseUrl}/integrations/branding)`,
        `status of 401 (Unauthorized) (${h.baseUrl}/integrations)`,
      ];
      expect(problems.filter((p) => !expected.some((e) => p.endsWith(e)))).toEqual([]);
    },
    TEST_TIMEOUT,
  );
});
