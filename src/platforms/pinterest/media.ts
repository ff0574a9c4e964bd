import type { MediaAdapter } from '../../media/port.js';
import { PlatformError } from '../../ports/platform-error.js';

/**
 * Pinterest images: its `/media` uploads videos only (`MediaUploadType`), so an image travels inside
 * its Pin (`image_base64`) when the ad is created; adlink keeps the bytes until then (`inline`).
 * PNG or JPEG (`ContentType`), at most 20 MB (the product specs' "Max file size: Desktop 20 MB"),
 * any aspect ratio (2:3 recommended; other ratios "might get cut off in people's feeds").
 */
export const pinterestMedia: MediaAdapter = {
  capabilities: {
    types: ['image/jpeg', 'image/png'],
    maxBytes: 20_000_000,
    // Pinterest states no smallest size.
    minWidth: 1,
    minHeight: 1,
    aspectRatios: [],
    storage: 'inline',
  },
  async upload() {
    throw new PlatformError(
      'rejected',
      'Pinterest uploads only videos to /media: an image is sent inside its Pin when the ad is created',
    );
  },
};
