import { createHash } from 'node:crypto';
import { minorUnitExponent } from '../../adsets/money.js';

/** Roughly how many units of the currency buy one US dollar, so spend looks plausible in each. */
const PER_DOLLAR: Record<string, number> = { JPY: 150, KRW: 1350, CLP: 900, VND: 25_000, ISK: 140 };

export interface DayMetrics {
  impressions: number;
  clicks: number;
  conversions: number;
  /** In the currency's minor units (cents; whole yen for JPY). */
  spendMinor: number;
}

/**
 * What one ad did on one day, in the sandbox's reports and the emulators' (emulators/toolkit/metrics.ts):
 * deterministic (the same ad and day always give the same numbers, so sums across levels and repeated
 * reads agree) and plausible (CTR 0.5–3 %, conversion rate 2–10 % of
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
  const spendMinor = Math.round(major * 10 ** minorUnitExponent(currency));
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
