import express, { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { Ad } from '../ads/model.js';
import { type AdService, publicAd } from '../ads/service.js';
import { adSetChangesSchema, newAdSetSchema, objectId, oneCampaign } from '../adsets/input.js';
import { AD_SET_STATUSES, type AdSet } from '../adsets/model.js';
import { publicAdSet } from '../adsets/public.js';
import type { AdSetService } from '../adsets/service.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import { decodeCursor, pageAnswer } from '../http/cursor.js';
import { parseResourceBody } from '../http/form-body.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { boolean, customer, integerParam, parseQuery } from '../http/validate.js';
import type { Platforms } from '../ports/platforms.js';
import type { Store } from '../store/index.js';
import { platformScope } from './platform-scope.js';

const CHILD_RESOURCES = ['Ad', 'Targeting'] as const;
type ChildResource = (typeof CHILD_RESOURCES)[number];

const childResources = z
  .string()
  .transform((list, ctx) => {
    const values = list === '' ? [] : list.split(',');
    for (const value of values) {
      if (!(CHILD_RESOURCES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not one of ${CHILD_RESOURCES.join(', ')}` });
        return z.NEVER;
      }
    }
    return new Set(values as ChildResource[]);
  })
  .default(new Set<ChildResource>());

export const listQuery = z
  .strictObject({
    customer,
    limit: integerParam(1, 1000, 100),
    status: z.enum(AD_SET_STATUSES).optional(),
    campaignId: objectId.optional(),
    parentId: objectId.optional(),
    childResources,
    dismissDatabase: boolean,
    cursor: z.string().max(2000).optional(),
  })
  .superRefine(oneCampaign(false));
export const getQuery = z.strictObject({ customer, childResources, dismissDatabase: boolean });
export const customerQuery = z.strictObject({ customer });

const adSetCursor = z.strictObject({
  after: z.string().min(1),
  status: z.enum(AD_SET_STATUSES).nullable(),
  /** The campaign filter; absent in cursors made before lists could be filtered by campaign. */
  campaign: z.string().nullable().optional(),
});

/**
 * The ad set as the API shows it: child resources only where asked for (lists always carry them);
 * `ads` are the ad sets' ads, by ad set, from the ads service.
 */
function present(
  adSet: AdSet,
  children: Set<ChildResource>,
  targetingOnAdSets: boolean,
  list: boolean,
  ads: Map<string, Ad[]> = new Map(),
) {
  const { targetings, ...rest } = publicAdSet(adSet);
  const withAdTargetings = children.has('Ad') && children.has('Targeting');
  const shownAds = (ads.get(adSet.id) ?? []).map((ad) =>
    withAdTargetings ? { ...publicAd(ad), targetings: ad.targetings ?? [] } : publicAd(ad),
  );
  return {
    ...rest,
    ...(list || children.has('Ad') ? { ads: shownAds } : {}),
    ...(list || (children.has('Targeting') && targetingOnAdSets) ? { targetings } : {}),
  };
}

export interface AdSetRouteDeps {
  store: Store;
  platforms: Platforms;
  adSets: AdSetService;
  ads: AdService;
}

/** The platform-independent ad-set API (`/v1/:platform/...`) and the campaigns of a customer. */
export function createAdSetRoutes(
  { store, platforms, adSets, ads }: AdSetRouteDeps,
  vendor: RequestHandler[],
): Router {
  const router = Router();
  const multipart = express.raw({ type: 'multipart/form-data', limit: '100kb' });

  const scope = (req: Request, customerId: string | undefined) => platformScope(store, req, customerId);
  const targetingOnAdSets = (platform: PlatformId) =>
    platforms.adapter(platform).adSets.capabilities.adSetTargeting;

  resource(
    router,
    '/v1/:platform/adsets',
    {
      get: async (req, res) => {
        const query = parseQuery(listQuery, req);
        const ref = await scope(req, query.customer);
        const campaign = query.campaignId ?? query.parentId ?? null;
        const cursor = query.cursor === undefined ? undefined : decodeCursor(adSetCursor, query.cursor);
        if (cursor && (cursor.status !== (query.status ?? null) || (cursor.campaign ?? null) !== campaign)) {
          throw new AppError('invalid_request', 'This cursor belongs to a list with other filters.', {
            param: 'cursor',
          });
        }
        const page = await adSets.list(ref, {
          limit: query.limit,
          ...(query.status ? { status: query.status } : {}),
          ...(campaign === null ? {} : { parentId: campaign }),
          ...(cursor ? { after: cursor.after } : {}),
          live: query.dismissDatabase,
        });
        const onAdSets = targetingOnAdSets(ref.platform);
        // Ads come from their cache unless asked for (`childResources=Ad`) on a live read.
        const adsOf = await ads.ofAdSets(
          ref,
          page.data.map((a) => a.id),
          query.dismissDatabase && query.childResources.has('Ad'),
        );
        res.json(
          pageAnswer(
            { ...page, data: page.data.map((a) => present(a, query.childResources, onAdSets, true, adsOf)) },
            { status: query.status ?? null, campaign },
          ),
        );
      },
      post: async (req, res) => {
        const { customer: customerId } = parseQuery(customerQuery, req);
        const ref = await scope(req, customerId);
        const input = await parseResourceBody(newAdSetSchema, req);
        await sendIdempotent(store, req, res, input, async () => {
          const created = await adSets.create(ref, input);
          return { status: 201, body: present(created, new Set(), true, true) };
        });
      },
    },
    [...vendor, multipart],
  );

  resource(
    router,
    '/v1/:platform/adsets/:id',
    {
      get: async (req, res) => {
        const query = parseQuery(getQuery, req);
        const ref = await scope(req, query.customer);
        const adSet = await adSets.get(ref, req.params.id as string, query.dismissDatabase);
        const adsOf = query.childResources.has('Ad')
          ? await ads.ofAdSets(ref, [adSet.id], query.dismissDatabase)
          : undefined;
        res.json(present(adSet, query.childResources, targetingOnAdSets(ref.platform), false, adsOf));
      },
      put: async (req, res) => {
        const { customer: customerId } = parseQuery(customerQuery, req);
        const ref = await scope(req, customerId);
        const changes = await parseResourceBody(adSetChangesSchema, req);
        const updated = await adSets.update(ref, req.params.id as string, changes);
        res.json(present(updated, new Set(), true, false));
      },
      delete: async (req, res) => {
        const { customer: customerId } = parseQuery(customerQuery, req);
        const ref = await scope(req, customerId);
        const deleted = await adSets.delete(ref, req.params.id as string);
        res.json({ deletions: 1, data: [present(deleted, new Set(), true, false)] });
      },
    },
    [...vendor, multipart],
  );

  resource(
    router,
    '/v1/:platform/advertisers',
    {
      get: async (req, res) => {
        const { customer: customerId } = parseQuery(customerQuery, req);
        const ref = await scope(req, customerId);
        res.json({ has_more: false, data: await adSets.advertisers(ref) });
      },
    },
    vendor,
  );

  return router;
}
