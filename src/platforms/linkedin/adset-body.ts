import { findRuntime } from '../../adsets/instants.js';
import { isBudget, type NewAdSet } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import type { FieldParam } from './errors.js';
import { budgetAmount, type MoneyAmount } from './money.js';
import { accountUrn, campaignGroupUrn } from './restli.js';
import { newSchedule } from './schedule.js';
import { LINKEDIN_STATUS } from './status.js';

/**
 * What LinkedIn requires on every campaign and adlink's model has no field for. New campaigns are
 * Sponsored Content for the ad account's organization, declared not political, in English, shown in
 * the United States; the vendor's customer can refine audience and bidding in Campaign Manager.
 */
const DEFAULTS = {
  type: 'SPONSORED_UPDATES',
  /** adlink's ad sets are commercial: political ads are declared in Campaign Manager, not here. */
  politicalIntent: 'NOT_POLITICAL',
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

/**
 * Automated bidding ("maximum delivery": LinkedIn sets each bid within the account currency's floor)
 * per campaign objective, and what it bills. A fixed manual bid would be below LinkedIn's floor in some
 * currencies (a CPM of 10 in JPY); objectives without an entry here are refused rather than guessed.
 */
const AUTOMATED_BIDDING: Record<string, { optimizationTargetType: string; costType: string }> = {
  BRAND_AWARENESS: { optimizationTargetType: 'MAX_REACH', costType: 'CPM' },
  WEBSITE_VISITS: { optimizationTargetType: 'MAX_CLICK', costType: 'CPM' },
  ENGAGEMENT: { optimizationTargetType: 'MAX_CLICK', costType: 'CPM' },
  VIDEO_VIEWS: { optimizationTargetType: 'MAX_VIDEO_VIEW', costType: 'CPV' },
  LEAD_GENERATION: { optimizationTargetType: 'MAX_LEAD', costType: 'CPM' },
  WEBSITE_CONVERSIONS: { optimizationTargetType: 'MAX_CONVERSION', costType: 'CPM' },
};

/** The group objectives adlink creates campaigns (ad sets) under, bidding automatically. */
export const ADSET_OBJECTIVES = Object.keys(AUTOMATED_BIDDING);

/** What the new campaign inherits from its campaign group and ad account. */
export interface CreateContext {
  /** The campaign group's objective. */
  objective: string | null;
  /** The ad account's `reference`: the organization it advertises for. */
  reference: string | undefined;
}

/** The `POST adCampaigns` body for a new ad set under a campaign group. */
export function createBody(input: NewAdSet, account: AdAccount, context: CreateContext) {
  const budgetSettings = input.settings.flatMap((setting, i) => (isBudget(setting) ? [{ setting, i }] : []));
  if (budgetSettings.length === 0) {
    throw new PlatformInputError('settings', 'LinkedIn campaigns need a DailyBudget or TotalBudget setting.');
  }
  // Every amount of a campaign is in its ad account's currency.
  const budgets: Record<string, MoneyAmount> = {};
  for (const { setting, i } of budgetSettings) {
    const field = setting.kind === 'DailyBudget' ? 'dailyBudget' : 'totalBudget';
    if (budgets[field]) throw new PlatformInputError('settings', `At most one ${setting.kind} setting.`);
    budgets[field] = budgetAmount(setting, i, account);
  }
  const bidding = context.objective ? AUTOMATED_BIDDING[context.objective] : undefined;
  if (!bidding) {
    throw new PlatformInputError(
      'parentId',
      `adlink bids automatically on LinkedIn, for campaign groups with the objective ${Object.keys(AUTOMATED_BIDDING).join(', ')}; campaign group ${input.parentId} has ${context.objective ?? 'none'}.`,
    );
  }
  if (!context.reference?.startsWith('urn:li:organization:')) {
    throw new PlatformInputError(
      'advertiser',
      `LinkedIn ad account ${account.id} advertises for no organization, which Sponsored Content needs.`,
    );
  }
  return {
    account: accountUrn(account.id),
    campaignGroup: campaignGroupUrn(input.parentId),
    name: input.name,
    status: LINKEDIN_STATUS[input.status],
    type: DEFAULTS.type,
    associatedEntity: context.reference,
    politicalIntent: DEFAULTS.politicalIntent,
    ...bidding,
    ...budgets,
    // A TotalBudget is spent over the campaign's lifetime, up to its Runtime's end (which adlink
    // requires of every TotalBudget); the schema deprecates `totalBudget` without lifetime pacing.
    ...(budgets.totalBudget ? { pacingStrategy: 'LIFETIME' } : {}),
    objectiveType: context.objective,
    locale: DEFAULTS.locale,
    targetingCriteria: DEFAULTS.targetingCriteria,
    runSchedule: newSchedule(findRuntime(input.settings)?.runtime),
    offsiteDeliveryEnabled: DEFAULTS.offsiteDeliveryEnabled,
  };
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
      case 'associatedEntity':
        return 'advertiser';
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
