import { imageSize } from 'image-size';
import { z } from 'zod';
import { id } from './fields.js';
import { CONTENT_TYPES, type ContentType, type Pin } from './model.js';
import type { PinterestState } from './state.js';

/**
 * The largest image a Pin takes: "Max file size: Desktop 20 MB" (Pinterest's product specs,
 * help.pinterest.com/en/business/article/pinterest-product-specs, "Static Pins and ads"), read as
 * 20,000,000 bytes; the OpenAPI states no size.
 */
export const MAX_IMAGE_BYTES = 20_000_000;

/**
 * The PinCreate fields the emulator models (the OpenAPI's schema is checked first): a Pin from an
 * `image_base64` source. Other fields and sources are refused by name rather than silently ignored.
 */
const nullableText = z.string().nullable().optional();
export const pinCreateRequest = z.strictObject({
  board_id: id.optional(),
  title: nullableText,
  description: nullableText,
  link: nullableText,
  alt_text: nullableText,
  media_source: z
    .strictObject({
      source_type: z.literal('image_base64', {
        error:
          'this emulator takes image_base64 sources only (image_url would be fetched, video_id needs /media)',
      }),
      content_type: z.enum(CONTENT_TYPES),
      data: z.string(),
      is_standard: z.literal(true).optional(),
    })
    .optional(),
});

const TYPES: Record<string, ContentType> = { jpg: 'image/jpeg', png: 'image/png' };

/** A Pin's stored fields, or why Pinterest refuses it. */
export function newPin(
  body: z.infer<typeof pinCreateRequest>,
  state: PinterestState,
): Omit<Pin, 'id' | 'created_at'> | string {
  // pins/create: "Create a Pin on a board or board section owned by the operation user_account."
  if (!body.board_id) return 'board_id: is required (a Pin is created on a board of the user)';
  if (!state.boards.has(body.board_id)) return `board_id: the user has no board ${body.board_id}`;
  if (!body.media_source) return 'media_source: is required';
  if (body.link != null && !/^https?:\/\/[^\s/]+/.test(body.link))
    return 'link: must be an http or https URL';
  const { content_type, data } = body.media_source;
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) {
    return `media_source.data: the image has ${bytes.length} bytes; a Pin image has at most 20 MB`;
  }
  let size: { width: number; height: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return 'media_source.data: is not a JPEG or PNG image';
  }
  const type = size.type ? TYPES[size.type] : undefined;
  if (!type)
    return `media_source.data: is a ${size.type ?? 'file'} image; Pins take ${CONTENT_TYPES.join(' or ')}`;
  if (type !== content_type) return `media_source.content_type: is ${content_type} but the data is ${type}`;
  return {
    board_id: body.board_id,
    title: body.title ?? null,
    description: body.description ?? null,
    link: body.link ?? null,
    alt_text: body.alt_text ?? null,
    media: { media_type: 'image', width: size.width, height: size.height, content_type, bytes: bytes.length },
  };
}
