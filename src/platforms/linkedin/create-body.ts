import { findRuntime } from '../../adsets/instants.js';
import { isBudget, type NewAdSet } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';
import type { FieldParam } from './errors.js';
import { type MoneyAmount, toMoneyAmount } from './money.js';
import { accountUrn, campaignGroupUrn } from './restli.js';
import { LINKEDIN_STATUS } from './status.js';

/**
 * What LinkedIn requires on every campaign and adlink's model has no field for. New campaigns are
 * Sponsored Content billed per impression, in English, shown in the United States; the vendor's
 * customer can refine audience and bidding in Campaign Manager.
 */
const DEFAULTS = {
  type: 'SPONSORED_UPDATES',
  costType: 'CPM',
  /** The CPM bid, in major units of the account's currency. */
  bid: 10,
  locale: { country: 'US', language: 'en' },
  targetingCriteria: {
    include: {
      and: [
        { or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } },
        { or: { 'urn:li:adTargetingFacet:interfaceLocales': ['urn:li:locale:en_US'] } },
      ],
    },
  },
  offsiteDeliveryEnabled: false,
} as const;

/** The `POST adCampaigns` body for a new ad set under a campaign group with `objective`. */
export function createBody(input: NewAdSet, account: AdAccount, objective: string | null) {
  const budgetSettings = input.settings.flatMap((setting, i) => (isBudget(setting) ? [{ setting, i }] : []));
  if (budgetSettings.length === 0) {
    throw new PlatformInputError('settings', 'LinkedIn campaigns need a DailyBudget or TotalBudget setting.');
  }
  // Every amount of a campaign is in its ad account's currency.
  const currency = account.currency ?? budgetSettings[0]!.setting.currency;
  const budgets: Record<string, MoneyAmount> = {};
  for (const { setting, i } of budgetSettings) {
    const field = setting.kind === 'DailyBudget' ? 'dailyBudget' : 'totalBudget';
    if (budgets[field]) throw new PlatformInputError('settings', `At most one ${setting.kind} setting.`);
    if (setting.currency !== currency) {
      throw new PlatformInputError(
        `settings[${i}].currency`,
        `Budgets of ad account ${account.id} are in ${currency}.`,
      );
    }
    const amount = toMoneyAmount(setting.budget, currency);
    if (!amount) throw new PlatformInputError(`settings[${i}].budget`, `Too many decimals for ${currency}.`);
    budgets[field] = amount;
  }
  return {
    account: accountUrn(account.id),
    campaignGroup: campaignGroupUrn(input.parentId),
    name: input.name,
    status: LINKEDIN_STATUS[input.status],
    type: DEFAULTS.type,
    costType: DEFAULTS.costType,
    unitCost: toMoneyAmount(DEFAULTS.bid, currency),
    ...budgets,
    ...(objective ? { objectiveType: objective } : {}),
    locale: DEFAULTS.locale,
    targetingCriteria: DEFAULTS.targetingCriteria,
    runSchedule: runSchedule(input),
    offsiteDeliveryEnabled: DEFAULTS.offsiteDeliveryEnabled,
  };
}

/** When the campaign runs, in epoch milliseconds: from now, or as its Runtime says. */
function runSchedule(input: NewAdSet): { start: number; end?: number } {
  const runtime = findRuntime(input.settings)?.runtime;
  if (!runtime) return { start: Date.now() };
  return { start: Date.parse(runtime.start), ...(runtime.end ? { end: Date.parse(runtime.end) } : {}) };
}

/** The unified parameter behind each field of `createBody`'s answer that LinkedIn may refuse. */
export function createParams(input: NewAdSet): FieldParam {
  const index = (kind: string) => input.settings.findIndex((s) => s.kind === kind);
  const setting = (kind: string, field: string) =>
    index(kind) < 0 ? undefined : `settings[${index(kind)}].${field}`;
  return (fieldPath) => {
    const [head] = fieldPath.split('.');
    switch (head) {
      case 'name':
      case 'status':
        return head;
      case 'campaignGroup':
        return 'parentId';
      case 'dailyBudget':
        return setting('DailyBudget', 'budget');
      case 'totalBudget':
        return setting('TotalBudget', 'budget');
      case 'objectiveType':
        return setting('Objective', 'objective');
      case 'runSchedule':
        return fieldPath.endsWith('.end') ? setting('Runtime', 'end') : setting('Runtime', 'start');
      default:
        return undefined;
    }
  };
}
