import { Router } from 'express';
import { imageSize } from 'image-size';
import { accountOf } from './access.js';
import { hasRatio } from './ad-rules.js';
import { type BatchError, batchError, batchFault, CODES, operationFault } from './faults.js';
import type { MicrosoftAdsState, StoredMedia } from './model.js';
import { CAMPAIGN_BASE, CAMPAIGN_OPERATIONS, fieldsOf, MEDIA_FIELDS, serve } from './operations.js';
import { sameAccount } from './read-routes.js';
import { type Refusal, refuse } from './rules.js';

/**
 * The Image MediaTypes and the aspect ratio and minimum size each needs (MicrosoftDocs/Advertising,
 * advertising/bingads-13/campaign-management-service/image.md, "Remarks"); GenericImage any ratio.
 */
export const MEDIA_TYPES: Record<string, { ratio?: number; width: number; height: number }> = {
  GenericImage: { width: 40, height: 20 },
  Image16x9: { ratio: 16 / 9, width: 640, height: 360 },
  Image15x10: { ratio: 1.5, width: 300, height: 200 },
  Image4x3: { ratio: 4 / 3, width: 100, height: 75 },
  Image1x1: { ratio: 1, width: 128, height: 128 },
  Image191x100: { ratio: 1.91, width: 703, height: 368 },
  Image4x1: { ratio: 4, width: 512, height: 128 },
};
/** The MediaTypes of each media enabled entity (the Media page's MediaType). */
const ENTITY_MEDIA_TYPES: Record<string, string[]> = {
  ImageAdExtension: ['GenericImage', 'Image16x9', 'Image15x10', 'Image4x3'],
  ResponsiveAd: ['GenericImage', 'Image1x1', 'Image191x100', 'Image4x1'],
};
/** "The maximum size is 1,000" (Paging); without PageInfo, index 0 and size 1,000. */
const MAX_PAGE = 1000;
/** "The base64 string can contain a maximum of 102,400 characters" (image.md). */
export const MAX_IMAGE_DATA = 102_400;
/** "The maximum width and height in pixels are 2592 and 2048 independently." */
const MAX_WIDTH = 2592;
const MAX_HEIGHT = 2048;
/** "You can add a maximum of 10 media in a single call" (addmedia.md). */
const MAX_MEDIA = 10;
/** GIF, JPEG and PNG, as image-size names them. */
const IMAGE_TYPES = ['gif', 'jpg', 'png'];
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** What an Image's data and MediaType break, or its dimensions. */
function imageOf(media: Record<string, unknown>): Refusal | { width: number; height: number; bytes: number } {
  const type = MEDIA_TYPES[String(media.MediaType)];
  if (media.Type !== 'Image' || !type) {
    return refuse(CODES.mediaTypeInvalid, `MediaType must be one of ${Object.keys(MEDIA_TYPES).join(', ')}.`);
  }
  const data = media.Data;
  if (typeof data !== 'string' || data === '' || !BASE64.test(data)) {
    return refuse(CODES.imageDataInvalid, 'The image data must be a base64 encoded string.');
  }
  if (data.length > MAX_IMAGE_DATA) {
    return refuse(CODES.imageOverweight, `The base64 data is over ${MAX_IMAGE_DATA} characters.`);
  }
  const bytes = Buffer.from(data, 'base64');
  let size: { width: number; height: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return refuse(CODES.imageMimeTypeInvalid, "The image's MIME type is not supported.");
  }
  if (!IMAGE_TYPES.includes(size.type ?? '')) {
    return refuse(CODES.imageMimeTypeInvalid, "The image's MIME type is not supported.");
  }
  if (size.width > MAX_WIDTH || size.height > MAX_HEIGHT) {
    return refuse(CODES.imageTooLarge, `Images are at most ${MAX_WIDTH}×${MAX_HEIGHT}.`);
  }
  if (size.width < type.width)
    return refuse(CODES.mediaWidthInvalid, `${media.MediaType} is at least ${type.width} wide.`);
  if (size.height < type.height) {
    return refuse(CODES.mediaHeightInvalid, `${media.MediaType} is at least ${type.height} high.`);
  }
  if (type.ratio && !hasRatio(size, type.ratio)) {
    return refuse(CODES.mediaAspectRatioInvalid, `${media.MediaType} images have the ratio ${type.ratio}:1.`);
  }
  return { width: size.width, height: size.height, bytes: bytes.length };
}

