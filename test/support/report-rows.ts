import { wallClock } from '../../src/domain/zoned-time.js';
import type { ReportRow } from '../../src/reports/model.js';

/** A day `days` after `day` (YYYY-MM-DD). */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The 7 closed days before today in a time zone, and today. */
export function lastWeek(timeZone: string) {
  const today = wallClock(Date.now(), timeZone).slice(0, 10);
  return { from: shiftDay(today, -7), to: shiftDay(today, -1), today };
}

/**
 * Spend (to the cent), impressions, clicks and conversions of `rows` summed per value of `key` and per
 * date: the ad rows keyed by their ad set equal the ad-set rows keyed by their own id when levels agree.
 */
export function sumsBy(rows: ReportRow[], key: (r: ReportRow) => string | undefined): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = `${key(r)}|${r.date ?? ''}`;
    const s = out.get(k) ?? [0, 0, 0, 0];
    out.set(k, [s[0]! + r.spend!, s[1]! + r.impressions!, s[2]! + r.clicks!, s[3]! + r.conversions!]);
  }
  return new Map([...out].map(([k, v]) => [k, [Math.round(v[0]! * 100) / 100, ...v.slice(1)]]));
}

/** Each entity's daily rows added up: what its `total` row must say. */
export function totalsOf(daily: ReportRow[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [k, v] of sumsBy(daily, (r) => r.id)) {
    const id = k.split('|')[0]!;
    out.set(
      id,
      (out.get(id) ?? [0, 0, 0, 0]).map((x, i) => x + v[i]!),
    );
  }
  return out;
}
