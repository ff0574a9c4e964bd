import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { AccountReport, ReportLevel, ReportQuery, ReportRow } from './model.js';

/** Where a row names the entity of each level above its own. */
const PARENT = { adset: 'adsetId', campaign: 'campaignId' } as const;

/** The levels above each one, nearest first. */
const COARSER: Record<ReportLevel, (keyof typeof PARENT)[]> = {
  ad: ['adset', 'campaign'],
  adset: ['campaign'],
  campaign: [],
};

const number = (n: number) => n.toLocaleString('en-US');

/** How many distinct values `key` gives the rows: a narrower report's row count, from this one's rows. */
function distinct(reports: AccountReport[], key: (row: ReportRow) => string | undefined): number | undefined {
  const seen = new Set<string>();
  for (const report of reports) {
    for (const row of report.rows) {
      const value = key(row);
      if (value === undefined) return undefined;
      seen.add(`${report.advertiser}|${value}`);
    }
  }
  return seen.size;
}

/**
 * 400 `report_too_large` when one platform's answer has more than `maxRows` rows, with what would fit:
 * a coarser level (then `param` is `level`), a range of fewer days or `granularity=total` (then `param`
 * is `to`, the range). Counted from the rows the platform answered, before they are put together or
 * cached; how many a platform would answer is not known before it is asked.
 */
export function checkRowCap(
  platform: PlatformId,
  query: ReportQuery,
  reports: AccountReport[],
  maxRows: number,
): void {
  const rows = reports.reduce((sum, report) => sum + report.rows.length, 0);
  if (rows <= maxRows) return;
  const ways: string[] = [];
  const level = COARSER[query.level]
    .map((coarser) => {
      const parent = PARENT[coarser];
      return { coarser, rows: distinct(reports, (row) => row[parent] && `${row[parent]}|${row.date ?? ''}`) };
    })
    .find((at) => at.rows !== undefined && at.rows <= maxRows);
  if (level) ways.push(`level=${level.coarser} (${number(level.rows!)} rows)`);
  if (query.granularity === 'day') {
    const perDay = new Map<string, number>();
    for (const report of reports) {
      for (const row of report.rows) perDay.set(row.date ?? '', (perDay.get(row.date ?? '') ?? 0) + 1);
    }
    const days = Math.floor(maxRows / Math.max(...perDay.values()));
    if (days >= 1) ways.push(`a range of at most ${number(days)} days`);
    const total = distinct(reports, (row) => row.id)!;
    if (total <= maxRows) ways.push(`granularity=total (${number(total)} rows)`);
  } else {
    ways.push('a shorter range');
  }
  ways.push('fewer ad accounts (advertiser) or one campaign or ad set');
  throw new AppError(
    'report_too_large',
    `The ${platform} report has ${number(rows)} rows, more than the ${number(maxRows)} a report may have (REPORT_MAX_ROWS). Ask for ${ways.join(', or ')}.`,
    { param: level ? 'level' : 'to' },
  );
}
