import { z } from 'zod';
import { STATUS_OPERATIONS } from './adgroup-input.js';

/**
 * The ad bodies the emulator takes: the fields of the SDK's AdCreateBody, AdUpdateBody,
 * AdStatusUpdateBody and AdcreateCreatives / AdupdateCreatives it models (the models carry no
 * descriptions; the enums are the SDK repository's `yml_files` enum packages @ f809c39). Any other
 * field is refused.
 */

/**
 * AdFormat (`yml_files/smart_plus_ad_create.yml`) less its legacy `CAROUSEL`: the formats of manual
 * ads. The emulator creates SINGLE_IMAGE and SINGLE_VIDEO ads; the others need catalogs, lives or
 * carousels of music it does not model.
 */
export const AD_FORMATS = [
  'SINGLE_IMAGE',
  'SINGLE_VIDEO',
  'CAROUSEL_ADS',
  'CATALOG_CAROUSEL',
  'LIVE_CONTENT',
] as const;
export const CREATABLE_FORMATS = ['SINGLE_IMAGE', 'SINGLE_VIDEO'];

/** CallToAction (`yml_files/smart_plus_ad_create.yml`, `call_to_action_list[].call_to_action`). */
export const CALLS_TO_ACTION = [
  'APPLY_NOW',
  'BOOK_NOW',
  'CALL_NOW',
  'CHECK_AVAILABILITY',
  'CONTACT_US',
  'DOWNLOAD_NOW',
  'EXPERIENCE_NOW',
  'GET_QUOTE',
  'GET_SHOWTIMES',
  'GET_TICKETS_NOW',
  'INSTALL_NOW',
  'INTERESTED',
  'JOIN_THIS_HASHTAG',
  'LEARN_MORE',
  'LISTEN_NOW',
  'ORDER_NOW',
  'PLAY_GAME',
  'PREORDER_NOW',
  'READ_MORE',
  'SEND_MESSAGE',
  'SHOOT_WITH_THIS_EFFECT',
  'SHOP_NOW',
  'SIGN_UP',
  'SUBSCRIBE',
  'VIEW_NOW',
  'VIEW_PROFILE',
  'VIEW_VIDEO_WITH_THIS_EFFECT',
  'VISIT_STORE',
  'WATCH_LIVE',
  'WATCH_NOW',
] as const;

/** `identity_type` (IdentityApi.identityGet in the JavaScript SDK). */
export const IDENTITY_TYPES = ['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT'] as const;

const EMOJI = /\p{Extended_Pictographic}/u;
const id = z.string().regex(/^\d{1,20}$/, 'Must be a numeric id string.');
const text = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, min === 1 ? 'Missing data for required field.' : `${what} needs at least ${min} characters.`)
    .refine((s) => [...s].length <= max, `${what} can be up to ${max} characters.`)
    .refine((s) => !EMOJI.test(s), `${what} cannot contain emoji.`);

/**
 * The creative fields: TikTok's Help Center ("Image Ads Specification") limits the ad text to 100
 * characters without emoji and the brand or app name to 2–40 (brand names 2–20, app names 4–40);
 * `ad_name` is limited to 512 characters as ad group names are.
 */
const creativeFields = {
  ad_name: text('Ad name', 1, 512),
  ad_format: z.enum(AD_FORMATS),
  ad_text: text('Ad text', 1, 100),
  call_to_action: z.enum(CALLS_TO_ACTION),
  identity_id: z.string().min(1),
  identity_type: z.enum(IDENTITY_TYPES),
  display_name: text('Display name', 2, 40).optional(),
  image_ids: z.array(z.string().min(1)).min(1).max(10).optional(),
  video_id: z.string().min(1).optional(),
  landing_page_url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).optional(),
  operation_status: z.enum(['ENABLE', 'DISABLE']).optional(),
};

export const adCreateCreative = z.strictObject(creativeFields);
export type AdCreateCreative = z.infer<typeof adCreateCreative>;

export const adCreateBody = z.strictObject({
  advertiser_id: id,
  adgroup_id: id,
  creatives: z.array(adCreateCreative).min(1).max(20),
});

/** Without `patch_update` each creative replaces the ad's whole creative; with it, only what it names. */
const { operation_status: _, ...updateFields } = creativeFields;
export const adUpdateCreative = z.strictObject({ ad_id: id, ...updateFields });
export const adPatchCreative = adUpdateCreative.partial().required({ ad_id: true });

export const adUpdateBody = z.strictObject({
  advertiser_id: id,
  adgroup_id: id,
  creatives: z.array(z.looseObject({})).min(1).max(20),
  patch_update: z.boolean().optional(),
});

export const adStatusUpdateBody = z.strictObject({
  advertiser_id: id,
  ad_ids: z.array(id).min(1).max(20),
  operation_status: z.enum(STATUS_OPERATIONS),
});
