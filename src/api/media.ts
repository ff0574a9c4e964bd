import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { objectId } from '../adsets/input.js';
import { AppError } from '../errors.js';
import { readImageUpload } from '../http/image-upload.js';
import { resource } from '../http/routes.js';
import { customer, parseQuery } from '../http/validate.js';
import type { IdentityService } from '../identities/service.js';
import type { MediaService } from '../media/service.js';
import type { Store } from '../store/index.js';
import { platformScope } from './platform-scope.js';

export const mediaListQuery = z.strictObject({ customer, advertiser: objectId });
export const mediaWriteQuery = z.strictObject({ customer });
const uploadFields = z.strictObject({ advertiser: objectId });

const megabytes = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Images (`/v1/:platform/media`) and who ads speak as (`/v1/:platform/identities`) of an ad account. */
export function createMediaRoutes(
  { store, media, identities }: { store: Store; media: MediaService; identities: IdentityService },
  vendor: RequestHandler[],
): Router {
  const router = Router();

  resource(
    router,
    '/v1/:platform/media',
    {
      get: async (req, res) => {
        const query = parseQuery(mediaListQuery, req);
        const ref = await platformScope(store, req, query.customer);
        const account = await media.account(ref, query.advertiser);
        res.json({ has_more: false, data: await media.list(ref, account) });
      },
      post: async (req, res) => {
        const { customer: customerId } = parseQuery(mediaWriteQuery, req);
        const ref = await platformScope(store, req, customerId);
        const { maxBytes } = media.capabilities(ref.platform);
        const upload = await readImageUpload(req, res, {
          maxBytes,
          fields: ['advertiser'],
          tooLarge: `${ref.platform} takes images of at most ${megabytes(maxBytes)}.`,
        });
        const fields = uploadFields.safeParse(Object.fromEntries(upload.fields));
        if (!fields.success) {
          const param = fields.error.issues[0]?.path.join('.') || 'advertiser';
          throw new AppError('invalid_request', `${param}: ${fields.error.issues[0]?.message}`, { param });
        }
        const account = await media.account(ref, fields.data.advertiser);
        const { media: image, created } = await media.upload(ref, account, upload.file);
        res.status(created ? 201 : 200).json(image);
      },
    },
    vendor,
  );

  resource(
    router,
    '/v1/:platform/identities',
    {
      get: async (req, res) => {
        const query = parseQuery(mediaListQuery, req);
        const ref = await platformScope(store, req, query.customer);
        const account = await media.account(ref, query.advertiser);
        res.json({ has_more: false, data: await identities.list(ref, account) });
      },
    },
    vendor,
  );

  return router;
}
