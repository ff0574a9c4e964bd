import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { toReportParams, toReportRow } from '../../src/platforms/tiktok/reports.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import type { AccountReport, ReportQuery } from '../../src/reports/model.js';
import type { ReportAdapter } from '../../src/reports/port.js';
import type { AdAccount } from '../../src/store/connections.js';
import { adapterAtEmulator, refusal } from '../support/emulator-call.js';
import { lastWeek, shiftDay, sumsBy, totalsOf } from '../support/report-rows.js';

/** TikTok reports: the integrated report request, its rows mapped back, and the adapter against the emulator. */

const US: AdAccount = { id: SEEDED.usAdvertiser, name: 'Acme Bakery US', currency: 'USD' };
const JP: AdAccount = { id: SEEDED.jpAdvertiser, name: 'Acme Bakery Japan', currency: 'JPY' };
const query = (values: Partial<ReportQuery> = {}): ReportQuery => ({
  level: 'campaign',
  granularity: 'day',
  ...lastWeek('America/New_York'),
  ...values,
});

describe('tiktok report mapping', () => {
  it('asks for a BASIC report at the data level, by id and day, with id filters', () => {
    expect(
      toReportParams(
        US.id,
        query({ level: 'ad', from: '2026-11-01', to: '2026-11-07', campaignId: '9', adsetId: '8' }),
      ),
    ).toEqual({
      advertiser_id: US.id,
      report_type: 'BASIC',
      data_level: 'AUCTION_AD',
      dimensions: ['ad_id', 'stat_time_day'],
      metrics: ['spend', 'impressions', 'clicks', 'conversion', 'ad_name', 'campaign_id', 'adgroup_id'],
      start_date: '2026-11-01',
      end_date: '2026-11-07',
      filtering: [
        { field_name: 'campaign_ids', filter_type: 'IN', filter_value: '["9"]' },
        { field_name: 'adgroup_ids', filter_type: 'IN', filter_value: '["8"]' },
      ],
    });
    const total = toReportParams(US.id, query({ granularity: 'total' }));
    expect(total).toMatchObject({ data_level: 'AUCTION_CAMPAIGN', dimensions: ['campaign_id'] });
    expect(total).not.toHaveProperty('filtering');
  });

  it('maps a row: the day of stat_time_day, string metrics, spend in major units, yen whole', () => {
    const row = {
      dimensions: { adgroup_id: '8', stat_time_day: '2026-11-03 00:00:00' },
      metrics: {
        spend: '12.34',
        impressions: '1000',
        clicks: '25',
        conversion: '3',
        adgroup_name: 'G',
        campaign_id: '9',
      },
    };
    expect(toReportRow(row, query({ level: 'adset' }), US.id, 'USD')).toEqual({
      level: 'adset',
      id: '8',
      name: 'G',
      advertiser: US.id,
      campaignId: '9',
      date: '2026-11-03',
      spend: 12.34,
      impressions: 1000,
      clicks: 25,
      conversions: 3,
    });
    const yen = toReportRow(
      { ...row, metrics: { ...row.metrics, spend: '1234' } },
      query({ level: 'adset', granularity: 'total' }),
      JP.id,
      'JPY',
    );
    expect(yen).toMatchObject({ spend: 1234 });
    expect(yen).not.toHaveProperty('date');
  });
});

