import { findRuntime } from '../../adsets/instants.js';
import { isBudget, type NewAdSet, type Targeting } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { majorUnits } from '../budget-units.js';
import type { FieldParams } from './errors.js';
import { BUDGET_MODES, operationStatus } from './mapping.js';

/**
 * What an ad group needs besides what the unified model says, by campaign objective: the goal it
 * optimizes for and what is billed. Objectives that need a pixel, an app or a catalog are not offered.
 */
export const DELIVERY: Record<
  string,
  { optimization_goal: string; billing_event: string; promotion_type?: string }
> = {
  REACH: { optimization_goal: 'REACH', billing_event: 'CPM' },
  TRAFFIC: { optimization_goal: 'CLICK', billing_event: 'CPC', promotion_type: 'WEBSITE' },
  VIDEO_VIEWS: { optimization_goal: 'ENGAGED_VIEW', billing_event: 'CPV' },
};

/** TikTok's schedule times: UTC+0, `YYYY-MM-DD HH:MM:SS`. */
export const tiktokTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * An AudienceTargeting as `audience_ids` and `excluded_audience_ids` (AdgroupCreateBody and
 * AdgroupUpdateBody), both sent: in an update, empty lists remove the ad group's audiences.
 */
export function audienceFields(targetings: Targeting[]): {
  body: Record<string, unknown>;
  params: FieldParams;
} {
  const i = targetings.findIndex((t) => t.kind === 'AudienceTargeting');
  const targeting = targetings[i];
  if (targeting?.kind !== 'AudienceTargeting') return { body: {}, params: {} };
  return {
    body: { audience_ids: targeting.include, excluded_audience_ids: targeting.exclude },
    params: { audience_ids: `targetings[${i}].include`, excluded_audience_ids: `targetings[${i}].exclude` },
  };
}

/** The `/adgroup/create/` body (AdgroupCreateBody) and the unified names of its fields. */
export function adGroupCreateBody(
  input: NewAdSet,
  account: AdAccount,
  objective: string,
  zipcodeIds: string[],
  now = new Date(),
): { body: Record<string, unknown>; params: FieldParams } {
  const delivery = DELIVERY[objective];
  if (!delivery) {
    throw new PlatformInputError(
      'parentId',
      `adlink creates TikTok ad groups in ${Object.keys(DELIVERY).join(', ')} campaigns; this one is ${objective}.`,
    );
  }
  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length !== 1) {
    throw new PlatformInputError('settings', 'TikTok ad groups need exactly one DailyBudget or TotalBudget.');
  }
  const { s: budget, i } = budgets[0]!;
  const geo = input.targetings.findIndex((t) => t.kind === 'GeoTargeting');
  if (geo < 0) {
    throw new PlatformInputError(
      'targetings',
      'TikTok ad groups need a location: add a GeoTargeting with zip codes.',
    );
  }
  // Without a Runtime the ad group starts now; without an end TikTok runs it "from now" (ten years).
  const found = findRuntime(input.settings);
  const end = found?.runtime.end;
  const audiences = audienceFields(input.targetings);
  return {
    body: {
      advertiser_id: account.id,
      campaign_id: input.parentId,
      adgroup_name: input.name,
      operation_status: operationStatus(input.status),
      budget_mode: BUDGET_MODES[budget.kind],
      budget: majorUnits(budget, `settings[${i}]`, account),
      schedule_type: end ? 'SCHEDULE_START_END' : 'SCHEDULE_FROM_NOW',
      schedule_start_time: tiktokTime(found ? new Date(found.runtime.start) : now),
      ...(end ? { schedule_end_time: tiktokTime(new Date(end)) } : {}),
      pacing: 'PACING_MODE_SMOOTH',
      // adlink sets no bids: the lowest cost per result. Required under Campaign Budget Optimization.
      bid_type: 'BID_TYPE_NO_BID',
      // Zip code targeting is offered on TikTok's own placement.
      placement_type: 'PLACEMENT_TYPE_NORMAL',
      placements: ['PLACEMENT_TIKTOK'],
      zipcode_ids: zipcodeIds,
      ...audiences.body,
      ...delivery,
    },
    params: {
      adgroup_name: 'name',
      campaign_id: 'parentId',
      advertiser_id: 'advertiser',
      budget: `settings[${i}].budget`,
      budget_mode: `settings[${i}]`,
      zipcode_ids: `targetings[${geo}]`,
      location_ids: `targetings[${geo}]`,
      ...audiences.params,
      ...(found
        ? {
            schedule_end_time: `settings[${found.i}].end`,
            schedule_start_time: `settings[${found.i}].start`,
            schedule_type: `settings[${found.i}]`,
          }
        : {}),
    },
  };
}
