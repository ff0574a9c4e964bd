import { invalid } from './envelope.js';

/**
 * TikTok's lowest daily ad group budget per advertiser currency (Currency - Daily budget value range),
 * and how many decimals the currency allows. Other currencies are not seeded here.
 */
const MINIMUM: Record<string, { min: number; decimals: number }> = {
  USD: { min: 20, decimals: 2 },
  EUR: { min: 20, decimals: 2 },
  JPY: { min: 2000, decimals: 0 },
};
/** A campaign's budget, daily or total, is at least 50 USD where an ad group's day is 20 (TikTok's Budget page). */
const CAMPAIGN_FACTOR = 2.5;

const DAY_MS = 86_400_000;
const utc = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`);

function checkAmount(budget: number, currency: string, min: number, what: string): void {
  const { decimals } = MINIMUM[currency] ?? { decimals: 2 };
  const scaled = budget * 10 ** decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    throw invalid('budget', `${currency} budgets have at most ${decimals} decimals.`);
  }
  if (budget < min - 1e-9) {
    throw invalid('budget', `${what} must be at least ${min.toFixed(decimals)} ${currency}.`);
  }
}

const dailyMinimum = (currency: string) => (MINIMUM[currency] ?? { min: 20 }).min;

/**
 * An ad group's budget: a day's at least the currency's minimum; a lifetime budget at least that
 * minimum for each scheduled day (TikTok's Budget page).
 */
export function checkAdGroupBudget(
  currency: string,
  adGroup: { budget_mode: string; budget: number; schedule_start_time: string; schedule_end_time?: string },
): void {
  const days =
    adGroup.budget_mode === 'BUDGET_MODE_TOTAL' && adGroup.schedule_end_time
      ? Math.max(1, Math.ceil((utc(adGroup.schedule_end_time) - utc(adGroup.schedule_start_time)) / DAY_MS))
      : 1;
  const what = days > 1 ? `A lifetime budget over ${days} days` : 'Budget';
  checkAmount(adGroup.budget, currency, dailyMinimum(currency) * days, what);
}

export function checkCampaignBudget(currency: string, budget: number): void {
  checkAmount(budget, currency, dailyMinimum(currency) * CAMPAIGN_FACTOR, 'Campaign budget');
}
