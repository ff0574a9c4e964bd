import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_METRICS } from '../../emulators/linkedin/analytics.js';
import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { SEED } from '../../emulators/linkedin/state.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { analyticsPath, type Entity, toReportRow } from '../../src/platforms/linkedin/reports.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import type { ReportQuery } from '../../src/reports/model.js';
import type { ReportAdapter } from '../../src/reports/port.js';
import type { AdAccount } from '../../src/store/connections.js';
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';
import { lastWeek, sumsBy, totalsOf } from '../support/report-rows.js';

const USD: AdAccount = { id: SEED.usdAccount, name: 'Acme Corp (USD)', currency: 'USD' };
const JPY: AdAccount = { id: SEED.jpyAccount, name: 'Acme KK (JPY)', currency: 'JPY' };
const SCOPE = ['r_ads', 'r_ads_reporting'];
// LinkedIn's days are UTC days.
const { from, to } = lastWeek('UTC');
const WEEK = { from, to };

describe('linkedin reports: mapping', () => {
  it('asks the analytics finder for the level’s pivot, the UTC days and the account and filters as facets', () => {
    const path = analyticsPath('507404993', {
      level: 'ad',
      from: '2026-03-01',
      to: '2026-03-07',
      granularity: 'day',
      campaignId: '611000001',
      adsetId: '700000001',
    });
    expect(path).toBe(
      '/adAnalytics?q=analytics&pivot=CREATIVE&timeGranularity=DAILY' +
        '&dateRange=(start:(year:2026,month:3,day:1),end:(year:2026,month:3,day:7))' +
        '&accounts=List(urn%3Ali%3AsponsoredAccount%3A507404993)' +
        '&campaignGroups=List(urn%3Ali%3AsponsoredCampaignGroup%3A611000001)' +
        '&campaigns=List(urn%3Ali%3AsponsoredCampaign%3A700000001)' +
        '&fields=pivotValues,dateRange,costInLocalCurrency,impressions,clicks,externalWebsiteConversions',
    );
    const total = analyticsPath('1', {
      level: 'campaign',
      from: '2026-01-01',
      to: '2026-12-31',
      granularity: 'total',
    });
    expect(total).toContain('pivot=CAMPAIGN_GROUP&timeGranularity=ALL');
    expect(total).not.toContain('campaigns=');
    expect(analyticsPath('1', { ...WEEK, level: 'adset', granularity: 'day' })).toContain('pivot=CAMPAIGN&');
  });

  const entities = new Map<string, Entity>([['800000001', { name: 'ad', campaignId: '6', adsetId: '7' }]]);
  const element = {
    pivotValues: ['urn:li:sponsoredCreative:800000001'],
    dateRange: { start: { year: 2026, month: 3, day: 5 }, end: { year: 2026, month: 3, day: 5 } },
    costInLocalCurrency: '27.49835625860305',
    impressions: 1200,
    clicks: 14,
    externalWebsiteConversions: 2,
  };

  it('maps an element to a row: the URN’s id, its parents, the day, cost rounded to the currency', () => {
    expect(toReportRow(element, 'ad', '507404993', 'USD', entities, true)).toEqual({
      level: 'ad',
      id: '800000001',
      name: 'ad',
      advertiser: '507404993',
      campaignId: '6',
      adsetId: '7',
      date: '2026-03-05',
      spend: 27.5,
      impressions: 1200,
      clicks: 14,
      conversions: 2,
    });
  });

  it('keeps whole yen in a zero-decimal currency, has no date for totals, and names unknown entities by id', () => {
    const row = toReportRow(
      { ...element, pivotValues: ['urn:li:sponsoredCreative:9'], costInLocalCurrency: '4125.6' },
      'ad',
      '509330077',
      'JPY',
      entities,
      false,
    );
    expect(row).toMatchObject({ id: '9', name: '9', spend: 4126 });
    expect(row).not.toHaveProperty('date');
    expect(row).not.toHaveProperty('campaignId');
  });

  it('reads a metric LinkedIn left out of an element as 0', () => {
    const { externalWebsiteConversions: _, ...without } = element;
    expect(toReportRow(without, 'ad', '1', 'USD', entities, true).conversions).toBe(0);
  });
});

