import { minorUnitExponent } from '../../src/adsets/money.js';
import { zonedTime } from '../../src/domain/zoned-time.js';
import { adDayMetrics, type DayMetrics, daysBetween } from '../toolkit/metrics.js';
import type { AccountState, Ad, AdGroupRecord, Campaign, MicrosoftAdsState } from './model.js';
import { addDays, type ReportSpec, retentionStart, weekday } from './report-request.js';

/** One ad in a report's scope, with where it lives. */
interface AdInScope {
  account: AccountState;
  campaign: Campaign;
  record: AdGroupRecord;
  ad: Ad;
}

/** Every ad of the scope's union of accounts, campaigns and ad groups, each once. */
function adsInScope(state: MicrosoftAdsState, spec: ReportSpec): AdInScope[] {
  const found = new Map<string, AdInScope>();
  const add = (account: AccountState, match: (record: AdGroupRecord) => boolean) => {
    for (const record of account.adGroups.values()) {
      const campaign = account.campaigns.get(record.campaignId);
      if (!campaign || !match(record)) continue;
      for (const ad of record.ads) found.set(ad.Id, { account, campaign, record, ad });
    }
  };
  const account = (id: string) => state.accounts.get(id) as AccountState;
  for (const id of spec.scope.accountIds) add(account(id), () => true);
  for (const c of spec.scope.campaigns) add(account(c.AccountId), (r) => r.campaignId === c.CampaignId);
  for (const g of spec.scope.adGroups) add(account(g.AccountId), (r) => r.adGroup.Id === g.AdGroupId);
  return [...found.values()];
}

/** The TimePeriod of a day under an aggregation, as the "Time Period Column" guide writes it. */
function periodOf(day: string, aggregation: string): string {
  switch (aggregation) {
    case 'Daily':
      return day;
    case 'Weekly':
      return addDays(day, -weekday(day));
    case 'WeeklyStartingMonday':
      return addDays(day, -((weekday(day) + 6) % 7));
    case 'Monthly':
      return `${day.slice(0, 8)}01`;
    case 'Yearly':
      return day.slice(0, 4);
    case 'DayOfWeek':
      return String(weekday(day) + 1);
    default:
      return '';
  }
}

const entityOf = (spec: ReportSpec, a: AdInScope) =>
  spec.level === 'campaign' ? a.campaign.Id : spec.level === 'adGroup' ? a.record.adGroup.Id : a.ad.Id;

/** A column's value for a row of `a`'s entity; money in major units with two decimals. */
function cellOf(column: string, a: AdInScope, period: string, sums: DayMetrics): string {
  const currency = a.account.account.CurrencyCode;
  const values: Record<string, () => string | number> = {
    AccountId: () => a.account.account.Id,
    AccountName: () => a.account.account.Name,
    AccountNumber: () => a.account.account.Number,
    TimePeriod: () => period,
    CurrencyCode: () => currency,
    CampaignId: () => a.campaign.Id,
    CampaignName: () => a.campaign.Name,
    CampaignStatus: () => a.campaign.Status,
    CampaignType: () => a.campaign.CampaignType,
    AdGroupId: () => a.record.adGroup.Id,
    AdGroupName: () => a.record.adGroup.Name,
    Status: () => a.record.adGroup.Status,
    AdGroupStatus: () => a.record.adGroup.Status,
    AdId: () => a.ad.Id,
    AdType: () => a.ad.Type,
    AdStatus: () => a.ad.Status,
    Impressions: () => sums.impressions,
    Clicks: () => sums.clicks,
    Conversions: () => sums.conversions,
    Spend: () => (sums.spendMinor / 10 ** minorUnitExponent(currency)).toFixed(2),
  };
  return String(values[column]?.() ?? '');
}

/**
 * The rows of a report: each ad's metrics per day (the report time zone's days, up to today, from
 * the start of the data kept), summed per entity of the report's level and per TimePeriod.
 */
export function reportRows(state: MicrosoftAdsState, spec: ReportSpec): string[][] {
  const first = [spec.from, retentionStart(spec.today)].sort()[1] as string;
  const days = first <= spec.to ? daysBetween(first, spec.to) : [];
  const groups = new Map<string, { a: AdInScope; period: string; sums: DayMetrics }>();
  for (const a of adsInScope(state, spec)) {
    for (const day of days) {
      const metrics = adDayMetrics(a.ad.Id, day, a.account.account.CurrencyCode, { today: spec.today });
      if (!metrics) continue;
      const period = periodOf(day, spec.aggregation);
      const key = `${period}|${entityOf(spec, a)}`;
      const group = groups.get(key) ?? {
        a,
        period,
        sums: { impressions: 0, clicks: 0, conversions: 0, spendMinor: 0 },
      };
      group.sums.impressions += metrics.impressions;
      group.sums.clicks += metrics.clicks;
      group.sums.conversions += metrics.conversions;
      group.sums.spendMinor += metrics.spendMinor;
      groups.set(key, group);
    }
  }
  return [...groups.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, g]) => spec.columns.map((column) => cellOf(column, g.a, g.period, g.sums)));
}

const usDate = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}/${day.slice(0, 4)}`;

function gmtStamp(now: Date): string {
  const hours = now.getUTCHours();
  const time = `${hours % 12 || 12}:${String(now.getUTCMinutes()).padStart(2, '0')}:00 ${hours < 12 ? 'AM' : 'PM'}`;
  return `${usDate(now.toISOString().slice(0, 10))} ${time} (GMT)`;
}

/**
 * The report file as the "Report File Schema" guide shows it: a byte order mark, the header lines
 * (unless ExcludeReportHeader), the column names (unless ExcludeColumnHeaders), the rows, and the
 * copyright footer (unless ExcludeReportFooter); every field quoted, CRLF line ends.
 */
export function reportFile(spec: ReportSpec, rows: string[][], now = new Date()): Buffer {
  const separator = spec.format === 'Tsv' ? '\t' : ',';
  const line = (fields: string[]) => fields.map((f) => `"${f.replaceAll('"', '""')}"`).join(separator);
  const offset = zonedTime(now, spec.iana).slice(19);
  const lines: string[] = [];
  if (!spec.excludeHeader) {
    lines.push(
      ...[
        `Report Name: ${spec.name}`,
        `Report Time: ${spec.from === spec.to ? usDate(spec.from) : `${usDate(spec.from)},${usDate(spec.to)}`}`,
        `Time Zone: (GMT${offset === 'Z' ? '+00:00' : offset}) ${spec.timeZone}`,
        `Last Completed Available Day: ${gmtStamp(now)}`,
        `Last Completed Available Hour: ${gmtStamp(now)}`,
        `Report Aggregation: ${spec.aggregation}`,
        'Report Filter: ',
        `Potential Incomplete Data: ${spec.to >= spec.today}`,
        `Rows: ${rows.length}`,
      ].map((text) => line([text])),
      '',
    );
  }
  if (!spec.excludeColumnHeaders) lines.push(line(spec.columns));
  lines.push(...rows.map(line));
  if (!spec.excludeFooter) {
    lines.push('', line([`©${now.getUTCFullYear()} Microsoft Corporation. All rights reserved. `]));
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}
