import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { CAMPAIGNS } from '../../emulators/meta/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { toInsightsParams, toReportRow } from '../../src/platforms/meta/reports.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import type { AccountReport, ReportQuery } from '../../src/reports/model.js';
import type { ReportAdapter } from '../../src/reports/port.js';
import { adapterAtEmulator, refusal } from '../support/emulator-call.js';
import { lastWeek, shiftDay as shift, sumsBy as sums, totalsOf } from '../support/report-rows.js';

/**
 * Meta reports: the insights request adlink builds, its rows mapped back (spend strings in major
 * units, conversions from `actions`), and the adapter against the emulator's insights edge.
 */

const USD = { id: 'act_1000000001', name: 'Bakery US', currency: 'USD' };
const JPY = { id: 'act_1000000002', name: 'Bakery Tokyo', currency: 'JPY' };
const query = (values: Partial<ReportQuery> = {}): ReportQuery => ({
  level: 'campaign',
  granularity: 'day',
  ...lastWeek('America/Los_Angeles'),
  ...values,
});

describe('meta report mapping', () => {
  it('asks the insights edge for one level, the account days, by day or in total, with id filters', () => {
    const params = toInsightsParams(
      query({ level: 'ad', from: '2026-11-01', to: '2026-11-07', adsetId: '55', campaignId: '44' }),
    );
    expect(params).toMatchObject({
      level: 'ad',
      fields: 'campaign_id,adset_id,ad_id,ad_name,spend,impressions,clicks,actions',
      time_range: '{"since":"2026-11-01","until":"2026-11-07"}',
      time_increment: '1',
    });
    const filtering = JSON.parse(params.filtering!);
    expect(filtering[0]).toMatchObject({ field: 'ad.effective_status', operator: 'IN' });
    expect(filtering[0].value).toEqual(expect.arrayContaining(['ARCHIVED', 'DELETED', 'ACTIVE']));
    expect(filtering.slice(1)).toEqual([
      { field: 'campaign.id', operator: 'EQUAL', value: '44' },
      { field: 'adset.id', operator: 'EQUAL', value: '55' },
    ]);
    const total = toInsightsParams(query({ granularity: 'total' }));
    expect(total).toMatchObject({
      time_increment: 'all_days',
      fields: expect.stringMatching(/^campaign_id,campaign_name,/),
    });
    expect(JSON.parse(total.filtering!)).toHaveLength(1);
  });

  it('maps a row: ids and parents, the day, spend strings in major units, deduplicated conversions', () => {
    const row = {
      campaign_id: '1',
      adset_id: '2',
      ad_id: '3',
      ad_name: 'Ad',
      spend: '12.34',
      impressions: '1000',
      clicks: '25',
      actions: [
        { action_type: 'link_click', value: '20' },
        { action_type: 'offsite_conversion.fb_pixel_purchase', value: '2' },
        { action_type: 'purchase', value: '2' },
        { action_type: 'omni_purchase', value: '2' },
        { action_type: 'lead', value: '1' },
      ],
      date_start: '2026-11-03',
      date_stop: '2026-11-03',
    };
    expect(toReportRow(row, query({ level: 'ad' }), USD.id, 'USD')).toEqual({
      level: 'ad',
      id: '3',
      name: 'Ad',
      advertiser: USD.id,
      campaignId: '1',
      adsetId: '2',
      date: '2026-11-03',
      spend: 12.34,
      impressions: 1000,
      clicks: 25,
      conversions: 3,
    });
    const yen = toReportRow(
      { ...row, spend: '1234', actions: undefined },
      query({ level: 'adset', granularity: 'total' }),
      JPY.id,
      'JPY',
    );
    expect(yen).toMatchObject({ level: 'adset', id: '2', campaignId: '1', spend: 1234, conversions: 0 });
    expect(yen).not.toHaveProperty('date');
    expect(yen).not.toHaveProperty('adsetId');
  });
});

