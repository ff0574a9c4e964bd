/** The unified performance report: what ads spent and achieved, per campaign, ad set or ad. */

export const REPORT_LEVELS = ['campaign', 'adset', 'ad'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
export const GRANULARITIES = ['day', 'total'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** The sums a platform reports; ctr, cpc and cpm are computed by adlink from them. */
export const METRICS = ['spend', 'impressions', 'clicks', 'conversions'] as const;
export type Metric = (typeof METRICS)[number];

/** What one ad account is asked for: dates are days of the account's own time zone, both included. */
export interface ReportQuery {
  level: ReportLevel;
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD */
  to: string;
  granularity: Granularity;
  campaignId?: string;
  adsetId?: string;
}

/** One entity's sums (on one day with granularity `day`), as an adapter reads them. */
export interface ReportRow {
  level: ReportLevel;
  id: string;
  name: string;
  advertiser: string;
  /** The campaign of an ad set or ad. */
  campaignId?: string;
  /** The ad set of an ad. */
  adsetId?: string;
  /** YYYY-MM-DD in the account's time zone; absent with granularity `total`. */
  date?: string;
  /** Major units of the ad account's currency; null where the platform does not report the metric. */
  spend: number | null;
  impressions: number | null;
  clicks: number | null;
  conversions: number | null;
}

/** One ad account's report: the rows, and the currency and time zone they are in. */
export interface AccountReport {
  advertiser: string;
  currency: string;
  /** IANA name, e.g. Europe/Berlin: the days of `date` are this zone's. */
  timeZone: string;
  rows: ReportRow[];
}

/**
 * A report run: synchronous platforms answer `done` at once; asynchronous ones (Microsoft's
 * ReportingService) answer `pending` with the platform's job, which `resume` polls.
 */
export type ReportRun = { state: 'done'; report: AccountReport } | { state: 'pending'; job: string };

export interface ReportCapabilities {
  /** The metrics the platform reports (the others are null in every row). */
  metrics: Metric[];
  /** How far back the platform reports, in days before today. */
  lookbackDays: number;
  /** What the platform counts as a conversion, as the table in docs/reports.md says it. */
  conversions: string;
}
