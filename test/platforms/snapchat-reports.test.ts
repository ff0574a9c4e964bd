import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import { MAX_DAY_RANGE } from '../../emulators/snapchat/stats-routes.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { type Names, statsRequest, toReportRows, windows } from '../../src/platforms/snapchat/reports.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import type { ReportQuery } from '../../src/reports/model.js';
import type { ReportAdapter } from '../../src/reports/port.js';
import type { AdAccount } from '../../src/store/connections.js';
import documented from '../fixtures/snapchat/documented.json' with { type: 'json' };
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';
import { lastWeek, shiftDay, sumsBy, totalsOf } from '../support/report-rows.js';

const USD: AdAccount = { id: SEEDED.usdAccount, name: 'Bakery US', currency: 'USD' };
const JPY: AdAccount = { id: SEEDED.jpyAccount, name: 'Bakery Tokyo', currency: 'JPY' };
const { from, to } = lastWeek('America/Los_Angeles');
const WEEK = { from, to };
const query = (q: Partial<ReportQuery>): ReportQuery => ({
  level: 'ad',
  granularity: 'day',
  from: '2026-03-01',
  to: '2026-03-07',
  ...q,
});

describe('snapchat reports: mapping', () => {
  it('asks the narrowest filtered entity for its stats, broken down to the level, in local midnights', () => {
    const path = statsRequest('acc', query({}), 'America/Los_Angeles', '2026-03-01', '2026-03-07');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/adaccounts/acc/stats');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      granularity: 'DAY',
      start_time: '2026-03-01T00:00:00-08:00',
      // The end is exclusive: the midnight after the last day, here after the clocks went forward.
      end_time: '2026-03-08T00:00:00-08:00',
      fields: 'impressions,swipes,spend,conversion_purchases',
      breakdown: 'ad',
      omit_empty: 'true',
    });
    const dst = new URL(
      statsRequest('a', query({}), 'America/Los_Angeles', '2026-03-08', '2026-03-09'),
      'http://x',
    );
    expect(dst.searchParams.get('end_time')).toBe('2026-03-10T00:00:00-07:00');
    const campaign = new URL(
      statsRequest(
        'a',
        query({ level: 'adset', campaignId: 'c1', granularity: 'total' }),
        'UTC',
        '2026-03-01',
        '2026-03-01',
      ),
      'http://x',
    );
    expect(campaign.pathname).toBe('/campaigns/c1/stats');
    expect(campaign.searchParams.get('breakdown')).toBe('adsquad');
    expect(campaign.searchParams.get('granularity')).toBe('TOTAL');
    // The level at or above the filtered entity: its own stats, no breakdown.
    const own = new URL(
      statsRequest('a', query({ level: 'campaign', adsetId: 's1' }), 'UTC', '2026-03-01', '2026-03-01'),
      'http://x',
    );
    expect(own.pathname).toBe('/adsquads/s1/stats');
    expect(own.searchParams.has('breakdown')).toBe(false);
  });

  it(`splits a daily range into requests of at most ${MAX_DAY_RANGE} days; a total is one request`, () => {
    expect(windows(query({ from: '2026-01-01', to: '2026-03-05' }))).toEqual([
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-03-03'],
      ['2026-03-04', '2026-03-05'],
    ]);
    expect(windows(query({ from: '2026-01-01', to: '2026-03-05', granularity: 'total' }))).toEqual([
      ['2026-01-01', '2026-03-05'],
    ]);
  });

  const names: Names = {
    campaigns: new Map([['c1', 'Campaign']]),
    squads: new Map([['s1', { name: 'Squad', campaignId: 'c1' }]]),
    ads: new Map([['a1', { name: 'Ad', adsetId: 's1' }]]),
  };
  const series = (stats: object) => ({
    start_time: '2026-03-01T00:00:00.000+09:00',
    end_time: '2026-03-02T00:00:00.000+09:00',
    stats,
  });

  it('maps a breakdown’s timeseries to rows: local day, micros to major units, swipes as clicks', () => {
    const rows = toReportRows(
      {
        id: 'acc',
        type: 'AD_ACCOUNT',
        breakdown_stats: {
          ad: [
            {
              id: 'a1',
              type: 'AD',
              timeseries: [
                series({ impressions: 900, swipes: 12, spend: 4_567_891, conversion_purchases: 1 }),
              ],
            },
          ],
        },
      },
      query({}),
      'acc',
      'USD',
      names,
    );
    expect(rows).toEqual([
      {
        level: 'ad',
        id: 'a1',
        name: 'Ad',
        advertiser: 'acc',
        campaignId: 'c1',
        adsetId: 's1',
        date: '2026-03-01',
        spend: 4.57,
        impressions: 900,
        clicks: 12,
        conversions: 1,
      },
    ]);
  });

  it('keeps whole yen, reads a squad’s own stats as its campaign’s row, and names unknown entities by id', () => {
    const [row] = toReportRows(
      { id: 's1', type: 'AD_SQUAD', stats: { impressions: 5, spend: 4_126_000_000 } },
      query({ level: 'campaign', granularity: 'total', adsetId: 's1' }),
      'acc',
      'JPY',
      names,
    );
    expect(row).toEqual({
      level: 'campaign',
      id: 'c1',
      name: 'Campaign',
      advertiser: 'acc',
      spend: 4126,
      impressions: 5,
      clicks: 0,
      conversions: 0,
    });
    const [unknown] = toReportRows(
      { id: 'x', type: 'AD_SQUAD', stats: {} },
      query({ level: 'adset', granularity: 'total' }),
      'acc',
      'USD',
      names,
    );
    expect(unknown).toMatchObject({ id: 'x', name: 'x', spend: 0 });
  });
});

