import type { AspectRatio, Media } from '../../media/model.js';
import type { MediaAdapter } from '../../media/port.js';
import { PlatformError } from '../../ports/platform-error.js';
import { fields, type GraphClient } from './client.js';
import { isoTime } from './mapping.js';
import { FIELDS, type GraphImage } from './model.js';

/** "Maximum file size: 30MB" (Meta Ads Guide, image ads). */
export const META_MAX_IMAGE_BYTES = 30 * 1024 * 1024;

/**
 * The ratios between `min` and `max` (width / height), each widened by Meta's 3 % aspect ratio
 * tolerance, as one AspectRatio: its centre and the relative distance to either end.
 */
function ratioRange(name: string, min: number, max: number, tolerance: number): AspectRatio {
  const low = min * (1 - tolerance);
  const high = max * (1 + tolerance);
  const centre = (low + high) / 2;
  return { name, width: centre, height: 1, tolerance: (high - low) / 2 / centre };
}

/**
 * A link ad shows an image between 4:5 and 1.91:1 as it is (Meta crops one outside to the nearer
 * end): "Image ratio between 4:5 and 1.91:1" (Instagram ads API, media requirements, `link_data`).
 */
export const LINK_AD_RATIOS = ratioRange('4:5 to 1.91:1', 4 / 5, 1.91, 0.03);

/**
 * Meta ad images (`/act_{id}/adimages`): uploaded as base64 `bytes` into the ad account's image
 * library, known by their hash, which is the unified media id. The library takes any ratio (each
 * placement crops); a link ad's image is at least 600 pixels wide, a 1.91:1 one 600×315.
 */
export function metaMedia(graph: GraphClient): MediaAdapter {
  return {
    capabilities: {
      types: ['image/jpeg', 'image/png'],
      maxBytes: META_MAX_IMAGE_BYTES,
      minWidth: 600,
      minHeight: 315,
      aspectRatios: [],
      storage: 'platform',
    },

    async upload(call, account, file) {
      const answer = await graph.post<{ images?: Record<string, { hash?: string }> }>(
        call,
        `/${account.id}/adimages`,
        { bytes: file.bytes.toString('base64') },
        [['bytes', 'file']],
      );
      const hash = Object.values(answer.images ?? {})[0]?.hash;
      if (!hash) throw new PlatformError('rejected', 'Meta answered the image upload without a hash');
      return { id: hash };
    },

    async list(call, account) {
      const images = await graph.all<GraphImage>(call, `/${account.id}/adimages`, fields(FIELDS.image));
      return images.map(
        (image): Media => ({
          id: image.hash,
          platform: 'meta',
          advertiser: account.id,
          kind: 'Image',
          width: image.width,
          height: image.height,
          bytes: null,
          sha256: null,
          contentType: null,
          name: image.name ?? image.hash,
          createdAt: isoTime(image.created_time),
        }),
      );
    },
  };
}
