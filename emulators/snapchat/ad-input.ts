import { z } from 'zod';
import { invalid, notFound } from './envelope.js';
import { parseObject } from './input.js';
import {
  AD_TYPES,
  type Ad,
  type AdSquad,
  type AdValues,
  BRAND_NAME_MAX,
  CREATIVE_TYPE_OF_AD,
  CREATIVE_TYPES,
  type Creative,
  type CreativeValues,
  EMULATED_CREATIVE_TYPES,
  HEADLINE_MAX,
  STATUSES,
  TOP_SNAP_CROP_POSITIONS,
  WEB_VIEW_CALLS_TO_ACTION,
  WEB_VIEW_URL_MAX,
} from './model.js';
import type { SnapState } from './state.js';

/**
 * The creatives `POST`/`PUT /v1/adaccounts/{id}/creatives` and the ads `POST`/`PUT /v1/adsquads/{id}/ads`
 * take, as the Creatives and Ads pages describe them (https://developers.snap.com/api/marketing-api/Ads-API/creatives
 * and …/ads): every attribute marked R is required, each enum and length limit is theirs
 * (test/fixtures/snapchat/documented.json). Only SNAP_AD and WEB_VIEW creatives (ads SNAP_AD and
 * REMOTE_WEBPAGE) are emulated; a field the pages do not give is refused.
 */

const name = z.string().min(1, 'must not be empty').max(375, 'must be at most 375 characters');
const readOnly = {
  id: z.string(),
  ad_account_id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
};

const webViewProperties = z.strictObject({
  url: z
    .string()
    .max(WEB_VIEW_URL_MAX, `must be at most ${WEB_VIEW_URL_MAX} characters`)
    .refine((url) => URL.canParse(url) && new URL(url).protocol === 'https:', 'must be an https URL'),
  allow_snap_javascript_sdk: z.boolean().optional(),
  block_preload: z.boolean().optional(),
});

export const creativeSchema = z.strictObject({
  ad_account_id: z.string(),
  name,
  type: z.enum(CREATIVE_TYPES),
  headline: z
    .string()
    .min(1, 'must not be empty')
    .max(HEADLINE_MAX, `must be at most ${HEADLINE_MAX} characters`),
  // R on the Creatives page's attribute table; the newer page lets a Public Profile's name stand in.
  brand_name: z
    .string()
    .min(1, 'must not be empty')
    .max(BRAND_NAME_MAX, `must be at most ${BRAND_NAME_MAX} characters`)
    .optional(),
  top_snap_media_id: z.string(),
  shareable: z.boolean().optional(),
  call_to_action: z.enum(WEB_VIEW_CALLS_TO_ACTION).optional(),
  top_snap_crop_position: z.enum(TOP_SNAP_CROP_POSITIONS).optional(),
  profile_properties: z.strictObject({ profile_id: z.string() }).optional(),
  web_view_properties: webViewProperties.optional(),
});

export const creativeUpdateSchema = creativeSchema.extend(readOnly);

export const adSchema = z.strictObject({
  ad_squad_id: z.string(),
  creative_id: z.string(),
  name,
  status: z.enum(STATUSES),
  type: z.enum(AD_TYPES),
});

export const adUpdateSchema = adSchema.extend({
  ...readOnly,
  review_status: z.string().optional(),
  review_status_reasons: z.array(z.string()).optional(),
  delivery_status: z.array(z.string()).optional(),
});

/** The rules across a creative's fields and its media. */
function checkedCreative(
  state: SnapState,
  values: z.infer<typeof creativeSchema>,
  account: string,
): CreativeValues {
  const { ad_account_id, type, ...creative } = values;
  if (ad_account_id !== account) throw invalid('ad_account_id', 'must be the ad account of the request path');
  if (!(EMULATED_CREATIVE_TYPES as readonly string[]).includes(type)) {
    throw invalid('type', `${type} creatives are not emulated (SNAP_AD, WEB_VIEW are)`);
  }
  if (creative.brand_name === undefined && creative.profile_properties === undefined) {
    throw invalid('brand_name', 'is required without profile_properties');
  }
  const media = state.media.get(creative.top_snap_media_id);
  if (!media || media.ad_account_id !== account) {
    throw invalid('top_snap_media_id', 'is not a media of this ad account');
  }
  if (media.media_status !== 'READY') throw invalid('top_snap_media_id', 'has not been uploaded');
  if (media.type !== 'IMAGE' && media.type !== 'VIDEO') {
    throw invalid('top_snap_media_id', 'must be an image or a video');
  }
  if (type === 'WEB_VIEW' && !creative.web_view_properties) {
    throw invalid('web_view_properties', 'is required for a WEB_VIEW creative');
  }
  if (type === 'SNAP_AD') {
    if (creative.web_view_properties) throw invalid('web_view_properties', 'is only for WEB_VIEW creatives');
    if (creative.call_to_action) throw invalid('call_to_action', 'a SNAP_AD creative has no call to action');
  }
  return { ...creative, type } as CreativeValues;
}

export function newCreative(state: SnapState, raw: unknown, account: string): CreativeValues {
  return checkedCreative(state, parseObject(creativeSchema, raw, 'a creative', 'creative'), account);
}

/** A full update of `current` (its id named in the object): its type cannot change. */
export function updatedCreative(state: SnapState, raw: unknown, current: Creative): CreativeValues {
  const {
    id: _id,
    ad_account_id: _account,
    created_at: _created,
    updated_at: _updated,
    ...values
  } = parseObject(creativeUpdateSchema, raw, 'a creative', 'creative');
  if (values.type !== current.type) throw invalid('type', 'cannot change');
  return checkedCreative(state, { ...values, ad_account_id: current.ad_account_id }, current.ad_account_id);
}

function checkedAd(state: SnapState, values: z.infer<typeof adSchema>, squad: AdSquad): AdValues {
  const { ad_squad_id, ...ad } = values;
  if (ad_squad_id !== squad.id) throw invalid('ad_squad_id', 'must be the ad squad of the request path');
  const creative = state.creatives.get(ad.creative_id);
  if (!creative || creative.ad_account_id !== squad.ad_account_id) throw notFound('creative', ad.creative_id);
  const takes = CREATIVE_TYPE_OF_AD[ad.type];
  if (!takes) throw invalid('type', `${ad.type} ads are not emulated (SNAP_AD, REMOTE_WEBPAGE are)`);
  if (creative.type !== takes)
    throw invalid('type', `a ${ad.type} ad takes a ${takes} creative, not ${creative.type}`);
  return ad;
}

export function newAd(state: SnapState, raw: unknown, squad: AdSquad): AdValues {
  return checkedAd(state, parseObject(adSchema, raw, 'an ad', 'ad'), squad);
}

/** A full update of `current`: the read-only fields it was read with are accepted and ignored. */
export function updatedAd(state: SnapState, raw: unknown, current: Ad, squad: AdSquad): AdValues {
  const parsed = parseObject(adUpdateSchema, raw, 'an ad', 'ad');
  if (parsed.id !== current.id) throw notFound('ad', parsed.id);
  const { ad_squad_id, creative_id, name, status, type } = parsed;
  return checkedAd(state, { ad_squad_id, creative_id, name, status, type }, squad);
}
