import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { zonedTime } from '../../src/domain/zoned-time.js';
import { unzipOneFile } from '../../src/platforms/microsoft/report-zip.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import type { ReportQuery, ReportRow } from '../../src/reports/model.js';
import type { ReportAdapter } from '../../src/reports/port.js';
import type { AdAccount } from '../../src/store/connections.js';
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';
import { USER_SCOPE } from './microsoft-emulator.js';

/**
 * Microsoft Advertising reports, the adapter against the emulator's Reporting service: submit, poll,
 * download the zipped CSV, map the rows; and the emulator refusing what the service refuses.
 */
const US = { id: SEED.usAccount, name: 'Trail Bikes US', currency: 'USD' };
const EU = { id: SEED.euAccount, name: 'Trail Bikes EU', currency: 'EUR' };
const JP = { id: SEED.jpAccount, name: 'Trail Bikes JP', currency: 'JPY' };
const DAY = 86_400_000;
const dayIn = (zone: string, daysAgo: number) =>
  zonedTime(new Date(Date.now() - daysAgo * DAY), zone).slice(0, 10);
/** The last seven days of Pacific time (the US account's), ending yesterday. */
const week = (zone = 'America/Los_Angeles') => ({ from: dayIn(zone, 7), to: dayIn(zone, 1) });

let emulator: RunningEmulator;
let reports: ReportAdapter;
let call: ReturnType<typeof adapterAtEmulator>['call'];

beforeAll(async () => {
  emulator = await startEmulator(microsoftEmulator);
  const built = adapterAtEmulator('microsoft', emulator, [US, EU, JP], USER_SCOPE, { developerToken: 'dev' });
  reports = built.adapter.reports!;
  call = built.call;
});
afterAll(() => emulator?.close());
afterEach(async () => {
  vi.useRealTimers();
  await control({ pendingPolls: 0, outcome: 'Success' });
});

