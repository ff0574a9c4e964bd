import { invalid } from './envelope.js';

/**
 * TikTok's lowest ad group budget per advertiser currency (Currency - Daily budget value range), and how
 * many decimals the currency allows. Other currencies are not seeded here.
 */
const MINIMUM: Record<string, { min: number; decimals: number }> = {
  USD: { min: 20, decimals: 2 },
  EUR: { min: 20, decimals: 2 },
  JPY: { min: 2000, decimals: 0 },
};

export function checkBudget(budget: number, currency: string): void {
  const rule = MINIMUM[currency] ?? { min: 20, decimals: 2 };
  const scaled = budget * 10 ** rule.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    throw invalid('budget', `${currency} budgets have at most ${rule.decimals} decimals.`);
  }
  if (budget < rule.min) {
    throw invalid('budget', `Budget must be at least ${rule.min.toFixed(rule.decimals)} ${currency}.`);
  }
}
