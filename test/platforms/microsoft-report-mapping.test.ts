import { describe, expect, it } from 'vitest';
import { zipOneFile } from '../../emulators/toolkit/zip.js';
import { parseCsv, reportRecords } from '../../src/platforms/microsoft/report-csv.js';
import { submitReportBody } from '../../src/platforms/microsoft/report-request.js';
import { reportRows } from '../../src/platforms/microsoft/report-rows.js';
import { unzipOneFile } from '../../src/platforms/microsoft/report-zip.js';
import { reportTimeZone, reportZoneIana } from '../../src/platforms/microsoft/time-zones.js';
import { PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';
import type { ReportQuery } from '../../src/reports/model.js';

/** The Microsoft report mapping without the emulator: request bodies, the CSV and ZIP readers, rows. */
const week: Pick<ReportQuery, 'from' | 'to'> = { from: '2026-02-23', to: '2026-03-01' };

describe('SubmitGenerateReport bodies', () => {
  it('a daily campaign report: TimePeriod, the account scope, the dates as Date objects in its time zone', () => {
    expect(
      submitReportBody({ level: 'campaign', granularity: 'day', ...week }, '180000111', 'OsakaSapporoTokyo'),
    ).toEqual({
      ReportRequest: {
        Type: 'CampaignPerformanceReportRequest',
        ReportName: 'adlink campaign 2026-02-23..2026-03-01',
        Format: 'Csv',
        FormatVersion: '2.0',
        ExcludeReportHeader: true,
        ExcludeReportFooter: true,
        ExcludeColumnHeaders: false,
        ReturnOnlyCompleteData: false,
        Aggregation: 'Daily',
        Columns: [
          'TimePeriod',
          'AccountId',
          'CampaignId',
          'CampaignName',
          'CurrencyCode',
          'Spend',
          'Impressions',
          'Clicks',
          'Conversions',
        ],
        Scope: { AccountIds: ['180000111'] },
        Time: {
          CustomDateRangeStart: { Day: 23, Month: 2, Year: 2026 },
          CustomDateRangeEnd: { Day: 1, Month: 3, Year: 2026 },
          ReportTimeZone: 'OsakaSapporoTokyo',
        },
      },
    });
  });

  it('a total is a Summary without TimePeriod; ad group and ad reports name their parents', () => {
    const body = (query: ReportQuery) =>
      (submitReportBody(query, '1', undefined) as { ReportRequest: Record<string, unknown> }).ReportRequest;
    const total = body({ level: 'adset', granularity: 'total', ...week });
    expect(total).toMatchObject({ Type: 'AdGroupPerformanceReportRequest', Aggregation: 'Summary' });
    expect(total.Columns).not.toContain('TimePeriod');
    expect(total.Columns).toEqual(expect.arrayContaining(['CampaignId', 'AdGroupId', 'AdGroupName']));
    expect(total.Time).not.toHaveProperty('ReportTimeZone');
    const ads = body({ level: 'ad', granularity: 'day', ...week });
    expect(ads).toMatchObject({ Type: 'AdPerformanceReportRequest' });
    expect(ads.Columns).toEqual(expect.arrayContaining(['CampaignId', 'AdGroupId', 'AdId', 'AdType']));
  });

  it('filters become the scope: a campaign, an ad group with its campaign; an ad group alone scopes the account', () => {
    const scope = (query: Partial<ReportQuery>) =>
      (
        submitReportBody({ level: 'ad', granularity: 'total', ...week, ...query }, '7', undefined) as {
          ReportRequest: { Scope: unknown };
        }
      ).ReportRequest.Scope;
    expect(scope({ campaignId: '11' })).toEqual({ Campaigns: [{ AccountId: '7', CampaignId: '11' }] });
    expect(scope({ campaignId: '11', adsetId: '22' })).toEqual({
      AdGroups: [{ AccountId: '7', CampaignId: '11', AdGroupId: '22' }],
    });
    expect(scope({ adsetId: '22' })).toEqual({ AccountIds: ['7'] });
  });

  it.each([
    [{ level: 'ad', campaignId: 'abc' }, 'campaignId'],
    [{ level: 'ad', adsetId: '12x' }, 'adset'],
    [{ level: 'campaign', adsetId: '12' }, 'adset'],
  ] as const)('refuses %j naming %s', (query, param) => {
    const fails = () => submitReportBody({ granularity: 'total', ...week, ...query }, '7', undefined);
    expect(fails).toThrow(PlatformInputError);
    expect(fails).toThrow(expect.objectContaining({ param }));
  });

  it('the account time zone in its ReportTimeZone spelling, and back to IANA', () => {
    expect(reportTimeZone('AmsterdamBerlinBernRomeStockholmVienna')).toBe(
      'AmsterdamBerlinBernRomeStockholmVienna',
    );
    expect(reportTimeZone('AthensBuckarestIstanbul')).toBe('AthensIslandanbulMinsk');
    expect(reportTimeZone('MidwayIslandAndSamoa')).toBe('MidwayIslandandSamoa');
    expect(reportTimeZone('SolomonIslandNewCaledonia')).toBe('MagadanSolomonIslandNewCaledonia');
    expect(reportTimeZone('Atlantis')).toBeUndefined();
    expect(reportZoneIana('AthensIslandanbulMinsk')).toBe('Europe/Athens');
    expect(reportZoneIana('PacificTimeUSCanadaTijuana')).toBe('America/Los_Angeles');
  });
});

describe('the CSV of a report (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and drops the BOM', () => {
    expect(parseCsv('\ufeff"a","b ""c""",d\r\n"x, y","line\r\nbreak",\n1,,3')).toEqual([
      ['a', 'b "c"', 'd'],
      ['x, y', 'line\r\nbreak', ''],
      ['1', '', '3'],
    ]);
    expect(() => parseCsv('"open')).toThrow(/quoted/);
  });

  it('finds the column names after Microsoft’s header lines and stops at the footer', () => {
    const file = [
      '\ufeff"Report Name: adlink"',
      '"Report Time: 2/23/2026,3/1/2026"',
      '"Rows: 2"',
      '',
      '"AdGroupId","Spend"',
      '"1","2.50"',
      '"2","3.00"',
      '',
      '"©2026 Microsoft Corporation. All rights reserved. "',
      '',
    ].join('\r\n');
    expect(reportRecords(file, ['AdGroupId', 'Spend'])).toEqual([
      { AdGroupId: '1', Spend: '2.50' },
      { AdGroupId: '2', Spend: '3.00' },
    ]);
    expect(reportRecords('"AdGroupId","Spend"\r\n"1","2.50"\r\n', ['Spend'])).toHaveLength(1);
    expect(() => reportRecords('"Other"\r\n"1"\r\n', ['Spend'])).toThrow(/column header/);
  });
});

