import type express from 'express';
import { Router } from 'express';
import { answerBatch, attempt, entitiesOf } from './batch.js';
import { notFound, requestId, sendEntities } from './envelope.js';
import { page } from './paging.js';
import {
  MATCHING_MS,
  renderSegment,
  type Segment,
  segmentId,
  segmentSchema,
  segmentUpdateSchema,
  segmentValues,
  uploadOf,
} from './segments.js';
import type { SnapState } from './state.js';

/**
 * Customer lists: `GET`/`POST`/`PUT /adaccounts/{id}/segments` (`{"segments": [{…}]}`, PUT the whole
 * segment with its `id`), `GET`/`DELETE /segments/{id}`, and uploads with `POST` (add) and `DELETE`
 * (remove) `/segments/{id}/users`, each answered `{"users": [{"user": {"number_uploaded_users"}}]}`.
 * An upload matches for a while (PROCESSING), then the list is READY from 1,000 members.
 */
export function segmentRoutes(state: SnapState, baseUrl: string): Router {
  const router = Router();
  const entity = ['segments', 'segment'] as [string, string];
  const accountOf = (id: string) => {
    if (!state.adAccounts.has(id)) throw notFound('ad account', id);
    return id;
  };
  const segmentOf = (id: string): Segment => {
    const segment = state.segments.get(id);
    if (!segment) throw notFound('segment', id);
    return segment;
  };

  router.get('/adaccounts/:id/segments', (req, res) => {
    const account = accountOf(req.params.id);
    const all = state.ordered(state.segments.values()).filter((s) => s.ad_account_id === account);
    const { items, paging } = page(new URL(req.originalUrl, baseUrl), all);
    sendEntities(
      res,
      'segments',
      'segment',
      items.map((s) => renderSegment(s)),
      paging,
    );
  });

  router.get('/segments/:id', (req, res) => {
    sendEntities(res, 'segments', 'segment', [renderSegment(segmentOf(req.params.id))]);
  });

  router.post('/adaccounts/:id/segments', (req, res) => {
    const account = accountOf(req.params.id);
    const outcomes = entitiesOf(req, 'segments').map((sent) =>
      attempt(sent, () => {
        const values = segmentValues(segmentSchema, sent, account);
        const time = state.now();
        const segment: Segment = {
          ...values,
          id: segmentId(),
          status: 'ACTIVE',
          created_at: time,
          updated_at: time,
          uploads: {
            members: new Set(),
            added: [],
            removed: [],
            batches: [],
            matchingUntil: null,
            matched: 0,
          },
        };
        state.segments.set(segment.id, segment);
        return segment;
      }),
    );
    answerBatch(res, entity, outcomes, (s) => renderSegment(s));
  });

  router.put('/adaccounts/:id/segments', (req, res) => {
    const account = accountOf(req.params.id);
    const outcomes = entitiesOf(req, 'segments').map((sent) =>
      attempt(sent, () => {
        const values = segmentValues(segmentUpdateSchema, sent, account);
        const current = segmentOf(values.id);
        if (current.ad_account_id !== account) throw notFound('segment', values.id);
        // A full update: an omitted description is cleared.
        const { name, description, retention_in_days } = values;
        Object.assign(current, { name, retention_in_days, updated_at: state.now() });
        if (description === undefined) delete current.description;
        else current.description = description;
        return current;
      }),
    );
    answerBatch(res, entity, outcomes, (s) => renderSegment(s));
  });

  router.delete('/segments/:id', (req, res) => {
    segmentOf(req.params.id);
    state.segments.delete(req.params.id);
    res.json({ request_status: 'SUCCESS', request_id: requestId() });
  });

  const upload = (remove: boolean) => (req: express.Request, res: express.Response) => {
    const segment = segmentOf(req.params.id as string);
    const hashes = uploadOf(req.body, segment.id);
    const { uploads } = segment;
    for (const hash of hashes) {
      if (remove) uploads.members.delete(hash);
      else uploads.members.add(hash);
    }
    (remove ? uploads.removed : uploads.added).push(...hashes);
    uploads.batches.push(hashes.length);
    uploads.matchingUntil = Date.now() + MATCHING_MS;
    segment.updated_at = state.now();
    sendEntities(res, 'users', 'user', [{ number_uploaded_users: hashes.length }]);
  };
  router.post('/segments/:id/users', upload(false));
  router.delete('/segments/:id/users', upload(true));

  return router;
}

/**
 * Test controls: `GET /_emulator/segments/{id}/users` (the hashes received, added and removed, and the
 * identifiers of each upload call) and `POST /_emulator/segments/{id}/matched` (matching ends now).
 */
export function segmentControl(state: SnapState): Router {
  const router = Router();
  router.get('/_emulator/segments/:id/users', (req, res) => {
    const segment = state.segments.get(req.params.id);
    if (!segment) return res.status(404).json({ error: 'no such segment' });
    const { added, removed, batches } = segment.uploads;
    res.json({ hashes: added, removed, batches });
  });
  router.post('/_emulator/segments/:id/matched', (req, res) => {
    const segment = state.segments.get(req.params.id);
    if (!segment) return res.status(404).json({ error: 'no such segment' });
    if (segment.uploads.matchingUntil !== null) segment.uploads.matchingUntil = Date.now();
    res.json(renderSegment(segment));
  });
  return router;
}
