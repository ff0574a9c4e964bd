import { type AspectRatio, hasRatio } from '../../media/model.js';
import type { MediaAdapter } from '../../media/port.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { MicrosoftAdsApi } from './client.js';
import { NO_CREATION_TIME } from './mapping.js';

const ratio = (name: string, width: number, height: number): AspectRatio => ({
  name,
  width,
  height,
  tolerance: 0.01,
});

/**
 * The images of a multimedia ad (the ResponsiveAd page's "Multimedia ad images"): each ratio's image
 * sub type and least size, and the MediaType AddMedia stores it as (the Image page names none for 1:2,
 * so that one is a GenericImage).
 */
export const IMAGE_KINDS = [
  {
    ratio: ratio('1.91:1', 1.91, 1),
    subType: 'LandscapeImageMedia',
    mediaType: 'Image191x100',
    width: 703,
    height: 368,
  },
  { ratio: ratio('1:1', 1, 1), subType: 'SquareImageMedia', mediaType: 'Image1x1', width: 470, height: 470 },
  { ratio: ratio('4:1', 4, 1), subType: 'ImageMedia4x1', mediaType: 'Image4x1', width: 608, height: 152 },
  { ratio: ratio('1:2', 1, 2), subType: 'ImageMedia1x2', mediaType: 'GenericImage', width: 470, height: 940 },
];

export const imageKindOf = (width: number, height: number) =>
  IMAGE_KINDS.find((kind) => hasRatio(kind.ratio, width, height));

/** "The base64 string can contain a maximum of 102,400 characters": 76,800 bytes. */
const MAX_BASE64 = 102_400;
/** GetMediaMetaDataByAccountId's page: "The maximum size is 1,000." */
const MEDIA_PAGE = 1000;

interface MediaMetaData {
  Id?: string;
  Text?: string | null;
  Representations?: { Name?: string | null; Width?: number | null; Height?: number | null }[] | null;
}

/**
 * AddMedia into the account's media library. adlink's images are for multimedia ads, so an upload
 * must already fit one of their image kinds (ratio and least size); the service checks the rest of
 * the capabilities before this runs.
 */
export function microsoftMedia(ms: MicrosoftAdsApi): MediaAdapter {
  return {
    capabilities: {
      types: ['image/jpeg', 'image/png', 'image/gif'],
      maxBytes: (MAX_BASE64 / 4) * 3,
      minWidth: Math.min(...IMAGE_KINDS.map((k) => k.width)),
      minHeight: Math.min(...IMAGE_KINDS.map((k) => k.height)),
      maxWidth: 2592,
      maxHeight: 2048,
      aspectRatios: IMAGE_KINDS.map((k) => k.ratio),
      storage: 'platform',
    },

    async upload(call, account, file) {
      const kind = imageKindOf(file.width, file.height);
      if (kind && (file.width < kind.width || file.height < kind.height)) {
        throw new PlatformInputError(
          'file',
          `Microsoft multimedia ads take ${kind.ratio.name} images of at least ${kind.width}×${kind.height} pixels; this one is ${file.width}×${file.height}.`,
        );
      }
      const api = await ms.account(call, account.id);
      const { MediaIds } = await api.request<{ MediaIds?: (string | null)[] }>('POST', '/Media', {
        AccountId: account.id,
        Media: [
          {
            Type: 'Image',
            MediaType: kind?.mediaType ?? 'GenericImage',
            Data: file.bytes.toString('base64'),
          },
        ],
      });
      const id = MediaIds?.[0];
      if (!id)
        throw new PlatformError('rejected', 'Microsoft Advertising answered AddMedia without a media id');
      return { id };
    },

    /**
     * The account's images for responsive ads (GetMediaMetaDataByAccountId, paged), with the size of
     * their `Original` representation; Microsoft tells neither their bytes nor when they were added.
     */
    async list(call, account) {
      const api = await ms.account(call, account.id);
      const found: MediaMetaData[] = [];
      for (let Index = 0; ; Index++) {
        const { MediaMetaData } = await api.request<{ MediaMetaData?: MediaMetaData[] | null }>(
          'POST',
          '/MediaMetaData/QueryByAccountId',
          { MediaEnabledEntities: 'ResponsiveAd', PageInfo: { Index, Size: MEDIA_PAGE } },
        );
        found.push(...(MediaMetaData ?? []));
        if ((MediaMetaData ?? []).length < MEDIA_PAGE) break;
      }
      return found.flatMap((m) => {
        const original = m.Representations?.find((r) => r.Name === 'Original') ?? m.Representations?.[0];
        if (!m.Id || !original?.Width || !original.Height) return [];
        return [
          {
            id: m.Id,
            platform: 'microsoft',
            advertiser: account.id,
            kind: 'Image' as const,
            width: original.Width,
            height: original.Height,
            bytes: null,
            sha256: null,
            contentType: null,
            name: m.Text || `Image ${m.Id}`,
            createdAt: NO_CREATION_TIME,
          },
        ];
      });
    },
  };
}