describe('the ZIP of a report download', () => {
  const csv = Buffer.from('\ufeff"Report Name: x"\r\n\r\n"AdGroupId","Spend"\r\n"1","2.50"\r\n', 'utf8');

  it('reads back what the emulator zips', () => {
    const archive = zipOneFile('30000000100.csv', csv);
    expect(unzipOneFile(archive)).toEqual(csv);
  });

  it('reads archives of other writers: deflated with a data descriptor, stored after a folder entry', () => {
    // Written by Python's zipfile: to a stream (sizes only in the central directory), and stored.
    const streamed =
      'UEsDBBQACAAIAExfeV0AAAAAAAAAAAAAAAAKAAAAcmVwb3J0LmNzdnu/e79SUGpBflGJgl9ibqqVQoUSLxcvl5JjintRfmmBZ4qSjlJwQWpeClBYyRDIMdIzNQCyAVBLBwiHpcHVNgAAADgAAABQSwECFAMUAAgACABMX3ldh6XB1TYAAAA4AAAACgAAAAAAAAAAAAAAgAEAAAAAcmVwb3J0LmNzdlBLBQYAAAAAAQABADgAAABuAAAAAAA=';
    const stored =
      'UEsDBBQAAAAAAExfeV0AAAAAAAAAAAAAAAAHAAAAZm9sZGVyL1BLAwQUAAAAAABMX3ldh6XB1TgAAAA4AAAAEQAAAGZvbGRlci9yZXBvcnQuY3N277u/IlJlcG9ydCBOYW1lOiB4Ig0KDQoiQWRHcm91cElkIiwiU3BlbmQiDQoiMSIsIjIuNTAiDQpQSwECFAMUAAAAAABMX3ldAAAAAAAAAAAAAAAABwAAAAAAAAAAABAA/UEAAAAAZm9sZGVyL1BLAQIUAxQAAAAAAExfeV2HpcHVOAAAADgAAAARAAAAAAAAAAAAAACAASUAAABmb2xkZXIvcmVwb3J0LmNzdlBLBQYAAAAAAgACAHQAAACMAAAAAAA=';
    expect(unzipOneFile(Buffer.from(streamed, 'base64'))).toEqual(csv);
    expect(unzipOneFile(Buffer.from(stored, 'base64'))).toEqual(csv);
  });

  it('refuses what is not a ZIP of one intact file', () => {
    expect(() => unzipOneFile(Buffer.from('<Error>AuthenticationFailed</Error>'))).toThrow(
      /end of central directory/,
    );
    const archive = zipOneFile('r.csv', csv);
    const corrupt = Buffer.from(archive);
    corrupt.writeUInt32LE((corrupt.readUInt32LE(14) + 1) >>> 0, 14);
    corrupt.writeUInt32LE(corrupt.readUInt32LE(14), archive.length - 22 - 46 - 5 + 16);
    expect(() => unzipOneFile(corrupt)).toThrow(/CRC/);
  });
});

