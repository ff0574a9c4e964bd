import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { SEED } from '../../emulators/pinterest/seed.js';
import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import { startEmulator } from '../../emulators/toolkit/emulator.js';
import {
  analyticsQuery,
  PINTEREST_REPORT_CAPABILITIES,
  REPORT_COLUMNS,
  toReportRow,
} from '../../src/platforms/pinterest/reports.js';
import { THROTTLE_RETRIES } from '../../src/platforms/platform-fetch.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';
import type { AccountReport, ReportQuery, ReportRow } from '../../src/reports/model.js';
import type { ReportAdapter } from '../../src/reports/port.js';
import type { AdAccount } from '../../src/store/connections.js';
import api from '../fixtures/pinterest/openapi-extract.json' with { type: 'json' };
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';

/**
 * Pinterest reports: the analytics queries adlink sends and how it maps rows back (unit), the
 * adapter against the emulator's three analytics operations, and the emulator's refusals as the
 * OpenAPI describes them.
 */

const usd: AdAccount = { id: SEED.usdAccount, name: 'Acme Home (US)', currency: 'USD' };
const jpy: AdAccount = { id: SEED.jpyAccount, name: 'Acme Japan (JP)', currency: 'JPY' };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The last seven whole days, in UTC as Pinterest reports them. */
const week = () => ({ from: day(-7), to: day(-1) });

describe('pinterest report mapping', () => {
  it('asks each level’s operation with its ids, DAY or TOTAL, and the columns as one comma-separated value', () => {
    const query: ReportQuery = { level: 'ad', from: '2026-03-01', to: '2026-03-07', granularity: 'day' };
    expect(analyticsQuery(query, ['1', '2'])).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-07',
      granularity: 'DAY',
      columns: 'SPEND_IN_MICRO_DOLLAR,IMPRESSION_1,CLICKTHROUGH_1,TOTAL_CONVERSIONS',
      ad_ids: ['1', '2'],
    });
    expect(analyticsQuery({ ...query, level: 'campaign', granularity: 'total' }, ['7'])).toMatchObject({
      granularity: 'TOTAL',
      campaign_ids: ['7'],
    });
    expect(analyticsQuery({ ...query, level: 'adset' }, ['8'])).toMatchObject({ ad_group_ids: ['8'] });
    // Every column and granularity is one of the OpenAPI's.
    const columns = api.operations['ads/analytics'].query.columns.enum as string[];
    expect(columns).toEqual(expect.arrayContaining(REPORT_COLUMNS));
    expect(api.operations['ads/analytics'].query.granularity.enum).toEqual(
      expect.arrayContaining(['DAY', 'TOTAL']),
    );
  });

  it('maps micro units to major units of the account currency (whole yen), and a left-out column to 0', () => {
    const entity = { id: '9', name: 'Pin', campaignId: '7', adsetId: '8' };
    const row = {
      AD_ID: '9',
      DATE: '2026-03-02',
      SPEND_IN_MICRO_DOLLAR: 12_345_678,
      IMPRESSION_1: 1500,
      CLICKTHROUGH_1: 31,
      TOTAL_CONVERSIONS: 2,
    };
    expect(toReportRow(row, 'ad', entity, '123', 'USD')).toEqual({
      level: 'ad',
      ...entity,
      advertiser: '123',
      date: '2026-03-02',
      spend: 12.35,
      impressions: 1500,
      clicks: 31,
      conversions: 2,
    });
    const yen = toReportRow(
      { CAMPAIGN_ID: '7', SPEND_IN_MICRO_DOLLAR: 3_456_000_000, IMPRESSION_1: 10 },
      'campaign',
      { id: '7', name: 'Tokyo' },
      '1',
      'JPY',
    );
    expect(yen).toEqual({
      level: 'campaign',
      id: '7',
      name: 'Tokyo',
      advertiser: '1',
      spend: 3456,
      impressions: 10,
      clicks: 0,
      conversions: 0,
    });
  });

  it('declares the four metrics, Pinterest’s 90-day lookback and what a conversion is', () => {
    expect(PINTEREST_REPORT_CAPABILITIES).toMatchObject({
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      lookbackDays: 90,
    });
    expect(PINTEREST_REPORT_CAPABILITIES.conversions).toMatch(/^TOTAL_CONVERSIONS/);
    expect(api.descriptions['analytics.start_date']).toContain('Cannot be more than 90 days back from today');
  });
});

