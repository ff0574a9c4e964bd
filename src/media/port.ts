import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { AspectRatio, ImageFile, ImageType, Media } from './model.js';

/** The platform's own limits for images, checked before anything is sent (400 naming `file`). */
export interface MediaCapabilities {
  types: ImageType[];
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  maxWidth?: number;
  maxHeight?: number;
  /** The aspect ratios an image may have (any of them); empty: any ratio. */
  aspectRatios: AspectRatio[];
  /**
   * `platform`: the image is uploaded to the platform at once and known by the platform's id.
   * `inline`: the platform takes images only inside the ad (Pinterest's pins): adlink keeps the bytes
   * sealed for a day (docs/ads.md) until an ad is created with them.
   */
  storage: 'platform' | 'inline';
}

/** Images on one platform (`platforms/<id>/media.ts`). */
export interface MediaAdapter {
  capabilities: MediaCapabilities;
  /**
   * Uploads the image to the ad account and answers the platform's id for it. Not called where
   * `storage` is `inline`.
   */
  upload(call: PlatformCall, account: AdAccount, file: ImageFile): Promise<{ id: string }>;
  /** The images the platform lists for the ad account, where its API lists them with their sizes. */
  list?(call: PlatformCall, account: AdAccount): Promise<Media[]>;
}
