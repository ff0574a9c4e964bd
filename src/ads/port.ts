import type { AdSet } from '../adsets/model.js';
import type { AspectRatio, ResolvedMedia } from '../media/model.js';
import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { Ad, AdChanges, AdSetStatus, CallToAction, CreativeKind, NewAd } from './model.js';

/** A text field's limits. */
export interface TextRule {
  maxLength: number;
  /**
   * How the platform counts a text's length (Google: double-width characters count twice; Microsoft:
   * after dynamic text is substituted); absent: Unicode code points.
   */
  length?: (text: string) => number;
  /** Characters the platform refuses, and how the message names them ("emoji", "! in headlines"). */
  forbidden?: { pattern: RegExp; what: string };
}

/** A list of texts: how many, and each one's limits. */
export interface TextListRule extends TextRule {
  min: number;
  max: number;
}

export interface SearchAdRules {
  headlines: TextListRule;
  descriptions: TextListRule;
  paths: TextListRule;
}

/** A field of an ImageAd: `required`, or `optional`; a platform without the field has none. */
export type FieldRule = TextRule & { required: boolean };

export interface ImageAdRules {
  headline?: FieldRule;
  text?: FieldRule;
  longHeadline?: FieldRule;
  businessName?: FieldRule;
  /** Whether the ad names who it speaks as (`identity`); absent: the platform takes none. */
  identity?: { required: boolean };
  /** The platform's value for each unified call to action it has; `required`: one must be given. */
  callToAction?: { required: boolean; values: Partial<Record<CallToAction, string>> };
  /** How many more images (`additionalMedia`) the ad takes; 0 where it takes one. */
  additionalMedia: number;
  /** Ratios each image of the ad may have (any of them); empty: any. */
  imageRatios: AspectRatio[];
  /** Ratios that must each be among the ad's images (Microsoft: a 1.91:1 and a 1:1). */
  requiredRatios: AspectRatio[];
}

/** What a platform lets adlink do with ads, declared by its adapter and enforced before any call. */
export interface AdCapabilities {
  /** The creative kinds the platform takes, with their limits. */
  creatives: { SearchAd?: SearchAdRules; ImageAd?: ImageAdRules };
  /** Why a kind the platform has no rules for is refused (the 400's message), where there is a reason to give. */
  refusals: Partial<Record<CreativeKind, string>>;
  /** Whether an update may replace the creative (Google's ads are immutable). */
  creativeUpdates: boolean;
  createStatuses: AdSetStatus[];
  updateStatuses: AdSetStatus[];
  /** `soft`: a deleted ad stays readable, as Deleted (or Archived, where the platform archives). */
  deletion: 'soft' | 'hard';
}

/** What an ad is created or changed with besides its input: where it goes and its images. */
export interface AdContext {
  account: AdAccount;
  adSet: AdSet;
  /** The ImageAd's `media` then its `additionalMedia`, in order; empty for a SearchAd. */
  media: ResolvedMedia[];
}

/**
 * Ads on one platform (`platforms/<id>/ads.ts`). Every method calls the platform (no caching here). An
 * ad that is not in `call.accounts` is not the customer's: `get` answers null for it.
 */
export interface AdAdapter {
  capabilities: AdCapabilities;
  /** Every ad of the ad account, following the platform's pagination to the end. */
  list(call: PlatformCall, advertiser: AdAccount): Promise<Ad[]>;
  get(call: PlatformCall, id: string): Promise<Ad | null>;
  create(call: PlatformCall, input: NewAd, context: AdContext): Promise<Ad>;
  /** Writes name, status and (where `creativeUpdates`) the creative; answers the ad as it now is. */
  update(call: PlatformCall, ad: Ad, changes: AdChanges, context: AdContext): Promise<Ad>;
  /** Deletes (or, where the platform cannot, archives) the ad; the answer has its real status. */
  delete(call: PlatformCall, ad: Ad): Promise<Ad>;
}
