import { findRuntime } from '../../adsets/instants.js';
import { type Budget, isBudget, type Setting } from '../../adsets/model.js';
import type { CampaignChanges, NewCampaign } from '../../campaigns/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import type { ParamSource } from './errors.js';
import type { PinterestCampaign } from './model.js';
import { scheduleFields } from './schedule.js';
import { PINTEREST_STATUS } from './status.js';

/** Pinterest's objectives (`ObjectiveType`), all of which `POST campaigns` creates. */
export const OBJECTIVES = [
  'AWARENESS',
  'CONSIDERATION',
  'VIDEO_COMPLETION',
  'WEB_CONVERSION',
  'CATALOG_SALES',
];

const SOURCES: ParamSource[] = [
  ['objective_type', 'objective'],
  ['ad_account_id', 'advertiser'],
  ['name', 'name'],
  ['status', 'status'],
];

/**
 * A budget as the campaign's spend cap: DailyBudget is `daily_spend_cap`, TotalBudget
 * `lifetime_spend_cap`; Pinterest takes one of them, so the other is cleared (null) on an update.
 */
function spendCap(s: Budget, i: number, account: AdAccount, clearOther: boolean) {
  const [field, other] =
    s.kind === 'DailyBudget'
      ? ['daily_spend_cap', 'lifetime_spend_cap']
      : ['lifetime_spend_cap', 'daily_spend_cap'];
  const fields: Record<string, unknown> = { [field]: microUnits(s, `settings[${i}]`, account) };
  if (clearOther) fields[other] = null;
  return { fields, sources: [[field, `settings[${i}].budget`]] as ParamSource[] };
}

function onlyOneBudget(settings: Setting[]): void {
  if (settings.filter(isBudget).length > 1) {
    throw new PlatformInputError(
      'settings',
      'A Pinterest campaign has one spend cap: a DailyBudget or a TotalBudget.',
    );
  }
}

/**
 * The `POST campaigns` item: without campaign budget optimization (its ad groups keep their own
 * budgets), the budget as a spend cap over them, the Runtime as its schedule.
 */
export function campaignCreate(input: NewCampaign, account: AdAccount) {
  onlyOneBudget(input.settings);
  const item: Record<string, unknown> = {
    ad_account_id: account.id,
    name: input.name,
    status: PINTEREST_STATUS[input.status as keyof typeof PINTEREST_STATUS],
    objective_type: input.objective,
    is_campaign_budget_optimization: false,
  };
  const sources: ParamSource[] = [];
  input.settings.forEach((s, i) => {
    if (!isBudget(s)) return;
    const cap = spendCap(s, i, account, false);
    Object.assign(item, cap.fields);
    sources.push(...cap.sources);
  });
  const found = findRuntime(input.settings);
  if (found) {
    const schedule = scheduleFields(found.runtime, found.i);
    Object.assign(item, schedule.fields);
    sources.push(...schedule.sources);
  }
  return { item, sources: [...sources, ...SOURCES] };
}

/** The `PATCH campaigns` item for the changes; an unchanged start or end is not sent again. */
export function campaignUpdate(changes: CampaignChanges, campaign: PinterestCampaign, account: AdAccount) {
  const settings = changes.settings ?? [];
  onlyOneBudget(settings);
  const item: Record<string, unknown> = { id: campaign.id, ad_account_id: account.id };
  if (changes.name !== undefined) item.name = changes.name;
  if (changes.status !== undefined && changes.status !== 'Deleted')
    item.status = PINTEREST_STATUS[changes.status];
  const sources: ParamSource[] = [];
  settings.forEach((s, i) => {
    if (isBudget(s)) {
      const other = s.kind === 'DailyBudget' ? campaign.lifetime_spend_cap : campaign.daily_spend_cap;
      const cap = spendCap(s, i, account, other != null);
      Object.assign(item, cap.fields);
      sources.push(...cap.sources);
    } else if (s.kind === 'Runtime') {
      const current = {
        start_time: campaign.start_time ?? campaign.created_time,
        end_time: campaign.end_time,
      };
      const schedule = scheduleFields(s, i, current);
      Object.assign(item, schedule.fields);
      sources.push(...schedule.sources);
    }
  });
  return { item, sources: [...sources, ['archived', 'status'] as ParamSource, ...SOURCES] };
}
