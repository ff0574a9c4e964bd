import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATORS } from '../../emulators/index.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  axeViolations,
  BLOCKING_IMPACTS,
  describeViolations,
  keepAccountChoice,
  launchChromium,
  watchProblems,
} from './support.js';

/**
 * A real ad platform in a real browser: the hosted page lists every configured platform with its mark,
 * and a customer connects Meta through its emulator's consent page and comes back connected.
 */
describe('connecting a real platform in Chromium (the Meta emulator)', () => {
  let browser: Browser;
  let meta: RunningEmulator;
  let h: Harness;

  beforeAll(async () => {
    browser = await launchChromium();
    meta = await startEmulator(EMULATORS.meta!);
    h = await startHarness({
      env: {
        META_BASE_URL: meta.url,
        META_CLIENT_ID: meta.oauth.options.clientId,
        META_CLIENT_SECRET: meta.oauth.options.clientSecret,
        // Configured without the developer token its API needs: no tile.
        GOOGLE_CLIENT_ID: 'google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    await meta?.close();
  });

  it('shows each configured platform with its mark and connects Meta end to end', async () => {
    const company = await h.company('Acme Ads');
    const customer = (
      await h.http.post('/customers').set('Authorization', company.auth).send({ name: 'Bakery' })
    ).body.id as string;
    const link = await h.http.get(`/customers/${customer}/connect`).set('Authorization', company.auth);
    expect(link.status).toBe(200);

    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(link.body.connect_url);
    await page.waitForURL(`${h.baseUrl}/connections`);

    const rows = page.locator('li.platform');
    expect(await rows.evaluateAll((items) => items.map((i) => i.getAttribute('data-platform')))).toEqual([
      'sandbox',
      'meta',
    ]);
    // Meta's mark is an inline SVG on its brand colour; the sandbox (no brand) sits on a neutral tile.
    expect(await page.locator('li[data-platform="meta"] .logo:not(.neutral) svg path').count()).toBe(1);
    expect(await page.locator('li[data-platform="sandbox"] .logo.neutral svg').count()).toBe(1);
    const violations = (await axeViolations(page)).filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
    expect(violations, describeViolations('overview with Meta', violations).join('\n')).toEqual([]);

    await page.getByRole('button', { name: 'Connect Meta' }).click();
    await page.waitForURL((url) => url.origin === meta.url);
    await page.getByRole('button', { name: 'Allow' }).click();
    await keepAccountChoice(page, h.baseUrl);
    await page.waitForURL((url) => url.href.startsWith(`${h.baseUrl}/connections?connected=meta`));
    const status = await page.locator('li.platform[data-platform="meta"] .status').textContent();
    expect(status?.replace(/\s+/g, ' ').trim()).toMatch(/^Connected/);
    expect(problems).toEqual([]);

    const connections = await h.http
      .get(`/customers/${customer}/connections`)
      .set('Authorization', company.auth);
    expect(connections.body.data).toContainEqual(
      expect.objectContaining({ platform: 'meta', status: 'connected' }),
    );
    await context.close();
  }, 60_000);
});
