import { createHash } from 'node:crypto';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { imageSize } from 'image-size';
import { AppError } from '../errors.js';
import type { ImageFile, ImageType } from '../media/model.js';

/** What a multipart body may hold besides the file: its text fields, small. */
const FIELD_BYTES = 1024;
const MAX_FIELDS = 10;
/** Room for the multipart boundaries, part headers and text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

const TYPES: Record<string, ImageType> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

const fileError = (message: string) => new AppError('invalid_request', message, { param: 'file' });

/**
 * A refusal that ends the connection after the answer: the rest of the body is never read, so a
 * client cannot make adlink read (or hold) more than the cap.
 */
function refuseUnread(res: Response, err: AppError): AppError {
  res.setHeader('Connection', 'close');
  return err;
}

export interface ImageUpload {
  fields: Map<string, string>;
  file: ImageFile;
}

/**
 * Reads a multipart/form-data body with one image in `file` and text fields (`fields` names those
 * allowed), streaming: at most `maxBytes` of the file are held, a larger one is refused as soon as it
 * passes the cap (or at once, when Content-Length says so) and the connection is closed unread. The
 * file's type and dimensions come from its bytes, never from what the client says it is.
 */
export function readImageUpload(
  req: Request,
  res: Response,
  options: { maxBytes: number; fields: readonly string[]; tooLarge: string },
): Promise<ImageUpload> {
  const { maxBytes } = options;
  if (!req.is('multipart/form-data')) {
    return Promise.reject(fileError('Send the image as multipart/form-data, in a part named file.'));
  }
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) {
    return Promise.reject(refuseUnread(res, fileError(options.tooLarge)));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          files: 1,
          fileSize: maxBytes,
          fields: MAX_FIELDS,
          fieldSize: FIELD_BYTES,
          parts: MAX_FIELDS + 1,
        },
      });
    } catch {
      reject(fileError('The multipart body has no boundary.'));
      return;
    }
    const fields = new Map<string, string>();
    let file: Omit<ImageFile, 'contentType' | 'width' | 'height'> | undefined;
    let failed = false;
    const fail = (err: AppError, unread = false) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      reject(unread ? refuseUnread(res, err) : err);
    };

    parser.on('field', (name, value, info) => {
      if (!options.fields.includes(name)) {
        fail(
          new AppError(
            'unknown_parameter',
            `Unknown field ${name}: give ${options.fields.join(', ')} and file.`,
            { param: name },
          ),
        );
      } else if (fields.has(name)) {
        fail(new AppError('parameter_repeated', `The field ${name} must be given once.`, { param: name }));
      } else if (info.valueTruncated) {
        fail(new AppError('invalid_request', `${name} is too long.`, { param: name }));
      } else {
        fields.set(name, value);
      }
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        fail(
          new AppError('unknown_parameter', `Unknown file field ${name}: send the image as file.`, {
            param: name,
          }),
        );
        return;
      }
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(fileError(options.tooLarge), true));
      stream.on('end', () => {
        if (failed) return;
        file = { bytes: Buffer.concat(chunks), sha256: hash.digest('hex'), name: info.filename || 'image' };
      });
    });
    parser.on('filesLimit', () => fail(fileError('Send one image per request.')));
    parser.on('fieldsLimit', () => fail(new AppError('invalid_request', 'Too many fields.')));
    parser.on('partsLimit', () => fail(new AppError('invalid_request', 'Too many parts.')));
    parser.on('error', () => fail(new AppError('invalid_request', 'The multipart body is malformed.')));
    parser.on('close', () => {
      if (failed) return;
      if (!file) {
        fail(fileError('Give the image in a part named file.'));
        return;
      }
      try {
        resolve({ fields, file: describe(file) });
      } catch (err) {
        fail(err as AppError);
      }
    });
    req.on('aborted', () => fail(new AppError('invalid_request', 'The upload was interrupted.')));
    req.pipe(parser);
  });
}

/** The image's type and dimensions, read from its bytes. */
function describe(file: Omit<ImageFile, 'contentType' | 'width' | 'height'>): ImageFile {
  if (file.bytes.length === 0) throw fileError('The file is empty.');
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(file.bytes);
  } catch {
    throw fileError('The file is not an image adlink can read: send a JPEG or PNG.');
  }
  const contentType = TYPES[size.type ?? ''];
  if (!contentType) throw fileError(`The file is a ${size.type} image: send a JPEG or PNG.`);
  return { ...file, contentType, width: size.width, height: size.height };
}