describe('tiktok reports against the emulator', () => {
  let emulator: RunningEmulator;
  let reports: ReportAdapter;
  let call: PlatformCall;

  beforeAll(async () => {
    emulator = await startEmulator(tiktokEmulator);
    const at = adapterAtEmulator('tiktok', emulator, [US, JP]);
    reports = at.adapter.reports!;
    call = at.call;
  });
  afterAll(() => emulator?.close());

  const run = async (account: AdAccount, q: ReportQuery): Promise<AccountReport> => {
    const answer = await reports.start(call, account, q);
    if (answer.state !== 'done') throw new Error('TikTok reports synchronously');
    return answer.report;
  };
  const get = async (params: Record<string, string>) => {
    const url = `${emulator.url}/open_api/v1.3/report/integrated/get/?${new URLSearchParams({ advertiser_id: US.id, report_type: 'BASIC', data_level: 'AUCTION_CAMPAIGN', dimensions: '["campaign_id"]', start_date: query().from, end_date: query().to, ...params })}`;
    const res = await fetch(url, { headers: { 'Access-Token': call.accessToken } });
    return (await res.json()) as { code: number; message: string; data: { list: unknown[] } };
  };

  it('reads each level by day in the advertiser currency and time zone, and the levels add up', async () => {
    const [campaigns, adSets, ads] = await Promise.all(
      (['campaign', 'adset', 'ad'] as const).map((level) => run(US, query({ level }))),
    );
    expect(campaigns).toMatchObject({ advertiser: US.id, currency: 'USD', timeZone: 'America/New_York' });
    const { from } = query();
    expect([...new Set(ads!.rows.map((r) => r.date))].sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => shiftDay(from, i)),
    );
    expect(campaigns!.rows.map((r) => r.name)).toContain('Spring traffic');
    expect(ads!.rows.every((r) => r.adsetId && r.campaignId)).toBe(true);
    expect(sumsBy(ads!.rows, (r) => r.adsetId)).toEqual(sumsBy(adSets!.rows, (r) => r.id));
    expect(sumsBy(adSets!.rows, (r) => r.campaignId)).toEqual(sumsBy(campaigns!.rows, (r) => r.id));
  });

  it('totals a range in one row per entity, equal to its days', async () => {
    const [daily, total] = await Promise.all([
      run(US, query({ level: 'ad' })),
      run(US, query({ level: 'ad', granularity: 'total' })),
    ]);
    const perId = totalsOf(daily.rows);
    for (const r of total.rows) {
      expect(r.date).toBeUndefined();
      expect(r.spend).toBeCloseTo(perId.get(r.id)![0]!, 6);
      expect([r.impressions, r.clicks, r.conversions]).toEqual(perId.get(r.id)!.slice(1));
    }
  });

  it('filters by campaign and ad group, and reports yen whole in Asia/Tokyo', async () => {
    const all = await run(US, query({ level: 'adset', granularity: 'total' }));
    const one = all.rows[0]!;
    const byCampaign = await run(US, query({ level: 'adset', campaignId: one.campaignId }));
    expect(byCampaign.rows.every((r) => r.campaignId === one.campaignId)).toBe(true);
    const byAdSet = await run(US, query({ level: 'ad', adsetId: one.id, granularity: 'total' }));
    expect(byAdSet.rows.length).toBeGreaterThan(0);
    expect(byAdSet.rows.every((r) => r.adsetId === one.id)).toBe(true);
    const yen = await run(JP, query({ level: 'ad', ...lastWeek('Asia/Tokyo') }));
    expect(yen).toMatchObject({ currency: 'JPY', timeZone: 'Asia/Tokyo' });
    expect(yen.rows.length).toBe(7);
    expect(yen.rows.every((r) => Number.isInteger(r.spend) && r.spend! > 100)).toBe(true);
  });

  it('follows pages of 1000 and refuses what TikTok refuses', async () => {
    const page = await get({ page_size: '2', dimensions: '["campaign_id","stat_time_day"]' });
    expect(page.data).toMatchObject({ page_info: { page: 1, page_size: 2, total_page: expect.any(Number) } });
    expect(page.data.list).toHaveLength(2);
    expect(await get({ data_level: 'AUCTION_KEYWORD' })).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^data_level:/),
    });
    expect(await get({ metrics: '["spend","cost"]' })).toMatchObject({
      code: 40002,
      message: expect.stringContaining('Invalid metric cost'),
    });
    expect(await get({ metrics: '["ad_name"]' })).toMatchObject({ code: 40002 });
    expect(await get({ dimensions: '["ad_id"]' })).toMatchObject({
      code: 40002,
      message: expect.stringMatching(/^dimensions:/),
    });
    expect(await get({ report_type: 'NOPE' })).toMatchObject({ code: 40002 });
    expect(await get({ page_size: '1001' })).toMatchObject({ code: 40002 });
    const reversed = await refusal(run(US, query({ from: query().to, to: query().from })));
    expect(reversed).toMatchObject({ kind: 'invalid', param: 'from' });
    const long = await refusal(run(US, query({ from: shiftDay(query().to, -400) })));
    expect(long).toMatchObject({ kind: 'invalid', param: 'to' });
  });

  it('describes the accounts reported together in one /advertiser/info/ call; another request asks again', async () => {
    const together = { ...call, accounts: [US, JP] };
    const infoCalls = () => emulator.controls.callsTo('/advertiser/info/');
    const before = infoCalls().length;
    const [us, jp] = await Promise.all([
      reports.start(together, US, query()),
      reports.start(together, JP, query(lastWeek('Asia/Tokyo'))),
    ]);
    expect(us).toMatchObject({ state: 'done', report: { currency: 'USD', timeZone: 'America/New_York' } });
    expect(jp).toMatchObject({ state: 'done', report: { currency: 'JPY', timeZone: 'Asia/Tokyo' } });
    expect(
      infoCalls()
        .slice(before)
        .map((c) => c.query.advertiser_ids),
    ).toEqual([JSON.stringify([US.id, JP.id])]);
    await reports.start({ ...call, accounts: [US, JP] }, US, query());
    expect(infoCalls().length).toBe(before + 2);
  });

  it('surfaces TikTok rate limiting as throttled', async () => {
    emulator.controls.throttleNext(6);
    expect(await refusal(run(US, query()))).toMatchObject({ kind: 'throttled', code: '40100' });
  });
});
