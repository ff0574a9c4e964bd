import { MICROSOFT_TIME_ZONES } from '../../src/platforms/microsoft/time-zones.js';
import { CODES } from './faults.js';
import { type AccountState, adGroupsIn, type Campaign } from './model.js';
import type { Body } from './operations.js';
import { type Refusal, refuse } from './rules.js';

const MAX_CAMPAIGN_NAME = 128;
export const SETTABLE_CAMPAIGN_STATUSES = ['Active', 'Paused'];
/** The types whose campaigns need a setting on add (ShoppingSetting, DynamicSearchAdsSetting…), which the emulator does not take. */
const TYPES_WITH_REQUIRED_SETTINGS = ['Shopping', 'DynamicSearchAds', 'Hotel', 'PerformanceMax', 'App'];
export const BUDGET_TYPES = ['DailyBudgetStandard', 'DailyBudgetAccelerated', 'LifetimeBudgetStandard'];
/** BudgetLimitType page: accelerated (and lifetime) budgets are for Audience campaigns only. */
const AUDIENCE_ONLY_BUDGET_TYPES = ['DailyBudgetAccelerated', 'LifetimeBudgetStandard'];
/** Campaign data object, Languages: the values Search and Shopping campaigns take. */
export const LANGUAGES = [
  'All',
  'Bulgarian',
  'Croatian',
  'Czech',
  'Danish',
  'Dutch',
  'English',
  'Estonian',
  'Finnish',
  'French',
  'German',
  'Greek',
  'Hungarian',
  'Italian',
  'Latvian',
  'Lithuanian',
  'Maltese',
  'Norwegian',
  'Polish',
  'Portuguese',
  'Romanian',
  'Slovak',
  'Slovenian',
  'Spanish',
  'Swedish',
  'TraditionalChinese',
];

/**
 * The "Minimum Daily Budget" column of the Currencies guide (Bing Ads API v13), by ISO 4217 code, in
 * the currency's major units.
 */
export const MIN_DAILY_BUDGET: Record<string, number> = {
  ARS: 0.05,
  AUD: 0.05,
  THB: 2,
  VEF: 0.05,
  BRL: 0.1,
  CAD: 0.05,
  CLP: 5.1,
  COP: 18.05,
  DKK: 0.06,
  EUR: 0.05,
  HKD: 1,
  INR: 0.82,
  MYR: 0.15,
  MXN: 0.14,
  TWD: 100,
  NZD: 0.05,
  NOK: 0.06,
  PEN: 0.03,
  PHP: 2,
  PLN: 0.1,
  IDR: 480,
  SGD: 0.11,
  ZAR: 0.1,
  SEK: 0.07,
  CHF: 0.05,
  TRY: 10,
  GBP: 0.05,
  USD: 0.05,
};

/** A name of 1 to 128 characters, unique (without case) among the account's campaigns. */
export function campaignNameRefusal(account: AccountState, name: unknown, exceptId?: string): Refusal {
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_CAMPAIGN_NAME) {
    return refuse(CODES.invalidCampaignName, 'The campaign name is not valid.');
  }
  const taken = [...account.campaigns.values()].some(
    (c) => c.Id !== exceptId && c.Name.toLowerCase() === name.toLowerCase(),
  );
  return taken
    ? refuse(CODES.duplicateCampaign, 'A campaign with this name already exists in the account.')
    : null;
}

export function campaignStatusRefusal(status: unknown): Refusal {
  return typeof status === 'string' && SETTABLE_CAMPAIGN_STATUSES.includes(status)
    ? null
    : refuse(CODES.invalidCampaignStatus, 'The campaign status is not valid for the requested operation.');
}

/** At least the currency's minimum daily budget (the Currencies guide). */
export function budgetAmountRefusal(account: AccountState, amount: unknown): Refusal {
  if (amount === undefined || amount === null) {
    return refuse(CODES.budgetAmountMissing, 'The budget amount is not provided.');
  }
  const minimum = MIN_DAILY_BUDGET[account.account.CurrencyCode] ?? 0;
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= minimum && amount > 0
    ? null
    : refuse(CODES.budgetAmountBelowLimit, 'The budget amount is below the limit.');
}

export function budgetTypeRefusal(type: unknown, campaignType: string): Refusal {
  if (type === undefined || type === null) {
    return refuse(CODES.budgetTypeMissing, 'The budget type must be specified.');
  }
  const valid =
    typeof type === 'string' &&
    BUDGET_TYPES.includes(type) &&
    (campaignType === 'Audience' || !AUDIENCE_ONLY_BUDGET_TYPES.includes(type));
  return valid
    ? null
    : refuse(CODES.invalidBudgetType, 'The campaign budget type is missing or is not valid.');
}

/** TimeZone is required on add (1109) and one of the Time Zones guide's values (1014). */
export function timeZoneRefusal(timeZone: unknown): Refusal {
  if (timeZone === undefined || timeZone === null) {
    return refuse(CODES.timeZoneNotEnabled, 'The campaign timezone is required.');
  }
  return typeof timeZone === 'string' && timeZone in MICROSOFT_TIME_ZONES
    ? null
    : refuse(CODES.timeZoneValueInvalid, 'The time zone value is not valid.');
}

/** The type of a new campaign (Search when none is given), or its refusal. */
export function campaignTypeOf(type: unknown, types: string[]): { type: string } | { refusal: Refusal } {
  if (type === undefined || type === null) return { type: 'Search' };
  if (typeof type !== 'string' || !types.includes(type)) {
    return { refusal: refuse(CODES.inputValidation, 'CampaignType is not valid.') };
  }
  if (TYPES_WITH_REQUIRED_SETTINGS.includes(type)) {
    return {
      refusal: refuse(CODES.campaignSettingsRequired, 'The required campaign settings were not specified.'),
    };
  }
  return { type };
}

/** Languages from the documented list; Audience campaigns must have them, with All. */
export function languagesRefusal(languages: unknown, campaignType: string): Refusal {
  if (languages === undefined || languages === null) {
    return campaignType === 'Audience'
      ? refuse(CODES.missingLanguage, 'The language is not provided.')
      : null;
  }
  if (
    !Array.isArray(languages) ||
    languages.length === 0 ||
    languages.some((l) => typeof l !== 'string' || !LANGUAGES.includes(l)) ||
    (campaignType === 'Audience' && !languages.includes('All'))
  ) {
    return refuse(CODES.invalidLanguage, 'The language provided is invalid.');
  }
  return null;
}

/** What an UpdateCampaigns item may not change of `campaign`. */
export function campaignUpdateRefusal(account: AccountState, campaign: Campaign, input: Body): Refusal {
  if (
    input.CampaignType !== undefined &&
    input.CampaignType !== null &&
    input.CampaignType !== campaign.CampaignType
  ) {
    return refuse(CODES.campaignTypeImmutable, 'The campaign type field of a campaign cannot be updated.');
  }
  const budgetSent = [input.DailyBudget, input.BudgetType].some((v) => v !== undefined && v !== null);
  if (budgetSent && campaign.BudgetId) {
    return refuse(
      CODES.cannotUpdateSharedBudget,
      'You cannot update shared budget through Campaign Entity, please use Budget entity to update shared budget.',
    );
  }
  if (
    input.TimeZone !== undefined &&
    input.TimeZone !== null &&
    input.TimeZone !== campaign.TimeZone &&
    adGroupsIn(account, campaign.Id).length > 0
  ) {
    return refuse(
      CODES.cannotChangeTimeZone,
      'The campaign time zone cannot be updated, because some of the corresponding ad groups are not in Draft status.',
    );
  }
  return null;
}
