import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import { AppError } from '../errors.js';
import { randomToken } from '../ids.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { MediaStore } from '../store/media.js';
import { hasRatio, type ImageFile, type Media, type ResolvedMedia } from './model.js';
import type { MediaAdapter, MediaCapabilities } from './port.js';

/** How long the bytes of an image a platform takes only inside an ad (Pinterest) are kept, sealed. */
export const INLINE_TTL_MS = 24 * 60 * 60 * 1000;

const fileError = (message: string) => new AppError('invalid_request', message, { param: 'file' });

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`;

/**
 * Images of a customer's ad accounts: uploaded once per ad account and content (by SHA-256), checked
 * against the platform's limits before anything is sent, listed with what the platform lists, and
 * resolved for the ads that use them.
 */
export class MediaService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
  ) {}

  /** The store's image records, holding the media this service alone writes to it. */
  private get images() {
    return this.store.media as MediaStore<Media>;
  }

  /** The platform's media adapter, or 400 unsupported_for_platform naming the platform. */
  private adapter(platform: ConnectionRef['platform']): MediaAdapter {
    const { media } = this.platforms.adapter(platform);
    if (!media) {
      throw new AppError(
        'unsupported_for_platform',
        `adlink creates no ${platform} ads that take images, so it uploads none there.`,
        { param: 'platform' },
      );
    }
    return media;
  }

  /** The platform's image limits (the upload is capped at `maxBytes` before it is read whole). */
  capabilities(platform: ConnectionRef['platform']): MediaCapabilities {
    return this.adapter(platform).capabilities;
  }

  /** One of the connection's chosen ad accounts, or 400 naming `advertiser`. */
  async account(ref: ConnectionRef, advertiser: string): Promise<AdAccount> {
    const account = (await this.calls.advertisers(ref)).find((a) => a.id === advertiser);
    if (!account) {
      throw new AppError(
        'invalid_request',
        `"${advertiser}" is not one of the customer's connected ad accounts.`,
        { param: 'advertiser' },
      );
    }
    return account;
  }

  /** The platform's limits on types, dimensions and aspect ratios (bytes were capped while reading). */
  private check(platform: ConnectionRef['platform'], caps: MediaCapabilities, file: ImageFile): void {
    if (!caps.types.includes(file.contentType)) {
      throw fileError(`${platform} takes ${caps.types.join(', ')} images, not ${file.contentType}.`);
    }
    if (file.bytes.length > caps.maxBytes) {
      throw fileError(`${platform} takes images of at most ${megabytes(caps.maxBytes)}.`);
    }
    const size = `${file.width}×${file.height}`;
    if (file.width < caps.minWidth || file.height < caps.minHeight) {
      throw fileError(
        `${platform} takes images of at least ${caps.minWidth}×${caps.minHeight} pixels; this one is ${size}.`,
      );
    }
    if ((caps.maxWidth && file.width > caps.maxWidth) || (caps.maxHeight && file.height > caps.maxHeight)) {
      throw fileError(
        `${platform} takes images of at most ${caps.maxWidth}×${caps.maxHeight} pixels; this one is ${size}.`,
      );
    }
    if (
      caps.aspectRatios.length > 0 &&
      !caps.aspectRatios.some((r) => hasRatio(r, file.width, file.height))
    ) {
      const ratios = caps.aspectRatios.map((r) => r.name).join(', ');
      throw fileError(`${platform} takes images with an aspect ratio of ${ratios}; this one is ${size}.`);
    }
  }

  /**
   * Uploads the image to the ad account, once: the same bytes again answer the earlier record
   * (`created` false) without a call. Where the platform takes images only inside an ad, the bytes are
   * kept sealed for a limited time instead, and the ad sends them.
   */
  async upload(
    ref: ConnectionRef,
    account: AdAccount,
    file: ImageFile,
  ): Promise<{ media: Media; created: boolean }> {
    const adapter = this.adapter(ref.platform);
    this.check(ref.platform, adapter.capabilities, file);
    const known = await this.images.bySha(ref, account.id, file.sha256);
    if (known) return { media: known, created: false };
    const inline = adapter.capabilities.storage === 'inline';
    const { id } = inline
      ? { id: `med_${randomToken(12)}` }
      : await this.calls.call(ref, (_adapter, call) => adapter.upload(call, account, file), account.id);
    const media: Media = {
      id,
      platform: ref.platform,
      advertiser: account.id,
      kind: 'Image',
      width: file.width,
      height: file.height,
      bytes: file.bytes.length,
      sha256: file.sha256,
      contentType: file.contentType,
      name: file.name,
      createdAt: new Date().toISOString(),
    };
    await this.images.save(ref, media, inline ? { bytes: file.bytes, ttlMs: INLINE_TTL_MS } : undefined);
    return { media, created: true };
  }

  /** adlink's uploads to the ad account, then what the platform lists that adlink did not upload. */
  async list(ref: ConnectionRef, account: AdAccount): Promise<Media[]> {
    const adapter = this.adapter(ref.platform);
    const own = await this.images.list(ref, account.id);
    if (!adapter.list) return own;
    const listed = await this.calls.call(ref, (_adapter, call) => adapter.list!(call, account), account.id);
    const ids = new Set(own.map((m) => m.id));
    return [...own, ...listed.filter((m) => !ids.has(m.id))];
  }

  /** The images an ad names, in order, each of the ad's account; 400 naming the one that is not. */
  async resolve(ref: ConnectionRef, account: AdAccount, ids: string[]): Promise<ResolvedMedia[]> {
    const adapter = this.adapter(ref.platform);
    let listed: Media[] | undefined;
    const resolved: ResolvedMedia[] = [];
    for (const [i, id] of ids.entries()) {
      const param = i === 0 ? 'creative.media' : `creative.additionalMedia[${i - 1}]`;
      let media = await this.images.get(ref, id);
      if (!media && adapter.list) {
        listed ??= await this.calls.call(ref, (_adapter, call) => adapter.list!(call, account), account.id);
        media = listed.find((m) => m.id === id) ?? null;
      }
      if (!media || media.advertiser !== account.id) {
        throw new AppError(
          'invalid_request',
          `No image ${id} in ad account ${account.id}: upload it with POST /v1/${ref.platform}/media.`,
          { param },
        );
      }
      if (adapter.capabilities.storage === 'platform') {
        resolved.push({ media });
        continue;
      }
      const bytes = await this.images.bytes(ref, id);
      if (!bytes) {
        throw new AppError('invalid_request', `Image ${id} is no longer kept: upload it again.`, { param });
      }
      const file = {
        bytes,
        contentType: media.contentType!,
        width: media.width,
        height: media.height,
        sha256: media.sha256!,
        name: media.name,
      };
      resolved.push({ media, file });
    }
    return resolved;
  }
}