describe('snapchat reports: the adapter against the emulator', () => {
  let emulator: RunningEmulator;
  let reports: ReportAdapter;
  let call: PlatformCall;
  beforeAll(async () => {
    emulator = await startEmulator(snapchatEmulator);
    const at = adapterAtEmulator('snapchat', emulator, [USD, JPY], ['snapchat-marketing-api']);
    reports = at.adapter.reports!;
    call = at.call;
  });
  afterAll(() => emulator?.close());

  const report = async (account: AdAccount, q: Partial<ReportQuery>) => {
    const run = await reports.start(call, account, { level: 'ad', granularity: 'day', ...WEEK, ...q });
    if (run.state !== 'done') throw new Error('Snapchat answers at once');
    return run.report;
  };
  it('reports each day of each ad in the account’s time zone and currency, with names and parents', async () => {
    const ads = await report(USD, {});
    expect(ads).toMatchObject({
      advertiser: SEEDED.usdAccount,
      currency: 'USD',
      timeZone: 'America/Los_Angeles',
    });
    const days = [...new Set(ads.rows.map((r) => r.date))].sort();
    expect(days).toHaveLength(7);
    expect([days[0], days.at(-1)]).toEqual([WEEK.from, WEEK.to]);
    expect(ads.rows.find((r) => r.name === 'Palo Alto commuters — ad 1')).toMatchObject({
      level: 'ad',
      campaignId: SEEDED.usdAwareness,
      adsetId: expect.any(String),
    });
    for (const r of ads.rows) expect(r.spend! * 100).toBeCloseTo(Math.round(r.spend! * 100), 6);
    const [stats] = emulator.controls.callsTo('/stats', 'GET').slice(-1);
    expect(stats!.path).toBe(`/v1/adaccounts/${SEEDED.usdAccount}/stats`);
    expect(stats!.query).toMatchObject({ granularity: 'DAY', breakdown: 'ad' });
    expect(String(stats!.query.start_time)).toMatch(/T00:00:00-0[78]:00$/);
  });

  it('sums agree across levels: ads to their ad set, ad sets to their campaign, per day and in total', async () => {
    const [ads, adsets, campaigns] = await Promise.all(
      (['ad', 'adset', 'campaign'] as const).map((level) => report(USD, { level })),
    );
    expect(sumsBy(ads!.rows, (r) => r.adsetId)).toEqual(sumsBy(adsets!.rows, (r) => r.id));
    expect(sumsBy(adsets!.rows, (r) => r.campaignId)).toEqual(sumsBy(campaigns!.rows, (r) => r.id));
    expect(campaigns!.rows.find((r) => r.id === SEEDED.usdAwareness)).toMatchObject({
      name: 'Spring awareness',
    });
    const total = await report(USD, { level: 'campaign', granularity: 'total' });
    const perId = totalsOf(campaigns!.rows);
    expect(total.rows).toHaveLength(perId.size);
    for (const r of total.rows) {
      expect(r.date).toBeUndefined();
      expect(r.spend).toBeCloseTo(perId.get(r.id)![0]!, 6);
      expect([r.impressions, r.clicks, r.conversions]).toEqual(perId.get(r.id)!.slice(1));
    }
  });

  it('filters by campaign and by ad set, and reads nothing for another account’s ids', async () => {
    const byCampaign = await report(USD, { level: 'adset', campaignId: SEEDED.usdAwareness });
    expect(new Set(byCampaign.rows.map((r) => r.campaignId))).toEqual(new Set([SEEDED.usdAwareness]));
    const squad = byCampaign.rows[0]!.id;
    const byAdSet = await report(USD, { level: 'ad', adsetId: squad, granularity: 'total' });
    expect(new Set(byAdSet.rows.map((r) => r.adsetId))).toEqual(new Set([squad]));
    const asCampaign = await report(USD, { level: 'campaign', adsetId: squad, granularity: 'total' });
    expect(asCampaign.rows).toEqual([
      expect.objectContaining({
        id: SEEDED.usdAwareness,
        impressions: byAdSet.rows.reduce((sum, r) => sum + r.impressions!, 0),
      }),
    ]);
    expect((await report(USD, { campaignId: SEEDED.jpyWeb })).rows).toEqual([]);
    expect((await report(USD, { campaignId: SEEDED.usdWeb, adsetId: squad })).rows).toEqual([]);
  });

  it('splits a range longer than 31 days into several DAY requests', async () => {
    const before = emulator.controls.callsTo('/stats', 'GET').length;
    const long = await report(USD, { level: 'campaign', from: shiftDay(WEEK.to, -68), to: WEEK.to });
    expect(emulator.controls.callsTo('/stats', 'GET').length - before).toBe(3);
    expect(new Set(long.rows.map((r) => r.date)).size).toBe(69);
  });

  it('reports a JPY account in whole yen and its Asia/Tokyo days', async () => {
    const yen = await report(JPY, { level: 'adset' });
    expect(yen).toMatchObject({ currency: 'JPY', timeZone: 'Asia/Tokyo' });
    expect(yen.rows).toHaveLength(7);
    for (const r of yen.rows) expect(Number.isInteger(r.spend)).toBe(true);
    // Two ads at 2–10 dollars per 1,000 impressions, at 150 yen a dollar.
    expect(yen.rows[0]!.spend! / (yen.rows[0]!.impressions! / 1000)).toBeGreaterThan(250);
  });

  it('surfaces Snap’s throttling as a throttled PlatformError', async () => {
    emulator.controls.throttleNext(100);
    const failure = await report(USD, {}).catch((err: unknown) => err);
    emulator.controls.throttleNext(0);
    expect(failure).toBeInstanceOf(PlatformError);
    expect((failure as PlatformError).kind).toBe('throttled');
  });
});

