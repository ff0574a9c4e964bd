import { createHash } from 'node:crypto';
import type { PlatformId } from '../domain/platform-ids.js';
import { eachYielding } from '../each-yielding.js';
import type { AdAccount } from '../store/connections.js';
import type { AccountReport, ReportQuery } from './model.js';
import { serializedRow, unifiedRow } from './rows.js';

/** The cache key of a query on a connection's accounts: the same report, whatever order it was asked in. */
export function reportCacheKey(query: ReportQuery, accounts: AdAccount[]): string {
  const normalized = JSON.stringify([
    query.level,
    query.from,
    query.to,
    query.granularity,
    query.campaignId ?? null,
    query.adsetId ?? null,
    accounts.map((a) => a.id).sort(),
  ]);
  return createHash('sha256').update(normalized).digest('base64url');
}

/** What the cache keeps of an account's report beside its rows. */
export const description = (r: AccountReport): AccountReport => ({ ...r, rows: [] });

/** The reports' rows, serialized, in key order; a slice at a time, letting other requests run between. */
export async function serializedRows(platform: PlatformId, reports: AccountReport[]): Promise<string[]> {
  const rows: string[] = [];
  for (const report of reports) {
    await eachYielding(report.rows, (row) => rows.push(serializedRow(unifiedRow(platform, report, row))));
  }
  return rows.sort();
}

/** A platform's reports as the cache keeps them: the accounts' descriptions, and the rows ready to page. */
export const cachedReport = async (platform: PlatformId, reports: AccountReport[]) => ({
  description: JSON.stringify(reports.map(description)),
  rows: await serializedRows(platform, reports),
});

/** The index of the first of the sorted `rows` after `bound`. */
export function firstAfter(rows: string[], bound: string): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]! <= bound) low = middle + 1;
    else high = middle;
  }
  return low;
}
