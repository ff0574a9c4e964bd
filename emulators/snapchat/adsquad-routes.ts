import { type Request, type Response, Router } from 'express';
import { newAdSquad, updatedAdSquad } from './adsquad-input.js';
import { ERROR_CODES, invalid, notFound, requestId, SnapError, sendEntities } from './envelope.js';
import type { AdSquad, Campaign } from './model.js';
import { renderers } from './render.js';
import type { SnapState } from './state.js';

type Outcome = { squad: AdSquad } | { error: SnapError; sent: unknown };

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
    if (!campaign) throw notFound('campaign', req.params.id as string);
    return campaign;
  };
  const squadsOf = (req: Request): unknown[] => {
    const squads = (req.body as { adsquads?: unknown } | undefined)?.adsquads;
    if (!Array.isArray(squads) || squads.length === 0) throw invalid('adsquads', 'must be a non-empty list');
    return squads;
  };
  const attempt = (sent: unknown, work: () => AdSquad): Outcome => {
    try {
      return { squad: work() };
    } catch (err) {
      if (!(err instanceof SnapError)) throw err;
      return { error: err, sent };
    }
  };

  /** Every squad succeeded: SUCCESS. Any failed: HTTP 400 ERROR, the others still applied. */
  const answer = (res: Response, outcomes: Outcome[]) => {
    const failed = outcomes.find((o): o is Extract<Outcome, { error: SnapError }> => 'error' in o);
    if (!failed) {
      return sendEntities(
        res,
        'adsquads',
        'adsquad',
        outcomes.map((o) => render.adSquad((o as { squad: AdSquad }).squad)),
      );
    }
    res.status(400).json({
      request_status: 'ERROR',
      request_id: requestId(),
      debug_message: failed.error.message,
      display_message: failed.error.message,
      error_code: ERROR_CODES.invalid,
      adsquads: outcomes.map((o) =>
        'error' in o
          ? { sub_request_status: 'ERROR', sub_request_error_reason: o.error.message, adsquad: o.sent }
          : { sub_request_status: 'SUCCESS', adsquad: render.adSquad(o.squad) },
      ),
    });
  };

  router.post('/campaigns/:id/adsquads', (req, res) => {
    const campaign = campaignOf(req);
    const outcomes = squadsOf(req).map((sent) =>
      attempt(sent, () => state.addAdSquad(campaign, newAdSquad(sent, campaign, new Date()))),
    );
    answer(res, outcomes);
  });

  router.put('/campaigns/:id/adsquads', (req, res) => {
    const campaign = campaignOf(req);
    const outcomes = squadsOf(req).map((sent) =>
      attempt(sent, () => {
        const id = (sent as { id?: unknown } | null)?.id;
        const current = typeof id === 'string' ? state.adSquads.get(id) : undefined;
        if (!current || current.deleted || current.campaign_id !== campaign.id) {
          throw notFound('ad squad', String(id));
        }
        return state.replaceAdSquad(current, updatedAdSquad(sent, current, campaign, new Date()));
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
