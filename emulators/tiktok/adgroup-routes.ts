import { Router } from 'express';
import { advertiserOf, handle } from './access.js';
import {
  type AdGroupCreateBody,
  adGroupCreateBody,
  adGroupStatusUpdateBody,
  adGroupUpdateBody,
  parseBody,
} from './adgroup-input.js';
import { checkBudget } from './budgets.js';
import { answer, invalid } from './envelope.js';
import type { AdGroup, Advertiser } from './model.js';
import type { TikTokState } from './state.js';
import { adGroupOut } from './wire.js';
import { zipcodeById } from './zipcodes.js';

/** Objectives whose ad groups need no `promotion_type` (the SDK's AdgroupCreateBody description). */
const NO_PROMOTION_TYPE = ['REACH', 'VIDEO_VIEWS', 'ENGAGEMENT'];

function checkTargeting(body: { zipcode_ids?: string[] | undefined }): void {
  const unknown = body.zipcode_ids?.find((zip) => !zipcodeById(zip));
  if (unknown) throw invalid('zipcode_ids', `Invalid zip code id ${unknown}.`);
}

function checkUniqueName(state: TikTokState, campaignId: string, name: string, except?: string): void {
  const taken = [...state.adGroups.values()].some(
    (g) => g.campaign_id === campaignId && !g.deleted && g.adgroup_name === name && g.adgroup_id !== except,
  );
  if (taken) throw invalid('adgroup_name', 'Ad group name already exists in this campaign.');
}

function checkCreate(state: TikTokState, advertiser: Advertiser, body: AdGroupCreateBody) {
  const campaign = state.campaigns.get(body.campaign_id);
  if (!campaign || campaign.advertiser_id !== advertiser.advertiser_id || campaign.deleted) {
    throw invalid('campaign_id', 'Campaign does not exist.');
  }
  if (!body.location_ids?.length && !body.zipcode_ids?.length) {
    throw invalid('location_ids', 'Either location_ids or zipcode_ids is required.');
  }
  if (body.placement_type === 'PLACEMENT_TYPE_NORMAL' && !body.placements) {
    throw invalid('placements', 'Required when placement_type is PLACEMENT_TYPE_NORMAL.');
  }
  if (!NO_PROMOTION_TYPE.includes(campaign.objective_type) && !body.promotion_type) {
    throw invalid('promotion_type', `Required for the objective ${campaign.objective_type}.`);
  }
  const endless = body.schedule_type === 'SCHEDULE_FROM_NOW';
  if (body.budget_mode === 'BUDGET_MODE_TOTAL' && endless) {
    throw invalid('schedule_type', 'Must be SCHEDULE_START_END when budget_mode is BUDGET_MODE_TOTAL.');
  }
  if (!endless && !body.schedule_end_time) {
    throw invalid('schedule_end_time', 'Required when schedule_type is SCHEDULE_START_END.');
  }
  if (body.schedule_end_time && body.schedule_end_time <= body.schedule_start_time) {
    throw invalid('schedule_end_time', 'Must be later than schedule_start_time.');
  }
  checkBudget(body.budget, advertiser.currency);
  checkTargeting(body);
  checkUniqueName(state, campaign.campaign_id, body.adgroup_name);
}

/** With SCHEDULE_FROM_NOW, TikTok sets the end ten years after the start. */
const tenYearsAfter = (start: string) => `${Number(start.slice(0, 4)) + 10}${start.slice(4)}`;

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
      const created = state.addAdGroup({
        ...fields,
        deleted: false,
        schedule_end_time: body.schedule_end_time ?? tenYearsAfter(body.schedule_start_time),
        placements: body.placements ?? [],
        location_ids: body.location_ids ?? [],
        zipcode_ids: body.zipcode_ids ?? [],
        search_keywords: body.search_keywords ?? [],
      });
      answer(res, adGroupOut(state, created));
    }),
  );

  router.post(
    '/adgroup/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const { advertiser_id: _, adgroup_id, ...changes } = parseBody(adGroupUpdateBody, req.body);
      const adGroup = writable(advertiser, adgroup_id, 'adgroup_id');
      if (changes.budget !== undefined) checkBudget(changes.budget, advertiser.currency);
      if (changes.adgroup_name !== undefined) {
        checkUniqueName(state, adGroup.campaign_id, changes.adgroup_name, adgroup_id);
      }
      checkTargeting(changes);
      Object.assign(adGroup, changes, { modify_time: state.now() });
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
