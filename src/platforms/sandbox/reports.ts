import { fromMinorUnits } from '../../adsets/money.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import {
  METRICS,
  type ReportLevel,
  type ReportQuery,
  type ReportRow,
  type ReportRun,
} from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import type { SandboxApi } from './client.js';
import { LOOKBACK_DAYS, type REPORT_LEVELS, type SandboxReportRow } from './model.js';

/** The unified parameter each field of the sandbox's report request is. */
export const REPORT_PARAMS: Record<string, string> = {
  level: 'level',
  since: 'from',
  until: 'to',
  time_increment: 'granularity',
  campaign_id: 'campaignId',
  adset_id: 'adset',
};

const LEVEL: Record<ReportLevel, (typeof REPORT_LEVELS)[number]> = {
  campaign: 'CAMPAIGN',
  adset: 'ADSET',
  ad: 'AD',
};

type SandboxRun =
  | { id: string; status: 'RUNNING' }
  | {
      id: string;
      status: 'COMPLETED';
      currency: string;
      time_zone: string;
      data: SandboxReportRow[];
      paging?: { next?: string };
    };

const completed = (run: SandboxRun) => {
  if (run?.status !== 'COMPLETED' || !Array.isArray(run.data)) {
    throw new PlatformError('rejected', 'unexpected report response');
  }
  return run;
};

const toRow = (
  row: SandboxReportRow,
  advertiser: string,
  level: ReportLevel,
  currency: string,
): ReportRow => ({
  level,
  id: row.ad_id ?? row.adset_id ?? row.campaign_id,
  name: row.ad_name ?? row.adset_name ?? row.campaign_name,
  advertiser,
  ...(level === 'campaign' ? {} : { campaignId: row.campaign_id }),
  ...(level === 'ad' ? { adsetId: row.adset_id! } : {}),
  ...(row.date ? { date: row.date } : {}),
  spend: fromMinorUnits(row.spend, currency),
  impressions: row.impressions,
  clicks: row.clicks,
  conversions: row.conversions,
});

/**
 * The sandbox's reports: a run per ad account, finished at once or polled until it is; a finished
 * run's rows are read a page (REPORT_PAGE_ROWS) at a time.
 */
export const sandboxReports = ({ request }: SandboxApi): ReportAdapter => {
  async function toRun(call: PlatformCall, answer: unknown, advertiser: string, level: ReportLevel) {
    const run = answer as SandboxRun;
    if (run?.status === 'RUNNING') return { state: 'pending', job: run.id } satisfies ReportRun;
    let page = completed(run);
    const { currency } = page;
    let rows = page.data.map((row) => toRow(row, advertiser, level, currency));
    while (page.paging?.next) {
      const after = encodeURIComponent(page.paging.next);
      page = completed(
        (await request(call, `/reports/${encodeURIComponent(run.id)}?after=${after}`)) as SandboxRun,
      );
      rows = rows.concat(page.data.map((row) => toRow(row, advertiser, level, currency)));
    }
    return {
      state: 'done',
      report: { advertiser, currency, timeZone: page.time_zone, rows },
    } satisfies ReportRun;
  }

  return {
    capabilities: {
      metrics: [...METRICS],
      lookbackDays: LOOKBACK_DAYS,
      conversions: 'Every conversion the sandbox attributes to the ad on the day of the click.',
    },

    async start(call, account, query: ReportQuery) {
      const body = {
        level: LEVEL[query.level],
        since: query.from,
        until: query.to,
        time_increment: query.granularity === 'day' ? 'DAILY' : 'ALL_DAYS',
        ...(query.campaignId === undefined ? {} : { campaign_id: query.campaignId }),
        ...(query.adsetId === undefined ? {} : { adset_id: query.adsetId }),
      };
      const run = await request(
        call,
        `/ad_accounts/${encodeURIComponent(account.id)}/reports`,
        { method: 'POST', body: JSON.stringify(body) },
        REPORT_PARAMS,
      );
      return toRun(call, run, account.id, query.level);
    },

    async resume(call, account, query, job) {
      return toRun(call, await request(call, `/reports/${encodeURIComponent(job)}`), account.id, query.level);
    },
  };
};
