import { roundToMinorUnits } from '../../adsets/money.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { ReportQuery, ReportRow } from '../../reports/model.js';
import { fallbackAdName } from './mapping.js';
import { reportRecords } from './report-csv.js';
import { reportColumns } from './report-request.js';

/** A number of the report (FormatVersion 2.0 writes none with separators; 1.0 may); blank: not reported. */
function numberOf(value: string | undefined, column: string): number | null {
  const text = (value ?? '').replaceAll(',', '').trim();
  if (text === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(text)) {
    throw new PlatformError('rejected', `Microsoft Advertising reported ${column} "${value}", not a number`);
  }
  return Number(text);
}

/**
 * The unified rows of a downloaded report file: ids, names and parents per level, the day of a daily
 * report (TimePeriod, yyyy-mm-dd), Spend rounded to the currency's minor units. Rows of other ad
 * groups than a filter's are left out (an ad set filter without a campaign scopes the whole account).
 */
export function reportRows(
  csv: string,
  query: ReportQuery,
  advertiser: string,
  currency: string,
): ReportRow[] {
  let records: Record<string, string>[];
  try {
    records = reportRecords(csv, reportColumns(query));
  } catch (err) {
    throw new PlatformError('rejected', `Microsoft Advertising's report file: ${(err as Error).message}`);
  }
  return records
    .filter(
      (r) =>
        (query.campaignId === undefined || r.CampaignId === query.campaignId) &&
        (query.adsetId === undefined || r.AdGroupId === query.adsetId),
    )
    .map((r) => {
      const spend = numberOf(r.Spend, 'Spend');
      const parents =
        query.level === 'campaign'
          ? {}
          : query.level === 'adset'
            ? { campaignId: r.CampaignId }
            : { campaignId: r.CampaignId, adsetId: r.AdGroupId };
      const entity =
        query.level === 'campaign'
          ? { id: r.CampaignId ?? '', name: r.CampaignName ?? '' }
          : query.level === 'adset'
            ? { id: r.AdGroupId ?? '', name: r.AdGroupName ?? '' }
            : // Microsoft's ads have no names: the type and id stand for one.
              { id: r.AdId ?? '', name: fallbackAdName(r.AdType, r.AdId) };
      return {
        level: query.level,
        ...entity,
        advertiser,
        ...parents,
        ...(query.granularity === 'day' ? { date: r.TimePeriod } : {}),
        spend: spend === null ? null : roundToMinorUnits(spend, currency),
        impressions: numberOf(r.Impressions, 'Impressions'),
        clicks: numberOf(r.Clicks, 'Clicks'),
        conversions: numberOf(r.Conversions, 'Conversions'),
      };
    });
}
