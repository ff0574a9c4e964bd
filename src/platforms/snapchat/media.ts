import type { AspectRatio } from '../../media/model.js';
import type { MediaAdapter } from '../../media/port.js';
import type { SnapClient } from './client.js';
import type { SnapMedia } from './model.js';

/** A Top Snap is full screen, 9:16. */
export const TOP_SNAP_RATIO: AspectRatio = { name: '9:16', width: 9, height: 16, tolerance: 0.01 };

/**
 * Top Snap images (Snap's Media page): PNG or JPG, at most 5 MB, 1080×1920. An upload creates the
 * media in the ad account (`POST /adaccounts/{id}/media`, type IMAGE), then sends the file to it
 * (`POST /media/{id}/upload`, multipart); the media's id is the unified id. Snap lists media without
 * their dimensions, so `list` is left out.
 */
export function snapchatMedia(snap: SnapClient): MediaAdapter {
  return {
    capabilities: {
      types: ['image/jpeg', 'image/png'],
      maxBytes: 5 * 1024 * 1024,
      minWidth: 1080,
      minHeight: 1920,
      aspectRatios: [TOP_SNAP_RATIO],
      storage: 'platform',
    },

    async upload(call, account, file) {
      const list = {
        path: `/adaccounts/${encodeURIComponent(account.id)}/media`,
        plural: 'media',
        singular: 'media',
      };
      const name = file.name || `adlink-${file.sha256.slice(0, 16)}`;
      const media = await snap.write<SnapMedia>(
        call,
        'POST',
        list,
        { name, type: 'IMAGE', ad_account_id: account.id },
        [['name', 'file']],
      );
      await snap.upload(call, `/media/${encodeURIComponent(media.id)}/upload`, {
        bytes: file.bytes,
        name,
        type: file.contentType,
      });
      return { id: media.id };
    },
  };
}
