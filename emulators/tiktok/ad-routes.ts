import express, { Router } from 'express';
import { z } from 'zod';
import { advertiserOf, handle } from './access.js';
import {
  type AdCreateCreative,
  adCreateBody,
  adPatchCreative,
  adStatusUpdateBody,
  adUpdateBody,
  adUpdateCreative,
  CREATABLE_FORMATS,
} from './ad-input.js';
import { parseBody } from './adgroup-input.js';
import { answer, invalid } from './envelope.js';
import type { Ad, AdGroup, Advertiser, Creative, Review } from './model.js';
import { jsonParam, stringList } from './query.js';
import type { TikTokState } from './state.js';

/**
 * What an ad's creative must be beyond its fields' own rules: an identity, a video or an image of the
 * advertiser, a landing page where the ad group promotes a website. Images run on Pangle and app bundle
 * placements only: TikTok's own placement takes video (in-feed ads are SINGLE_VIDEO).
 */
function checkCreative(state: TikTokState, adGroup: AdGroup, creative: Creative, at: string): void {
  const field = (name: string) => `${at}.${name}`;
  if (!CREATABLE_FORMATS.includes(creative.ad_format)) {
    throw invalid(field('ad_format'), `${creative.ad_format} ads are not emulated.`);
  }
  const identity = state.identities.get(creative.identity_id);
  if (
    !identity ||
    identity.advertiser_id !== adGroup.advertiser_id ||
    identity.identity_type !== creative.identity_type
  ) {
    throw invalid(
      field('identity_id'),
      `Identity ${creative.identity_id} (${creative.identity_type}) does not exist.`,
    );
  }
  if (adGroup.promotion_type === 'WEBSITE' && !creative.landing_page_url) {
    throw invalid(field('landing_page_url'), 'Required when the ad group promotes a website.');
  }
  for (const imageId of creative.image_ids) {
    if (state.images.get(imageId)?.advertiser_id !== adGroup.advertiser_id) {
      throw invalid(field('image_ids'), `Image ${imageId} does not exist in the Asset Library.`);
    }
  }
  if (creative.ad_format === 'SINGLE_VIDEO') {
    if (!creative.video_id) throw invalid(field('video_id'), 'Required when ad_format is SINGLE_VIDEO.');
    if (state.videos.get(creative.video_id) !== adGroup.advertiser_id) {
      throw invalid(field('video_id'), `Video ${creative.video_id} does not exist in the Asset Library.`);
    }
    return;
  }
  if (creative.image_ids.length !== 1) {
    throw invalid(field('image_ids'), 'SINGLE_IMAGE ads take exactly one image.');
  }
  if (
    adGroup.placement_type === 'PLACEMENT_TYPE_AUTOMATIC' ||
    adGroup.placements.includes('PLACEMENT_TIKTOK')
  ) {
    throw invalid(
      field('ad_format'),
      'SINGLE_IMAGE ads run on PLACEMENT_PANGLE and PLACEMENT_GLOBAL_APP_BUNDLE only; the ad group uses PLACEMENT_TIKTOK, which takes SINGLE_VIDEO.',
    );
  }
}

const creativeOf = (c: Omit<AdCreateCreative, 'operation_status'>): Creative => ({
  ad_name: c.ad_name,
  ad_format: c.ad_format,
  ad_text: c.ad_text,
  call_to_action: c.call_to_action,
  identity_id: c.identity_id,
  identity_type: c.identity_type,
  image_ids: c.image_ids ?? [],
  ...(c.display_name === undefined ? {} : { display_name: c.display_name }),
  ...(c.video_id === undefined ? {} : { video_id: c.video_id }),
  ...(c.landing_page_url === undefined ? {} : { landing_page_url: c.landing_page_url }),
});

/** What TikTok reviews: every creative field but the ad's name. */
const CONTENT = [
  'ad_format',
  'ad_text',
  'call_to_action',
  'identity_id',
  'identity_type',
  'display_name',
  'image_ids',
  'video_id',
  'landing_page_url',
] as const;

