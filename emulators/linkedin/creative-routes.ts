import express, { type Request, type Response, Router } from 'express';
import { accountOf, finder, handle, list, page } from './api-routes.js';
import { creativeErrors, creativePatchErrors } from './content-rules.js';
import { readPatch } from './patch.js';
import { liError, refuseInput, restliMethod } from './protocol.js';
import { type Creative, idOf, type LinkedInState, urn } from './state.js';

/** The review outcomes the test control sets (`CreativeReview.status`). */
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'NEEDS_REVIEW'];

/**
 * `/rest/adAccounts/{id}/creatives`: the criteria finder, create (a creative sponsoring a dark post),
 * get, PARTIAL_UPDATE (name and intendedStatus) and delete (DRAFT creatives only; any other is moved
 * to PENDING_DELETION by a partial update), as "Create and Manage Creatives" describes them.
 */
export function creativeRoutes(state: LinkedInState): Router {
  const router = Router();
  const view = (c: Creative) => {
    const holds = state.servingHoldReasons(c);
    return {
      ...c,
      isServing: holds.length === 0,
      ...(holds.length > 0 ? { servingHoldReasons: holds } : {}),
    };
  };
  const creativeOf = (req: Request, res: Response) => {
    const found = accountOf(state, req, res);
    if (!found) return undefined;
    const creative = state.creatives.get(idOf(String(req.params.creative)));
    if (!creative || creative.account !== urn.account(found.id) || creative.intendedStatus === 'REMOVED') {
      return void liError(
        res,
        404,
        'NOT_FOUND',
        `Creative ${req.params.creative} does not exist in ad account ${found.id}.`,
      );
    }
    return creative;
  };

  router.get(
    '/rest/adAccounts/:account/creatives',
    handle((req, res) => {
      const found = accountOf(state, req, res);
      if (!found) return;
      const params = finder(req, 'criteria');
      const campaigns = list(params.campaigns);
      const ids = list(params.creatives);
      const statuses = list(params.intendedStatuses);
      const creatives = [...state.creatives.values()].filter(
        (c) =>
          c.account === urn.account(found.id) &&
          (!campaigns || campaigns.includes(c.campaign)) &&
          (!ids || ids.includes(c.id)) &&
          (!statuses || statuses.includes(c.intendedStatus)) &&
          state.campaigns.has(idOf(c.campaign)),
      );
      res.json(page(creatives.map(view), params));
    }),
  );

  router.post('/rest/adAccounts/:account/creatives', (req, res) => {
    const method = restliMethod(req);
    if (method !== undefined && method !== 'create')
      return liError(res, 400, 'ILLEGAL_ARGUMENT', `X-RestLi-Method ${method} is not supported here.`);
    const found = accountOf(state, req, res);
    if (!found) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = creativeErrors(body, found, state);
    if (errors.length > 0) return refuseInput(res, errors);
    const intendedStatus = String(body.intendedStatus ?? 'DRAFT');
    const creative = state.addCreative({
      account: urn.account(found.id),
      campaign: String(body.campaign),
      name: typeof body.name === 'string' ? body.name : '',
      intendedStatus,
      content: { reference: String((body.content as { reference: string }).reference) },
      // Review starts when a creative leaves DRAFT.
      ...(intendedStatus === 'DRAFT' ? {} : { review: { status: 'PENDING' } }),
    });
    res.status(201).set('x-restli-id', creative.id).set('x-linkedin-id', creative.id).end();
  });

  router.get('/rest/adAccounts/:account/creatives/:creative', (req, res) => {
    const creative = creativeOf(req, res);
    if (creative) res.json(view(creative));
  });

  router.post('/rest/adAccounts/:account/creatives/:creative', (req, res) => {
    if (restliMethod(req) !== 'partial_update') {
      return liError(
        res,
        400,
        'ILLEGAL_ARGUMENT',
        'Updates need the header X-RestLi-Method: PARTIAL_UPDATE.',
      );
    }
    const creative = creativeOf(req, res);
    if (!creative) return;
    const patch = readPatch(req.body);
    if (typeof patch === 'string' || patch.schedule) {
      return liError(
        res,
        400,
        'ILLEGAL_ARGUMENT',
        typeof patch === 'string' ? patch : 'A creative has no runSchedule.',
      );
    }
    const errors = creativePatchErrors(patch.set, creative);
    if (errors.length > 0) return refuseInput(res, errors);
    const leavesDraft = creative.intendedStatus === 'DRAFT' && patch.set.intendedStatus !== undefined;
    Object.assign(creative, patch.set, { lastModifiedAt: Date.now() });
    if (leavesDraft && creative.intendedStatus !== 'DRAFT') creative.review = { status: 'PENDING' };
    res.status(204).end();
  });

  /** Only a DRAFT creative can be deleted; any other is set to PENDING_DELETION instead. */
  router.delete('/rest/adAccounts/:account/creatives/:creative', (req, res) => {
    const creative = creativeOf(req, res);
    if (!creative) return;
    if (creative.intendedStatus !== 'DRAFT') {
      return refuseInput(res, [
        {
          fieldPath: 'intendedStatus',
          code: 'INVALID_VALUE',
          description: `Only DRAFT creatives can be deleted; set intendedStatus PENDING_DELETION on ${creative.id} (it is ${creative.intendedStatus}).`,
        },
      ]);
    }
    state.creatives.delete(idOf(creative.id));
    res.status(204).end();
  });

  return router;
}

/**
 * `POST /_emulator/linkedin/review {"creative": "800000001", "status": "REJECTED", "rejectionReasons": […]}`:
 * LinkedIn's review outcome for a creative (its `review`, read-only in the API).
 */
export function reviewControl(state: LinkedInState): Router {
  const router = Router();
  router.post('/_emulator/linkedin/review', express.json({ limit: '10kb' }), (req, res) => {
    const { creative: id, status, rejectionReasons = [] } = (req.body ?? {}) as Record<string, unknown>;
    const creative = state.creatives.get(idOf(String(id)));
    if (!creative) return res.status(404).json({ error: `no creative ${String(id)}` });
    if (!REVIEW_STATUSES.includes(String(status))) {
      return res.status(400).json({ error: `status must be one of ${REVIEW_STATUSES.join(', ')}` });
    }
    if (!Array.isArray(rejectionReasons) || rejectionReasons.some((r) => typeof r !== 'string')) {
      return res.status(400).json({ error: 'rejectionReasons must be a list of strings' });
    }
    creative.review = {
      status: String(status),
      ...(rejectionReasons.length > 0 ? { rejectionReasons: rejectionReasons as string[] } : {}),
    };
    res.json({ creative: creative.id, review: creative.review });
  });
  return router;
}