const control = (body: object) =>
  fetch(`${emulator.url}/_emulator/reports`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Runs one report to its end: start, then resume while Microsoft answers Pending. */
async function run(account: AdAccount, query: ReportQuery, maxPolls = 5) {
  let run = await reports.start(call, account, query);
  for (let i = 0; run.state === 'pending' && i < maxPolls; i++) {
    run = await reports.resume!(call, account, query, run.job);
  }
  if (run.state !== 'done') throw new Error('the report did not finish');
  return run.report;
}

const sum = (rows: ReportRow[], metric: 'spend' | 'impressions' | 'clicks' | 'conversions') =>
  Math.round(rows.reduce((total, r) => total + (r[metric] ?? 0), 0) * 100) / 100;
const totals = (rows: ReportRow[]) => ({
  spend: sum(rows, 'spend'),
  impressions: sum(rows, 'impressions'),
  clicks: sum(rows, 'clicks'),
  conversions: sum(rows, 'conversions'),
});

describe('Microsoft Advertising reports through the Reporting service', () => {
  it('declares its metrics, the 36 months of data Microsoft keeps, and its conversions', () => {
    expect(reports.capabilities.metrics).toEqual(['spend', 'impressions', 'clicks', 'conversions']);
    expect(reports.capabilities.lookbackDays).toBe(1095);
    expect(reports.capabilities.conversions).toMatch(/Conversions column/);
  });

  it('start submits and answers the ReportRequestId; resume polls, downloads and maps the rows', async () => {
    const query: ReportQuery = { level: 'campaign', granularity: 'day', ...week() };
    const started = await reports.start(call, US, query);
    expect(started).toEqual({ state: 'pending', job: expect.stringMatching(/^\d+$/) });
    const [submit] = emulator.controls.callsTo('/Reporting/v13/GenerateReport/Submit').slice(-1);
    expect(submit!.headers.customeraccountid).toBe(SEED.usAccount);
    expect(submit!.body).toMatchObject({
      ReportRequest: {
        Type: 'CampaignPerformanceReportRequest',
        Aggregation: 'Daily',
        Format: 'Csv',
        Scope: { AccountIds: [SEED.usAccount] },
        Time: { ReportTimeZone: 'PacificTimeUSCanadaTijuana' },
      },
    });
    const done = await reports.resume!(call, US, query, (started as { job: string }).job);
    expect(done.state).toBe('done');
    const report = (done as Extract<typeof done, { state: 'done' }>).report;
    expect(report).toMatchObject({ advertiser: US.id, currency: 'USD', timeZone: 'America/Los_Angeles' });
    // The Search and Audience campaigns have ads; the paused one has an ad group without ads.
    const ids = new Set(report.rows.map((r) => r.id));
    expect(ids).toEqual(new Set([SEED.searchCampaign, SEED.audienceCampaign]));
    expect(new Set(report.rows.map((r) => r.date))).toEqual(
      new Set(Array.from({ length: 7 }, (_, i) => dayIn('America/Los_Angeles', 7 - i))),
    );
    const row = report.rows.find((r) => r.id === SEED.searchCampaign)!;
    expect(row).toMatchObject({ level: 'campaign', name: 'Search – Mountain bikes', advertiser: US.id });
    expect(Number.isInteger(row.impressions)).toBe(true);
    expect(Math.round(row.spend! * 100)).toBe(row.spend! * 100);
  });

  it('ad rows sum to their ad group, ad groups to their campaign, on each day and in total', async () => {
    const range = week();
    const [campaigns, adGroups, ads] = await Promise.all(
      (['campaign', 'adset', 'ad'] as const).map((level) => run(US, { level, granularity: 'day', ...range })),
    );
    for (const adGroup of adGroups!.rows) {
      const children = ads!.rows.filter((r) => r.adsetId === adGroup.id && r.date === adGroup.date);
      expect(children.length).toBeGreaterThan(0);
      expect(totals(children)).toEqual(totals([adGroup]));
    }
    for (const campaign of campaigns!.rows) {
      const children = adGroups!.rows.filter((r) => r.campaignId === campaign.id && r.date === campaign.date);
      expect(totals(children)).toEqual(totals([campaign]));
    }
    const summed = await run(US, { level: 'campaign', granularity: 'total', ...range });
    expect(summed.rows.every((r) => r.date === undefined)).toBe(true);
    for (const campaign of summed.rows) {
      expect(totals([campaign])).toEqual(totals(campaigns!.rows.filter((r) => r.id === campaign.id)));
    }
    const ad = ads!.rows[0]!;
    expect(ad).toMatchObject({ level: 'ad', name: `ResponsiveSearch ad ${ad.id}` });
    expect(ad.campaignId).toMatch(/^\d+$/);
  });

  it('a yen account reports whole yen; a euro account its currency and Berlin days', async () => {
    const yen = await run(JP, { level: 'ad', granularity: 'day', ...week('Asia/Tokyo') });
    expect(yen).toMatchObject({ currency: 'JPY', timeZone: 'Asia/Tokyo' });
    expect(yen.rows).toHaveLength(3 * 7);
    for (const row of yen.rows) expect(Number.isInteger(row.spend)).toBe(true);
    expect(sum(yen.rows, 'spend')).toBeGreaterThan(1000);
    const [submit] = emulator.controls.callsTo('/GenerateReport/Submit').slice(-1);
    expect((submit!.body as { ReportRequest: { Time: object } }).ReportRequest.Time).toMatchObject({
      ReportTimeZone: 'OsakaSapporoTokyo',
    });
    const euro = await run(EU, { level: 'adset', granularity: 'total', ...week('Europe/Berlin') });
    expect(euro).toMatchObject({ currency: 'EUR', timeZone: 'Europe/Berlin' });
    expect(euro.rows.map((r) => r.name)).toEqual(['E-Bikes']);
  });

  it('filters by campaign and by ad group, scoping the report where Microsoft can', async () => {
    const range = week();
    const byCampaign = await run(US, {
      level: 'adset',
      granularity: 'total',
      campaignId: SEED.audienceCampaign,
      ...range,
    });
    expect(byCampaign.rows.map((r) => r.name)).toEqual(['Site visitors']);
    const scopes = () =>
      emulator.controls
        .callsTo('/GenerateReport/Submit')
        .slice(-1)
        .map((c) => (c.body as { ReportRequest: { Scope: object } }).ReportRequest.Scope)[0];
    expect(scopes()).toEqual({ Campaigns: [{ AccountId: US.id, CampaignId: SEED.audienceCampaign }] });
    const adGroup = byCampaign.rows[0]!.id;
    const byAdGroup = await run(US, { level: 'ad', granularity: 'total', adsetId: adGroup, ...range });
    expect(byAdGroup.rows.map((r) => r.adsetId)).toEqual([adGroup]);
    expect(scopes()).toEqual({ AccountIds: [US.id] });
    const both = await run(US, {
      level: 'ad',
      granularity: 'total',
      campaignId: SEED.audienceCampaign,
      adsetId: adGroup,
      ...range,
    });
    expect(both.rows).toEqual(byAdGroup.rows);
    expect(scopes()).toEqual({
      AdGroups: [{ AccountId: US.id, CampaignId: SEED.audienceCampaign, AdGroupId: adGroup }],
    });
  });

  it('answers pending while Microsoft answers Pending (the emulator control), then done', async () => {
    expect((await control({ pendingPolls: 2 })).status).toBe(200);
    const query: ReportQuery = { level: 'campaign', granularity: 'total', ...week() };
    const started = await reports.start(call, US, query);
    const job = (started as { job: string }).job;
    expect(await reports.resume!(call, US, query, job)).toEqual({ state: 'pending', job });
    expect(await reports.resume!(call, US, query, job)).toEqual({ state: 'pending', job });
    expect((await reports.resume!(call, US, query, job)).state).toBe('done');
    expect((await control({ pendingPolls: -1 })).status).toBe(400);
  });

  it('a report that fails at Microsoft, an unknown id and an expired one are rejected', async () => {
    const query: ReportQuery = { level: 'campaign', granularity: 'total', ...week() };
    await control({ outcome: 'Error' });
    const failed = (await reports.start(call, US, query)) as { job: string };
    await expect(reports.resume!(call, US, query, failed.job)).rejects.toMatchObject({ kind: 'rejected' });
    await control({ outcome: 'Success' });
    await expect(reports.resume!(call, US, query, '999999')).rejects.toMatchObject({
      kind: 'rejected',
      code: 'ReportingServiceReportNotFound',
    });
    await expect(reports.resume!(call, US, query, 'not-an-id')).rejects.toMatchObject({
      code: 'ReportingServiceInvalidReportId',
    });
    const old = (await reports.start(call, US, query)) as { job: string };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * DAY + 60_000);
    const later = { ...call, accessToken: emulatorToken(emulator, USER_SCOPE) };
    await expect(reports.resume!(later, US, query, old.job)).rejects.toMatchObject({
      code: 'ReportingServiceReportNotFound',
    });
  });

  it('an empty report (Success without a download URL) has no rows', async () => {
    const today = dayIn('America/Los_Angeles', 0);
    // The paused campaign's only ad group has no ads: nothing to report.
    const report = await run(US, {
      level: 'campaign',
      granularity: 'total',
      campaignId: SEED.pausedCampaign,
      from: today,
      to: today,
    });
    expect(report.rows).toEqual([]);
  });

  it('Microsoft throttling surfaces as a throttled PlatformError', async () => {
    emulator.controls.throttleNext(10);
    const error = await reports
      .start(call, US, { level: 'campaign', granularity: 'total', ...week() })
      .catch((e: unknown) => e);
    emulator.controls.throttleNext(0);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe('throttled');
  });
});

