import type { Targeting } from '../adsets/model.js';
import type { AdSetStatus } from '../domain/ad-set-statuses.js';

export { AD_SET_STATUSES, type AdSetStatus } from '../domain/ad-set-statuses.js';

/**
 * The calls to action an ImageAd may carry: one unified list, each mapped to the platform's own value
 * by its adapter (`capabilities.callsToAction`); a value a platform lacks is refused by name.
 */
export const CALLS_TO_ACTION = [
  'LearnMore',
  'ShopNow',
  'SignUp',
  'Subscribe',
  'ContactUs',
  'GetQuote',
  'GetOffer',
  'BookNow',
  'ApplyNow',
  'Download',
  'OrderNow',
  'Register',
  'Donate',
  'WatchMore',
] as const;
export type CallToAction = (typeof CALLS_TO_ACTION)[number];

/** A responsive search ad: Google's and Microsoft's, the sandbox's. */
export interface SearchAd {
  kind: 'SearchAd';
  headlines: string[];
  descriptions: string[];
  /** The landing page (the platform's final URL). */
  url: string;
  /** The display URL's path parts after the domain (0–2). */
  paths: string[];
}

/** A single-image ad with a headline, a text and a landing page. */
export interface ImageAd {
  kind: 'ImageAd';
  /** An image id from `POST /v1/:platform/media` (or one the platform lists) of the ad's ad account. */
  media: string;
  /** More image ids, where the platform wants several aspect ratios (Microsoft). */
  additionalMedia: string[];
  headline?: string;
  text?: string;
  url: string;
  callToAction?: CallToAction;
  /** Who the ad speaks as (`GET /v1/:platform/identities`), where the platform asks for one. */
  identity?: string;
  /** The advertiser's name shown with the ad, where the platform requires one. */
  businessName?: string;
  longHeadline?: string;
}

/**
 * A creative adlink reads but cannot create yet (a video ad, a carousel), with the platform's name for
 * its format (`SINGLE_VIDEO`, `CAROUSEL`); such an ad can be renamed, paused and deleted.
 */
export interface OtherCreative {
  kind: 'Other';
  format: string;
}

/** What adlink creates ads with. */
export type Creative = SearchAd | ImageAd;
export type CreativeKind = Creative['kind'];
/** What an ad read from a platform has. */
export type ReadCreative = Creative | OtherCreative;
export const CREATIVE_KINDS = ['SearchAd', 'ImageAd'] as const satisfies readonly CreativeKind[];

export const REVIEW_STATUSES = ['Pending', 'Approved', 'Limited', 'Rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The platform's review of the ad, from its own review fields (docs/ads.md, per platform). */
export interface Review {
  status: ReviewStatus;
  /** Why it is rejected or limited, in the platform's words (empty otherwise). */
  reasons: string[];
}

/** The unified ad, exactly as the API documents it. */
export interface Ad {
  id: string;
  name: string;
  platform: string;
  status: AdSetStatus;
  advertiser: string;
  adSetId: string;
  campaignId: string;
  creative: ReadCreative;
  review: Review;
  /** Where the platform targets per ad (the sandbox's keywords): shown with `childResources=Ad,Targeting`. */
  targetings?: Targeting[];
  /** When the platform created it (ISO 8601); orders lists. Not part of the API shape. */
  created_at: string;
}

export interface NewAd {
  name: string;
  adSetId: string;
  status: AdSetStatus;
  creative: Creative;
}

export interface AdChanges {
  name?: string;
  status?: AdSetStatus;
  /** The whole new creative (of the ad's kind), where the platform lets an ad's creative change. */
  creative?: Creative;
}
