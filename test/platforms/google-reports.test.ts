import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulatorWith } from '../../emulators/google/index.js';
import { SEED } from '../../emulators/google/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { zonedTime } from '../../src/domain/zoned-time.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { googleAdapter } from '../../src/platforms/google/adapter.js';
import { reportQuery } from '../../src/platforms/google/queries.js';
import { toReportRow } from '../../src/platforms/google/reports.js';
import { THROTTLE_RETRIES } from '../../src/platforms/platform-fetch.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';
import type { AccountReport, ReportQuery, ReportRow } from '../../src/reports/model.js';
import type { AdAccount } from '../../src/store/connections.js';
import { seededCall } from '../fixtures/google/emulated.js';

/**
 * Google Ads reports: the GAQL adlink sends and how it maps the rows back (unit), and the adapter
 * against the emulator's GoogleAdsService.Search with pages of two rows, so every report is paged.
 */

describe('google report mapping', () => {
  it('asks each level with its ids, the customer’s currency and time zone, and segments.date only for days', () => {
    expect(
      reportQuery({ level: 'ad', from: '2026-03-01', to: '2026-03-07', daily: true, adGroupId: '42' }),
    ).toBe(
      'SELECT ad_group_ad.ad.id, ad_group_ad.ad.name, ad_group.id, campaign.id, customer.currency_code, ' +
        'customer.time_zone, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, ' +
        "segments.date FROM ad_group_ad WHERE segments.date BETWEEN '2026-03-01' AND '2026-03-07' AND ad_group.id = 42",
    );
    const total = reportQuery({
      level: 'campaign',
      from: '2026-03-01',
      to: '2026-03-01',
      daily: false,
      campaignId: '7',
    });
    expect(total).not.toContain('segments.date,');
    expect(total).toContain('FROM campaign WHERE segments.date BETWEEN');
    expect(total).toContain('AND campaign.id = 7');
    expect(reportQuery({ level: 'adset', from: 'a', to: 'b', daily: false })).toContain(
      'SELECT ad_group.id, ad_group.name, campaign.id,',
    );
  });

  it('maps cost micros to major units (two decimals, zero-decimal yen), int64 strings and the double conversions', () => {
    const metrics = { costMicros: '12345678', impressions: '1500', clicks: '31', conversions: 2.5 };
    const row = toReportRow(
      {
        adGroupAd: { ad: { id: '9' } },
        adGroup: { id: '8' },
        campaign: { id: '7' },
        metrics,
        segments: { date: '2026-03-02' },
      },
      'ad',
      '123',
      'EUR',
    );
    expect(row).toEqual({
      level: 'ad',
      id: '9',
      name: '9',
      campaignId: '7',
      adsetId: '8',
      advertiser: '123',
      date: '2026-03-02',
      spend: 12.35,
      impressions: 1500,
      clicks: 31,
      conversions: 2.5,
    });
    const yen = toReportRow(
      { campaign: { id: '7', name: 'Tokyo' }, metrics: { ...metrics, costMicros: '3456000000' } },
      'campaign',
      '1',
      'JPY',
    );
    expect(yen).toMatchObject({ spend: 3456, name: 'Tokyo' });
    expect(yen).not.toHaveProperty('date');
    expect(yen).not.toHaveProperty('campaignId');
    // Google omits nothing it was asked for, but an absent metric is a zero, never NaN.
    expect(
      toReportRow({ adGroup: { id: '8', name: 'g' }, campaign: { id: '7' } }, 'adset', '1', 'EUR'),
    ).toMatchObject({
      spend: 0,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      campaignId: '7',
    });
  });
});

let emulator: RunningEmulator;
let call: PlatformCall;
const reports = () =>
  googleAdapter(platformCatalog('http://localhost', { google: { baseUrl: emulator.url } }).google, {
    timeoutMs: 5000,
  }).reports!;
const [berlin, tokyo] = [
  { id: SEED.bakery, name: 'Bakery Berlin', currency: 'EUR' },
  { id: SEED.tokyo, name: 'Bakery Tokyo', currency: 'JPY', manager_id: SEED.manager },
];

const day = (offset: number, timeZone = 'Europe/Berlin') =>
  zonedTime(new Date(Date.now() + offset * 86_400_000), timeZone).slice(0, 10);
