import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { objectId } from '../adsets/input.js';
import { audienceChangesSchema, membersSchema, newAudienceSchema } from '../audiences/input.js';
import type { AudienceService } from '../audiences/service.js';
import { AppError } from '../errors.js';
import { decodeCursor, pageAnswer } from '../http/cursor.js';
import { parseResourceBody } from '../http/form-body.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { customer, integerParam, parseJsonBody, parseQuery } from '../http/validate.js';
import { largeJsonBody } from '../http/vendor-body.js';
import type { Store } from '../store/index.js';
import { platformScope } from './platform-scope.js';

export const audienceListQuery = z.strictObject({
  customer,
  advertiser: objectId.optional(),
  limit: integerParam(1, 1000, 100),
  cursor: z.string().max(2000).optional(),
});
export const audienceQuery = z.strictObject({ customer });
const listCursor = z.strictObject({ after: z.string().min(1), advertiser: z.string().nullable() });

/** Customer-list audiences (`/v1/:platform/audiences`), their members and members uploads. */
export function createAudienceRoutes(
  { store, audiences }: { store: Store; audiences: AudienceService },
  vendor: RequestHandler[],
): Router {
  const router = Router();
  const scope = (req: Parameters<RequestHandler>[0], id: string | undefined) => platformScope(store, req, id);

  resource(
    router,
    '/v1/:platform/audiences',
    {
      get: async (req, res) => {
        const query = parseQuery(audienceListQuery, req);
        const ref = await scope(req, query.customer);
        const advertiser = query.advertiser ?? null;
        const cursor = query.cursor === undefined ? undefined : decodeCursor(listCursor, query.cursor);
        if (cursor && cursor.advertiser !== advertiser) {
          throw new AppError('invalid_request', 'This cursor belongs to a list with other filters.', {
            param: 'cursor',
          });
        }
        const all = await audiences.list(ref, query.advertiser);
        const rest = cursor ? all.filter((a) => a.id > cursor.after) : all;
        const data = rest.slice(0, query.limit);
        const next = rest.length > query.limit ? data.at(-1)!.id : undefined;
        res.json(pageAnswer({ data, ...(next ? { next } : {}) }, { advertiser }));
      },
      post: async (req, res) => {
        const { customer: customerId } = parseQuery(audienceQuery, req);
        const ref = await scope(req, customerId);
        const input = await parseResourceBody(newAudienceSchema, req);
        await sendIdempotent(store, req, res, input, async () => ({
          status: 201,
          body: await audiences.create(ref, input),
        }));
      },
    },
    vendor,
  );

  resource(
    router,
    '/v1/:platform/audiences/:id',
    {
      get: async (req, res) => {
        const { customer: customerId } = parseQuery(audienceQuery, req);
        res.json(await audiences.get(await scope(req, customerId), req.params.id as string));
      },
      put: async (req, res) => {
        const { customer: customerId } = parseQuery(audienceQuery, req);
        const ref = await scope(req, customerId);
        const changes = await parseResourceBody(audienceChangesSchema, req);
        res.json(await audiences.update(ref, req.params.id as string, changes));
      },
      delete: async (req, res) => {
        const { customer: customerId } = parseQuery(audienceQuery, req);
        const ref = await scope(req, customerId);
        res.json({ deletions: 1, data: [await audiences.delete(ref, req.params.id as string)] });
      },
    },
    vendor,
  );

  const members =
    (action: 'add' | 'remove'): RequestHandler =>
    async (req, res) => {
      const { customer: customerId } = parseQuery(audienceQuery, req);
      const ref = await scope(req, customerId);
      const input = parseJsonBody(membersSchema, req);
      const done = await audiences.changeMembers(ref, req.params.id as string, input, action);
      if ('job' in done) res.status(202).json(done.job);
      else res.json(done.outcome);
    };
  resource(
    router,
    '/v1/:platform/audiences/:id/members',
    { post: members('add'), delete: members('remove') },
    [...vendor, largeJsonBody()],
  );

  resource(
    router,
    '/v1/:platform/audiences/:id/jobs/:job',
    {
      get: async (req, res) => {
        const { customer: customerId } = parseQuery(audienceQuery, req);
        const ref = await scope(req, customerId);
        res.json(await audiences.job(ref, req.params.id as string, req.params.job as string));
      },
    },
    vendor,
  );

  return router;
}