let emulator: RunningEmulator;
let reports: ReportAdapter;
let call: PlatformCall;

beforeAll(async () => {
  emulator = await startEmulator(pinterestEmulator);
  const at = adapterAtEmulator('pinterest', emulator, [usd, jpy], ['ads:read']);
  reports = at.adapter.reports!;
  call = at.call;
});
afterAll(() => emulator?.close());

async function report(account: AdAccount, query: Partial<ReportQuery>): Promise<AccountReport> {
  const run = await reports.start(call, account, { level: 'ad', granularity: 'day', ...week(), ...query });
  if (run.state !== 'done') throw new Error('Pinterest reports synchronously');
  return run.report;
}

const key = (...parts: (string | undefined)[]) => parts.join('|');
/** Sums of rows grouped by `by`, money kept in cents so the sums are exact. */
function sums(rows: ReportRow[], by: (r: ReportRow) => string) {
  const out = new Map<string, { cents: number; impressions: number; clicks: number; conversions: number }>();
  for (const r of rows) {
    const s = out.get(by(r)) ?? { cents: 0, impressions: 0, clicks: 0, conversions: 0 };
    s.cents += Math.round(r.spend! * 100);
    s.impressions += r.impressions!;
    s.clicks += r.clicks!;
    s.conversions += r.conversions!;
    out.set(by(r), s);
  }
  return out;
}
const asSums = (rows: ReportRow[]) => sums(rows, (r) => key(r.id, r.date));

