import express, { type Request, Router } from 'express';
import { newAd, newCreative, updatedAd, updatedCreative } from './ad-input.js';
import { answerBatch, attempt, entitiesOf } from './batch.js';
import { notFound, requestId } from './envelope.js';
import { type Ad, type AdSquad, REVIEW_STATUSES, type ReviewStatus } from './model.js';
import { renderers } from './render.js';
import type { SnapState } from './state.js';

/**
 * Creative and ad writes: `POST` (create) and `PUT` (full update) on `/adaccounts/{id}/creatives`
 * (`{"creatives": [{…}]}`) and `/adsquads/{id}/ads` (`{"ads": [{…}]}`), each entity answered with its own
 * `sub_request_status`; `DELETE /ads/{id}` marks the ad deleted (read back with `read_deleted_entities`).
 * A new ad is PENDING review until the test control decides it.
 */
export function adRoutes(state: SnapState): Router {
  const router = Router();
  const render = renderers(state, false);

  const accountOf = (req: Request): string => {
    const account = state.adAccounts.get(req.params.id as string);
    if (!account) throw notFound('ad account', req.params.id as string);
    return account.id;
  };
  const squadOf = (req: Request): AdSquad => {
    const squad = state.adSquads.get(req.params.id as string);
    if (!squad || squad.deleted) throw notFound('ad squad', req.params.id as string);
    return squad;
  };
  const idOf = (sent: unknown) => {
    const id = (sent as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : String(id);
  };

  router.post('/adaccounts/:id/creatives', (req, res) => {
    const account = accountOf(req);
    const outcomes = entitiesOf(req, 'creatives').map((sent) =>
      attempt(sent, () => state.addCreative(account, newCreative(state, sent, account))),
    );
    answerBatch(res, ['creatives', 'creative'], outcomes, render.creative);
  });

  router.put('/adaccounts/:id/creatives', (req, res) => {
    const account = accountOf(req);
    const outcomes = entitiesOf(req, 'creatives').map((sent) =>
      attempt(sent, () => {
        const current = state.creatives.get(idOf(sent));
        if (current?.ad_account_id !== account) throw notFound('creative', idOf(sent));
        return state.replaceCreative(current, updatedCreative(state, sent, current));
      }),
    );
    answerBatch(res, ['creatives', 'creative'], outcomes, render.creative);
  });

  router.post('/adsquads/:id/ads', (req, res) => {
    const squad = squadOf(req);
    const outcomes = entitiesOf(req, 'ads').map((sent) =>
      attempt(sent, () => state.addAd(squad, newAd(state, sent, squad))),
    );
    answerBatch(res, ['ads', 'ad'], outcomes, render.ad);
  });

  router.put('/adsquads/:id/ads', (req, res) => {
    const squad = squadOf(req);
    const outcomes = entitiesOf(req, 'ads').map((sent) =>
      attempt(sent, () => {
        const current = state.ads.get(idOf(sent));
        if (!current || current.deleted || current.ad_squad_id !== squad.id) throw notFound('ad', idOf(sent));
        return state.replaceAd(current, updatedAd(state, sent, current, squad));
      }),
    );
    answerBatch(res, ['ads', 'ad'], outcomes, render.ad);
  });

  router.delete('/ads/:id', (req, res) => {
    const ad = state.ads.get(req.params.id);
    if (!ad || ad.deleted) throw notFound('ad', req.params.id);
    Object.assign(ad, { deleted: true, updated_at: state.now() });
    res.json({ request_status: 'SUCCESS', request_id: requestId() });
  });

  return router;
}

/**
 * `POST /_emulator/ad-review` `{ad_id, review_status, review_status_reasons?}`: Snap's review of an ad,
 * decided by a test (reasons only with REJECTED, where at least one is needed).
 */
export function reviewControl(state: SnapState): Router {
  const router = Router();
  router.post('/_emulator/ad-review', express.json({ limit: '10kb' }), (req, res) => {
    const {
      ad_id,
      review_status,
      review_status_reasons: reasons = [],
    } = (req.body ?? {}) as Record<string, unknown>;
    const ad = typeof ad_id === 'string' ? state.ads.get(ad_id) : undefined;
    if (!ad) return res.status(404).json({ error: 'give the ad_id of an existing ad' });
    if (!REVIEW_STATUSES.includes(review_status as ReviewStatus)) {
      return res.status(400).json({ error: `review_status must be one of ${REVIEW_STATUSES.join(', ')}` });
    }
    if (!Array.isArray(reasons) || !reasons.every((r) => typeof r === 'string')) {
      return res.status(400).json({ error: 'review_status_reasons must be a list of strings' });
    }
    if ((review_status === 'REJECTED') !== reasons.length > 0) {
      return res.status(400).json({ error: 'give review_status_reasons with REJECTED, and only then' });
    }
    const review: Pick<Ad, 'review_status' | 'review_status_reasons'> = {
      review_status: review_status as ReviewStatus,
      ...(reasons.length ? { review_status_reasons: reasons } : {}),
    };
    delete ad.review_status_reasons;
    Object.assign(ad, review);
    res.json({ ad_id: ad.id, ...review });
  });
  return router;
}
