import busboy from 'busboy';
import { type Request, Router } from 'express';
import { imageSize } from 'image-size';
import { z } from 'zod';
import { answerBatch, attempt, entitiesOf } from './batch.js';
import { invalid, notFound, sendEntities } from './envelope.js';
import { parseObject } from './input.js';
import { MEDIA_TYPES, type Media, TOP_SNAP_IMAGE } from './model.js';
import { renderers } from './render.js';
import type { SnapState } from './state.js';

const mediaSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty').max(375, 'must be at most 375 characters'),
  type: z.enum(MEDIA_TYPES),
  ad_account_id: z.string(),
});

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** The `file` part of a multipart body, read up to one byte past the Top Snap image cap. */
function fileOf(req: Request): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: TOP_SNAP_IMAGE.maxBytes + 1 } });
    } catch {
      return reject(invalid('file', 'the body must be multipart/form-data with a file'));
    }
    let found: Promise<{ bytes: Buffer; truncated: boolean }> | undefined;
    parser.on('file', (field, stream) => {
      if (field !== 'file') return void stream.resume();
      found = new Promise((done) => {
        const chunks: Buffer[] = [];
        let truncated = false;
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => {
          truncated = true;
        });
        stream.on('end', () => done({ bytes: Buffer.concat(chunks), truncated }));
      });
    });
    parser.on('error', () => reject(invalid('file', 'the multipart body is malformed')));
    parser.on('close', () =>
      found ? found.then(resolve) : reject(invalid('file', 'is required (a multipart part named file)')),
    );
    req.pipe(parser);
  });
}

/** Snap's Top Snap image limits (Media page): PNG or JPG, at most 5 MB, 1080×1920 (9:16). */
function checkedImage({ bytes, truncated }: { bytes: Buffer; truncated: boolean }): Media['file'] {
  if (truncated) throw invalid('file', `must be at most ${TOP_SNAP_IMAGE.maxBytes} bytes`);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw invalid('file', 'is not an image');
  }
  const contentType = CONTENT_TYPES[size.type ?? ''];
  if (!contentType) throw invalid('file', `must be PNG or JPG (this is ${size.type})`);
  const { width, height } = TOP_SNAP_IMAGE;
  if (size.width < width || size.height < height) {
    throw invalid('file', `must be at least ${width}×${height} (this is ${size.width}×${size.height})`);
  }
  if (Math.abs(size.width / size.height / (width / height) - 1) > 0.01) {
    throw invalid('file', `must be 9:16 (this is ${size.width}×${size.height})`);
  }
  return { width: size.width, height: size.height, bytes: bytes.length, contentType };
}

/**
 * Media: `POST /adaccounts/{id}/media` creates the container (`{"media": [{name, type, ad_account_id}]}`,
 * PENDING_UPLOAD), `POST /media/{id}/upload` takes the file (multipart, part `file`) and makes it READY.
 * Only images are uploaded here: a file is checked against the Top Snap image limits and kept with its
 * dimensions.
 */
export function mediaRoutes(state: SnapState): Router {
  const router = Router();
  const render = renderers(state, false);

  router.post('/adaccounts/:id/media', (req, res) => {
    const account = state.adAccounts.get(req.params.id);
    if (!account) throw notFound('ad account', req.params.id);
    const outcomes = entitiesOf(req, 'media').map((sent) =>
      attempt(sent, () => {
        const { ad_account_id, ...values } = parseObject(mediaSchema, sent, 'a media', 'media');
        if (ad_account_id !== account.id) {
          throw invalid('ad_account_id', 'must be the ad account of the request path');
        }
        return state.addMedia(account.id, values);
      }),
    );
    answerBatch(res, ['media', 'media'], outcomes, render.media);
  });

  router.post('/media/:id/upload', async (req, res, next) => {
    try {
      const media = state.media.get(req.params.id);
      if (!media) throw notFound('media', req.params.id);
      if (media.type !== 'IMAGE') throw invalid('type', 'only IMAGE uploads are emulated');
      if (media.media_status === 'READY') throw invalid('media_id', 'has been uploaded already');
      const file = checkedImage(await fileOf(req));
      Object.assign(media, { file, media_status: 'READY', updated_at: state.now() });
      // What the emulator received, for tests (multipart bodies have no parsed body of their own).
      req.body = { file };
      sendEntities(res, 'media', 'media', [render.media(media)]);
    } catch (err) {
      next(err);
    }
  });

  return router;
}
