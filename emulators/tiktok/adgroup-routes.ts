import { Router } from 'express';
import { advertiserOf, handle } from './access.js';
import {
  type AdGroupCreateBody,
  adGroupCreateBody,
  adGroupStatusUpdateBody,
  adGroupUpdateBody,
  parseBody,
} from './adgroup-input.js';
import { audienceOf } from './audience-routes.js';
import { checkAdGroupBudget } from './budgets.js';
import { answer, invalid } from './envelope.js';
import type { AdGroup, Advertiser } from './model.js';
import type { TikTokState } from './state.js';
import { adGroupOut } from './wire.js';
import { zipcodeById } from './zipcodes.js';

/** Objectives whose ad groups need no `promotion_type` (the SDK's AdgroupCreateBody description). */
const NO_PROMOTION_TYPE = ['REACH', 'VIDEO_VIEWS', 'ENGAGEMENT'];

function checkTargeting(adGroup: { zipcode_ids: string[] }): void {
  const unknown = adGroup.zipcode_ids.find((zip) => !zipcodeById(zip));
  if (unknown) throw invalid('zipcode_ids', `Invalid zip code id ${unknown}.`);
}

/**
 * The audience lists sent must name custom audiences of the ad group's advertiser, and "If both
 * `audience_ids` and `excluded_audience_ids` are specified, they cannot contain the same IDs"
 * (AdgroupCreateBody, AdgroupUpdateBody) — checked on the lists the ad group holds after the change.
 */
function checkAudiences(
  state: TikTokState,
  advertiserId: string,
  sent: { audience_ids?: string[]; excluded_audience_ids?: string[] },
  held: { audience_ids: string[]; excluded_audience_ids: string[] },
): void {
  for (const field of ['audience_ids', 'excluded_audience_ids'] as const) {
    for (const id of sent[field] ?? []) audienceOf(state, advertiserId, id, field);
  }
  const both = held.excluded_audience_ids.find((id) => held.audience_ids.includes(id));
  if (both) {
    throw invalid('excluded_audience_ids', `Audience ${both} cannot be both included and excluded.`);
  }
}

function checkUniqueName(state: TikTokState, campaignId: string, name: string, except?: string): void {
  const taken = [...state.adGroups.values()].some(
    (g) => g.campaign_id === campaignId && !g.deleted && g.adgroup_name === name && g.adgroup_id !== except,
  );
  if (taken) throw invalid('adgroup_name', 'Ad group name already exists in this campaign.');
}

/** What an ad group's schedule, budget and locations must be, checked on create and after an update. */
function checkDelivery(
  advertiser: Advertiser,
  adGroup: Omit<AdGroup, 'adgroup_id' | 'create_time' | 'modify_time' | 'deleted'>,
) {
  if (!adGroup.location_ids.length && !adGroup.zipcode_ids.length) {
    throw invalid('location_ids', 'Either location_ids or zipcode_ids is required.');
  }
  const endless = adGroup.schedule_type === 'SCHEDULE_FROM_NOW';
  if (adGroup.budget_mode === 'BUDGET_MODE_TOTAL' && endless) {
    throw invalid('schedule_type', 'Must be SCHEDULE_START_END when budget_mode is BUDGET_MODE_TOTAL.');
  }
  if (!endless && !adGroup.schedule_end_time) {
    throw invalid('schedule_end_time', 'Required when schedule_type is SCHEDULE_START_END.');
  }
  if (!endless && adGroup.schedule_end_time <= adGroup.schedule_start_time) {
    throw invalid('schedule_end_time', 'Must be later than schedule_start_time.');
  }
  checkAdGroupBudget(advertiser.currency, adGroup);
  checkTargeting(adGroup);
}

/** "The start time can be up to 12 hours earlier than the current time" (AdgroupCreateBody, AdgroupUpdateBody). */
function checkStart(start: string | undefined, now: number): void {
  if (start !== undefined && Date.parse(`${start.replace(' ', 'T')}Z`) < now - 12 * 3_600_000) {
    throw invalid('schedule_start_time', 'The start time can be at most 12 hours earlier than now.');
  }
}