/** What the Reporting service answers: its responses and faults. */
interface ReportingAnswer {
  ReportRequestId: string;
  ReportRequestStatus: { Status: string; ReportDownloadUrl: string | null };
  OperationErrors: { ErrorCode: string }[];
  Errors: { Code: number }[];
}

describe("the emulator's Reporting service", () => {
  const headers = () => ({
    Authorization: `Bearer ${emulatorToken(emulator, USER_SCOPE)}`,
    DeveloperToken: 'dev',
    CustomerId: SEED.customer,
    CustomerAccountId: SEED.usAccount,
    'Content-Type': 'application/json',
  });
  const post = async (path: string, body: object, extra: Record<string, string> = {}) => {
    const res = await fetch(`${emulator.url}/Reporting/v13/GenerateReport/${path}`, {
      method: 'POST',
      headers: { ...headers(), ...extra },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as ReportingAnswer };
  };
  const date = (day: string) => ({
    Day: Number(day.slice(8)),
    Month: Number(day.slice(5, 7)),
    Year: Number(day.slice(0, 4)),
  });
  const { from, to } = week();
  const valid = {
    Type: 'AdGroupPerformanceReportRequest',
    Aggregation: 'Daily',
    Columns: ['TimePeriod', 'AccountId', 'AdGroupId', 'Spend', 'Impressions'],
    Scope: { AccountIds: [SEED.usAccount] },
    Time: { CustomDateRangeStart: date(from), CustomDateRangeEnd: date(to) },
  };
  const refused = async (request: object | null, extra?: Record<string, string>) => {
    const res = await post('Submit', { ReportRequest: request }, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.OperationErrors[0]!.ErrorCode;
  };
  const future = dayIn('America/Los_Angeles', -2);

  it.each([
    ['a null request', null, 'ReportingServiceNullReportRequest'],
    ['the base ReportRequest', { ...valid, Type: undefined }, 'ReportingServiceUnknownReportType'],
    [
      'a name over 200 characters',
      { ...valid, ReportName: 'r'.repeat(201) },
      'ReportingServiceInvalidReportName',
    ],
    ['no columns', { ...valid, Columns: [] }, 'ReportingServiceNullColumns'],
    [
      'duplicate columns',
      { ...valid, Columns: ['TimePeriod', 'Spend', 'Spend'] },
      'ReportingServiceDuplicateColumns',
    ],
    ['no measure', { ...valid, Columns: ['TimePeriod', 'AdGroupId'] }, 'ReportingServiceNoMeasureSelected'],
    ['an unknown column', { ...valid, Columns: ['Spend', 'Cost'] }, 'ApiInputValidationError'],
    [
      'TimePeriod in a summary',
      { ...valid, Aggregation: 'Summary' },
      'ReportingServiceInvalidTimePeriodColumnForSummaryReport',
    ],
    ['an unknown aggregation', { ...valid, Aggregation: 'Fortnightly' }, 'ApiInputValidationError'],
    ['no time', { ...valid, Time: null }, 'ReportingServiceInvalidReportTimeSelection'],
    [
      'both a predefined time and dates',
      { ...valid, Time: { ...valid.Time, PredefinedTime: 'Yesterday' } },
      'ReportingServiceInvalidReportTimeSelection',
    ],
    [
      'an impossible start',
      { ...valid, Time: { ...valid.Time, CustomDateRangeStart: { Day: 31, Month: 2, Year: 2026 } } },
      'ReportingServiceInvalidCustomDateRangeStart',
    ],
    [
      'a start in the future',
      { ...valid, Time: { CustomDateRangeStart: date(future), CustomDateRangeEnd: date(future) } },
      'ReportingServiceInvalidFutureStartDate',
    ],
    [
      'an end after today',
      { ...valid, Time: { CustomDateRangeStart: date(from), CustomDateRangeEnd: date(future) } },
      'ReportingServiceInvalidCustomDateRangeEnd',
    ],
    [
      'an end before the start',
      { ...valid, Time: { CustomDateRangeStart: date(to), CustomDateRangeEnd: date(from) } },
      'ReportingServiceEndDateBeforeStartDate',
    ],
    [
      'an unknown time zone',
      { ...valid, Time: { ...valid.Time, ReportTimeZone: 'Mars' } },
      'ApiInputValidationError',
    ],
    ['an empty scope', { ...valid, Scope: {} }, 'ReportingServiceInvalidAccountThruAdGroupReportScope'],
    ['an unknown account', { ...valid, Scope: { AccountIds: ['1'] } }, 'ReportingServiceInvalidAccountIds'],
    [
      'an unknown campaign',
      { ...valid, Scope: { Campaigns: [{ AccountId: SEED.usAccount, CampaignId: '1' }] } },
      'ReportingServiceInvalidCampaignIdInCampaignReportScope',
    ],
    [
      'an ad group of another campaign',
      {
        ...valid,
        Scope: {
          AdGroups: [{ AccountId: SEED.usAccount, CampaignId: SEED.audienceCampaign, AdGroupId: '1' }],
        },
      },
      'ReportingServiceInvalidAdGroupIdInAdGroupReportScope',
    ],
    [
      'ad groups in a campaign report scope',
      {
        ...valid,
        Type: 'CampaignPerformanceReportRequest',
        Columns: ['Spend'],
        Aggregation: 'Summary',
        Scope: { AdGroups: [] },
      },
      'ApiInputValidationError',
    ],
    ['hourly data', { ...valid, Aggregation: 'Hourly' }, 'ApiInputValidationError'],
    [
      'complete data for today',
      { ...valid, ReturnOnlyCompleteData: true, Time: { PredefinedTime: 'Today' } },
      'ReportingServiceNoCompleteDataAvaliable',
    ],
    ['a field the SDK does not have', { ...valid, Sort: [] }, 'ApiInputValidationError'],
  ])('refuses %s', async (_what, request, code) => {
    expect(await refused(request)).toBe(code);
  });

  it('refuses an account of another customer (2003) and a call without CustomerId (116)', async () => {
    expect(await refused(valid, { CustomerId: '999' })).toBe('ReportingServiceAccountNotAuthorized');
    const res = await post('Submit', { ReportRequest: valid }, { CustomerId: '' });
    expect(res.body.Errors[0]!.Code).toBe(116);
  });

  it('serves the report as a ZIP of one CSV with the header, column names and footer by default', async () => {
    const submitted = await post('Submit', {
      ReportRequest: {
        ...valid,
        ReportName: 'Weekly "bikes"',
        Aggregation: 'Weekly',
        Time: { PredefinedTime: 'LastSevenDays' },
      },
    });
    expect(submitted.status).toBe(200);
    const polled = await post('Poll', { ReportRequestId: submitted.body.ReportRequestId });
    expect(polled.body.ReportRequestStatus.Status).toBe('Success');
    const url = polled.body.ReportRequestStatus.ReportDownloadUrl!;
    const download = await fetch(url);
    expect(download.status).toBe(200);
    const archive = Buffer.from(await download.arrayBuffer());
    expect(archive.subarray(0, 4).toString('hex')).toBe('504b0304');
    const text = unzipOneFile(archive).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\ufeff"Report Name: Weekly ""bikes"""');
    expect(lines).toContain('"Report Aggregation: Weekly"');
    expect(lines).toContain('"TimePeriod","AccountId","AdGroupId","Spend","Impressions"');
    expect(lines.at(-2)).toMatch(/^"©\d{4} Microsoft Corporation\. All rights reserved\. "$/);
    const rows = lines.filter((l) => l.startsWith(`"20`));
    const rowCount = Number(/"Rows: (\d+)"/.exec(text)![1]);
    expect(rows).toHaveLength(rowCount);
    // Weekly: each TimePeriod is the Sunday that starts the week.
    for (const row of rows) expect(new Date(`${row.slice(1, 11)}T00:00:00Z`).getUTCDay()).toBe(0);
    // The signed URL carries no credentials and holds for five minutes.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect((await fetch(url)).status).toBe(403);
    vi.useRealTimers();
    expect((await fetch(url.replace(/sig=\w+/, 'sig=forged'))).status).toBe(403);
  });
});
