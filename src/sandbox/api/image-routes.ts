import { createHash } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import { imageSize } from 'image-size';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { Image } from '../../platforms/sandbox/model.js';
import { ApiError, bodyParserError } from '../errors.js';
import { userKey } from '../keys.js';
import { apiResources, requireAccount, requireScope } from './access.js';
import { IMAGE_RULES } from './ad-input.js';
import { noQuery, parseQuery } from './api-input.js';
import { accessOf } from './bearer.js';
import type { CreativeStore } from './creative-store.js';
import type { Lookups } from './lookups.js';

const refuse = (message: string) => new ApiError(400, 'invalid_request', message, 'file');

/** The image body, at most IMAGE_RULES.maxBytes; a larger one is 413 naming the file. */
const imageBody: RequestHandler = (req, res, next) =>
  express.raw({ type: () => true, limit: IMAGE_RULES.maxBytes })(req, res, (err) => {
    if (bodyParserError(err) === 'entity.too.large') {
      next(new ApiError(413, 'payload_too_large', 'Images are at most 5 MB.', 'file'));
    } else next(err);
  });

/** The image's type and size from its bytes, checked against IMAGE_RULES. */
function describe(bytes: Buffer): Pick<Image, 'width' | 'height' | 'content_type'> {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw refuse('The body is not an image.');
  }
  const type = size.type === 'jpg' ? 'image/jpeg' : `image/${size.type}`;
  if (!(IMAGE_RULES.types as readonly string[]).includes(type)) throw refuse('Images are PNG or JPEG.');
  const { width, height } = size;
  if (Math.min(width, height) < IMAGE_RULES.minSide || Math.max(width, height) > IMAGE_RULES.maxSide) {
    throw refuse(`Images are ${IMAGE_RULES.minSide} to ${IMAGE_RULES.maxSide} pixels a side.`);
  }
  if (!IMAGE_RULES.ratios.some(([, ratio]) => Math.abs(width / height / ratio - 1) <= 0.02)) {
    throw refuse(`Images have an aspect ratio of ${IMAGE_RULES.ratios.map(([name]) => name).join(', ')}.`);
  }
  return { width, height, content_type: type };
}

/** An account's images: uploaded as the request body (`POST /ad_accounts/:id/images`) and listed. */
export function registerImageRoutes(router: Router, { accountOf }: Lookups, creatives: CreativeStore): void {
  const resource = apiResources(router);
  router.post('/ad_accounts/:account/images', imageBody);

  resource('/ad_accounts/:account/images', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const account = requireAccount(access, req.params.account as string);
      res.json({ data: await creatives.images(access.grant.login, account) });
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const account = await accountOf(login, requireAccount(access, req.params.account as string));
      const bytes = req.body as unknown;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw refuse('Send the image as the body.');
      const image: Image = {
        id: `img_${userKey(login)}${randomToken(9)}`,
        account_id: account.id,
        ...describe(bytes),
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_time: monotonicTimestamp(),
      };
      await creatives.saveImage(login, image);
      res.status(201).json(image);
    },
  });
}