function checkCreate(state: TikTokState, advertiser: Advertiser, body: AdGroupCreateBody) {
  const campaign = state.campaigns.get(body.campaign_id);
  if (!campaign || campaign.advertiser_id !== advertiser.advertiser_id || campaign.deleted) {
    throw invalid('campaign_id', 'Campaign does not exist.');
  }
  if (body.placement_type === 'PLACEMENT_TYPE_NORMAL' && !body.placements) {
    throw invalid('placements', 'Required when placement_type is PLACEMENT_TYPE_NORMAL.');
  }
  if (!NO_PROMOTION_TYPE.includes(campaign.objective_type) && !body.promotion_type) {
    throw invalid('promotion_type', `Required for the objective ${campaign.objective_type}.`);
  }
  // AdgroupCreateBody: `bid_type` is "Required when Campaign Budget Optimization (CBO) is enabled".
  if (campaign.budget_optimize_on && !body.bid_type) {
    throw invalid('bid_type', 'Required when Campaign Budget Optimization (CBO) is enabled.');
  }
  // A custom bid needs its amount, a field the emulator does not model.
  if (body.bid_type === 'BID_TYPE_CUSTOM') {
    const amount = body.billing_event === 'OCPM' ? 'conversion_bid_price' : 'bid_price';
    throw invalid(amount, 'Required when bid_type is BID_TYPE_CUSTOM.');
  }
  checkStart(body.schedule_start_time, Date.now());
  checkUniqueName(state, campaign.campaign_id, body.adgroup_name);
}

/** With SCHEDULE_FROM_NOW, TikTok sets the end ten years after the start. */
const scheduledEnd = (g: {
  schedule_type: string;
  schedule_start_time: string;
  schedule_end_time?: string;
}) =>
  g.schedule_type === 'SCHEDULE_FROM_NOW'
    ? `${Number(g.schedule_start_time.slice(0, 4)) + 10}${g.schedule_start_time.slice(4)}`
    : (g.schedule_end_time ?? '');

export function adGroupRoutes(state: TikTokState): Router {
  const router = Router();
  /** An ad group of the advertiser, not deleted. */
  const writable = (advertiser: Advertiser, id: string, field: string): AdGroup => {
    const adGroup = state.adGroups.get(id);
    if (!adGroup || adGroup.advertiser_id !== advertiser.advertiser_id) {
      throw invalid(field, `Ad group ${id} does not exist.`);
    }
    if (adGroup.deleted) throw invalid(field, `Ad group ${id} has been deleted and cannot be changed.`);
    return adGroup;
  };

  router.post(
    '/adgroup/create/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(adGroupCreateBody, req.body);
      checkCreate(state, advertiser, body);
      const { request_id: _, ...fields } = body;
      const adGroup = {
        ...fields,
        schedule_end_time: scheduledEnd(body),
        placements: body.placements ?? [],
        location_ids: body.location_ids ?? [],
        zipcode_ids: body.zipcode_ids ?? [],
        search_keywords: body.search_keywords ?? [],
        audience_ids: body.audience_ids ?? [],
        excluded_audience_ids: body.excluded_audience_ids ?? [],
      };
      checkDelivery(advertiser, adGroup);
      checkAudiences(state, advertiser.advertiser_id, body, adGroup);
      answer(res, adGroupOut(state, state.addAdGroup({ ...adGroup, deleted: false })));
    }),
  );

  router.post(
    '/adgroup/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const { advertiser_id: _, adgroup_id, ...changes } = parseBody(adGroupUpdateBody, req.body);
      const adGroup = writable(advertiser, adgroup_id, 'adgroup_id');
      if (changes.adgroup_name !== undefined) {
        checkUniqueName(state, adGroup.campaign_id, changes.adgroup_name, adgroup_id);
      }
      checkStart(changes.schedule_start_time, Date.now());
      const merged = { ...adGroup, ...changes };
      if (changes.schedule_type === 'SCHEDULE_START_END' && changes.schedule_end_time === undefined) {
        throw invalid('schedule_end_time', 'Required when schedule_type is SCHEDULE_START_END.');
      }
      const updated = { ...merged, schedule_end_time: scheduledEnd(merged) };
      checkDelivery(advertiser, updated);
      checkAudiences(state, advertiser.advertiser_id, changes, updated);
      Object.assign(adGroup, updated, { modify_time: state.now() });
      answer(res, adGroupOut(state, adGroup));
    }),
  );

  router.post(
    '/adgroup/status/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(adGroupStatusUpdateBody, req.body);
      const adGroups = body.adgroup_ids.map((id) => writable(advertiser, id, 'adgroup_ids'));
      for (const adGroup of adGroups) {
        if (body.operation_status === 'DELETE') adGroup.deleted = true;
        else adGroup.operation_status = body.operation_status;
        adGroup.modify_time = state.now();
      }
      answer(res, { adgroup_ids: body.adgroup_ids, status: body.operation_status });
    }),
  );
  return router;
}
