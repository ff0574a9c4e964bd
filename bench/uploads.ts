import { createHash, randomBytes } from 'node:crypto';
import type { Media } from '../src/media/model.js';
import type { Store } from '../src/store/index.js';
import type { Scenario } from './scenarios.js';
import type { Stack } from './stack.js';

/**
 * U1: an image of 5 MB uploaded through `POST /v1/sandbox/media`, against B5, the same bytes through
 * a bare express + busboy route that holds and hashes them. The image is known to the ad account
 * (its record seeded in the store, as the first upload leaves it), so every upload is adlink's own
 * work on the bytes — stream, cap, hash, read the type and size, check the platform's limits, find it
 * by its hash — and no platform call. One upload at a time, so the RSS growth is one upload's.
 */
export const UPLOAD_BYTES = 5_000_000;
const BOUNDARY = 'adlinkbenchboundary';

/** A PNG of 1,080 × 1,080 (the sandbox takes 1:1) padded to `UPLOAD_BYTES`: its header is all that is read. */
function benchImage(): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(1080, 16);
  header.writeUInt32BE(1080, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return Buffer.concat([header, randomBytes(UPLOAD_BYTES - header.length)]);
}

/** multipart/form-data with the ad account and the image as `file`. */
function multipart(advertiser: string, image: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="advertiser"\r\n\r\n${advertiser}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export interface Upload {
  customer: string;
  /** The request's body: the ad account and the image. */
  body: Buffer;
}

/** U1's image, as its first upload to the customer's sandbox ad account `advertiser` left it. */
export async function seedUpload(
  store: Store,
  company: string,
  customer: string,
  advertiser: string,
): Promise<Upload> {
  const image = benchImage();
  const known: Media = {
    id: 'med_bench',
    platform: 'sandbox',
    advertiser,
    kind: 'Image',
    width: 1080,
    height: 1080,
    bytes: image.length,
    sha256: createHash('sha256').update(image).digest('hex'),
    contentType: 'image/png',
    name: 'bench.png',
    createdAt: new Date().toISOString(),
  };
  await store.media.save({ company, customer, platform: 'sandbox' }, known);
  return { customer, body: multipart(advertiser, image) };
}

export function uploadScenarios(stack: Stack, token: string, upload: Upload): Scenario[] {
  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  return [
    {
      id: 'B5',
      title: 'express + busboy: a 5 MB file held and hashed; one upload at a time',
      server: stack.baselines.process,
      prepare: async () => ({
        url: `${stack.baselines.express}/b5/upload`,
        expect: [200],
        connections: 1,
        requests: [{ method: 'POST', headers, body: upload.body }],
      }),
    },
    {
      id: 'U1',
      title: 'POST /v1/sandbox/media, the same 5 MB image (known to the account); one upload at a time',
      server: stack.adlink,
      prepare: async () => ({
        url: stack.adlink.url,
        expect: [200],
        connections: 1,
        requests: [
          {
            method: 'POST',
            path: `/v1/sandbox/media?customer=${upload.customer}`,
            headers: { ...headers, authorization: `Bearer ${token}` },
            body: upload.body,
          },
        ],
      }),
    },
  ];
}