describe('report rows', () => {
  const header =
    '"TimePeriod","AccountId","CampaignId","AdGroupId","AdId","AdType","CurrencyCode","Spend","Impressions","Clicks","Conversions"';
  const file = (...rows: string[]) => [header, ...rows, ''].join('\r\n');
  const query: ReportQuery = { level: 'ad', granularity: 'day', ...week };

  it('maps ids, parents, the day and the sums; spend in major units rounded to the currency', () => {
    const rows = reportRows(
      file('"2026-02-23","7","11","22","33","ResponsiveSearch","USD","12.345","1000","25","2"'),
      query,
      '7',
      'USD',
    );
    expect(rows).toEqual([
      {
        level: 'ad',
        id: '33',
        name: 'ResponsiveSearch ad 33',
        advertiser: '7',
        campaignId: '11',
        adsetId: '22',
        date: '2026-02-23',
        spend: 12.35,
        impressions: 1000,
        clicks: 25,
        conversions: 2,
      },
    ]);
  });

  it('a zero-decimal currency: whole yen, also when Microsoft writes two decimals', () => {
    const [row] = reportRows(
      file('"2026-02-23","7","11","22","33","ResponsiveSearch","JPY","1234.00","1,000","25","2.5"'),
      query,
      '7',
      'JPY',
    );
    expect(row).toMatchObject({ spend: 1234, impressions: 1000, conversions: 2.5 });
  });

  it('a blank metric is not reported (null); a value that is no number is refused', () => {
    const [row] = reportRows(
      file('"2026-02-23","7","11","22","33","ResponsiveSearch","USD","","1000","25",""'),
      query,
      '7',
      'USD',
    );
    expect(row).toMatchObject({ spend: null, conversions: null, clicks: 25 });
    expect(() =>
      reportRows(
        file('"2026-02-23","7","11","22","33","ResponsiveSearch","USD","n/a","1000","25","1"'),
        query,
        '7',
        'USD',
      ),
    ).toThrow(PlatformError);
  });

  it('keeps the rows of the filtered ad group only (the account was scoped)', () => {
    const csv = file(
      '"2026-02-23","7","11","22","33","ResponsiveSearch","USD","1","1","1","1"',
      '"2026-02-23","7","11","23","34","ResponsiveSearch","USD","1","1","1","1"',
    );
    expect(reportRows(csv, { ...query, adsetId: '23' }, '7', 'USD').map((r) => r.id)).toEqual(['34']);
  });
});
