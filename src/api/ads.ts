import express, { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { adChangesSchema, newAdSchema } from '../ads/input.js';
import { AD_SET_STATUSES } from '../ads/model.js';
import { type AdService, publicAd } from '../ads/service.js';
import { objectId } from '../adsets/input.js';
import { AppError } from '../errors.js';
import { decodeCursor, pageAnswer } from '../http/cursor.js';
import { parseResourceBody } from '../http/form-body.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { boolean, customer, integerParam, parseQuery } from '../http/validate.js';
import type { Store } from '../store/index.js';
import { platformScope } from './platform-scope.js';

export const adListQuery = z.strictObject({
  customer,
  adSetId: objectId.optional(),
  campaignId: objectId.optional(),
  status: z.enum(AD_SET_STATUSES).optional(),
  limit: integerParam(1, 1000, 100),
  dismissDatabase: boolean,
  cursor: z.string().max(2000).optional(),
});
export const adQuery = z.strictObject({ customer, dismissDatabase: boolean });
export const adWriteQuery = z.strictObject({ customer });

const filters = {
  status: z.enum(AD_SET_STATUSES).nullable(),
  adSetId: z.string().nullable(),
  campaignId: z.string().nullable(),
};
const listCursor = z.strictObject({ after: z.string().min(1), ...filters });

/** Ads: `/v1/:platform/ads`, cached like ad sets and campaigns. */
export function createAdRoutes(
  { store, ads }: { store: Store; ads: AdService },
  vendor: RequestHandler[],
): Router {
  const router = Router();
  const multipart = express.raw({ type: 'multipart/form-data', limit: '100kb' });

  resource(
    router,
    '/v1/:platform/ads',
    {
      get: async (req, res) => {
        const query = parseQuery(adListQuery, req);
        const ref = await platformScope(store, req, query.customer);
        const shown = {
          status: query.status ?? null,
          adSetId: query.adSetId ?? null,
          campaignId: query.campaignId ?? null,
        };
        const cursor = query.cursor === undefined ? undefined : decodeCursor(listCursor, query.cursor);
        if (cursor && Object.entries(shown).some(([k, v]) => cursor[k as keyof typeof shown] !== v)) {
          throw new AppError('invalid_request', 'This cursor belongs to a list with other filters.', {
            param: 'cursor',
          });
        }
        const page = await ads.list(ref, {
          limit: query.limit,
          ...(query.status ? { status: query.status } : {}),
          ...(query.adSetId ? { adSetId: query.adSetId } : {}),
          ...(query.campaignId ? { campaignId: query.campaignId } : {}),
          ...(cursor ? { after: cursor.after } : {}),
          live: query.dismissDatabase,
        });
        res.json(pageAnswer({ ...page, data: page.data.map(publicAd) }, shown));
      },
      post: async (req, res) => {
        const { customer: customerId } = parseQuery(adWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        const input = await parseResourceBody(newAdSchema, req);
        await sendIdempotent(store, req, res, input, async () => ({
          status: 201,
          body: publicAd(await ads.create(ref, input)),
        }));
      },
    },
    [...vendor, multipart],
  );

  resource(
    router,
    '/v1/:platform/ads/:id',
    {
      get: async (req, res) => {
        const query = parseQuery(adQuery, req);
        const ref = await platformScope(store, req, query.customer);
        res.json(publicAd(await ads.get(ref, req.params.id as string, query.dismissDatabase)));
      },
      put: async (req, res) => {
        const { customer: customerId } = parseQuery(adWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        const changes = await parseResourceBody(adChangesSchema, req);
        res.json(publicAd(await ads.update(ref, req.params.id as string, changes)));
      },
      delete: async (req, res) => {
        const { customer: customerId } = parseQuery(adWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        res.json({ deletions: 1, data: [publicAd(await ads.delete(ref, req.params.id as string))] });
      },
    },
    [...vendor, multipart],
  );

  return router;
}