/** The last seven whole days of the account's time zone. */
const week = (timeZone = 'Europe/Berlin') => ({ from: day(-7, timeZone), to: day(-1, timeZone) });

async function report(account: AdAccount, query: Partial<ReportQuery>): Promise<AccountReport> {
  const run = await reports().start(call, account, { level: 'ad', granularity: 'day', ...week(), ...query });
  if (run.state !== 'done') throw new Error('Google reports synchronously');
  return run.report;
}

const key = (...parts: (string | undefined)[]) => parts.join('|');
/** Sums of rows grouped by `by`, money kept in cents so the sums are exact. */
function sums(rows: ReportRow[], by: (r: ReportRow) => string) {
  const out = new Map<
    string,
    { spendCents: number; impressions: number; clicks: number; conversions: number }
  >();
  for (const r of rows) {
    const s = out.get(by(r)) ?? { spendCents: 0, impressions: 0, clicks: 0, conversions: 0 };
    s.spendCents += Math.round(r.spend! * 100);
    s.impressions += r.impressions!;
    s.clicks += r.clicks!;
    s.conversions += r.conversions!;
    out.set(by(r), s);
  }
  return out;
}
const asSums = (rows: ReportRow[]) => sums(rows, (r) => key(r.id, r.date));

/** A raw search or searchStream call, as Google answers it (for its refusals). */
async function gaql(customer: string, query: string, method = 'search', login: string | null = SEED.manager) {
  const res = await fetch(`${emulator.url}/v25/customers/${customer}/googleAds:${method}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${call.accessToken}`,
      'developer-token': 'dev',
      ...(login ? { 'login-customer-id': login } : {}),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const queryError = (answer: { body: Record<string, unknown> }) =>
  (answer.body as { error: { details: { errors: { errorCode: { queryError?: string } }[] }[] } }).error
    .details[0]!.errors[0]!.errorCode.queryError;

beforeAll(async () => {
  emulator = await startEmulator(googleEmulatorWith({ pageSize: 2 }));
  call = { ...seededCall(emulator), accounts: [berlin, tokyo] };
});
afterAll(() => emulator?.close());

describe('google reports against the emulator', () => {
  it('reads every level day by day: ads sum to their ad group, ad groups to their campaign, in the account’s zone and currency', async () => {
    const ads = await report(berlin, { level: 'ad' });
    const adsets = await report(berlin, { level: 'adset' });
    const campaigns = await report(berlin, { level: 'campaign' });
    expect(ads).toMatchObject({ advertiser: SEED.bakery, currency: 'EUR', timeZone: 'Europe/Berlin' });
    // Seeded: the Search campaign's enabled group has two ads, its paused and removed groups one each,
    // the Display group one: five ads, seven days, more rows than pages of two.
    expect(ads.rows).toHaveLength(5 * 7);
    expect(new Set(ads.rows.map((r) => r.date))).toEqual(
      new Set(Array.from({ length: 7 }, (_, i) => day(i - 7))),
    );
    for (const r of ads.rows) {
      expect(r.spend! * 100).toBeCloseTo(Math.round(r.spend! * 100), 6);
      expect(r.clicks!).toBeLessThanOrEqual(r.impressions!);
    }
    expect(sums(ads.rows, (r) => key(r.adsetId, r.date))).toEqual(asSums(adsets.rows));
    expect(sums(adsets.rows, (r) => key(r.campaignId, r.date))).toEqual(asSums(campaigns.rows));
    // The paused campaign's ad group has no ads: days without metrics are left out, as Google does.
    expect(campaigns.rows.map((r) => r.id)).not.toContain(SEED.pausedCampaign);
    expect(campaigns.rows.find((r) => r.id === SEED.searchCampaign)?.name).toBe('Search – Brand');
  });

  it('answers totals that equal the sum of the days, each entity once (zeros included) and without a date', async () => {
    const daily = await report(berlin, { level: 'campaign' });
    const total = await report(berlin, { level: 'campaign', granularity: 'total' });
    expect(total.rows.map((r) => r.id).sort()).toEqual(
      [SEED.searchCampaign, SEED.displayCampaign, SEED.pausedCampaign, SEED.sharedBudgetCampaign].sort(),
    );
    expect(total.rows.every((r) => r.date === undefined)).toBe(true);
    const perCampaign = sums(daily.rows, (r) => r.id);
    for (const row of total.rows) {
      const s = perCampaign.get(row.id) ?? { spendCents: 0, impressions: 0, clicks: 0, conversions: 0 };
      expect({ ...s, spendCents: s.spendCents }).toEqual({
        spendCents: Math.round(row.spend! * 100),
        impressions: row.impressions,
        clicks: row.clicks,
        conversions: row.conversions,
      });
    }
  });

  it('narrows to a campaign or an ad group', async () => {
    const all = await report(berlin, { level: 'ad' });
    const inSearch = await report(berlin, { level: 'ad', campaignId: SEED.searchCampaign });
    expect(inSearch.rows).toEqual(all.rows.filter((r) => r.campaignId === SEED.searchCampaign));
    expect(inSearch.rows.length).toBeGreaterThan(0);
    const adset = inSearch.rows[0]!.adsetId!;
    const inAdset = await report(berlin, { level: 'adset', adsetId: adset, granularity: 'total' });
    expect(inAdset.rows.map((r) => r.id)).toEqual([adset]);
  });

  it('reports the yen account (reached through its manager) in whole yen, in Tokyo’s days', async () => {
    const ads = await report(tokyo, { level: 'ad', ...week('Asia/Tokyo') });
    expect(ads).toMatchObject({ currency: 'JPY', timeZone: 'Asia/Tokyo' });
    expect(ads.rows).toHaveLength(7);
    expect(ads.rows.every((r) => Number.isInteger(r.spend) && r.spend! > 0)).toBe(true);
    const [raw] = (
      await gaql(
        SEED.tokyo,
        `SELECT campaign.id, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '${week('Asia/Tokyo').from}' AND '${week('Asia/Tokyo').to}'`,
      )
    ).body.results as { metrics: { costMicros: string } }[];
    expect(Number(raw!.metrics.costMicros) / 1e6).toBe(ads.rows.reduce((s, r) => s + r.spend!, 0));
  });

  it('answers a range without data with no rows, and still the account’s currency and time zone', async () => {
    const old = await report(berlin, { from: '2020-01-01', to: '2020-01-31', level: 'campaign' });
    expect(old).toEqual({ advertiser: SEED.bakery, currency: 'EUR', timeZone: 'Europe/Berlin', rows: [] });
  });

  it('refuses ids that are no Google ids, and an ad-group filter on campaigns, on the unified parameter', async () => {
    await expect(report(berlin, { campaignId: "1' OR 1=1" })).rejects.toMatchObject({ param: 'campaignId' });
    await expect(report(berlin, { level: 'campaign', adsetId: '12' })).rejects.toBeInstanceOf(
      PlatformInputError,
    );
  });

  it('surfaces throttling as a throttled PlatformError', async () => {
    // Google's retryDelay is short: adlink waits and retries, then gives up.
    emulator.controls.throttleNext(THROTTLE_RETRIES + 1);
    const error = await report(berlin, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'throttled', retryAfterSeconds: 1 });
  });
});

describe('the emulator’s GAQL metrics, as Google answers and refuses them', () => {
  const range = () => `segments.date BETWEEN '${week().from}' AND '${week().to}'`;

  it('answers metrics in the REST JSON shape, the same through searchStream and DURING', async () => {
    const q = `SELECT campaign.id, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, segments.date FROM campaign WHERE ${range()}`;
    const stream = await gaql(SEED.bakery, q, 'searchStream');
    expect(stream.status).toBe(200);
    const [batch] = stream.body as unknown as {
      results: Record<string, Record<string, unknown>>[];
      fieldMask: string;
    }[];
    expect(batch!.fieldMask).toBe(
      'campaign.id,metrics.costMicros,metrics.impressions,metrics.clicks,metrics.conversions,segments.date',
    );
    const first = batch!.results[0]!;
    expect(first.metrics).toEqual({
      costMicros: expect.stringMatching(/^\d+$/),
      impressions: expect.stringMatching(/^\d+$/),
      clicks: expect.stringMatching(/^\d+$/),
      conversions: expect.any(Number),
    });
    expect(first.segments).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // Cents of euros: micros are whole multiples of 10,000.
    expect(Number(first.metrics!.costMicros) % 10_000).toBe(0);
    const during = await gaql(
      SEED.bakery,
      q.replace(range(), 'segments.date DURING LAST_7_DAYS'),
      'searchStream',
    );
    expect((during.body as unknown as { results: unknown[] }[])[0]!.results).toEqual(batch!.results);
    const basic = await gaql(SEED.bakery, q.replace(range(), range().replaceAll('-', '')), 'searchStream');
    expect((basic.body as unknown as { results: unknown[] }[])[0]!.results).toEqual(batch!.results);
  });

  it('filters on metrics with comparisons', async () => {
    const q = (cond: string) =>
      gaql(
        SEED.bakery,
        `SELECT campaign.id, metrics.impressions FROM campaign WHERE ${range()} AND ${cond}`,
        'searchStream',
      );
    const all = ((await q('metrics.impressions >= 0')).body as unknown as { results: unknown[] }[])[0]!
      .results;
    const some = ((await q('metrics.impressions > 0')).body as unknown as { results?: unknown[] }[])[0]!
      .results;
    expect(all).toHaveLength(4);
    expect(some).toHaveLength(2);
  });

  it.each([
    [
      'segments.date without a date range',
      `SELECT campaign.id, segments.date FROM campaign`,
      'EXPECTED_FILTERS_ON_DATE_RANGE',
    ],
    [
      'segments.date with an open range',
      `SELECT campaign.id, segments.date FROM campaign WHERE segments.date >= '2026-01-01'`,
      'EXPECTED_FILTERS_ON_DATE_RANGE',
    ],
    [
      'a BETWEEN value that is no date',
      `SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2026-02-30' AND '2026-03-01'`,
      'INVALID_VALUE_WITH_BETWEEN_OPERATOR',
    ],
    [
      'a date in another format',
      `SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date >= '01/03/2026' AND segments.date <= '2026-03-02'`,
      'INVALID_DATE_FORMAT',
    ],
    [
      'a start after the end',
      `SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2026-03-05' AND '2026-03-01'`,
      'DATE_RANGE_TOO_NARROW',
    ],
    [
      'an unknown predefined range',
      `SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date DURING LAST_3_DAYS`,
      'INVALID_VALUE_WITH_DURING_OPERATOR',
    ],
    ['an unknown metric', `SELECT campaign.id, metrics.spend FROM campaign`, 'UNRECOGNIZED_FIELD'],
    [
      'metrics on a resource without them',
      `SELECT customer_client.id, metrics.clicks FROM customer_client`,
      'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
    ],
    [
      'BETWEEN on a field that is no date',
      `SELECT campaign.id FROM campaign WHERE campaign.id BETWEEN 1 AND 2`,
      'OPERATOR_FIELD_MISMATCH',
    ],
  ])('refuses %s', async (_, query, code) => {
    const answer = await gaql(SEED.bakery, query);
    expect(answer.status).toBe(400);
    expect(queryError(answer)).toBe(code);
  });

  it('refuses metrics on a manager account (each client is asked on its own)', async () => {
    const answer = await gaql(
      SEED.manager,
      `SELECT customer.id, metrics.clicks FROM customer`,
      'search',
      null,
    );
    expect(queryError(answer)).toBe('REQUESTED_METRICS_FOR_MANAGER');
  });

  it('has no day-segmented data older than 37 months, nor days before a campaign started', async () => {
    const old = day(-40 * 31);
    const answer = await gaql(
      SEED.bakery,
      `SELECT campaign.id, metrics.clicks, segments.date FROM campaign WHERE segments.date BETWEEN '${old}' AND '${old}'`,
    );
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body.results).toBeUndefined();
    const beforeStart = await gaql(
      SEED.bakery,
      `SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2024-12-01' AND '2024-12-31'`,
      'searchStream',
    );
    const [batch] = beforeStart.body as unknown as { results: { metrics: { clicks: string } }[] }[];
    expect(batch!.results.map((r) => r.metrics.clicks)).toEqual(['0', '0', '0', '0']);
  });
});
