import { createHash } from 'node:crypto';
import busboy from 'busboy';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { imageSize } from 'image-size';
import { advertiserOf, handle } from './access.js';
import { IDENTITY_TYPES } from './ad-input.js';
import { answer, CODES, invalid, refuse } from './envelope.js';
import type { Image } from './model.js';
import { jsonParam, paginate, stringList } from './query.js';
import type { TikTokState } from './state.js';

/** The emulator's own cap on an upload (TikTok states none; it suggests at most 500 KB for image ads). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['UPLOAD_BY_FILE', 'UPLOAD_BY_URL', 'UPLOAD_BY_FILE_ID'] as const;
/** TikTok's Help Center, "Image Ads Specification": .JPG or .PNG. */
const FORMATS = { jpg: 'jpeg', png: 'png' } as const;

interface Upload {
  fields: Record<string, string>;
  file?: { bytes: Buffer; filename: string; truncated: boolean };
}

/** The multipart body (FileApi.adImageUpload sends `multipart/form-data`): its fields and `image_file`. */
function readMultipart(req: Request, done: (upload: Upload) => void, fail: (err: Error) => void): void {
  const upload: Upload = { fields: {} };
  const parser = busboy({
    headers: req.headers,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 },
  });
  parser.on('field', (name, value) => {
    upload.fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (name !== 'image_file') return;
      const truncated = (stream as unknown as { truncated?: boolean }).truncated === true;
      upload.file = { bytes: Buffer.concat(chunks), filename: info.filename ?? '', truncated };
    });
  });
  parser.on('close', () => done(upload));
  parser.on('error', fail);
  req.pipe(parser);
}

function storeImage(state: TikTokState, { fields, file }: Upload): Image {
  const advertiser = advertiserOf(state, fields);
  const uploadType = fields.upload_type ?? 'UPLOAD_BY_FILE';
  if (!UPLOAD_TYPES.includes(uploadType as (typeof UPLOAD_TYPES)[number])) {
    throw invalid('upload_type', `Must be one of ${UPLOAD_TYPES.join(', ')}.`);
  }
  if (uploadType !== 'UPLOAD_BY_FILE') throw invalid('upload_type', `${uploadType} is not emulated.`);
  if (!file) throw invalid('image_file', 'Required when upload_type is UPLOAD_BY_FILE.');
  if (file.truncated)
    throw invalid('image_file', `The emulator takes files of up to ${MAX_UPLOAD_BYTES} bytes.`);
  const signature = fields.image_signature;
  if (!signature) throw invalid('image_signature', 'Required when upload_type is UPLOAD_BY_FILE.');
  const md5 = createHash('md5').update(file.bytes).digest('hex');
  if (signature.toLowerCase() !== md5)
    throw invalid('image_signature', 'Does not match the MD5 of image_file.');
  let size: ReturnType<typeof imageSize> | undefined;
  try {
    size = imageSize(file.bytes);
  } catch {
    size = undefined;
  }
  const format = size?.type && FORMATS[size.type as keyof typeof FORMATS];
  if (!size || !format) throw invalid('image_file', 'The image must be a JPG or PNG file.');
  const name = fields.file_name ?? file.filename;
  if (!name) throw invalid('file_name', 'Length limit: 1-100 characters.');
  const image: Image = {
    advertiser_id: advertiser.advertiser_id,
    image_id: `ad-site-i18n-sg/${state.assetId()}`,
    material_id: state.assetId(),
    width: size.width,
    height: size.height,
    format,
    size: file.bytes.length,
    signature: md5,
    // "If the final filename has more than 100 chars, it will be cut off" (FileImageAdUpload).
    file_name: [...name].slice(0, 100).join(''),
    create_time: state.now(),
  };
  state.images.set(image.image_id, image);
  return image;
}

/** An image as `/file/image/ad/upload/` and `/file/image/ad/info/` answer it. */
const imageOut = ({ advertiser_id: _, create_time, ...image }: Image) => ({
  ...image,
  image_url: `https://p16-sign-sg.tiktokcdn.com/${image.image_id}~tplv-noop.image`,
  is_carousel_usable: false,
  displayable: true,
  create_time,
  modify_time: create_time,
});

/** The Asset Library's images (FileApi) and the advertiser's identities (IdentityApi). */
export function assetRoutes(state: TikTokState): Router {
  const router = Router();
  const store = handle((req, res) => answer(res, imageOut(storeImage(state, req.body as Upload))));
  router.post('/file/image/ad/upload/', (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) {
      req.body = { fields: req.body ?? {} };
      return store(req, res, next);
    }
    readMultipart(
      req,
      (upload) => {
        req.body = upload;
        store(req, res, next);
      },
      () => refuse(res, CODES.invalidParameter, 'image_file: The multipart body could not be read.'),
    );
  });

  router.get(
    '/file/image/ad/info/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const advertiser = advertiserOf(state, query);
      const ids = stringList(jsonParam(query, 'image_ids'), 'image_ids', 100);
      if (!ids) throw invalid('image_ids', 'Missing data for required field.');
      const list = ids
        .map((id) => state.images.get(id))
        .filter((image): image is Image => image?.advertiser_id === advertiser.advertiser_id);
      answer(res, { list: list.map(imageOut) });
    }),
  );

  router.get(
    '/identity/get/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const advertiser = advertiserOf(state, query);
      const type = query.identity_type;
      if (type !== undefined && !IDENTITY_TYPES.includes(type as (typeof IDENTITY_TYPES)[number])) {
        throw invalid('identity_type', `Must be one of ${IDENTITY_TYPES.join(', ')}.`);
      }
      if (type === 'BC_AUTH_TT' && !query.identity_authorized_bc_id) {
        throw invalid('identity_authorized_bc_id', 'Required when identity_type is BC_AUTH_TT.');
      }
      const identities = [...state.identities.values()]
        .filter((i) => i.advertiser_id === advertiser.advertiser_id)
        .filter((i) => type === undefined || i.identity_type === type)
        .map(({ advertiser_id: _, ...identity }) => identity);
      // Identity Get's documentation page: page_size 1-100 (the SDK states no range).
      const { list, page_info } = paginate(query, identities, 100);
      answer(res, { identity_list: list, page_info });
    }),
  );
  return router;
}