/** The MediaEnabledEntities flags of a GetMediaMetaData call (4016 when none or unknown). */
function mediaEntitiesOf(value: unknown): string[] {
  const entities = typeof value === 'string' ? value.split(',').map((e) => e.trim()) : [];
  if (entities.length === 0 || entities.some((e) => !ENTITY_MEDIA_TYPES[e])) {
    throw operationFault(
      CODES.mediaEnabledEntitiesInvalid,
      'MediaEnabledEntities: ImageAdExtension, ResponsiveAd.',
    );
  }
  return entities;
}

function pageOf(value: unknown): { Index: number; Size: number } {
  if (value === undefined || value === null) return { Index: 0, Size: MAX_PAGE };
  const { Index, Size } = fieldsOf(value, ['Index', 'Size'], 'PageInfo');
  if (
    !Number.isInteger(Index) ||
    (Index as number) < 0 ||
    !Number.isInteger(Size) ||
    (Size as number) < 1 ||
    (Size as number) > MAX_PAGE
  ) {
    throw operationFault(CODES.inputValidation, `PageInfo: Index from 0, Size from 1 to ${MAX_PAGE}.`);
  }
  return { Index: Index as number, Size: Size as number };
}

/**
 * AddMedia: images into the account's media library, stored with their dimensions; and
 * GetMediaMetaDataByAccountId, which lists them with one `Original` representation each (its `Url`
 * names the image but is not served: the emulator keeps no bytes).
 */
export function mediaRoutes(state: MicrosoftAdsState, baseUrl: string): Router {
  const router = Router();
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.getMediaMetaDataByAccountId, (body, res) => {
    const types = mediaEntitiesOf(body.MediaEnabledEntities).flatMap((e) => ENTITY_MEDIA_TYPES[e]!);
    const { Index, Size } = pageOf(body.PageInfo);
    const media = [...accountOf(res).media.values()].filter((m) => types.includes(m.MediaType));
    return {
      MediaMetaData: media.slice(Index * Size, (Index + 1) * Size).map((m) => ({
        Id: m.Id,
        // As the MediaMetaData page words them: "the MediaType is Image", Type "ImageMediaRepresentation".
        MediaType: m.Type,
        Type: 'ImageMediaRepresentation',
        Text: m.Text,
        Representations: [
          {
            Name: 'Original',
            Type: 'ImageMediaRepresentation',
            Url: `${baseUrl}/media-library/${m.Id}`,
            Width: m.width,
            Height: m.height,
          },
        ],
      })),
    };
  });
  serve(router, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS.addMedia, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    const list = body.Media;
    if (!Array.isArray(list) || list.length === 0) {
      throw batchFault([
        batchError(0, CODES.mediaEntityArrayEmpty, 'The list of media cannot be null or empty.'),
      ]);
    }
    if (list.length > MAX_MEDIA) {
      throw batchFault([
        batchError(0, CODES.mediaEntityLimitExceeded, `At most ${MAX_MEDIA} media in one call.`),
      ]);
    }
    const errors: BatchError[] = [];
    const images = list.map((raw, i) => {
      const media = fieldsOf(raw, MEDIA_FIELDS, `Media[${i}]`);
      const image = imageOf(media);
      if (image && 'error' in image) errors.push(batchError(i, image.error, image.message));
      return { media, image };
    });
    // AddMediaResponse has no PartialErrors: one refused image refuses the call.
    if (errors.length) throw batchFault(errors);
    return {
      MediaIds: images.map(({ media, image }) => {
        const stored: StoredMedia = {
          Id: state.newAssetId(),
          MediaType: media.MediaType as string,
          Type: 'Image',
          Text: typeof media.Text === 'string' ? media.Text : null,
          ...(image as { width: number; height: number; bytes: number }),
        };
        account.media.set(stored.Id, stored);
        return stored.Id;
      }),
    };
  });
  return router;
}
