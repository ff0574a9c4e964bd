import { isBudget } from '../../adsets/model.js';
import type { CampaignChanges, NewCampaign } from '../../campaigns/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { metaBudget } from './adset-body.js';
import type { ParamSource } from './errors.js';
import { META_STATUS } from './mapping.js';

/**
 * The objectives Meta's API creates campaigns with: the outcome-based ones (the SDK's
 * `Campaign.Objective` still lists the legacy values, which new campaigns cannot use).
 */
export const CAMPAIGN_OBJECTIVES = [
  'OUTCOME_AWARENESS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_SALES',
  'OUTCOME_APP_PROMOTION',
];

type Form = { params: Record<string, string>; sources: ParamSource[] };

/** The campaign budget settings as Meta's `daily_budget`/`lifetime_budget`, with their sources. */
function campaignBudget(settings: CampaignChanges['settings'], account: AdAccount | undefined, form: Form) {
  const budgets = (settings ?? []).flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length > 1) {
    throw new PlatformInputError(
      'settings',
      'A Meta campaign has one budget: a DailyBudget or a TotalBudget.',
    );
  }
  for (const { s, i } of budgets) {
    const [name, amount] = metaBudget(s, i, account!);
    form.params[name] = amount;
    form.sources.push([name, `settings[${i}].budget`], ['budget', `settings[${i}].budget`]);
  }
  return budgets.length > 0;
}

/**
 * The parameters of `POST /act_{id}/campaigns`. Meta requires `special_ad_categories`: adlink sends
 * none (`[]`), as it has no parameter for housing, credit, employment or political ads. A campaign
 * budget (Advantage campaign budget) keeps Meta's default bid strategy (LOWEST_COST_WITHOUT_CAP);
 * without one, the ad sets have their budgets and do not share them (`is_adset_budget_sharing_enabled`
 * is false), which Meta requires to be said from v24.0 on.
 */
export function toMetaCampaign(input: NewCampaign, account: AdAccount): Form {
  const form: Form = {
    params: {
      name: input.name,
      objective: input.objective,
      status: META_STATUS[input.status as keyof typeof META_STATUS],
      special_ad_categories: '[]',
      buying_type: 'AUCTION',
    },
    sources: [],
  };
  if (!campaignBudget(input.settings, account, form)) {
    form.params.is_adset_budget_sharing_enabled = 'false';
  }
  form.sources.push(['objective', 'objective'], ['name', 'name'], ['status', 'status']);
  return form;
}

/**
 * The parameters of `POST /{campaign_id}`: name, status and the campaign budget; `account` (with its
 * currency) is needed when the budget changes. Deleted goes through DELETE.
 */
export function toMetaCampaignChanges(changes: CampaignChanges, account?: AdAccount): Form {
  const form: Form = { params: {}, sources: [] };
  if (changes.name !== undefined) form.params.name = changes.name;
  if (changes.status !== undefined && changes.status !== 'Deleted') {
    form.params.status = META_STATUS[changes.status];
  }
  campaignBudget(changes.settings, account, form);
  form.sources.push(['name', 'name'], ['status', 'status']);
  return form;
}
