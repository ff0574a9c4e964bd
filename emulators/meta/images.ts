import { createHash } from 'node:crypto';
import busboy from 'busboy';
import express, { type Request, type RequestHandler } from 'express';
import { imageSize } from 'image-size';
import { GraphError, invalidParam } from './graph-error.js';
import type { AdImage } from './model.js';
import { postParams } from './params.js';
import type { MetaStore } from './store.js';

/** "Maximum file size: 30MB" (Meta Ads Guide, image ads). */
export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
/** The types the image library takes: "Image file (bmp, jpeg, gif)" (Ad Image reference), and PNG. */
const IMAGE_TYPES = ['jpg', 'png', 'gif', 'bmp'];
/** Room for 30 MB of base64 in a form (percent-encoded `+` and `/` included) or JSON. */
const BODY_LIMIT = '50mb';

/** The bodies `POST /act_{id}/adimages` comes in: JSON or form with `bytes`, or multipart files. */
export const imageBodies: RequestHandler[] = [
  express.urlencoded({ extended: false, limit: BODY_LIMIT }),
  express.json({ limit: BODY_LIMIT }),
];

const tooLarge = () =>
  invalidParam(`The image is larger than ${MAX_IMAGE_BYTES} bytes`, {
    userTitle: 'Image Too Large',
    userMessage: 'Images can be at most 30 MB.',
  });

/** The files of a multipart upload, each under its file name (Meta's `-F 'name=@file.jpg'`). */
function multipartFiles(
  req: Request,
): Promise<{ fields: Record<string, string>; files: Map<string, Buffer> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files = new Map<string, Buffer>();
    const parser = busboy({ headers: req.headers, limits: { fileSize: MAX_IMAGE_BYTES, files: 10 } });
    parser.on('field', (field, value) => {
      fields[field] = value;
    });
    parser.on('file', (_field, stream, { filename }) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => reject(tooLarge()));
      stream.on('end', () => files.set(filename ?? 'file', Buffer.concat(chunks)));
    });
    parser.on('error', () => reject(invalidParam('The multipart body could not be parsed')));
    parser.on('close', () => resolve({ fields, files }));
    req.pipe(parser);
  });
}

/** The images of an upload, by the key Meta answers them under (`bytes`, or each file's name). */
async function uploaded(req: Request): Promise<Map<string, Buffer>> {
  if (req.is('multipart/form-data')) {
    const { fields, files } = await multipartFiles(req);
    postParams(req.query, fields, []);
    req.body = { ...fields, files: [...files].map(([file, bytes]) => `${file} (${bytes.length} bytes)`) };
    if (files.size === 0) throw invalidParam('The parameter bytes is required (or a file)');
    return files;
  }
  const params = postParams(req.query, req.body, ['bytes', 'copy_from']);
  if (params.copy_from !== undefined) throw invalidParam('Param copy_from is not supported by the emulator');
  const bytes = params.bytes;
  if (typeof bytes !== 'string' || bytes === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(bytes)) {
    throw invalidParam('Param bytes must be a base64 encoded image');
  }
  return new Map([['bytes', Buffer.from(bytes, 'base64')]]);
}

/** An image's type and dimensions, or Meta's refusal of what is not an image it takes. */
function dimensions(bytes: Buffer): { width: number; height: number } {
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
  try {
    const { width, height, type } = imageSize(bytes);
    if (type && IMAGE_TYPES.includes(type) && width > 0 && height > 0) return { width, height };
  } catch {}
  throw new GraphError('Invalid parameter', 100, {
    userTitle: 'Invalid Image',
    userMessage: 'The image could not be read: upload a JPEG, PNG, GIF or BMP file.',
  });
}

/**
 * `POST /act_{id}/adimages`: each image is stored in the account's library under the MD5 of its
 * bytes (the same bytes again are the same image), with its dimensions. Answers
 * `{"images": {"<bytes or file name>": {hash, width, height, name}}}`.
 */
export async function uploadImages(store: MetaStore, accountId: string, req: Request) {
  const images: Record<string, Pick<AdImage, 'hash' | 'width' | 'height' | 'name'>> = {};
  const library = store.imagesOf(accountId);
  for (const [key, bytes] of await uploaded(req)) {
    const size = dimensions(bytes);
    const hash = createHash('md5').update(bytes).digest('hex');
    const image = library.get(hash) ?? {
      hash,
      account_id: accountId,
      name: key === 'bytes' ? `${hash}.img` : key.slice(0, 100),
      ...size,
      created_time: store.nextTime(),
    };
    library.set(hash, image);
    images[key] = { hash, width: image.width, height: image.height, name: image.name };
  }
  return { images };
}
