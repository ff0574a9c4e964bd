import { type Budget, isBudget, type Setting } from '../../adsets/model.js';
import type { CampaignChanges, NewCampaign } from '../../campaigns/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { majorUnits } from '../budget-units.js';
import { channelKind, DAILY_BUDGET_TYPES, sharesBudget } from './mapping.js';
import type { Campaign } from './model.js';

/** A new campaign's budget is spread over the day (DailyBudgetAccelerated is for Audience campaigns only). */
const NEW_BUDGET_TYPE = 'DailyBudgetStandard';
/**
 * A new campaign targets every language: an ad group needs a language unless its campaign has them
 * (and adlink sets none on ad groups), and Audience campaigns must have "All" (Campaign data object,
 * Languages).
 */
const ALL_LANGUAGES = ['All'];
const MICROSOFT_STATUS = { Running: 'Active', Paused: 'Paused' } as const;

/** The campaign status a unified one is written as (only Running and Paused are declared settable). */
export const campaignStatusOf = (status: string) =>
  MICROSOFT_STATUS[status as keyof typeof MICROSOFT_STATUS] ?? 'Paused';

/** The budget among settings, with its index. */
function budgetOf(settings: Setting[]): { setting: Budget; i: number } | undefined {
  const i = settings.findIndex(isBudget);
  const setting = settings[i];
  return setting && isBudget(setting) ? { setting, i } : undefined;
}

/** Microsoft's refusals of a campaign's fields, as unified parameters, for a change with `settings`. */
export function campaignParams(settings: Setting[] = []): Record<string, string | undefined> {
  const budget = budgetOf(settings)?.i ?? -1;
  const amount = budget < 0 ? 'settings' : `settings[${budget}].budget`;
  return {
    CampaignServiceInvalidCampaignName: 'name',
    CampaignServiceCannotCreateDuplicateCampaign: 'name',
    CampaignServiceInvalidCampaignStatus: 'status',
    CampaignServiceCampaignTypeImmutable: 'objective',
    CampaignServiceCampaignSettingsRequired: 'objective',
    CampaignServiceInvalidDailyBudget: amount,
    CampaignServiceBudgetAmountMissing: amount,
    CampaignServiceBudgetAmountIsAboveLimit: amount,
    CampaignServiceBudgetAmountIsBelowLimit: amount,
    CampaignServiceCannotUpdateSharedBudget: budget < 0 ? 'settings' : `settings[${budget}]`,
  };
}

/**
 * The AddCampaigns body of a new campaign in `account`. Microsoft requires a name, a budget type and
 * amount (or a shared budget, which adlink does not create) and a time zone: the account's, in which
 * the ad groups' start and end dates are then read. The CampaignType is the unified objective.
 */
export function addCampaignsBody(input: NewCampaign, account: AdAccount, timeZone: string | undefined) {
  if (input.channelKind && input.channelKind !== channelKind(input.objective)) {
    throw new PlatformInputError(
      'channelKind',
      `${input.objective} campaigns run on ${channelKind(input.objective)}: the objective chooses the channel.`,
    );
  }
  const budget = budgetOf(input.settings);
  if (!budget) {
    throw new PlatformInputError('settings', 'A Microsoft Advertising campaign needs a DailyBudget setting.');
  }
  if (!timeZone) {
    throw new PlatformInputError(
      'advertiser',
      `Microsoft Advertising names no time zone for ad account ${account.id}, which a new campaign needs.`,
    );
  }
  return {
    AccountId: account.id,
    Campaigns: [
      {
        Name: input.name,
        CampaignType: input.objective,
        Status: campaignStatusOf(input.status),
        BudgetType: NEW_BUDGET_TYPE,
        DailyBudget: majorUnits(budget.setting, `settings[${budget.i}]`, account),
        TimeZone: timeZone,
        Languages: ALL_LANGUAGES,
      },
    ],
  };
}

/**
 * The UpdateCampaigns body of a change (fields left out keep their values). A campaign on a shared
 * budget cannot change it here: the amount is the shared Budget's, which other campaigns spend too.
 */
export function updateCampaignsBody(changes: CampaignChanges, campaign: Campaign, account: AdAccount) {
  const budget = budgetOf(changes.settings ?? []);
  if (budget && sharesBudget(campaign)) {
    throw new PlatformInputError(
      `settings[${budget.i}]`,
      `Campaign ${campaign.Id} spends a shared budget (${campaign.BudgetId}), which is read-only through adlink: change it in Microsoft Advertising.`,
    );
  }
  if (budget && !DAILY_BUDGET_TYPES.includes(campaign.BudgetType ?? '')) {
    throw new PlatformInputError(
      `settings[${budget.i}]`,
      `Campaign ${campaign.Id} has a ${campaign.BudgetType} budget, which adlink reads but does not change.`,
    );
  }
  return {
    AccountId: account.id,
    Campaigns: [
      {
        Id: campaign.Id,
        ...(changes.name === undefined ? {} : { Name: changes.name }),
        ...(changes.status === undefined ? {} : { Status: campaignStatusOf(changes.status) }),
        ...(budget ? { DailyBudget: majorUnits(budget.setting, `settings[${budget.i}]`, account) } : {}),
      },
    ],
  };
}
