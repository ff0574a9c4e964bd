import { type Request, type Response, Router } from 'express';
import { newAdSquad, updatedAdSquad } from './adsquad-input.js';
import { answerBatch, attempt, entitiesOf, type Outcome } from './batch.js';
import { notFound, requestId } from './envelope.js';
import type { AdSquad, Campaign } from './model.js';
import { renderers } from './render.js';
import type { SnapState } from './state.js';

/**
 * Ad squad writes: `POST` (create) and `PUT` (full update) on `/campaigns/{id}/adsquads` with a body
 * `{"adsquads": [{…}]}`, each squad answered with its own `sub_request_status`; `DELETE /adsquads/{id}`
 * marks the squad deleted (read back with `read_deleted_entities=true`).
 */
export function adSquadRoutes(state: SnapState): Router {
  const router = Router();
  const render = renderers(state, false);

  const campaignOf = (req: Request): Campaign => {
    const campaign = state.campaigns.get(req.params.id as string);
    if (!campaign || campaign.deleted) throw notFound('campaign', req.params.id as string);
    return campaign;
  };
  const answer = (res: Response, outcomes: Outcome<AdSquad>[]) =>
    answerBatch(res, ['adsquads', 'adsquad'], outcomes, render.adSquad);

  router.post('/campaigns/:id/adsquads', (req, res) => {
    const campaign = campaignOf(req);
    const outcomes = entitiesOf(req, 'adsquads').map((sent) =>
      attempt(sent, () => state.addAdSquad(campaign, newAdSquad(sent, campaign, state.segments, new Date()))),
    );
    answer(res, outcomes);
  });

  router.put('/campaigns/:id/adsquads', (req, res) => {
    const campaign = campaignOf(req);
    const outcomes = entitiesOf(req, 'adsquads').map((sent) =>
      attempt(sent, () => {
        const id = (sent as { id?: unknown } | null)?.id;
        const current = typeof id === 'string' ? state.adSquads.get(id) : undefined;
        if (!current || current.deleted || current.campaign_id !== campaign.id) {
          throw notFound('ad squad', String(id));
        }
        return state.replaceAdSquad(
          current,
          updatedAdSquad(sent, current, campaign, state.segments, new Date()),
        );
      }),
    );
    answer(res, outcomes);
  });

  router.delete('/adsquads/:id', (req, res) => {
    const squad = state.adSquads.get(req.params.id);
    if (!squad || squad.deleted) throw notFound('ad squad', req.params.id);
    Object.assign(squad, { deleted: true, updated_at: state.now() });
    res.json({ request_status: 'SUCCESS', request_id: requestId() });
  });

  return router;
}
