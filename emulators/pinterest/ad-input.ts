import { z } from 'zod';
import { id } from './fields.js';
import {
  type Ad,
  type AdAccount,
  type AdGroup,
  type Campaign,
  CREATIVE_TYPES,
  CTA_TYPES,
  type CtaType,
  ENTITY_STATUSES,
  type ObjectiveType,
  type Pin,
} from './model.js';

/**
 * The ad bodies the emulator takes: the fields of AdCreateRequest and AdUpdateRequest it models, with
 * the OpenAPI's enums (checked against the whole schema first). Any other field is refused by name.
 */

/** `AdCommon.name`: "Name of the ad - 255 chars max." */
const adName = z.string().max(255, 'must be at most 255 characters (the field description)').nullable();
const cta = z.enum(CTA_TYPES).nullable();

export const adCreateRequest = z.strictObject({
  ad_group_id: id,
  creative_type: z.enum(CREATIVE_TYPES),
  pin_id: id,
  name: adName.optional(),
  status: z.enum(ENTITY_STATUSES).default('ACTIVE'),
  customizable_cta_type: cta.optional(),
  destination_url: z.string().nullable().optional(),
});
export type AdCreateRequest = z.infer<typeof adCreateRequest>;

export const adUpdateRequest = z.strictObject({
  id,
  name: adName.optional(),
  status: z.enum(ENTITY_STATUSES).optional(),
  pin_id: id.nullable().optional(),
  customizable_cta_type: cta.optional(),
  destination_url: z.string().nullable().optional(),
});
export type AdUpdateRequest = z.infer<typeof adUpdateRequest>;

/**
 * `CustomizableCTAType`: "CTA options for consideration and conversion campaigns are LEARN_MORE,
 * SHOP_NOW, BOOK_NOW, SIGN_UP, VISIT_SITE, BUY_NOW, GET_OFFER, ORDER_NOW, ADD_TO_CART (for conversion
 * campaigns with add to cart conversion events only)". Read as: no CTA under other objectives.
 */
const CONSIDERATION_CTAS: CtaType[] = [
  'LEARN_MORE',
  'SHOP_NOW',
  'BOOK_NOW',
  'SIGN_UP',
  'VISIT_SITE',
  'BUY_NOW',
  'GET_OFFER',
  'ORDER_NOW',
];
export const CTA_BY_OBJECTIVE: Partial<Record<ObjectiveType, CtaType[]>> = {
  CONSIDERATION: CONSIDERATION_CTAS,
  WEB_CONVERSION: [...CONSIDERATION_CTAS, 'ADD_TO_CART'],
};

function ctaError(value: CtaType | null | undefined, campaign: Campaign): string | undefined {
  if (value == null) return undefined;
  const allowed = CTA_BY_OBJECTIVE[campaign.objective_type];
  if (!allowed) return `customizable_cta_type: ${campaign.objective_type} campaigns have no call to action`;
  if (!allowed.includes(value)) {
    return `customizable_cta_type: ${value} is not an option for ${campaign.objective_type} campaigns (${allowed.join(', ')})`;
  }
  return undefined;
}

/** The Pin's kind as an ad's `creative_type`: this emulator makes REGULAR ads of image Pins, VIDEO of video ones. */
const creativeOf = (pin: Pin) => (pin.media.media_type === 'image' ? 'REGULAR' : 'VIDEO');

/** A new ad's stored fields, or why Pinterest refuses it; it waits for review (PENDING). */
export function newAd(
  input: AdCreateRequest,
  account: AdAccount,
  adGroup: AdGroup | undefined,
  campaign: Campaign | undefined,
  pin: Pin | undefined,
): Omit<Ad, 'id' | 'created_time' | 'updated_time' | 'type'> | string {
  if (!adGroup || adGroup.ad_account_id !== account.id || !campaign) {
    return `ad_group_id: ad group ${input.ad_group_id} not found in ad account ${account.id}`;
  }
  if (adGroup.status === 'ARCHIVED' || adGroup.status === 'DELETED_DRAFT') {
    return `ad_group_id: ad group ${adGroup.id} is ${adGroup.status}`;
  }
  if (input.status !== 'ACTIVE' && input.status !== 'PAUSED') return 'status: a new ad is ACTIVE or PAUSED';
  if (!pin) return `pin_id: Pin ${input.pin_id} not found`;
  if (input.creative_type !== creativeOf(pin)) {
    return `creative_type: Pin ${pin.id} is a ${pin.media.media_type} Pin (${creativeOf(pin)}), not ${input.creative_type}`;
  }
  const cta = ctaError(input.customizable_cta_type, campaign);
  if (cta) return cta;
  return {
    ad_account_id: account.id,
    campaign_id: campaign.id,
    ad_group_id: adGroup.id,
    pin_id: pin.id,
    name: input.name ?? pin.title ?? '',
    status: input.status,
    review_status: 'PENDING',
    rejected_reasons: [],
    rejection_labels: [],
    creative_type: input.creative_type,
    customizable_cta_type: input.customizable_cta_type ?? null,
    destination_url: input.destination_url ?? null,
  };
}

/** An ad's changed fields, or why Pinterest refuses them. */
export function adChanges(input: AdUpdateRequest, ad: Ad, campaign: Campaign): Partial<Ad> | string {
  if (ad.status === 'ARCHIVED' && input.status !== undefined && input.status !== 'ARCHIVED') {
    return `status: ad ${ad.id} is archived, which is final`;
  }
  // AdUpdateRequest.pin_id: "This field may only be updated for draft ads."
  if (input.pin_id != null && input.pin_id !== ad.pin_id && ad.status !== 'DRAFT') {
    return `pin_id: may only be updated for draft ads; ad ${ad.id} is ${ad.status}`;
  }
  const cta = ctaError(input.customizable_cta_type, campaign);
  if (cta) return cta;
  const { id: _, ...changes } = input;
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v != null)) as Partial<Ad>;
}