describe('linkedin reports: the adapter against the emulator', () => {
  let emulator: RunningEmulator;
  let reports: ReportAdapter;
  let call: PlatformCall;
  beforeAll(async () => {
    emulator = await startEmulator(linkedinEmulator);
    const at = adapterAtEmulator('linkedin', emulator, [USD, JPY], SCOPE);
    reports = at.adapter.reports!;
    call = at.call;
  });
  afterAll(() => emulator?.close());

  const report = async (account: AdAccount, query: Partial<ReportQuery>) => {
    const run = await reports.start(call, account, { level: 'ad', granularity: 'day', ...WEEK, ...query });
    if (run.state !== 'done') throw new Error('LinkedIn answers at once');
    return run.report;
  };
  it('reports each day of each ad, with names, parents, UTC days and the account currency', async () => {
    const ads = await report(USD, {});
    expect(ads).toMatchObject({ advertiser: SEED.usdAccount, currency: 'USD', timeZone: 'UTC' });
    const days = [...new Set(ads.rows.map((r) => r.date))].sort();
    expect(days).toHaveLength(7);
    expect(days[0]).toBe(WEEK.from);
    expect(ads.rows.find((r) => r.id === '800000001')).toMatchObject({
      level: 'ad',
      name: 'Visitors – image ad',
      campaignId: SEED.usdGroup,
      adsetId: SEED.runningCampaign,
    });
    for (const r of ads.rows) {
      expect(r.impressions).toBeGreaterThan(0);
      // Dollars with cents, not LinkedIn's unrounded BigDecimal.
      expect(r.spend! * 100).toBeCloseTo(Math.round(r.spend! * 100), 6);
    }
    const [analytics] = emulator.controls.callsTo('/rest/adAnalytics', 'GET').slice(-1);
    expect(analytics!.query).toMatchObject({ q: 'analytics', pivot: 'CREATIVE', timeGranularity: 'DAILY' });
  });

  it('sums agree across levels: ads to their ad set, ad sets to their campaign, per day and in total', async () => {
    const [ads, adsets, campaigns] = await Promise.all(
      (['ad', 'adset', 'campaign'] as const).map((level) => report(USD, { level })),
    );
    expect(sumsBy(ads!.rows, (r) => r.adsetId)).toEqual(sumsBy(adsets!.rows, (r) => r.id));
    expect(sumsBy(adsets!.rows, (r) => r.campaignId)).toEqual(sumsBy(campaigns!.rows, (r) => r.id));
    expect(campaigns!.rows.find((r) => r.id === SEED.usdGroup)).toMatchObject({ name: 'Always-on traffic' });
    const total = await report(USD, { level: 'campaign', granularity: 'total' });
    const perId = totalsOf(campaigns!.rows);
    expect(total.rows).toHaveLength(perId.size);
    for (const r of total.rows) {
      expect(r.date).toBeUndefined();
      expect(r.spend).toBeCloseTo(perId.get(r.id)![0]!, 6);
      expect([r.impressions, r.clicks, r.conversions]).toEqual(perId.get(r.id)!.slice(1));
    }
  });

  it('filters by campaign and by ad set', async () => {
    const byCampaign = await report(USD, { level: 'adset', campaignId: SEED.usdGroup });
    expect(new Set(byCampaign.rows.map((r) => r.campaignId))).toEqual(new Set([SEED.usdGroup]));
    const byAdSet = await report(USD, { level: 'ad', adsetId: SEED.runningCampaign, granularity: 'total' });
    expect(byAdSet.rows.map((r) => r.id).sort()).toEqual(['800000001', '800000002']);
    // Another account's ad set is not in this account's report.
    expect((await report(USD, { adsetId: '700000009' })).rows).toEqual([]);
    expect((await report(USD, { adsetId: 'not-a-number' })).rows).toEqual([]);
  });

  it('reports spend in whole yen for a JPY account', async () => {
    const yen = await report(JPY, { level: 'campaign' });
    expect(yen.currency).toBe('JPY');
    expect(yen.rows).toHaveLength(7);
    for (const r of yen.rows) expect(Number.isInteger(r.spend)).toBe(true);
    // About 2–10 dollars per 1,000 impressions, at 150 yen a dollar.
    const { spend, impressions } = yen.rows[0]!;
    expect(spend! / (impressions! / 1000)).toBeGreaterThan(250);
  });

  it('surfaces LinkedIn’s throttling as a throttled PlatformError', async () => {
    // Every call throttled, past adlink's retries.
    emulator.controls.throttleNext(100);
    const failure = await report(USD, {}).catch((err: unknown) => err);
    emulator.controls.throttleNext(0);
    expect(failure).toBeInstanceOf(PlatformError);
    expect((failure as PlatformError).kind).toBe('throttled');
  });

  it('surfaces the 403 of a token without r_ads_reporting as a forbidden PlatformError', async () => {
    const older = { ...call, accessToken: emulatorToken(emulator, ['rw_ads', 'r_ads']) };
    const failure = await reports
      .start(older, USD, { level: 'campaign', granularity: 'day', ...WEEK })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(PlatformError);
    expect(failure).toMatchObject({ kind: 'forbidden', status: 403, code: 'ACCESS_DENIED' });
  });
});

