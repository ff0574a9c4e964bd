import express, { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import {
  adSetChangesSchema,
  newAdSetSchema,
  objectId,
  oneCampaign,
  parseAdSetBody,
} from '../adsets/input.js';
import { AD_SET_STATUSES, type AdSet } from '../adsets/model.js';
import { publicAdSet } from '../adsets/public.js';
import { type AdSetService, campaignKey } from '../adsets/service.js';
import type { ConnectionRef } from '../connect/access-tokens.js';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import { decodeCursor, encodeCursor, pageAnswer } from '../http/cursor.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { integerParam, parseQuery } from '../http/validate.js';
import type { Platforms } from '../platforms/registry.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';

const CHILD_RESOURCES = ['Ad', 'Targeting'] as const;
type ChildResource = (typeof CHILD_RESOURCES)[number];

const boolean = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true')
  .default(false);

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

/** Without it, a company token acts for the company's own ad accounts and an access token for its own customer. */
const customer = z.string().min(1, 'is required').max(100).optional();

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
export const campaignsQuery = z.strictObject({
  customer,
  platform: z.string().optional(),
  limit: integerParam(1, 1000, 100),
  cursor: z.string().max(2000).optional(),
});

const adSetCursor = z.strictObject({
  after: z.string().min(1),
  status: z.enum(AD_SET_STATUSES).nullable(),
  /** The campaign filter; absent in cursors made before lists could be filtered by campaign. */
  campaign: z.string().nullable().optional(),
});
const campaignCursor = z.strictObject({ after: z.string().min(1) });

/** The ad set as the API shows it: child resources only where asked for (lists always carry them). */
function present(adSet: AdSet, children: Set<ChildResource>, targetingOnAdSets: boolean, list: boolean) {
  const { ads, targetings, ...rest } = publicAdSet(adSet);
  const withAdTargetings = children.has('Ad') && children.has('Targeting');
  const shownAds = ads.map(({ targetings: adTargetings, ...ad }) =>
    withAdTargetings ? { ...ad, targetings: adTargetings ?? [] } : ad,
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
}

/** The platform-independent ad-set API (`/v1/:platform/...`) and the campaigns of a customer. */
export function createAdSetRoutes(
  { store, platforms, adSets }: AdSetRouteDeps,
  vendor: RequestHandler[],
): Router {
  const router = Router();
  const multipart = express.raw({ type: 'multipart/form-data', limit: '100kb' });

  /** The customer (of this company) and platform a request is about. */
  async function scope(req: Request, customerId: string | undefined): Promise<ConnectionRef> {
    const found = await findCustomer(store, req, customerId, 'customer');
    const platform = req.params.platform as string;
    if (!isPlatformId(platform)) {
      throw new AppError(
        'platform_not_found',
        `No platform "${platform}". Known: ${PLATFORM_IDS.join(', ')}.`,
        {
          param: 'platform',
        },
      );
    }
    return { company: found.company, customer: found.id, platform };
  }
  const targetingOnAdSets = (platform: PlatformId) => platforms.adapter(platform).capabilities.adSetTargeting;

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
        res.json(
          pageAnswer(
            { ...page, data: page.data.map((a) => present(a, query.childResources, onAdSets, true)) },
            { status: query.status ?? null, campaign },
          ),
        );
      },
      post: async (req, res) => {
        const { customer: customerId } = parseQuery(customerQuery, req);
        const ref = await scope(req, customerId);
        const input = await parseAdSetBody(newAdSetSchema, req);
        await sendIdempotent(store, req, res, input, async () => {
          const created = await adSets.create(ref, input);
          return { status: 201, body: present({ ...created, ads: [] }, new Set(), true, true) };
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
        res.json(present(adSet, query.childResources, targetingOnAdSets(ref.platform), false));
      },
      put: async (req, res) => {
        const { customer: customerId } = parseQuery(customerQuery, req);
        const ref = await scope(req, customerId);
        const changes = await parseAdSetBody(adSetChangesSchema, req);
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
        const after =
          query.cursor === undefined ? undefined : decodeCursor(campaignCursor, query.cursor).after;
        const { campaigns, unavailable } = await adSets.campaigns(found.company, found.id, query.platform);
        const start = after === undefined ? 0 : campaigns.findIndex((c) => campaignKey(c) > after);
        const rest = start < 0 ? [] : campaigns.slice(start);
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