/** `/ad/create/`, `/ad/update/`, `/ad/status/update/` and `/ad/review_info/` (AdApi). */
export function adRoutes(state: TikTokState): Router {
  const router = Router();
  const adGroupOf = (advertiser: Advertiser, id: string): AdGroup => {
    const adGroup = state.adGroups.get(id);
    if (!adGroup || adGroup.advertiser_id !== advertiser.advertiser_id || adGroup.deleted) {
      throw invalid('adgroup_id', `Ad group ${id} does not exist.`);
    }
    return adGroup;
  };
  /** An ad of the advertiser, not deleted ("the status of deleted ads cannot be modified"). */
  const writable = (advertiser: Advertiser, id: string, field: string): Ad => {
    const ad = state.ads.get(id);
    if (!ad || ad.advertiser_id !== advertiser.advertiser_id)
      throw invalid(field, `Ad ${id} does not exist.`);
    if (ad.deleted) throw invalid(field, `Ad ${id} has been deleted and cannot be changed.`);
    return ad;
  };

  router.post(
    '/ad/create/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(adCreateBody, req.body);
      const adGroup = adGroupOf(advertiser, body.adgroup_id);
      const creatives = body.creatives.map(creativeOf);
      for (const [i, creative] of creatives.entries()) {
        checkCreative(state, adGroup, creative, `creatives.${i}`);
      }
      const ads = creatives.map((c, i) => state.addAd(adGroup, c, body.creatives[i]!.operation_status));
      answer(res, { ad_ids: ads.map((ad) => ad.ad_id) });
    }),
  );

  router.post(
    '/ad/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(adUpdateBody, req.body);
      const adGroup = adGroupOf(advertiser, body.adgroup_id);
      const schema = body.patch_update ? adPatchCreative : adUpdateCreative;
      const { creatives } = parseBody(z.object({ creatives: z.array(schema) }), {
        creatives: body.creatives,
      });
      const updates = creatives.map(({ ad_id, ...changes }, i) => {
        const ad = writable(advertiser, ad_id, `creatives.${i}.ad_id`);
        if (ad.adgroup_id !== adGroup.adgroup_id) {
          throw invalid(`creatives.${i}.ad_id`, `Ad ${ad_id} is not in ad group ${adGroup.adgroup_id}.`);
        }
        const creative = creativeOf(
          (body.patch_update ? { ...ad, ...changes } : changes) as AdCreateCreative,
        );
        checkCreative(state, adGroup, creative, `creatives.${i}`);
        return { ad, creative };
      });
      for (const { ad, creative } of updates) {
        // An edited creative is reviewed again; a new name is not.
        const edited = CONTENT.some((key) => JSON.stringify(ad[key]) !== JSON.stringify(creative[key]));
        if (edited) ad.review = { review_status: 'PENDING', reasons: [] };
        for (const key of ['display_name', 'video_id', 'landing_page_url'] as const) delete ad[key];
        Object.assign(ad, creative, { modify_time: state.now() });
      }
      answer(res, { ad_ids: updates.map(({ ad }) => ad.ad_id) });
    }),
  );

  router.post(
    '/ad/status/update/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, req.body ?? {});
      const body = parseBody(adStatusUpdateBody, req.body);
      const ads = body.ad_ids.map((id) => writable(advertiser, id, 'ad_ids'));
      for (const ad of ads) {
        if (body.operation_status === 'DELETE') ad.deleted = true;
        else ad.operation_status = body.operation_status;
        ad.modify_time = state.now();
      }
      answer(res, { ad_ids: body.ad_ids, status: body.operation_status });
    }),
  );

  router.get(
    '/ad/review_info/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const advertiser = advertiserOf(state, query);
      const ids = stringList(jsonParam(query, 'ad_ids'), 'ad_ids', 100);
      if (!ids) throw invalid('ad_ids', 'Missing data for required field.');
      const reviewed = ids
        .map((id) => state.ads.get(id))
        .filter((ad): ad is Ad => ad?.advertiser_id === advertiser.advertiser_id)
        .filter((ad) => ad.review.review_status !== 'PENDING');
      answer(res, {
        ad_review_map: Object.fromEntries(
          reviewed.map((ad) => [
            ad.ad_id,
            {
              ad_id: ad.ad_id,
              is_approved: ad.review.review_status !== 'UNAVAILABLE',
              review_status: ad.review.review_status,
              reject_info: ad.review.reasons.map((reason) => ({
                reasons: [reason],
                suggestion: 'Edit the ad so that it follows the advertising policies, then submit it again.',
              })),
            },
          ]),
        ),
      });
    }),
  );
  return router;
}

const REVIEW_STATUSES: Review['review_status'][] = [
  'PENDING',
  'ALL_AVAILABLE',
  'PART_AVAILABLE',
  'UNAVAILABLE',
];

/**
 * `POST /_emulator/ad-review {"ad_id", "review_status", "reasons"}`: TikTok's review of an ad reaches
 * that outcome (`PART_AVAILABLE` and `UNAVAILABLE` with their reasons).
 */
export function adReviewControls(state: TikTokState): Router {
  const router = Router();
  router.post('/_emulator/ad-review', express.json({ limit: '10kb' }), (req, res) => {
    const { ad_id, review_status, reasons = [] } = (req.body ?? {}) as Record<string, unknown>;
    const ad = typeof ad_id === 'string' ? state.ads.get(ad_id) : undefined;
    if (!ad) return res.status(400).json({ error: 'ad_id must name an ad of the emulator' });
    if (!REVIEW_STATUSES.includes(review_status as Review['review_status'])) {
      return res.status(400).json({ error: `review_status must be one of ${REVIEW_STATUSES.join(', ')}` });
    }
    if (!Array.isArray(reasons) || reasons.some((r) => typeof r !== 'string' || r === '')) {
      return res.status(400).json({ error: 'reasons must be a list of texts' });
    }
    const needsReasons = review_status === 'PART_AVAILABLE' || review_status === 'UNAVAILABLE';
    if (needsReasons !== reasons.length > 0) {
      return res.status(400).json({ error: 'reasons are given with PART_AVAILABLE and UNAVAILABLE only' });
    }
    ad.review = { review_status: review_status as Review['review_status'], reasons: reasons as string[] };
    res.json({ ad_id, review_status, reasons });
  });
  return router;
}
