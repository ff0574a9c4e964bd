import { isBudget, type Setting } from '../../adsets/model.js';
import type { CampaignChanges, NewCampaign } from '../../campaigns/model.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import type { FieldSource } from './errors.js';
import { SNAP_STATUS } from './mapping.js';
import type { SnapCampaign } from './model.js';

/** Campaign fields that are read but not written back. */
const DERIVED = ['delivery_status', 'deleted'];
/** A campaign's budget fields: a daily spend cap, or a lifetime one (Snap's TotalBudget). */
const BUDGET_FIELD = { DailyBudget: 'daily_budget_micro', TotalBudget: 'lifetime_spend_cap_micro' } as const;

/**
 * Budgets and Runtime written onto a campaign object: a budget replaces the campaign's spend cap (the
 * other kind is cleared, a campaign has one budget in the unified model); a Runtime sets start and
 * end (an open end clears it).
 */
function applySettings(
  campaign: Record<string, unknown>,
  settings: Setting[],
  account: AdAccount,
  fields: FieldSource[],
): void {
  settings.forEach((setting, i) => {
    if (isBudget(setting)) {
      for (const field of Object.values(BUDGET_FIELD)) delete campaign[field];
      campaign[BUDGET_FIELD[setting.kind]] = microUnits(setting, `settings[${i}]`, account);
      fields.push(
        ['daily_budget_micro', `settings[${i}].budget`],
        ['lifetime_spend_cap_micro', `settings[${i}].budget`],
      );
    } else if (setting.kind === 'Runtime') {
      campaign.start_time = new Date(setting.start).toISOString();
      if (setting.end === undefined) delete campaign.end_time;
      else campaign.end_time = new Date(setting.end).toISOString();
      fields.push(['end_time', `settings[${i}].end`], ['start_time', `settings[${i}].start`]);
    }
  });
}

/**
 * The campaign `POST /adaccounts/{id}/campaigns` creates: the objective as objective v2 properties
 * (Snap's current objectives; the legacy `objective` is not written), and a start (R on the Campaigns
 * page) of now when no Runtime is given.
 */
export function toSnapCampaign(
  input: NewCampaign,
  account: AdAccount,
  now: Date,
): { campaign: Record<string, unknown>; fields: FieldSource[] } {
  const campaign: Record<string, unknown> = {
    ad_account_id: account.id,
    name: input.name,
    status: SNAP_STATUS[input.status],
    start_time: now.toISOString(),
    objective_v2_properties: { objective_v2_type: input.objective },
  };
  const fields: FieldSource[] = [];
  applySettings(campaign, input.settings, account, fields);
  fields.push(
    ['objective_v2_type', 'objective'],
    ['objective', 'objective'],
    ['ad_account_id', 'advertiser'],
    ['name', 'name'],
    ['status', 'status'],
  );
  return { campaign, fields };
}

/** The whole campaign a `PUT /adaccounts/{id}/campaigns` writes (Snap's update replaces it). */
export function toSnapCampaignChanges(
  changes: CampaignChanges,
  current: SnapCampaign,
  account: AdAccount,
): { campaign: Record<string, unknown>; fields: FieldSource[] } {
  const campaign = Object.fromEntries(
    Object.entries(current).filter(([field, value]) => !DERIVED.includes(field) && value !== null),
  );
  const fields: FieldSource[] = [];
  if (changes.name !== undefined) campaign.name = changes.name;
  if (changes.status !== undefined) campaign.status = SNAP_STATUS[changes.status];
  applySettings(campaign, changes.settings ?? [], account, fields);
  fields.push(['name', 'name'], ['status', 'status']);
  return { campaign, fields };
}
