import express, { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { AD_SET_STATUSES } from '../adsets/model.js';
import { campaignChangesSchema, newCampaignSchema } from '../campaigns/input.js';
import { type CampaignService, campaignKey } from '../campaigns/service.js';
import { isPlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import { decodeCursor, encodeCursor, pageAnswer } from '../http/cursor.js';
import { parseResourceBody } from '../http/form-body.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { boolean, customer, integerParam, parseQuery } from '../http/validate.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';
import { platformScope } from './platform-scope.js';

export const campaignListQuery = z.strictObject({
  customer,
  limit: integerParam(1, 1000, 100),
  status: z.enum(AD_SET_STATUSES).optional(),
  dismissDatabase: boolean,
  cursor: z.string().max(2000).optional(),
});
export const campaignQuery = z.strictObject({ customer, dismissDatabase: boolean });
export const campaignWriteQuery = z.strictObject({ customer });
export const campaignsQuery = z.strictObject({
  customer,
  platform: z.string().optional(),
  limit: integerParam(1, 1000, 100),
  cursor: z.string().max(2000).optional(),
});

const listCursor = z.strictObject({ after: z.string().min(1), status: z.enum(AD_SET_STATUSES).nullable() });
const acrossCursor = z.strictObject({ after: z.string().min(1) });

export interface CampaignRouteDeps {
  store: Store;
  campaigns: CampaignService;
}

/** Campaigns: `/v1/:platform/campaigns` (one platform, cached like ad sets) and `/campaigns` (every platform). */
export function createCampaignRoutes(
  { store, campaigns }: CampaignRouteDeps,
  vendor: RequestHandler[],
): Router {
  const router = Router();
  const multipart = express.raw({ type: 'multipart/form-data', limit: '100kb' });

  resource(
    router,
    '/v1/:platform/campaigns',
    {
      get: async (req, res) => {
        const query = parseQuery(campaignListQuery, req);
        const ref = await platformScope(store, req, query.customer);
        const cursor = query.cursor === undefined ? undefined : decodeCursor(listCursor, query.cursor);
        if (cursor && cursor.status !== (query.status ?? null)) {
          throw new AppError('invalid_request', 'This cursor belongs to a list with other filters.', {
            param: 'cursor',
          });
        }
        const page = await campaigns.list(ref, {
          limit: query.limit,
          ...(query.status ? { status: query.status } : {}),
          ...(cursor ? { after: cursor.after } : {}),
          live: query.dismissDatabase,
        });
        res.json(pageAnswer(page, { status: query.status ?? null }));
      },
      post: async (req, res) => {
        const { customer: customerId } = parseQuery(campaignWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        const input = await parseResourceBody(newCampaignSchema, req);
        await sendIdempotent(store, req, res, input, async () => ({
          status: 201,
          body: await campaigns.create(ref, input),
        }));
      },
    },
    [...vendor, multipart],
  );

  resource(
    router,
    '/v1/:platform/campaigns/:id',
    {
      get: async (req, res) => {
        const query = parseQuery(campaignQuery, req);
        const ref = await platformScope(store, req, query.customer);
        res.json(await campaigns.get(ref, req.params.id as string, query.dismissDatabase));
      },
      put: async (req, res) => {
        const { customer: customerId } = parseQuery(campaignWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        const changes = await parseResourceBody(campaignChangesSchema, req);
        res.json(await campaigns.update(ref, req.params.id as string, changes));
      },
      delete: async (req, res) => {
        const { customer: customerId } = parseQuery(campaignWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        res.json({ deletions: 1, data: [await campaigns.delete(ref, req.params.id as string)] });
      },
    },
    [...vendor, multipart],
  );

  resource(
    router,
    '/campaigns',
    {
      get: async (req, res) => {
        const query = parseQuery(campaignsQuery, req);
        const found = await findCustomer(store, req, query.customer, 'customer');
        if (query.platform !== undefined && !isPlatformId(query.platform)) {
          throw new AppError('platform_not_found', `No platform "${query.platform}".`, { param: 'platform' });
        }
        const after = query.cursor === undefined ? undefined : decodeCursor(acrossCursor, query.cursor).after;
        const { campaigns: all, unavailable } = await campaigns.acrossPlatforms(
          found.company,
          found.id,
          query.platform,
        );
        const start = after === undefined ? 0 : all.findIndex((c) => campaignKey(c) > after);
        const rest = start < 0 ? [] : all.slice(start);
        const page = rest.slice(0, query.limit);
        const hasMore = rest.length > query.limit;
        res.json({
          has_more: hasMore,
          ...(hasMore ? { next_cursor: encodeCursor({ after: campaignKey(page.at(-1)!) }) } : {}),
          data: page,
          ...(unavailable.length ? { unavailable } : {}),
        });
      },
    },
    vendor,
  );

  return router;
}
