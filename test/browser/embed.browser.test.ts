import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.js';
import { keepAccountChoice, launchChromium, startVendorReturn, type VendorReturn } from './support.js';

type AdlinkEvent = { type: string; [field: string]: unknown };

/** Popup mode of public/adlink.js from a vendor page on another origin, and its redirect fallback. */
describe('embedded connect (Chromium)', () => {
  let h: Harness;
  let browser: Browser;
  let vendor: VendorReturn;
  let company: Awaited<ReturnType<Harness['company']>>;

  beforeAll(async () => {
    browser = await launchChromium();
    h = await startHarness();
    vendor = await startVendorReturn();
    company = await h.company('Embedding Vendor');
    const put = await h.http
      .put('/company/settings')
      .set('Authorization', company.auth)
      .send({ redirect_uris: [vendor.url], default_redirect_uri: vendor.url });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await vendor?.close();
    await h?.close();
  });

  async function onboardingPage(): Promise<{ page: Page; connectUrl: string }> {
    const customer = (
      await h.http.post('/customers').set('Authorization', company.auth).send({ name: 'Bakery' })
    ).body.id as string;
    const link = await h.http.get(`/customers/${customer}/connect`).set('Authorization', company.auth);
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const query = new URLSearchParams({ adlink: h.baseUrl, connect: link.body.connect_url });
    await page.goto(`${vendor.origin}/embed?${query}`);
    return { page, connectUrl: link.body.connect_url };
  }

  const events = (page: Page) => page.evaluate('window.adlinkEvents') as Promise<AdlinkEvent[]>;

  it('runs the sandbox flow in a popup and reports to the opener, ending with done and closed', async () => {
    const { page } = await onboardingPage();
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect ad accounts' }).click();
    const popup = await opened;
    await popup.waitForURL(`${h.baseUrl}/connections`);
    await popup.getByRole('button', { name: 'Connect Sandbox Ads' }).click();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await keepAccountChoice(popup, h.baseUrl);
    await popup.waitForURL(`${h.baseUrl}/connections?connected=sandbox`);
    await popup.getByRole('link', { name: 'Done' }).click();
    await page.waitForFunction("window.adlinkEvents.some((e) => e.type === 'closed')");
    const seen = await events(page);
    // Each hosted page that loads says `ready` (the landing page may be gone before its message is sent).
    expect(seen[0]!.type).toBe('ready');
    expect(seen.map((e) => e.type).filter((t) => t !== 'ready')).toEqual([
      'platform_connected',
      'done',
      'closed',
    ]);
    expect(seen.find((e) => e.type === 'platform_connected')).toEqual({
      type: 'platform_connected',
      platform: 'sandbox',
    });
    expect(seen.find((e) => e.type === 'done')).toEqual({
      type: 'done',
      status: 'success',
      platforms: ['sandbox'],
    });
    expect(JSON.stringify(seen)).not.toMatch(/token|eyJ/);
    expect(popup.isClosed()).toBe(true);
    await page.context().close();
  });

  it('falls back to a full redirect when the popup is blocked', async () => {
    const { page, connectUrl } = await onboardingPage();
    await page.evaluate('window.open = () => null');
    await page.getByRole('button', { name: 'Connect ad accounts' }).click();
    await page.waitForURL(`${h.baseUrl}/connections`);
    expect(new URL(connectUrl).origin).toBe(h.baseUrl);
    await page.context().close();
  });
});
