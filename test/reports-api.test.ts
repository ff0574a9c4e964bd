import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/adsets-client.js';
import { ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import type { Json } from './support/sandbox-direct.js';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** The last 7 days that are over in every time zone. */
const closedWeek = { from: day(-9), to: day(-3) };

describe('reports: the API', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Report Vendor');
    s = await sandboxScenario(h, company, 'Reporting Bakery');
  });
  afterAll(() => h?.close());

  const get = (path: string, query: Record<string, string | number | boolean>, accept = 'application/json') =>
    h.http
      .get(path)
      .query({ customer: s.client.customer, ...query })
      .set('Authorization', company.auth)
      .set('Accept', accept);
  const report = (query: Record<string, string | number | boolean>, accept?: string) =>
    get('/reports', { level: 'adset', ...closedWeek, ...query }, accept);

  it('answers rows with ratios from the sums, spend in the currency, and each advertiser’s zone', async () => {
    const body = ok<Json>(await report({ platform: 'sandbox' }));
    expect(body.has_more).toBe(false);
    expect(body.advertisers).toEqual([
      { platform: 'sandbox', advertiser: s.eur.id, currency: 'EUR', timeZone: 'Europe/Berlin' },
      { platform: 'sandbox', advertiser: s.usd.id, currency: 'USD', timeZone: 'America/New_York' },
    ]);
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) {
      expect(row).toMatchObject({ level: 'adset', platform: 'sandbox', campaignId: expect.any(String) });
      expect(row.date >= closedWeek.from && row.date <= closedWeek.to).toBe(true);
      expect(row.currency).toBe(row.advertiser === s.eur.id ? 'EUR' : 'USD');
      expect(Math.round(row.spend * 100) / 100).toBe(row.spend);
      expect(row.ctr).toBe(Math.round((row.clicks / row.impressions) * 1e6) / 1e6);
      expect(row.cpc).toBe(row.clicks ? Math.round((row.spend / row.clicks) * 100) / 100 : null);
      expect(row.cpm).toBe(Math.round(((row.spend * 1000) / row.impressions) * 100) / 100);
    }
  });
});
