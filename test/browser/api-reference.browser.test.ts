import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/openapi/document.js';
import { type Harness, startHarness } from '../support/harness.js';
import { axeViolations, describeViolations, launchChromium, watchProblems } from './support.js';

/**
 * The API reference at /docs in Chromium with no network beyond adlink: every asset comes from adlink
 * itself, the page's CSP refuses nothing it loads, every operation of the document is listed, and axe
 * finds nothing on the page, an opened operation with its request bodies, or the schemas.
 */
describe('API reference page (/docs) in a real browser', () => {
  let h: Harness;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const elsewhere: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    h = await startHarness({ backend: 'memory' });
    context = await browser.newContext();
    // Offline but for adlink: a request anywhere else is refused and remembered.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${h.baseUrl}/`)) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await h?.close();
  });

  it('renders every operation from adlink’s own assets, within its CSP', async () => {
    const response = await page.goto(`${h.baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        `connect-src 'self' ${h.baseUrl}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.opblock').count()).toBe(OPERATIONS.length);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('adlink API');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('passes axe: the overview, an opened operation with its three body encodings, and the schemas', async () => {
    const findings = describeViolations('overview', await axeViolations(page));

    const create = page.locator('.opblock[id$="-createAdSet"]');
    await create.locator('.opblock-summary-control').click({ timeout: 5_000 });
    await create.locator('.opblock-body').waitFor({ timeout: 5_000 });
    findings.push(...describeViolations('createAdSet opened', await axeViolations(page)));

    const schemas = page.locator('section.models');
    await schemas.getByRole('button', { name: 'AdSet', exact: true }).click({ timeout: 5_000 });
    await schemas
      .locator('.json-schema-2020-12-body:not(.json-schema-2020-12-body--collapsed)')
      .first()
      .waitFor({
        timeout: 5_000,
      });
    findings.push(...describeViolations('AdSet schema opened', await axeViolations(page)));

    expect(findings).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);
});
