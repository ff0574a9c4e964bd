import { createHash } from 'node:crypto';
import type { MediaAdapter } from '../../media/port.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { TikTokApi } from './client.js';

/**
 * Images uploaded to the advertiser's Asset Library (`/file/image/ad/upload/`), known by their
 * `image_id`. TikTok's image ad specification takes JPG and PNG of any resolution and suggests at most
 * 500 KB, which adlink enforces (docs/platforms/tiktok.md).
 */
export function tiktokMedia(api: TikTokApi): MediaAdapter {
  return {
    capabilities: {
      types: ['image/jpeg', 'image/png'],
      maxBytes: 500 * 1024,
      minWidth: 1,
      minHeight: 1,
      aspectRatios: [],
      storage: 'platform',
    },

    async upload(call, account, file) {
      const form = new FormData();
      form.set('advertiser_id', account.id);
      form.set('upload_type', 'UPLOAD_BY_FILE');
      // "Md5 of the image (used for server verification)" (FileImageAdUpload).
      form.set('image_signature', createHash('md5').update(file.bytes).digest('hex'));
      form.set('image_file', new Blob([file.bytes], { type: file.contentType }), file.name);
      const data = await api.postForm(call, '/file/image/ad/upload/', form, {
        image_file: 'file',
        image_signature: 'file',
        file_name: 'file',
      });
      if (typeof data.image_id !== 'string') throw new PlatformError('rejected', 'unexpected upload answer');
      return { id: data.image_id };
    },
  };
}