describe('meta reports against the emulator', () => {
  let emulator: RunningEmulator;
  let reports: ReportAdapter;
  let call: PlatformCall;

  beforeAll(async () => {
    emulator = await startEmulator(metaEmulator);
    const at = adapterAtEmulator('meta', emulator, [USD, JPY]);
    reports = at.adapter.reports!;
    call = at.call;
  });
  afterAll(() => emulator?.close());

  const run = async (account: typeof USD, q: ReportQuery): Promise<AccountReport> => {
    const answer = await reports.start(call, account, q);
    if (answer.state !== 'done') throw new Error('Meta reports synchronously');
    return answer.report;
  };
  it('declares every metric, the 37-month lookback, and what a conversion is', () => {
    expect(reports.capabilities).toEqual({
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      lookbackDays: 1123,
      conversions: expect.stringContaining('omni_purchase'),
    });
  });

  it('reads each level by day, in the account currency and time zone, and the levels add up', async () => {
    const [campaigns, adSets, ads] = await Promise.all(
      (['campaign', 'adset', 'ad'] as const).map((level) => run(USD, query({ level }))),
    );
    expect(campaigns).toMatchObject({ advertiser: USD.id, currency: 'USD', timeZone: 'America/Los_Angeles' });
    const { from, to } = lastWeek('America/Los_Angeles');
    const days = new Set(ads!.rows.map((r) => r.date));
    expect([...days].sort()).toEqual(Array.from({ length: 7 }, (_, i) => shift(from, i)));
    expect(ads!.rows.every((r) => r.date! >= from && r.date! <= to)).toBe(true);
    const traffic = campaigns!.rows.find((r) => r.id === CAMPAIGNS.usdTraffic)!;
    expect(traffic).toMatchObject({ level: 'campaign', name: 'Spring traffic' });
    expect(ads!.rows[0]).toMatchObject({
      level: 'ad',
      campaignId: expect.any(String),
      adsetId: expect.any(String),
    });
    for (const r of ads!.rows) {
      expect(r.spend! * 100).toBeCloseTo(Math.round(r.spend! * 100), 6);
      expect(r.conversions! <= r.clicks! && r.clicks! <= r.impressions!).toBe(true);
    }
    expect(sums(ads!.rows, (r) => r.adsetId)).toEqual(sums(adSets!.rows, (r) => r.id));
    expect(sums(adSets!.rows, (r) => r.campaignId)).toEqual(sums(campaigns!.rows, (r) => r.id));
  });

  it("counts archived ads' spend, which Meta leaves out unless filtered for", async () => {
    const adSets = await run(USD, query({ level: 'adset', granularity: 'total' }));
    const archived = adSets.rows.find((r) => r.name === 'Last year');
    expect(archived?.spend).toBeGreaterThan(0);
    const params = new URLSearchParams({
      level: 'adset',
      fields: 'adset_name,spend',
      time_range: JSON.stringify({ since: query().from, until: query().to }),
    });
    const res = await fetch(`${emulator.url}/v24.0/${USD.id}/insights?${params}`, {
      headers: { Authorization: `Bearer ${call.accessToken}` },
    });
    const plain = (await res.json()) as { data: { adset_name: string }[] };
    expect(plain.data.map((r) => r.adset_name)).not.toContain('Last year');
  });

  it('totals a range in one row per entity, equal to the sum of its days', async () => {
    const [daily, total] = await Promise.all([
      run(USD, query({ level: 'adset' })),
      run(USD, query({ level: 'adset', granularity: 'total' })),
    ]);
    expect(total.rows.every((r) => r.date === undefined)).toBe(true);
    const perId = totalsOf(daily.rows);
    for (const r of total.rows) {
      const s = perId.get(r.id)!;
      expect(r.spend).toBeCloseTo(s[0]!, 6);
      expect([r.impressions, r.clicks, r.conversions]).toEqual(s.slice(1));
    }
  });

  it('filters by campaign and by ad set', async () => {
    const byCampaign = await run(USD, query({ level: 'ad', campaignId: CAMPAIGNS.usdAwareness }));
    expect(byCampaign.rows.length).toBeGreaterThan(0);
    expect(byCampaign.rows.every((r) => r.campaignId === CAMPAIGNS.usdAwareness)).toBe(true);
    const adSet = byCampaign.rows[0]!.adsetId!;
    const byAdSet = await run(USD, query({ level: 'adset', adsetId: adSet, granularity: 'total' }));
    expect(byAdSet.rows.map((r) => r.id)).toEqual([adSet]);
  });

  it('reports a yen account in whole yen, its days in Asia/Tokyo', async () => {
    const q = query({ level: 'ad', ...lastWeek('Asia/Tokyo') });
    const report = await run(JPY, q);
    expect(report).toMatchObject({ currency: 'JPY', timeZone: 'Asia/Tokyo' });
    expect(report.rows.length).toBe(7);
    expect(report.rows.every((r) => Number.isInteger(r.spend) && r.spend! > 100)).toBe(true);
  });

  it('refuses what Meta refuses: beyond 37 months, since after until, unknown level or field', async () => {
    const tooOld = await refusal(run(USD, query({ from: shift(query().to, -1200) })));
    expect(tooOld).toMatchObject({ kind: 'invalid', code: '3018', param: 'from' });
    const reversed = await refusal(run(USD, query({ from: query().to, to: query().from })));
    expect(reversed).toMatchObject({ kind: 'invalid', code: '100', param: 'from' });
    const get = async (params: Record<string, string>) => {
      const res = await fetch(`${emulator.url}/v24.0/${USD.id}/insights?${new URLSearchParams(params)}`, {
        headers: { Authorization: `Bearer ${call.accessToken}` },
      });
      return {
        status: res.status,
        error: ((await res.json()) as { error: { code: number; message: string } }).error,
      };
    };
    expect(await get({ level: 'keyword' })).toMatchObject({
      status: 400,
      error: { code: 100, message: expect.stringContaining('level must be one of') },
    });
    expect(await get({ fields: 'spend,cost' })).toMatchObject({
      error: { code: 100, message: expect.stringContaining('cost is not valid for fields param') },
    });
    expect(await get({ time_increment: '91' })).toMatchObject({ error: { code: 100 } });
    expect(
      await get({ filtering: '[{"field":"campaign.name","operator":"IN","value":["x"]}]' }),
    ).toMatchObject({
      error: { code: 100, message: expect.stringContaining('campaign.name') },
    });
  });

  it("pages with Meta's cursors and the adapter follows them to the end", async () => {
    const before = emulator.controls.callsTo(`/v24.0/${USD.id}/insights`, 'GET').length;
    // 5 ads (one archived) × 30 days: more rows than one page of 100.
    const month = query({ level: 'ad', from: shift(query().to, -29) });
    const report = await run(USD, month);
    expect(report.rows.length).toBeGreaterThan(100);
    expect(emulator.controls.callsTo(`/v24.0/${USD.id}/insights`, 'GET').length - before).toBe(2);
    expect(new Set(report.rows.map((r) => `${r.id}|${r.date}`)).size).toBe(report.rows.length);
  });

  it("surfaces Meta's insights rate limit as throttled", async () => {
    emulator.controls.throttleNext(1);
    const res = await fetch(`${emulator.url}/v24.0/${USD.id}/insights`, {
      headers: { Authorization: `Bearer ${call.accessToken}` },
    });
    expect(((await res.json()) as { error: object }).error).toMatchObject({
      code: 80000,
      error_subcode: 2446079,
    });
    expect(JSON.parse(res.headers.get('x-business-use-case-usage')!)['1000000001'][0].type).toBe(
      'ads_insights',
    );
    // The account read and the insights call go out together, each tried three times: all meet the limit.
    emulator.controls.throttleNext(6);
    const err = await refusal(run(USD, query()));
    expect(err).toMatchObject({ kind: 'throttled', retryAfterSeconds: 1 });
  });
});
