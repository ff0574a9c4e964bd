import { PlatformInputError } from '../../ports/platform-error.js';
import type { ReportLevel, ReportQuery } from '../../reports/model.js';
import { isMicrosoftId } from './campaign-reads.js';

/** The Reporting service's report per unified level, and the attribute columns adlink reads from it. */
export const REPORT_TYPES: Record<ReportLevel, { type: string; attributes: string[] }> = {
  campaign: {
    type: 'CampaignPerformanceReportRequest',
    attributes: ['AccountId', 'CampaignId', 'CampaignName'],
  },
  adset: {
    type: 'AdGroupPerformanceReportRequest',
    attributes: ['AccountId', 'CampaignId', 'AdGroupId', 'AdGroupName'],
  },
  ad: {
    type: 'AdPerformanceReportRequest',
    attributes: ['AccountId', 'CampaignId', 'AdGroupId', 'AdId', 'AdType'],
  },
};
export const MEASURES = ['Spend', 'Impressions', 'Clicks', 'Conversions'] as const;

const dateOf = (day: string) => {
  const [Year, Month, Day] = day.split('-').map(Number) as [number, number, number];
  return { Day, Month, Year };
};

/** The columns of a report: TimePeriod first where it is by day (with Summary it is refused, 2034). */
export const reportColumns = (query: ReportQuery): string[] => [
  ...(query.granularity === 'day' ? ['TimePeriod'] : []),
  ...REPORT_TYPES[query.level].attributes,
  'CurrencyCode',
  ...MEASURES,
];

/**
 * The scope: a campaign filter scopes the report to that campaign, an ad set filter with its campaign
 * to that ad group (Microsoft's AdGroupReportScope names the campaign); an ad set filter alone scopes
 * the account, and the rows are kept for that ad group (reportRows).
 */
function scopeOf(query: ReportQuery, accountId: string): object {
  const { campaignId, adsetId } = query;
  if (campaignId !== undefined && !isMicrosoftId(campaignId)) {
    throw new PlatformInputError('campaignId', 'Microsoft Advertising campaign ids are digits.');
  }
  if (adsetId !== undefined) {
    if (!isMicrosoftId(adsetId))
      throw new PlatformInputError('adset', 'Microsoft Advertising ad group ids are digits.');
    if (query.level === 'campaign') {
      throw new PlatformInputError(
        'adset',
        'A campaign report of Microsoft Advertising cannot be filtered by ad group: ask for level adset or ad.',
      );
    }
    if (campaignId !== undefined) {
      return { AdGroups: [{ AccountId: accountId, CampaignId: campaignId, AdGroupId: adsetId }] };
    }
  }
  if (campaignId !== undefined) return { Campaigns: [{ AccountId: accountId, CampaignId: campaignId }] };
  return { AccountIds: [accountId] };
}

/**
 * The SubmitGenerateReport body for one account: a custom date range of the account's days
 * (ReportTimeZone is the account's time zone), daily or summed, Csv without Microsoft's header and
 * footer lines but with the column names, FormatVersion 2.0 (numbers without thousands separators).
 */
export function submitReportBody(
  query: ReportQuery,
  accountId: string,
  reportTimeZone: string | undefined,
): object {
  const { type } = REPORT_TYPES[query.level];
  return {
    ReportRequest: {
      Type: type,
      ReportName: `adlink ${query.level} ${query.from}..${query.to}`,
      Format: 'Csv',
      FormatVersion: '2.0',
      ExcludeReportHeader: true,
      ExcludeReportFooter: true,
      ExcludeColumnHeaders: false,
      ReturnOnlyCompleteData: false,
      Aggregation: query.granularity === 'day' ? 'Daily' : 'Summary',
      Columns: reportColumns(query),
      Scope: scopeOf(query, accountId),
      Time: {
        CustomDateRangeStart: dateOf(query.from),
        CustomDateRangeEnd: dateOf(query.to),
        ...(reportTimeZone ? { ReportTimeZone: reportTimeZone } : {}),
      },
    },
  };
}