describe('snapchat emulator: the stats endpoints as the Measurement page describes them', () => {
  let emulator: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emulator = await startEmulator(snapchatEmulator);
    token = emulatorToken(emulator, ['snapchat-marketing-api']);
  });
  afterAll(() => emulator?.close());

  const { stats } = documented;
  const get = async (path: string, params: Record<string, string>) => {
    const res = await fetch(`${emulator.url}${path}?${new URLSearchParams(params)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const accountPath = stats.paths.adaccount.replace('{ad_account_id}', SEEDED.usdAccount);
  const campaignPath = stats.paths.campaign.replace('{campaign_id}', SEEDED.usdAwareness);
  // Midnights of America/Los_Angeles in March 2026, before the clocks go forward.
  const range = { start_time: '2026-03-01T00:00:00-08:00', end_time: '2026-03-04T00:00:00-08:00' };

  it('answers DAY in timeseries_stats: local midnights with their offset, spend in micro-currency', async () => {
    const { status, body } = await get(campaignPath, {
      granularity: 'DAY',
      ...range,
      fields: 'impressions,spend',
    });
    expect(status).toBe(200);
    const [item] = body[stats.day.list] as Record<string, Record<string, unknown>>[];
    const stat = item![stats.day.item]!;
    expect(stat).toMatchObject({ id: SEEDED.usdAwareness, type: stats.types.campaign, granularity: 'DAY' });
    const series = stat[stats.day.series] as {
      start_time: string;
      end_time: string;
      stats: { spend: number };
    }[];
    expect(series.map((s) => s.start_time)).toEqual([
      '2026-03-01T00:00:00.000-08:00',
      '2026-03-02T00:00:00.000-08:00',
      '2026-03-03T00:00:00.000-08:00',
    ]);
    expect(Object.keys(series[0]!.stats)).toEqual(['impressions', 'spend']);
    // Micros of cents: a multiple of 10,000.
    expect(series[0]!.stats.spend % 10_000).toBe(0);
  });

  it('answers TOTAL in total_stats, broken down with breakdown_stats that sum to the whole', async () => {
    const whole = await get(campaignPath, { granularity: 'TOTAL', ...range });
    const [item] = whole.body[stats.total.list] as Record<string, { stats: Record<string, number> }>[];
    const total = item![stats.total.item]!;
    expect(Object.keys(total)).toEqual(expect.arrayContaining(stats.stat));
    const split = await get(campaignPath, { granularity: 'TOTAL', ...range, breakdown: 'adsquad' });
    const [splitItem] = split.body[stats.total.list] as Record<string, Record<string, unknown>>[];
    const squads = (
      splitItem![stats.total.item]![stats.breakdown] as Record<
        string,
        { type: string; stats: Record<string, number> }[]
      >
    ).adsquad!;
    expect(squads.every((s) => s.type === stats.types.adsquad)).toBe(true);
    for (const field of ['impressions', 'swipes', 'spend'])
      expect(squads.reduce((sum, s) => sum + s.stats[field]!, 0)).toBe(total.stats[field]);
  });

  it.each([
    ['a missing granularity', {}, 'granularity'],
    ['an unknown granularity', { granularity: 'WEEK' }, 'granularity'],
    ['DAY without start_time', { granularity: 'DAY', end_time: range.end_time }, 'start_time'],
    [
      'a start that is not the account’s midnight',
      { granularity: 'DAY', ...range, start_time: '2026-03-01T00:00:00Z' },
      'start_time',
    ],
    [
      'a time without an offset',
      { granularity: 'DAY', ...range, end_time: '2026-03-04T00:00:00' },
      'end_time',
    ],
    [
      'an end before the start',
      { granularity: 'DAY', start_time: range.end_time, end_time: range.start_time },
      'end_time',
    ],
    [
      'more than 31 days of DAY',
      { granularity: 'DAY', ...range, end_time: '2026-04-15T00:00:00-07:00' },
      'end_time',
    ],
    ['an unknown field', { granularity: 'TOTAL', ...range, fields: 'impressions,clicks' }, 'fields'],
    ['a breakdown above the entity', { granularity: 'TOTAL', ...range, breakdown: 'campaign' }, 'breakdown'],
    [
      'an unknown attribution window',
      { granularity: 'TOTAL', ...range, swipe_up_attribution_window: '2_DAY' },
      'swipe_up_attribution_window',
    ],
  ])('refuses %s with 400 naming the parameter', async (_name, params, field) => {
    const { status, body } = await get(campaignPath, params as Record<string, string>);
    expect(status).toBe(400);
    expect(body).toMatchObject({ request_status: 'ERROR', error_code: 'E4002' });
    expect(String(body.debug_message)).toMatch(new RegExp(`^${field}:`));
  });

  it('reads an ad account’s own stats as spend only, and refuses other fields there', async () => {
    const spend = await get(accountPath, { granularity: 'TOTAL', ...range, fields: 'spend' });
    expect(spend.status).toBe(200);
    expect((await get(accountPath, { granularity: 'TOTAL', ...range })).status).toBe(400);
  });

  it('answers 404 for an unknown entity', async () => {
    const { status, body } = await get('/v1/adsquads/not-there/stats', { granularity: 'TOTAL', ...range });
    expect(status).toBe(404);
    expect(body.error_code).toBe('E3003');
  });
});
