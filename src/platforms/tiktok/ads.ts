import type { Ad, CreativeKind } from '../../ads/model.js';
import type { AdAdapter } from '../../ads/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { adRenameBody } from './ad-body.js';
import { WITH_DELETED } from './campaigns.js';
import { inAccounts, type TikTokApi } from './client.js';
import { operationStatus, toAd } from './mapping.js';
import type { TikTokAd, TikTokAdReview } from './model.js';

/** How many ad ids one `/ad/review_info/` call takes. */
const REVIEW_BATCH = 100;

/**
 * Why adlink creates no TikTok ad yet. Its ad groups run on TikTok's own placement
 * (`PLACEMENT_TIKTOK`, adset-body.ts), where in-feed ads are video only.
 */
const REFUSALS: Record<CreativeKind, string> = {
  ImageAd:
    'TikTok ads on TikTok placements, where adlink’s ad groups run, are video only (SINGLE_VIDEO); images run on Pangle and app bundle placements. adlink creates TikTok video ads once it uploads videos.',
  SearchAd: 'TikTok has no responsive search ads: its search ads are the video ads of an ad group.',
};

/** TikTok's Marketing API (v1.3) ads, with their review (`/ad/review_info/`). */
export function tiktokAds(api: TikTokApi): AdAdapter {
  const read = (call: PlatformCall, advertiserId: string, filtering: object) =>
    api.all<TikTokAd>(call, '/ad/get/', {
      advertiser_id: advertiserId,
      filtering: { ...WITH_DELETED, ...filtering },
    });

  /** The ads with their review results, which TikTok reports apart from the ads. */
  async function assemble(call: PlatformCall, advertiserId: string, ads: TikTokAd[]): Promise<Ad[]> {
    const reviews = new Map<string, TikTokAdReview>();
    for (let i = 0; i < ads.length; i += REVIEW_BATCH) {
      const { ad_review_map } = await api.get(call, '/ad/review_info/', {
        advertiser_id: advertiserId,
        ad_ids: ads.slice(i, i + REVIEW_BATCH).map((ad) => ad.ad_id),
      });
      for (const review of Object.values((ad_review_map ?? {}) as Record<string, TikTokAdReview>)) {
        reviews.set(review.ad_id, review);
      }
    }
    return ads.map((ad) => toAd(ad, reviews.get(ad.ad_id)));
  }

  async function get(call: PlatformCall, id: string): Promise<Ad | null> {
    const found = await inAccounts(call, id, async (advertiserId) => {
      const [ad] = await read(call, advertiserId, { ad_ids: [id] });
      return ad;
    });
    if (!found) return null;
    const [ad] = await assemble(call, found.account.id, [found.record]);
    return ad!;
  }

  async function reread(call: PlatformCall, id: string): Promise<Ad> {
    const ad = await get(call, id);
    if (!ad) throw new PlatformError('rejected', `ad ${id} not found`, undefined, 404);
    return ad;
  }

  const setStatus = (call: PlatformCall, ad: Ad, status: string) =>
    api.post(
      call,
      '/ad/status/update/',
      { advertiser_id: ad.advertiser, ad_ids: [ad.id], operation_status: status },
      { operation_status: 'status' },
    );

  return {
    capabilities: {
      creatives: {},
      refusals: REFUSALS,
      // The creatives adlink reads from TikTok (`Other`) are not ones it can write back.
      creativeUpdates: false,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      deletion: 'soft',
    },

    async list(call, advertiser) {
      return assemble(call, advertiser.id, await read(call, advertiser.id, {}));
    },

    get,

    async create(_call, input) {
      throw new PlatformInputError('creative', REFUSALS[input.creative.kind]);
    },

    async update(call, ad, changes) {
      if (changes.name !== undefined) {
        const { body, params } = adRenameBody(ad, changes.name);
        await api.post(call, '/ad/update/', body, params);
      }
      if (changes.status !== undefined) await setStatus(call, ad, operationStatus(changes.status));
      return reread(call, ad.id);
    },

    async delete(call, ad) {
      await setStatus(call, ad, 'DELETE');
      return reread(call, ad.id);
    },
  };
}
