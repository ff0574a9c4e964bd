import type { AspectRatio } from '../../media/model.js';
import type { MediaAdapter } from '../../media/port.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { accountPath } from './accounts.js';
import type { LinkedInClient } from './client.js';
import type { ImageUpload, AdAccount as LinkedInAccount } from './model.js';

/** Single image ads: horizontal 1.91:1, square 1:1, vertical 1:1.91 (LinkedIn's ad specs). */
export const IMAGE_RATIOS: AspectRatio[] = [
  { name: '1.91:1', width: 1.91, height: 1, tolerance: 0.01 },
  { name: '1:1', width: 1, height: 1, tolerance: 0.01 },
  { name: '1:1.91', width: 1, height: 1.91, tolerance: 0.01 },
];

/**
 * Images through LinkedIn's Images API: `initializeUpload` for the organization the ad account
 * advertises for (its `reference`), then the bytes PUT to the upload URL. The image URN is the id.
 */
export function linkedinMedia(li: LinkedInClient): MediaAdapter {
  return {
    capabilities: {
      // Single image ads: JPG, PNG or GIF up to 5 MB, from 360 px a side (1.91:1 from 640×360) to 7680×4320.
      types: ['image/jpeg', 'image/png', 'image/gif'],
      maxBytes: 5 * 1024 * 1024,
      minWidth: 360,
      minHeight: 360,
      maxWidth: 7680,
      maxHeight: 4320,
      aspectRatios: IMAGE_RATIOS,
      storage: 'platform',
    },

    async upload(call, account, file) {
      const { reference } = await li.get<LinkedInAccount>(call, accountPath(account.id));
      if (!reference?.startsWith('urn:li:organization:')) {
        throw new PlatformInputError(
          'advertiser',
          `LinkedIn ad account ${account.id} advertises for no organization, which owns its ads' images.`,
        );
      }
      const { body } = await li.request(call, '/images?action=initializeUpload', {
        method: 'POST',
        restliMethod: 'action',
        body: { initializeUploadRequest: { owner: reference } },
      });
      const upload = (body as ImageUpload | undefined)?.value;
      if (!upload?.uploadUrl || !upload.image) {
        throw new PlatformError('rejected', 'unexpected LinkedIn initializeUpload answer');
      }
      await li.upload(call, upload.uploadUrl, file.bytes);
      return { id: upload.image };
    },
  };
}
