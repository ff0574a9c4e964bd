import { Router } from 'express';
import { advertiserOf, handle } from './access.js';
import { parseBody } from './adgroup-input.js';
import { checkCampaignBudget } from './budgets.js';
import { campaignCreateBody, campaignStatusUpdateBody, campaignUpdateBody } from './campaign-input.js';
import { answer, invalid } from './envelope.js';
import type { Advertiser, Campaign } from './model.js';
import type { TikTokState } from './state.js';
import { campaignOut } from './wire.js';

function checkUniqueName(state: TikTokState, advertiserId: string, name: string, except?: string): void {
  const taken = [...state.campaigns.values()].some(
    (c) =>
      c.advertiser_id === advertiserId && !c.deleted && c.campaign_name === name && c.campaign_id !== except,
  );
  if (taken) throw invalid('campaign_name', 'Campaign name already exists.');
}

/** `/campaign/create/`, `/campaign/update/` and `/campaign/status/update/` (CampaignCreationApi). */
export function campaignRoutes(state: TikTokState): Router {
  const router = Router();
  /** A campaign of the advertiser, not deleted ("the status of deleted ads cannot be modified"). */
  const writable = (advertiser: Advertiser, id: string, field: string): Campaign => {
    const campaign = state.campaigns.get(id);
    if (!campaign || campaign.advertiser_id !== advertiser.advertiser_id) {
      throw invalid(field, `Campaign ${id} does not exist.`);
    }
    if (campaign.deleted) throw invalid(field, `Campaign ${id} has been deleted and cannot be changed.`);
    return campaign;
  };

  router.post(
    '/campaign/create/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(campaignCreateBody, req.body);
      if (body.objective_type === 'APP_PROMOTION' && !body.app_promotion_type) {
        throw invalid('app_promotion_type', 'Required when objective_type is APP_PROMOTION.');
      }
      const limited = body.budget_mode !== 'BUDGET_MODE_INFINITE';
      if (limited && body.budget === undefined) {
        throw invalid('budget', 'Required when budget_mode is BUDGET_MODE_DAY or BUDGET_MODE_TOTAL.');
      }
      if (!limited && body.budget !== undefined) {
        throw invalid('budget', 'A campaign with BUDGET_MODE_INFINITE has no budget.');
      }
      if (body.budget_optimize_on && body.budget_mode !== 'BUDGET_MODE_DAY') {
        throw invalid('budget_mode', 'With Campaign Budget Optimization only BUDGET_MODE_DAY is supported.');
      }
      if (body.budget !== undefined) checkCampaignBudget(advertiser.currency, body.budget);
      checkUniqueName(state, advertiser.advertiser_id, body.campaign_name);
      const created: Campaign = {
        advertiser_id: advertiser.advertiser_id,
        campaign_id: state.id(),
        campaign_name: body.campaign_name,
        objective_type: body.objective_type,
        operation_status: 'ENABLE',
        deleted: false,
        budget_mode: body.budget_mode,
        budget: body.budget ?? 0,
        budget_optimize_on: body.budget_optimize_on ?? false,
        create_time: state.now(),
      };
      state.campaigns.set(created.campaign_id, created);
      answer(res, campaignOut(state, created));
    }),
  );

  router.post(
    '/campaign/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const { campaign_id, campaign_name, budget } = parseBody(campaignUpdateBody, req.body);
      const campaign = writable(advertiser, campaign_id, 'campaign_id');
      if (campaign_name !== undefined) {
        checkUniqueName(state, advertiser.advertiser_id, campaign_name, campaign_id);
      }
      if (budget !== undefined) {
        if (campaign.budget_mode === 'BUDGET_MODE_INFINITE') {
          throw invalid(
            'budget',
            'The campaign has no budget limit (BUDGET_MODE_INFINITE); its budget mode cannot change.',
          );
        }
        checkCampaignBudget(advertiser.currency, budget);
        campaign.budget = budget;
      }
      if (campaign_name !== undefined) campaign.campaign_name = campaign_name;
      answer(res, campaignOut(state, campaign));
    }),
  );

  router.post(
    '/campaign/status/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(campaignStatusUpdateBody, req.body);
      const campaigns = body.campaign_ids.map((id) => writable(advertiser, id, 'campaign_ids'));
      for (const campaign of campaigns) {
        if (body.operation_status === 'DELETE') campaign.deleted = true;
        else campaign.operation_status = body.operation_status;
      }
      answer(res, { campaign_ids: body.campaign_ids, status: body.operation_status });
    }),
  );
  return router;
}
