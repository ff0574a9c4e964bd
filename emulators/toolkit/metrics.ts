import { createHash } from 'node:crypto';
import { minorUnitExponent } from '../../src/adsets/money.js';

/** Roughly how many units of the currency buy one US dollar, so spend looks plausible in each. */
const PER_DOLLAR: Record<string, number> = { JPY: 150, KRW: 1350, CLP: 900, VND: 25_000, ISK: 140 };

/** How many decimals `spendMinor` has for a currency (ISO 4217's minor unit: 0 for JPY, 2 for EUR). */
export const minorDigits = minorUnitExponent;

export interface DayMetrics {
  impressions: number;
  clicks: number;
  conversions: number;
  /** In the currency's minor units (cents; whole yen for JPY). */
  spendMinor: number;
}

/**
 * What one ad did on one day: deterministic (the same ad and day always give the same numbers, so
 * sums across levels and repeated reads agree) and plausible (CTR 0.5–3 %, conversion rate 2–10 % of
 * clicks, CPM 2–10 dollars). Days after `today` and before the ad existed report nothing (null).
 */
export function adDayMetrics(
  adId: string,
  day: string,
  currency: string,
  bounds: { createdDay?: string; today?: string } = {},
): DayMetrics | null {
  if (bounds.createdDay && day < bounds.createdDay) return null;
  if (day > (bounds.today ?? new Date().toISOString().slice(0, 10))) return null;
  const hash = createHash('sha256').update(`${adId}|${day}`).digest();
  const unit = (i: number) => hash.readUInt32BE(i * 4) / 0x1_0000_0000;
  const impressions = 500 + Math.floor(unit(0) * 4500);
  const clicks = Math.floor(impressions * (0.005 + unit(1) * 0.025));
  const conversions = Math.floor(clicks * (0.02 + unit(2) * 0.08));
  const dollars = (impressions / 1000) * (2 + unit(3) * 8);
  const major = dollars * (PER_DOLLAR[currency] ?? 1);
  const spendMinor = Math.round(major * 10 ** minorDigits(currency));
  return { impressions, clicks, conversions, spendMinor };
}

/** The days from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** Nothing reported: the start of a sum. */
export const NO_METRICS: DayMetrics = { impressions: 0, clicks: 0, conversions: 0, spendMinor: 0 };

export const addMetrics = (a: DayMetrics, b: DayMetrics): DayMetrics => ({
  impressions: a.impressions + b.impressions,
  clicks: a.clicks + b.clicks,
  conversions: a.conversions + b.conversions,
  spendMinor: a.spendMinor + b.spendMinor,
});

/** An ad as a report sums it: its id, the day it was created, and the entity its numbers go to. */
export interface ReportedAd {
  id: string;
  createdDay: string;
  entity: string;
}

/** One entity's sums over one range of days, as a reporting endpoint answers a row. */
export interface EntitySums extends DayMetrics {
  entity: string;
  from: string;
  to: string;
}

/**
 * Each entity's sums per range (`ranges`: consecutive [from, to] days): the ads' `adDayMetrics` added up,
 * so rows at every level agree. Entities without impressions in a range have no row, as the platforms
 * leave out rows without delivery. Ordered by entity, then range.
 */
export function entitySums(
  ads: ReportedAd[],
  ranges: [string, string][],
  currency: string,
  today: string,
): EntitySums[] {
  const rows = new Map<string, EntitySums>();
  for (const ad of ads) {
    for (const [from, to] of ranges) {
      for (const day of daysBetween(from, to)) {
        const m = adDayMetrics(ad.id, day, currency, { createdDay: ad.createdDay, today });
        if (!m) continue;
        const key = `${ad.entity}|${from}`;
        const row = rows.get(key) ?? { entity: ad.entity, from, to, ...NO_METRICS };
        rows.set(key, { ...row, ...addMetrics(row, m) });
      }
    }
  }
  return [...rows.entries()]
    .filter(([, r]) => r.impressions > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, r]) => r);
}

/** Spend in major units as a decimal string ("12.34", "1234" for yen), as reporting APIs answer it. */
export const spendString = (minor: number, currency: string): string =>
  (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));
