import type { Ad, AdSetStatus } from '../../ads/model.js';
import { CALLS_TO_ACTION } from '../../ads/model.js';
import type { AdAdapter } from '../../ads/port.js';
import type { AspectRatio } from '../../media/model.js';
import { fromSandboxCreative, sandboxCallToAction, toSandboxCreative } from './ad-body.js';
import type { SandboxApi } from './client.js';
import { orNull } from './errors.js';
import type * as Sandbox from './model.js';

/** The aspect ratios the sandbox takes images of, each within 2 %. */
export const SANDBOX_RATIOS: AspectRatio[] = [
  { name: '1.91:1', width: 1.91, height: 1, tolerance: 0.02 },
  { name: '1:1', width: 1, height: 1, tolerance: 0.02 },
  { name: '4:5', width: 4, height: 5, tolerance: 0.02 },
  { name: '9:16', width: 9, height: 16, tolerance: 0.02 },
];

const REVIEW = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } as const;

function status(ad: Sandbox.Ad): AdSetStatus {
  switch (ad.status) {
    case 'ACTIVE':
      return ad.review?.status === 'APPROVED' ? 'Running' : 'Active';
    case 'PAUSED':
      return 'Paused';
    default:
      return 'Archived';
  }
}

export function toAd(ad: Sandbox.Ad): Ad {
  const review = ad.review ?? { status: 'APPROVED', reasons: [] };
  return {
    id: ad.id,
    name: ad.name,
    platform: 'sandbox',
    status: status(ad),
    advertiser: ad.account_id!,
    adSetId: ad.adset_id,
    campaignId: ad.campaign_id!,
    creative: fromSandboxCreative(ad.creative ?? { type: 'VIDEO' }),
    review: { status: REVIEW[review.status], reasons: review.reasons },
    targetings: ad.targeting?.keywords.length
      ? [{ kind: 'KeywordTargeting', keywords: ad.targeting.keywords }]
      : [],
    created_at: ad.created_time!,
  };
}

const SANDBOX_STATUS: Partial<Record<AdSetStatus, Sandbox.AdStatus>> = {
  Running: 'ACTIVE',
  Active: 'ACTIVE',
  Paused: 'PAUSED',
  Archived: 'ARCHIVED',
};

/** The sandbox's ads (`/ad_accounts/:id/ads`, `/adsets/:id/ads`, `/ads/:id`), as src/sandbox/README.md documents them. */
export function sandboxAds({ request, allPages }: SandboxApi): AdAdapter {
  const path = (id: string) => `/ads/${encodeURIComponent(id)}`;
  return {
    capabilities: {
      creatives: {
        SearchAd: {
          headlines: { min: 3, max: 15, maxLength: 30 },
          descriptions: { min: 2, max: 4, maxLength: 90 },
          paths: { min: 0, max: 2, maxLength: 15 },
        },
        ImageAd: {
          headline: { required: true, maxLength: 40 },
          text: { required: false, maxLength: 125 },
          identity: { required: false },
          callToAction: {
            required: false,
            values: Object.fromEntries(CALLS_TO_ACTION.map((cta) => [cta, sandboxCallToAction(cta)])),
          },
          additionalMedia: 0,
          imageRatios: SANDBOX_RATIOS,
          requiredRatios: [],
        },
      },
      refusals: {},
      creativeUpdates: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      deletion: 'hard',
    },

    async list(call, advertiser) {
      const ads = await allPages<Sandbox.Ad>(call, `/ad_accounts/${encodeURIComponent(advertiser.id)}/ads`);
      return ads.map(toAd);
    },

    async get(call, id) {
      const ad = await orNull(request(call, path(id)));
      return ad ? toAd(ad as Sandbox.Ad) : null;
    },

    async create(call, input, { adSet, media }) {
      const created = await request(call, `/adsets/${encodeURIComponent(adSet.id)}/ads`, {
        method: 'POST',
        body: JSON.stringify({
          name: input.name,
          status: SANDBOX_STATUS[input.status],
          creative: toSandboxCreative(input.creative, media),
        }),
      });
      return toAd(created as Sandbox.Ad);
    },

    async update(call, ad, changes, { media }) {
      const updated = await request(call, path(ad.id), {
        method: 'PATCH',
        body: JSON.stringify({
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.status === undefined ? {} : { status: SANDBOX_STATUS[changes.status] }),
          ...(changes.creative ? { creative: toSandboxCreative(changes.creative, media) } : {}),
        }),
      });
      return toAd(updated as Sandbox.Ad);
    },

    async delete(call, ad) {
      await request(call, path(ad.id), { method: 'DELETE' });
      return { ...ad, status: 'Deleted' };
    },
  };
}
