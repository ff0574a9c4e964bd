import type { CallToAction, ImageAd, NewAd } from '../../ads/model.js';
import type { FieldParam } from './errors.js';
import { accountUrn, campaignUrn } from './restli.js';
import { CREATIVE_STATUS } from './status.js';

/**
 * The unified calls to action LinkedIn has, as the Post Schema's `contentCallToActionLabel` (its other
 * labels, JOIN, ATTEND and REQUEST_DEMO, have no unified counterpart).
 */
export const LINKEDIN_CALLS_TO_ACTION: Partial<Record<CallToAction, string>> = {
  LearnMore: 'LEARN_MORE',
  SignUp: 'SIGN_UP',
  Subscribe: 'SUBSCRIBE',
  GetQuote: 'VIEW_QUOTE',
  ApplyNow: 'APPLY',
  Download: 'DOWNLOAD',
  Register: 'REGISTER',
};

/**
 * The `POST /posts` body of an ImageAd: a dark post (Direct Sponsored Content) by the organization,
 * shown only as an ad of the ad account (`feedDistribution: NONE`, `adContext.dscAdAccount`), with
 * the image and its headline, the text as commentary, the landing page and the call to action.
 */
export function postBody(creative: ImageAd, account: string, author: string) {
  const label = creative.callToAction && LINKEDIN_CALLS_TO_ACTION[creative.callToAction];
  return {
    author,
    commentary: creative.text,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
    content: {
      media: { id: creative.media, ...(creative.headline === undefined ? {} : { title: creative.headline }) },
    },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    adContext: { dscAdAccount: accountUrn(account), dscStatus: 'ACTIVE' },
    contentLandingPage: creative.url,
    ...(label ? { contentCallToActionLabel: label } : {}),
  };
}

/** The unified parameter behind each field of `postBody` LinkedIn may refuse. */
export const postParams: FieldParam = (fieldPath) => {
  if (fieldPath === 'commentary') return 'creative.text';
  if (fieldPath === 'author') return 'creative.identity';
  if (fieldPath === 'contentLandingPage') return 'creative.url';
  if (fieldPath === 'contentCallToActionLabel') return 'creative.callToAction';
  if (fieldPath === 'content.media.title') return 'creative.headline';
  if (fieldPath.startsWith('content')) return 'creative.media';
  return undefined;
};

/** The `POST /adAccounts/{id}/creatives` body: the campaign's creative sponsoring the post. */
export function creativeBody(input: NewAd, post: string) {
  return {
    campaign: campaignUrn(input.adSetId),
    content: { reference: post },
    intendedStatus: CREATIVE_STATUS[input.status],
    name: input.name,
  };
}

/** The unified parameter behind each field of `creativeBody` LinkedIn may refuse. */
export const creativeParams: FieldParam = (fieldPath) => {
  if (fieldPath === 'name') return 'name';
  if (fieldPath === 'intendedStatus') return 'status';
  if (fieldPath === 'campaign') return 'adSetId';
  if (fieldPath.startsWith('content')) return 'creative';
  return undefined;
};
