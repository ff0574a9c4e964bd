import type { AdChanges, Creative, ImageAd, NewAd } from '../../ads/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { FieldSource } from './errors.js';
import { SNAP_CALLS_TO_ACTION, SNAP_STATUS } from './mapping.js';
import type { SnapAd } from './model.js';

/** Snap's creative and ad fields, with the unified parameters they come from (for its validation messages). */
const CREATIVE_FIELDS: FieldSource[] = [
  ['top_snap_media_id', 'creative.media'],
  ['web_view_properties', 'creative.url'],
  ['call_to_action', 'creative.callToAction'],
  ['brand_name', 'creative.businessName'],
  ['headline', 'creative.headline'],
  ['url', 'creative.url'],
  ['name', 'name'],
];
export const AD_FIELDS: FieldSource[] = [
  ['creative_id', 'creative'],
  ['name', 'name'],
  ['status', 'status'],
];

/** The checks pass only ImageAds through (Snap's capabilities have no SearchAd rules). */
function imageAd(creative: Creative): ImageAd {
  if (creative.kind !== 'ImageAd')
    throw new PlatformInputError('creative', 'Snapchat ads are image ads here.');
  return creative;
}

/**
 * The WEB_VIEW creative `POST /adaccounts/{id}/creatives` creates for an ImageAd: the image as the
 * Top Snap, the landing page as the web view (which Snap opens only over https), `businessName` as the
 * brand name. Snap has no body text (the rules leave `text` out).
 */
export function toSnapCreative(
  name: string,
  creative: Creative,
  account: string,
): { creative: Record<string, unknown>; fields: FieldSource[] } {
  const ad = imageAd(creative);
  if (new URL(ad.url).protocol !== 'https:') {
    throw new PlatformInputError(
      'creative.url',
      'Snapchat opens web views over https only: give an https URL.',
    );
  }
  const callToAction = ad.callToAction && SNAP_CALLS_TO_ACTION[ad.callToAction];
  return {
    creative: {
      ad_account_id: account,
      name,
      type: 'WEB_VIEW',
      headline: ad.headline,
      brand_name: ad.businessName,
      top_snap_media_id: ad.media,
      shareable: true,
      ...(callToAction ? { call_to_action: callToAction } : {}),
      web_view_properties: { url: ad.url },
    },
    fields: CREATIVE_FIELDS,
  };
}

/** The ad `POST /adsquads/{id}/ads` creates: a web-view ad (REMOTE_WEBPAGE) showing the creative. */
export function toSnapAd(input: NewAd, creativeId: string): Record<string, unknown> {
  return {
    ad_squad_id: input.adSetId,
    creative_id: creativeId,
    name: input.name,
    type: 'REMOTE_WEBPAGE',
    status: SNAP_STATUS[input.status],
  };
}

/** Read-only fields an ad is read with that a full update does not send back. */
const DERIVED = ['delivery_status', 'deleted', 'review_status', 'review_status_reasons'];

/** The whole ad a `PUT /adsquads/{id}/ads` writes (Snap's update replaces it) with a new name or status. */
export function toSnapAdChanges(current: SnapAd, changes: AdChanges): Record<string, unknown> {
  const ad = Object.fromEntries(Object.entries(current).filter(([field]) => !DERIVED.includes(field)));
  if (changes.name !== undefined) ad.name = changes.name;
  if (changes.status !== undefined) ad.status = SNAP_STATUS[changes.status];
  return ad;
}
