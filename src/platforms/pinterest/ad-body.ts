import type { AdChanges, CallToAction, ImageAd, NewAd } from '../../ads/model.js';
import type { ImageFile } from '../../media/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { ParamSource } from './errors.js';
import { PINTEREST_STATUS } from './status.js';

/**
 * The unified calls to action Pinterest has: of `CustomizableCTAType`, the options its description
 * names for consideration and conversion campaigns (the others of the enum it names for none).
 */
export const PINTEREST_CALLS_TO_ACTION: Partial<Record<CallToAction, string>> = {
  LearnMore: 'LEARN_MORE',
  ShopNow: 'SHOP_NOW',
  SignUp: 'SIGN_UP',
  BookNow: 'BOOK_NOW',
  GetOffer: 'GET_OFFER',
  OrderNow: 'ORDER_NOW',
};

/** "CTA options for consideration and conversion campaigns are …": other objectives have none. */
const CTA_OBJECTIVES = ['CONSIDERATION', 'WEB_CONVERSION'];

/** The Pin's fields and the unified parameters they come from (most specific first). */
export const PIN_SOURCES: ParamSource[] = [
  ['content_type', 'creative.media'],
  ['data', 'creative.media'],
  ['media_source', 'creative.media'],
  ['title', 'creative.headline'],
  ['description', 'creative.text'],
  ['link', 'creative.url'],
];

/** `PinCreate`: the image inline (`image_base64`), headline as title, text as description, url as link. */
export function pinCreate(creative: ImageAd, file: ImageFile, boardId: string): Record<string, unknown> {
  return {
    board_id: boardId,
    ...(creative.headline === undefined ? {} : { title: creative.headline }),
    ...(creative.text === undefined ? {} : { description: creative.text }),
    link: creative.url,
    media_source: {
      source_type: 'image_base64',
      content_type: file.contentType,
      data: file.bytes.toString('base64'),
    },
  };
}

const AD_SOURCES: ParamSource[] = [
  ['customizable_cta_type', 'creative.callToAction'],
  ['ad_group_id', 'adSetId'],
  ['pin_id', 'creative'],
  ['name', 'name'],
  ['status', 'status'],
];

/**
 * The ad's `customizable_cta_type`, if any: refused under a campaign whose objective has no call to
 * action (checked before any call).
 */
export function callToActionOf(creative: ImageAd, objective: string | undefined): string | undefined {
  if (creative.callToAction === undefined) return undefined;
  if (!objective || !CTA_OBJECTIVES.includes(objective)) {
    throw new PlatformInputError(
      'creative.callToAction',
      `Pinterest shows a call to action only on ads of ${CTA_OBJECTIVES.join(' and ')} campaigns; this ad set's campaign is ${objective ?? 'without an objective'}.`,
    );
  }
  return PINTEREST_CALLS_TO_ACTION[creative.callToAction];
}

/** The `AdCreateRequest` promoting the new Pin in the ad group. */
export function adCreate(input: NewAd, pinId: string, callToAction: string | undefined) {
  const item = {
    ad_group_id: input.adSetId,
    creative_type: 'REGULAR',
    pin_id: pinId,
    name: input.name,
    status: PINTEREST_STATUS[input.status as keyof typeof PINTEREST_STATUS],
    ...(callToAction === undefined ? {} : { customizable_cta_type: callToAction }),
  };
  return { item, sources: AD_SOURCES };
}

/** The `AdUpdateRequest` of a rename or status change (an ad's Pin does not change). */
export function adUpdate(id: string, changes: AdChanges) {
  return {
    item: {
      id,
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.status === undefined
        ? {}
        : { status: PINTEREST_STATUS[changes.status as keyof typeof PINTEREST_STATUS] }),
    },
    sources: AD_SOURCES,
  };
}
