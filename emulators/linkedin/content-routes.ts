import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import { imageSize } from 'image-size';
import type { OAuthServer } from '../toolkit/oauth.js';
import { BadQuery, handle, list, query } from './api-routes.js';
import { adContextView, type Post } from './content.js';
import { postErrors } from './content-rules.js';
import { liError, refuseInput, restliMethod } from './protocol.js';
import type { LinkedInState } from './state.js';

/**
 * Images API (`marketing/community-management/shares/images-api`): JPG, GIF and PNG, fewer than
 * 36,152,320 pixels. Single Image Ads take files up to 5 MB (LinkedIn's ad specs), which this
 * emulator applies to every upload.
 */
export const IMAGE_TYPES = ['jpg', 'png', 'gif'];
export const MAX_IMAGE_PIXELS = 36_152_320;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a post looks like when read: the ad context's read-only fields filled in. */
export const postView = (post: Post) => ({ ...post, adContext: adContextView(post) });

/**
 * `/rest/images` (initialize an upload, read an image), the upload URL it answers
 * (`/dms-uploads/{token}`, PUT the bytes), `/rest/posts` (create and read posts) and
 * `/rest/organizations/{id}` (an organization's name).
 */
export function contentRoutes(state: LinkedInState, oauth: OAuthServer, baseUrl: string): Router {
  const router = Router();
  /** Organizations the member may act for (it administers their pages). */
  const organizations = () =>
    new Set([...state.organizations.keys()].map((id) => `urn:li:organization:${id}`));

  router.post('/rest/images', (req, res) => {
    const method = restliMethod(req);
    if (req.query.action !== 'initializeUpload' || (method !== undefined && method !== 'action')) {
      return liError(
        res,
        400,
        'ILLEGAL_ARGUMENT',
        'Images take the action initializeUpload (X-RestLi-Method: ACTION).',
      );
    }
    const request = isRecord(req.body) ? req.body.initializeUploadRequest : undefined;
    const owner = isRecord(request) ? request.owner : undefined;
    if (typeof owner !== 'string') {
      return refuseInput(res, [
        {
          fieldPath: 'initializeUploadRequest.owner',
          code: 'MISSING_FIELD',
          description: 'owner is required.',
        },
      ]);
    }
    if (!organizations().has(owner)) {
      return liError(res, 403, 'ACCESS_DENIED', `The member cannot upload images for ${owner}.`, {
        serviceErrorCode: 100,
      });
    }
    const token = randomBytes(12).toString('base64url');
    const image = `urn:li:image:C4E10AQ${randomBytes(9).toString('base64url')}`;
    state.images.set(image, { id: image, owner, status: 'WAITING_UPLOAD', uploadToken: token });
    res.json({
      value: {
        uploadUrlExpiresAt: Date.now() + 3_600_000,
        uploadUrl: `${baseUrl}/dms-uploads/${token}`,
        image,
      },
    });
  });

  router.get('/rest/images/:image', (req, res) => {
    const image = state.images.get(String(req.params.image));
    if (!image) return liError(res, 404, 'NOT_FOUND', `Image ${req.params.image} does not exist.`);
    const { uploadToken: _token, bytes: _bytes, width, height, ...shown } = image;
    res.json({
      ...shown,
      ...(width && height ? { aspectRatioWidth: width, aspectRatioHeight: height } : {}),
    });
  });

  router.put(
    '/dms-uploads/:token',
    express.raw({ type: () => true, limit: MAX_IMAGE_BYTES * 4 }),
    (req: Request, res: Response) => {
      const header = req.get('Authorization') ?? '';
      const grant = oauth.verify(header.startsWith('Bearer ') ? header.slice(7) : undefined);
      if (typeof grant === 'string') return liError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
      const image = [...state.images.values()].find((i) => i.uploadToken === req.params.token);
      if (!image) return liError(res, 404, 'NOT_FOUND', 'No upload is waiting at this URL.');
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const refuse = (message: string) => liError(res, 400, 'INVALID_MEDIA', message);
      if (bytes.length > MAX_IMAGE_BYTES) return refuse(`Images may be at most ${MAX_IMAGE_BYTES} bytes.`);
      let size: ReturnType<typeof imageSize>;
      try {
        size = imageSize(bytes);
      } catch {
        return refuse('The upload is not a JPG, GIF or PNG image.');
      }
      if (!size.type || !IMAGE_TYPES.includes(size.type)) {
        return refuse(`Images are JPG, GIF or PNG; this one is ${size.type}.`);
      }
      if (size.width * size.height >= MAX_IMAGE_PIXELS) {
        return refuse(`Images must have fewer than ${MAX_IMAGE_PIXELS} pixels.`);
      }
      Object.assign(image, {
        status: 'AVAILABLE',
        uploadToken: null,
        width: size.width,
        height: size.height,
        bytes: bytes.length,
      });
      res.status(201).end();
    },
  );

  router.post('/rest/posts', (req, res) => {
    const method = restliMethod(req);
    if (method !== undefined && method !== 'create')
      return liError(res, 400, 'ILLEGAL_ARGUMENT', `X-RestLi-Method ${method} is not supported here.`);
    const body = isRecord(req.body) ? req.body : {};
    const errors = postErrors(body, state, organizations());
    if (errors.length > 0) return refuseInput(res, errors);
    const post = state.addPost(body as unknown as Omit<Post, 'id' | 'createdAt'>);
    res.status(201).set('x-restli-id', post.id).set('x-linkedin-id', post.id).end();
  });

  /** `GET /rest/posts?ids=List(…)` with `X-RestLi-Method: BATCH_GET`: `{results, statuses, errors}` by URN. */
  router.get(
    '/rest/posts',
    handle((req, res) => {
      if (restliMethod(req) !== 'batch_get') {
        return liError(res, 400, 'ILLEGAL_ARGUMENT', 'Batch reads of posts need X-RestLi-Method: BATCH_GET.');
      }
      const ids = list(query(req).ids);
      if (!ids || ids.length === 0) throw new BadQuery('ids must be a non-empty List(…) of post URNs');
      const found = ids.flatMap((id) => {
        const post = state.posts.get(id);
        return post ? [post] : [];
      });
      const missing = ids.filter((id) => !state.posts.has(id));
      res.json({
        results: Object.fromEntries(found.map((post) => [post.id, postView(post)])),
        statuses: Object.fromEntries([...found.map((p) => [p.id, 200]), ...missing.map((id) => [id, 404])]),
        errors: Object.fromEntries(
          missing.map((id) => [id, { status: 404, message: `Post ${id} does not exist.` }]),
        ),
      });
    }),
  );

  router.get('/rest/posts/:post', (req, res) => {
    const post = state.posts.get(String(req.params.post));
    if (!post) return liError(res, 404, 'NOT_FOUND', `Post ${req.params.post} does not exist.`);
    res.json(postView(post));
  });

  router.get('/rest/organizations/:organization', (req, res) => {
    const id = String(req.params.organization);
    const name = state.organizations.get(id);
    if (!name) return liError(res, 404, 'NOT_FOUND', `Organization ${id} does not exist.`);
    res.json({ id: Number(id), localizedName: name, vanityName: name.toLowerCase().replace(/\W+/g, '-') });
  });

  return router;
}