/** An analytics operation called directly, as Pinterest answers it. */
async function analytics(
  operation: 'campaigns' | 'ad_groups' | 'ads',
  query: string,
  account: string = SEED.usdAccount,
) {
  const res = await fetch(`${emulator.url}/v5/ad_accounts/${account}/${operation}/analytics?${query}`, {
    headers: { Authorization: `Bearer ${emulatorToken(emulator, ['ads:read'])}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
const range = () => `start_date=${week().from}&end_date=${week().to}`;
const COLUMNS = 'columns=SPEND_IN_MICRO_DOLLAR,SPEND_IN_DOLLAR,IMPRESSION_1,CLICKTHROUGH_1,TOTAL_CONVERSIONS';

describe('pinterest reports against the emulator', () => {
  it('reads every level day by day: ads sum to their ad group, ad groups to their campaign, in UTC and the account currency', async () => {
    const ads = await report(usd, { level: 'ad' });
    const adsets = await report(usd, { level: 'adset' });
    const campaigns = await report(usd, { level: 'campaign' });
    expect(ads).toMatchObject({ advertiser: SEED.usdAccount, currency: 'USD', timeZone: 'UTC' });
    // Seeded: four ads (active, paused and archived ones, all listed) under the awareness campaign.
    expect(ads.rows).toHaveLength(4 * 7);
    expect(new Set(ads.rows.map((r) => r.date))).toEqual(
      new Set(Array.from({ length: 7 }, (_, i) => day(i - 7))),
    );
    for (const r of ads.rows) {
      expect(r.campaignId).toBe(SEED.awareness);
      expect(r.spend! * 100).toBeCloseTo(Math.round(r.spend! * 100), 6);
      expect(r.clicks!).toBeLessThanOrEqual(r.impressions!);
    }
    expect(sums(ads.rows, (r) => key(r.adsetId, r.date))).toEqual(asSums(adsets.rows));
    expect(sums(adsets.rows, (r) => key(r.campaignId, r.date))).toEqual(asSums(campaigns.rows));
    // Campaigns and ad groups without ads have no data, and no rows (as Pinterest leaves them out).
    expect(campaigns.rows.map((r) => r.id)).toEqual(Array(7).fill(SEED.awareness));
    expect(campaigns.rows[0]!.name).toBe('Spring home decor');
    expect(adsets.rows.find((r) => r.name === 'Last winter')).toBeDefined();
  });

  it('answers totals that equal the sum of the days, without a date', async () => {
    const daily = await report(usd, { level: 'adset' });
    const total = await report(usd, { level: 'adset', granularity: 'total' });
    expect(total.rows.every((r) => r.date === undefined)).toBe(true);
    expect(sums(total.rows, (r) => r.id)).toEqual(sums(daily.rows, (r) => r.adsetId ?? r.id));
  });

  it('narrows to a campaign or an ad group', async () => {
    const all = await report(usd, { level: 'ad' });
    const adset = all.rows[0]!.adsetId!;
    const inAdset = await report(usd, { level: 'ad', adsetId: adset });
    expect(inAdset.rows).toEqual(all.rows.filter((r) => r.adsetId === adset));
    const inCampaign = await report(usd, { level: 'adset', campaignId: SEED.awareness, adsetId: adset });
    expect(new Set(inCampaign.rows.map((r) => r.id))).toEqual(new Set([adset]));
    // An ad group of another campaign: nothing.
    expect(
      (await report(usd, { level: 'adset', campaignId: SEED.consideration, adsetId: adset })).rows,
    ).toEqual([]);
    const calls = emulator.controls.callsTo('/campaigns/analytics');
    expect(calls.every((c) => c.query.reporting_timezone === undefined)).toBe(true);
  });

  it('reports the yen account in whole yen, equal to the micro units Pinterest answers', async () => {
    const ads = await report(jpy, { level: 'ad', granularity: 'total' });
    expect(ads).toMatchObject({ currency: 'JPY', timeZone: 'UTC' });
    expect(ads.rows).toHaveLength(2);
    expect(ads.rows.every((r) => Number.isInteger(r.spend) && r.spend! > 0)).toBe(true);
    const raw = (
      await analytics(
        'campaigns',
        `${range()}&granularity=TOTAL&campaign_ids=${SEED.jpyAwareness}&${COLUMNS}`,
        SEED.jpyAccount,
      )
    ).body as Record<string, number>[];
    expect(raw[0]!.SPEND_IN_MICRO_DOLLAR! / 1e6).toBe(ads.rows.reduce((s, r) => s + r.spend!, 0));
    expect(raw[0]!.SPEND_IN_DOLLAR).toBe(raw[0]!.SPEND_IN_MICRO_DOLLAR! / 1e6);
  });

  it('asks for 250 ids at a time', async () => {
    emulator.seedAdSets(SEED.usdAccount, SEED.consideration, 250);
    const before = emulator.controls.callsTo('/ad_groups/analytics').length;
    const adsets = await report(usd, { level: 'adset', granularity: 'total' });
    const asked = emulator.controls
      .callsTo('/ad_groups/analytics')
      .slice(before)
      .map((c) => [c.query.ad_group_ids].flat().length);
    // The eight seeded ad groups (every status) and the 250 more: 258 ids.
    expect(asked).toEqual([250, 8]);
    expect(adsets.rows.length).toBeGreaterThan(0);
  });

  it('answers a range without data with no rows, and still the currency and time zone', async () => {
    const future = await report(usd, { level: 'campaign', from: day(1), to: day(3) });
    expect(future).toEqual({ advertiser: SEED.usdAccount, currency: 'USD', timeZone: 'UTC', rows: [] });
  });

  it('refuses ids that are no Pinterest ids, and an ad-group filter on campaigns, on the unified parameter', async () => {
    await expect(report(usd, { campaignId: 'abc' })).rejects.toMatchObject({ param: 'campaignId' });
    await expect(report(usd, { level: 'campaign', adsetId: '12' })).rejects.toBeInstanceOf(
      PlatformInputError,
    );
  });

  it('passes on Pinterest’s refusal of a range over its lookback', async () => {
    const error = await report(usd, { from: day(-120), to: day(-100) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('90 days back') });
  });

  it('surfaces throttling as a throttled PlatformError', async () => {
    emulator.controls.throttleNext(THROTTLE_RETRIES + 1);
    const error = await report(usd, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'throttled' });
  });
});

describe('the emulator’s analytics operations, as Pinterest answers and refuses them', () => {
  const refusal = (operation: string) => api.operations[operation as 'ads/analytics'].badRequestMessage;

  it('answers a JSON array of rows with the id column, DATE by day, and the asked columns', async () => {
    const { status, body } = await analytics(
      'ads',
      `${range()}&granularity=DAY&ad_ids=${await firstAd()}&${COLUMNS},PIN_ID,CTR`,
    );
    expect(status).toBe(200);
    const rows = body as Record<string, unknown>[];
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(api.operations['ads/analytics'].answerRows.required.every((f) => f in row)).toBe(true);
      expect(Object.keys(row).sort()).toEqual(
        [
          'AD_ID',
          'DATE',
          'PIN_ID',
          'SPEND_IN_MICRO_DOLLAR',
          'SPEND_IN_DOLLAR',
          'IMPRESSION_1',
          'CLICKTHROUGH_1',
          'TOTAL_CONVERSIONS',
        ].sort(),
      );
      expect(typeof row.AD_ID).toBe('string');
      expect(Number.isInteger(row.SPEND_IN_MICRO_DOLLAR)).toBe(true);
    }
  });

  it.each([
    ['campaigns', `granularity=DAY&campaign_ids=${SEED.awareness}&${COLUMNS}`, 'start_date is required'],
    ['campaigns', `${range()}&granularity=DAY&${COLUMNS}`, 'campaign_ids is required'],
    [
      'ad_groups',
      `${range()}&granularity=DAY&ad_group_ids=1&columns=SPEND`,
      'columns has an invalid value "SPEND"',
    ],
    ['ad_groups', `${range()}&granularity=DAILY&ad_group_ids=1&${COLUMNS}`, 'granularity must be one of'],
    [
      'campaigns',
      `start_date=2026-02-30&end_date=2026-03-01&granularity=DAY&campaign_ids=1&${COLUMNS}`,
      'start_date must be a date',
    ],
    [
      'campaigns',
      `${range()}&granularity=DAY&campaign_ids=${Array.from({ length: 251 }, (_, i) => i + 1).join(',')}&${COLUMNS}`,
      'campaign_ids must have 1 to 250 items',
    ],
    [
      'campaigns',
      `${range()}&granularity=DAY&campaign_ids=x1&${COLUMNS}`,
      'campaign_ids has an invalid value',
    ],
    [
      'ads',
      `${range()}&granularity=DAY&campaign_ids=${SEED.awareness}&${COLUMNS}`,
      'either ad_ids or both campaign_ids and pin_ids',
    ],
    [
      'campaigns',
      `${range()}&granularity=DAY&campaign_ids=1&${COLUMNS}&reporting_timezone=AD_ACCOUNT_TIME_ZONE`,
      'closed beta',
    ],
    [
      'campaigns',
      `${range()}&granularity=DAY&campaign_ids=1&${COLUMNS}&click_window_days=3`,
      'click_window_days must be one of',
    ],
  ])('%s/analytics refuses %s', async (operation, query, reason) => {
    const { status, body } = await analytics(operation as 'ads', query);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 400,
      message: expect.stringContaining(refusal(`${operation}/analytics`)),
    });
    expect((body as { message: string }).message.toLowerCase()).toContain(reason.toLowerCase());
  });

  it('refuses a start over 90 days back, an end over 90 days after the start or before it, and HOUR beyond 8 and 3 days', async () => {
    const ask = (from: string, to: string, granularity = 'DAY') =>
      analytics(
        'campaigns',
        `start_date=${from}&end_date=${to}&granularity=${granularity}&campaign_ids=${SEED.awareness}&${COLUMNS}`,
      );
    expect((await ask(day(-90), day(0))).status).toBe(200);
    expect(await ask(day(-91), day(-80))).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('90 days back') },
    });
    expect(await ask(day(-30), day(61))).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('90 days past start_date') },
    });
    expect((await ask(day(-30), day(60))).status).toBe(200);
    expect(await ask(day(-3), day(-4))).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('before start_date') },
    });
    expect(await ask(day(-9), day(-8), 'HOUR')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('8 days back') },
    });
    expect(await ask(day(-5), day(-1), 'HOUR')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('3 days past') },
    });
  });

  it('answers no rows for ids that are not the account’s', async () => {
    const { status, body } = await analytics(
      'campaigns',
      `${range()}&granularity=TOTAL&campaign_ids=${SEED.eurConsideration}&${COLUMNS}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});

async function firstAd(): Promise<string> {
  const res = await fetch(`${emulator.url}/v5/ad_accounts/${SEED.usdAccount}/ads`, {
    headers: { Authorization: `Bearer ${emulatorToken(emulator, ['ads:read'])}` },
  });
  return ((await res.json()) as { items: { id: string }[] }).items[0]!.id;
}
