import type { Media } from '../../media/model.js';
import type { MediaAdapter } from '../../media/port.js';
import { SANDBOX_RATIOS } from './ads.js';
import type { SandboxApi } from './client.js';
import type * as Sandbox from './model.js';

const toMedia = (image: Sandbox.Image): Media => ({
  id: image.id,
  platform: 'sandbox',
  advertiser: image.account_id,
  kind: 'Image',
  width: image.width,
  height: image.height,
  bytes: image.bytes,
  sha256: image.sha256,
  contentType: image.content_type === 'image/png' ? 'image/png' : 'image/jpeg',
  name: image.id,
  createdAt: image.created_time,
});

/** The sandbox's images (`/ad_accounts/:id/images`): PNG or JPEG, up to 5 MB, 200–8000 px a side. */
export function sandboxMedia({ request }: SandboxApi): MediaAdapter {
  const images = (account: string) => `/ad_accounts/${encodeURIComponent(account)}/images`;
  return {
    capabilities: {
      types: ['image/png', 'image/jpeg'],
      maxBytes: 5 * 1024 * 1024,
      minWidth: 200,
      minHeight: 200,
      maxWidth: 8000,
      maxHeight: 8000,
      aspectRatios: SANDBOX_RATIOS,
      storage: 'platform',
    },

    async upload(call, account, file) {
      const image = (await request(call, images(account.id), {
        method: 'POST',
        body: file.bytes,
        headers: { 'Content-Type': file.contentType },
      })) as Sandbox.Image;
      return { id: image.id };
    },

    async list(call, account) {
      const body = (await request(call, images(account.id))) as { data: Sandbox.Image[] };
      return body.data.map(toMedia);
    },
  };
}
