import { minorUnitExponent } from '../../src/adsets/money.js';
import { adDayMetrics, type DayMetrics, daysBetween } from '../../src/sandbox/api/ad-day-metrics.js';

/** The deterministic ad-day metrics the emulators report: the sandbox's own generator, shared. */
export { adDayMetrics, type DayMetrics, daysBetween };

/** How many decimals `spendMinor` has for a currency (ISO 4217's minor unit: 0 for JPY, 2 for EUR). */
export const minorDigits = minorUnitExponent;

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
