import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowIdOf } from '../../src/connect/flow.js';
import { signInUrl } from '../../src/integrations/sign-in.js';
import {
  type Company,
  consent,
  enter,
  newCustomer,
  newLink,
  startSandbox,
} from '../support/connect-helpers.js';
import { FlowClient, location } from '../support/flow-client.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  axeViolations,
  BLOCKING_IMPACTS,
  describeViolations,
  launchChromium,
  watchProblems,
} from './support.js';

/**
 * A company connects its own ad accounts in Chromium: it signs in to the integrations pages, opens
 * "Own ad accounts", goes through the hosted flow, chooses one of the two sandbox ad accounts its grant
 * reaches, and the API without `customer` then lists only that account's ad sets.
 */

const TEST_TIMEOUT = 60_000;

describe('own ad accounts in a real browser (Chromium)', () => {
  let h: Harness;
  let browser: Browser;
  let company: Company;

  beforeAll(async () => {
    browser = await launchChromium();
    h = await startHarness();
    company = await h.company('Acme Agency');
  });

  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  const heading = async (page: Page) => (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
  const api = async (path: string) => {
    const res = await fetch(`${h.baseUrl}${path}`, { headers: { Authorization: company.auth } });
    return { status: res.status, body: (await res.json()) as { data: { id: string; advertiser: string }[] } };
  };

  it(
    'signs in, connects its own sandbox accounts, chooses one of two, and the API without customer uses only it',
    async () => {
      const context = await browser.newContext({ colorScheme: 'light' });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const problems = watchProblems(page);

      // 1. Sign in to the integrations pages; the navigation leads to the company's own ad accounts.
      await page.goto(await signInUrl(h.store, h.config, company.id));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations`);
      await page
        .getByRole('navigation', { name: 'Integration settings' })
        .getByRole('link', { name: 'Own ad accounts', exact: true })
        .click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers/own`);
      expect(await heading(page)).toBe('Your own ad accounts');
      expect(await page.locator('main').textContent()).toContain('No');

      // 2. A one-time link into the same hosted pages the customers see.
      await page.getByRole('button', { name: 'Make a connect link' }).click();
      await page.getByRole('link', { name: 'Open the connect page' }).click();
      await page.waitForURL(`${h.baseUrl}/connections`);
      expect(await page.locator('[aria-current="step"]').textContent()).toContain('Connect');
      await page.getByRole('button', { name: 'Connect Sandbox Ads' }).click();

      // 3. At the sandbox, share two of the three accounts.
      await page.waitForURL((url) => url.href.startsWith(`${h.baseUrl}/sandbox/oauth/authorize?`));
      await page.getByRole('checkbox', { name: /Bakery — UK/ }).uncheck();
      await page.getByRole('button', { name: 'Allow' }).click();

      // 4. Choose ad accounts: both preselected, the step indicator on its second step; one unchecked
      //    with the keyboard alone.
      await page.waitForURL(`${h.baseUrl}/connections/sandbox/accounts`);
      expect(await heading(page)).toBe('Choose ad accounts');
      expect((await page.locator('[aria-current="step"]').textContent())?.trim()).toMatch(
        /Choose ad accounts$/,
      );
      const group = page.getByRole('group', { name: /Ad accounts on Sandbox Ads/ });
      const boxes = group.getByRole('checkbox');
      expect(await boxes.count()).toBe(2);
      for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
      const violations = (await axeViolations(page)).filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
      expect(violations, describeViolations('choose ad accounts', violations).join('\n')).toEqual([]);

      // Nothing chosen is refused on the page, and says so.
      for (const box of await boxes.all()) await box.uncheck();
      await page.getByRole('button', { name: 'Use the chosen ad accounts' }).click();
      await page.waitForURL(`${h.baseUrl}/connections/sandbox/accounts`);
      expect((await page.getByRole('alert').textContent())?.trim()).toBe('Choose at least one ad account.');

      const main = page.getByRole('checkbox', { name: /Bakery — Main/ });
      await main.focus();
      await page.keyboard.press('Space');
      expect(await main.isChecked()).toBe(true);
      const chosen = await main.getAttribute('value');
      await page.getByRole('button', { name: 'Use the chosen ad accounts' }).press('Enter');
      await page.waitForURL(`${h.baseUrl}/connections?connected=sandbox`);
      expect(await page.locator('li.platform[data-platform="sandbox"] .status').textContent()).toContain(
        'Bakery — Main',
      );

      // 5. Done leads back to the integrations pages, which list the one chosen account.
      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(`${h.baseUrl}/connections/done`);
      expect(await page.locator('[aria-current="step"]').textContent()).toContain('Done');
      await page.getByRole('link', { name: 'Back to your own ad accounts' }).click();
      await page.waitForURL(`${h.baseUrl}/integrations/customers/own`);
      const accounts = page.locator('tr[data-platform="sandbox"] li[data-account]');
      expect(await accounts.evaluateAll((items) => items.map((i) => i.getAttribute('data-account')))).toEqual(
        [chosen],
      );

      // 6. The API without `customer`: the chosen account and its ad sets only.
      const advertisers = await api('/v1/sandbox/advertisers');
      expect(advertisers.status).toBe(200);
      expect(advertisers.body.data.map((a) => a.id)).toEqual([chosen]);
      const adSets = await api('/v1/sandbox/adsets');
      expect(adSets.status).toBe(200);
      expect(adSets.body.data.length).toBeGreaterThan(0);
      for (const adSet of adSets.body.data) expect(adSet.advertiser).toBe(chosen);
      // The customer list still shows none.
      expect((await api('/customers')).body.data).toEqual([]);

      // The only failure the browser saw is the refusal of an empty choice (a 400 page, as meant).
      expect(problems).toEqual([
        `console: Failed to load resource: the server responded with a status of 400 (Bad Request) (${h.baseUrl}/connections/sandbox/accounts)`,
      ]);
      await context.close();
    },
    TEST_TIMEOUT,
  );

  /**
   * A visit whose grant reached `count` accounts (the sandbox has three: the rest are added to what the
   * visit offers), at its "Choose ad accounts" step: the flow cookie to continue it in a browser.
   */
  async function choiceOf(count: number) {
    const customer = await newCustomer(h, company, 'Agency client');
    const client = new FlowClient(h.baseUrl);
    await enter(client, (await newLink(h, company, customer)).connect_url);
    const callback = await client.get((await consent(h, client, await startSandbox(h, client))).href);
    expect(location(callback)).toBe('/connections/sandbox/accounts');
    const [name, value] = [...client.cookies][0]!;
    const flow = (await h.store.sessions.getFlow(flowIdOf(value)))!;
    const reached = flow.reachable!.sandbox!;
    const extra = Array.from({ length: count - reached.length }, (_, i) => ({
      id: `act_client_${i + 1}`,
      name: i === 6 ? 'Berlin Bakery Client' : `Agency client ${i + 1}`,
    }));
    await h.store.sessions.saveFlow({ ...flow, reachable: { sandbox: [...reached, ...extra] } });
    return { name, value };
  }

  it(
    'filters a long list by name or id as one types, announcing the count; without JavaScript every account is listed',
    async () => {
      const cookie = await choiceOf(12);
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      await context.addCookies([{ ...cookie, url: h.baseUrl }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${h.baseUrl}/connections/sandbox/accounts`);
      const filter = page.getByRole('searchbox', { name: 'Filter by name or ID' });
      await filter.fill('berlin');
      const status = page.locator('#account-filter-count');
      await expect.poll(() => status.textContent()).toBe('1 of 12 ad accounts shown');
      expect(await status.getAttribute('role')).toBe('status');
      const visible = page.locator('#account-list > li:visible');
      expect(await visible.count()).toBe(1);
      expect(await visible.textContent()).toContain('Berlin Bakery Client');
      // Filtering by id; Enter filters at once instead of sending the form.
      await filter.fill('act_client_1');
      await filter.press('Enter');
      expect(page.url()).toBe(`${h.baseUrl}/connections/sandbox/accounts`);
      await expect.poll(() => status.textContent()).toBe('2 of 12 ad accounts shown');
      const violations = (await axeViolations(page)).filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
      expect(violations, describeViolations('filtered choice', violations).join('\n')).toEqual([]);
      // What is filtered away keeps its checkbox: every account is still chosen.
      await page.getByRole('button', { name: 'Use the chosen ad accounts' }).click();
      await page.waitForURL(`${h.baseUrl}/connections?connected=sandbox`);
      expect(problems).toEqual([]);
      await context.close();

      const plain = await browser.newContext({ javaScriptEnabled: false });
      await plain.addCookies([{ ...(await choiceOf(12)), url: h.baseUrl }]);
      const noScript = await plain.newPage();
      await noScript.goto(`${h.baseUrl}/connections/sandbox/accounts`);
      expect(await noScript.getByRole('searchbox').count()).toBe(0);
      expect(await noScript.getByRole('checkbox').count()).toBe(12);
      await plain.close();
    },
    TEST_TIMEOUT,
  );
});
