import { isBudget } from '../../adsets/model.js';
import type { CampaignChanges, NewCampaign } from '../../campaigns/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { majorUnits } from '../budget-units.js';
import type { FieldParams } from './errors.js';
import { BUDGET_MODES } from './mapping.js';
import type { TikTokCampaign } from './model.js';

/** A campaign without a budget of its own: its ad groups' budgets alone limit it. */
const NO_LIMIT = 'BUDGET_MODE_INFINITE';

const budgetOf = (settings: NewCampaign['settings']) => {
  const i = settings.findIndex(isBudget);
  const budget = settings[i];
  return budget && isBudget(budget) ? { budget, i } : undefined;
};

/**
 * The `/campaign/create/` body (CampaignCreateBody) and the unified names of its fields. A budget is
 * a cap over the campaign's ad groups, which keep their own: Campaign Budget Optimization stays off.
 * The status is set afterwards with `/campaign/status/update/` (`operation_status` on create is
 * allowlist-only, and ignored without the allowlist).
 */
export function campaignCreateBody(
  input: NewCampaign,
  account: AdAccount,
): { body: Record<string, unknown>; params: FieldParams } {
  const found = budgetOf(input.settings);
  return {
    body: {
      advertiser_id: account.id,
      campaign_name: input.name,
      objective_type: input.objective,
      budget_mode: found ? BUDGET_MODES[found.budget.kind] : NO_LIMIT,
      ...(found ? { budget: majorUnits(found.budget, `settings[${found.i}]`, account) } : {}),
      budget_optimize_on: false,
    },
    params: {
      advertiser_id: 'advertiser',
      campaign_name: 'name',
      objective_type: 'objective',
      ...(found ? { budget: `settings[${found.i}].budget`, budget_mode: `settings[${found.i}]` } : {}),
    },
  };
}

/**
 * The `/campaign/update/` body (CampaignUpdateBody) for a new name or budget amount; null when
 * nothing but the status changes. TikTok keeps a campaign's budget mode for its whole life, so a
 * campaign created without a limit cannot be given a budget.
 */
export function campaignUpdateBody(
  changes: CampaignChanges,
  current: TikTokCampaign,
  account: AdAccount,
): { body: Record<string, unknown>; params: FieldParams } | null {
  const body: Record<string, unknown> = {};
  const params: FieldParams = { campaign_name: 'name' };
  if (changes.name !== undefined) body.campaign_name = changes.name;
  const found = budgetOf(changes.settings ?? []);
  if (found) {
    if (current.budget_mode === NO_LIMIT) {
      throw new PlatformInputError(
        `settings[${found.i}]`,
        'This TikTok campaign was created without a budget, and TikTok keeps a campaign’s budget mode for its whole life.',
      );
    }
    body.budget = majorUnits(found.budget, `settings[${found.i}]`, account);
    params.budget = `settings[${found.i}].budget`;
  }
  if (Object.keys(body).length === 0) return null;
  return { body: { advertiser_id: account.id, campaign_id: current.campaign_id, ...body }, params };
}
