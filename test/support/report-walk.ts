import { expect } from 'vitest';
import { fitsMinorUnits, toMinorUnits } from '../../src/adsets/money.js';
import type { Company } from './connect-helpers.js';
import { csvReportRows } from './csv.js';
import type { Harness } from './harness.js';

export interface ReportWalkContext {
  h: Harness;
  company: Company;
  customer: string;
  platform: string;
  /** A granted ad account in a zero-decimal currency whose ads report, or null where there is none. */
  zeroDecimalAdvertiser: string | null;
}

type Row = Record<string, unknown> & {
  id: string;
  advertiser: string;
  currency: string;
  campaignId?: string;
  adsetId?: string;
  date: string;
  spend: number | null;
};

const SUMS = ['spend', 'impressions', 'clicks', 'conversions'] as const;
const DAY = 86_400_000;
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 7 days that are over in every time zone: up to yesterday at UTC−12. */
export function closedWeek(now = Date.now()) {
  const earliestToday = Date.parse(`${dayAt(now - 12 * 3_600_000)}T00:00:00Z`);
  return { from: dayAt(earliestToday - 7 * DAY), to: dayAt(earliestToday - DAY) };
}

/** Each metric of a row, money in minor units so sums compare exactly. */
const sums = (row: Row) =>
  Object.fromEntries(
    SUMS.map((m) => {
      const value = row[m] as number | null;
      return [m, value === null ? null : m === 'spend' ? toMinorUnits(value, row.currency) : value];
    }),
  );

/** The children summed per (parent, day), to compare with the parents' own rows. */
function rolledUp(children: Row[], parentOf: (row: Row) => string) {
  const totals = new Map<string, Record<string, number | null>>();
  for (const row of children) {
    const key = `${parentOf(row)}|${row.date}`;
    const own = sums(row);
    const total = totals.get(key);
    totals.set(
      key,
      total
        ? Object.fromEntries(
            SUMS.map((m) => [m, own[m] === null ? null : (total[m] as number) + (own[m] as number)]),
          )
        : own,
    );
  }
  return totals;
}

const byKey = (rows: Row[]) => new Map(rows.map((row) => [`${row.id}|${row.date}`, sums(row)]));

/**
 * The report walk of the platform suite: a 7-day daily report at each level, whose ad rows sum to
 * their ad set's and ad sets' to their campaign's (per day and metric, money in minor units), spend
 * with no more decimals than its currency (whole units in the zero-decimal account), CSV rows equal
 * to JSON rows.
 */
export async function reportWalk(ctx: ReportWalkContext): Promise<void> {
  const read = async (level: string, accept: string) => {
    const res = await ctx.h.http
      .get('/reports')
      .query({ customer: ctx.customer, platform: ctx.platform, level, ...closedWeek(), limit: 10_000 })
      .set('Authorization', ctx.company.auth)
      .set('Accept', accept);
    expect(res.status, JSON.stringify(res.body ?? res.text).slice(0, 500)).toBe(200);
    return res;
  };
  const levels: Record<string, Row[]> = {};
  for (const level of ['ad', 'adset', 'campaign']) {
    const json = (await read(level, 'application/json')).body;
    expect(json.has_more).toBe(false);
    expect(json.unavailable).toBeUndefined();
    const rows = json.data as Row[];
    expect(rows.length, `${level} rows`).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ level, platform: ctx.platform, date: expect.any(String) });
      const account = (json.advertisers as { advertiser: string; currency: string; timeZone: string }[]).find(
        (a) => a.advertiser === row.advertiser,
      );
      expect(account?.currency).toBe(row.currency);
      expect(account?.timeZone).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
      if (row.spend !== null) expect(fitsMinorUnits(row.spend, row.currency), JSON.stringify(row)).toBe(true);
    }
    expect(csvReportRows((await read(level, 'text/csv')).text)).toEqual(rows);
    levels[level] = rows;
  }
  expect(rolledUp(levels.ad!, (r) => r.adsetId!)).toEqual(byKey(levels.adset!));
  expect(rolledUp(levels.adset!, (r) => r.campaignId!)).toEqual(byKey(levels.campaign!));
  if (ctx.zeroDecimalAdvertiser !== null) {
    const rows = levels.ad!.filter((r) => r.advertiser === ctx.zeroDecimalAdvertiser);
    expect(rows.length, 'rows of the zero-decimal advertiser').toBeGreaterThan(0);
    for (const row of rows) expect(Number.isInteger(row.spend), JSON.stringify(row)).toBe(true);
  }
}