describe('linkedin emulator: adAnalytics refuses what LinkedIn refuses', () => {
  let emulator: RunningEmulator;
  let token: string;
  const version = platformCatalog('http://localhost').linkedin.apiVersion;
  beforeAll(async () => {
    emulator = await startEmulator(linkedinEmulator);
    token = emulatorToken(emulator, SCOPE);
  });
  afterAll(() => emulator?.close());

  const range = `dateRange=(start:(year:2026,month:3,day:1),end:(year:2026,month:3,day:7))`;
  const facet = `accounts=List(urn%3Ali%3AsponsoredAccount%3A${SEED.usdAccount})`;
  const get = async (query: string, bearer = token) => {
    const res = await fetch(`${emulator.url}/rest/adAnalytics?${query}`, {
      headers: {
        Authorization: `Bearer ${bearer}`,
        'LinkedIn-Version': version,
        'X-Restli-Protocol-Version': '2.0.0',
      },
    });
    return { status: res.status, body: (await res.json()) as { message?: string; elements?: unknown[] } };
  };
  const base = `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${range}&${facet}`;

  it('answers elements with pivotValues, dateRange and the default impressions and clicks', async () => {
    const { status, body } = await get(base);
    expect(status).toBe(200);
    expect(body.elements![0]).toEqual({
      pivotValues: [expect.stringMatching(/^urn:li:sponsoredCampaign:\d+$/)],
      dateRange: { start: { year: 2026, month: 3, day: 1 }, end: { year: 2026, month: 3, day: 1 } },
      impressions: expect.any(Number),
      clicks: expect.any(Number),
    });
    const monthly = await get(`${base.replace('DAILY', 'MONTHLY')}&fields=dateRange,costInLocalCurrency`);
    expect(monthly.body.elements![0]).toEqual({
      dateRange: { start: { year: 2026, month: 3, day: 1 }, end: { year: 2026, month: 3, day: 7 } },
      costInLocalCurrency: expect.stringMatching(/^\d+\.\d{2}$/),
    });
  });

  it.each([
    ['no facet', `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${range}`, /facet/],
    ['no dateRange', `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${facet}`, /dateRange/],
    ['an unknown pivot', base.replace('CAMPAIGN', 'AD_SET'), /pivot/],
    ['an unknown granularity', base.replace('DAILY', 'HOURLY'), /timeGranularity/],
    ['start after end', base.replace('day:1)', 'day:9)'), /after/],
    ['an invalid date', base.replace('month:3,day:1', 'month:2,day:30'), /valid date/],
    ['beyond the retention', base.replace('year:2026,month:3,day:1', 'year:2010,month:1,day:1'), /retained/],
    ['an unknown metric', `${base}&fields=impressions,spend`, /spend/],
    ['a facet of the wrong URN type', base.replace('sponsoredAccount', 'sponsoredCampaign'), /accounts/],
    ['another finder', base.replace('q=analytics', 'q=search'), /analytics/],
  ])('refuses %s with 400', async (_name, query, message) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it(`refuses more than ${MAX_METRICS} metrics`, async () => {
    const fields = Array.from({ length: MAX_METRICS + 1 }, () => 'impressions').join(',');
    expect((await get(`${base}&fields=${fields}`)).status).toBe(400);
    const twenty = Array.from({ length: MAX_METRICS }, () => 'clicks').join(',');
    expect((await get(`${base}&fields=${twenty}`)).status).toBe(200);
  });

  it('needs the r_ads_reporting permission: LinkedIn’s 403 ACCESS_DENIED without it', async () => {
    const { status, body } = await get(base, emulatorToken(emulator, ['r_ads', 'rw_ads']));
    expect(status).toBe(403);
    expect(body).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: expect.stringMatching(/^Not enough permissions to access: adAnalytics\.GET\.\d{6}$/),
    });
  });

  it('answers nothing for an account the member has no role on', async () => {
    const { status, body } = await get(base.replace(SEED.usdAccount, '500000000'));
    expect(status).toBe(200);
    expect(body.elements).toEqual([]);
  });
});
