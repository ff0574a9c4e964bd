import { Router } from 'express';
import { answerBatch, attempt, entitiesOf } from './batch.js';
import { newCampaign, updatedCampaign } from './campaign-input.js';
import { notFound, requestId } from './envelope.js';
import type { AdAccount, Campaign } from './model.js';
import { renderers } from './render.js';
import type { SnapState } from './state.js';

/**
 * Campaign writes: `POST` (create) and `PUT` (full update) on `/adaccounts/{id}/campaigns` with a body
 * `{"campaigns": [{…}]}`, each answered with its own `sub_request_status`; `DELETE /campaigns/{id}`
 * marks the campaign deleted (read back with `read_deleted_entities=true`).
 */
export function campaignRoutes(state: SnapState): Router {
  const router = Router();
  const render = renderers(state, false);
  const accountOf = (id: string): AdAccount => {
    const account = state.adAccounts.get(id);
    if (!account) throw notFound('ad account', id);
    return account;
  };
  const entity = ['campaigns', 'campaign'] as [string, string];

  router.post('/adaccounts/:id/campaigns', (req, res) => {
    const account = accountOf(req.params.id);
    const outcomes = entitiesOf(req, 'campaigns').map((sent) =>
      attempt(sent, () => {
        const time = state.now();
        const campaign: Campaign = {
          ...newCampaign(sent, account.id, new Date()),
          id: state.id(),
          created_at: time,
          updated_at: time,
          deleted: false,
        };
        state.campaigns.set(campaign.id, campaign);
        return campaign;
      }),
    );
    answerBatch(res, entity, outcomes, render.campaign);
  });

  router.put('/adaccounts/:id/campaigns', (req, res) => {
    const account = accountOf(req.params.id);
    const outcomes = entitiesOf(req, 'campaigns').map((sent) =>
      attempt(sent, () => {
        const id = (sent as { id?: unknown } | null)?.id;
        const current = typeof id === 'string' ? state.campaigns.get(id) : undefined;
        if (!current || current.deleted || current.ad_account_id !== account.id) {
          throw notFound('campaign', String(id));
        }
        // A full update: omitted optional fields (an end, a spend cap) are cleared.
        const campaign: Campaign = {
          ...updatedCampaign(sent, current, new Date()),
          id: current.id,
          created_at: current.created_at,
          updated_at: state.now(),
          deleted: false,
        };
        state.campaigns.set(campaign.id, campaign);
        return campaign;
      }),
    );
    answerBatch(res, entity, outcomes, render.campaign);
  });

  router.delete('/campaigns/:id', (req, res) => {
    const campaign = state.campaigns.get(req.params.id);
    if (!campaign || campaign.deleted) throw notFound('campaign', req.params.id);
    Object.assign(campaign, { deleted: true, updated_at: state.now() });
    res.json({ request_status: 'SUCCESS', request_id: requestId() });
  });

  return router;
}
