import { z } from 'zod';
import { CALLS_TO_ACTION, REVIEW_STATUSES } from '../../ads/model.js';
import { IDENTITY_KINDS } from '../../identities/model.js';
import { IMAGE_TYPES } from '../../media/model.js';
import { listOf, platformId, register, status } from './registry.js';

/** Ads, their creatives and review; the images and identities they are made with. */
export const Creative = register(
  'Creative',
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('SearchAd'),
      headlines: z.array(z.string()),
      descriptions: z.array(z.string()),
      url: z.string(),
      paths: z.array(z.string()),
    }),
    z.strictObject({
      kind: z.literal('ImageAd'),
      media: z.string(),
      additionalMedia: z.array(z.string()),
      headline: z.string().optional(),
      text: z.string().optional(),
      url: z.string(),
      callToAction: z.enum(CALLS_TO_ACTION).optional(),
      identity: z.string().optional(),
      businessName: z.string().optional(),
      longHeadline: z.string().optional(),
    }),
    z
      .strictObject({ kind: z.literal('Other'), format: z.string() })
      .describe('A creative adlink reads but does not create yet (a video), with the platform’s format.'),
  ]),
  'What the ad shows: a responsive search ad, a single-image ad, or another format read from the platform.',
);

export const Review = register(
  'Review',
  z.strictObject({ status: z.enum(REVIEW_STATUSES), reasons: z.array(z.string()) }),
  'The platform’s review of the ad (docs/ads.md: how each platform’s review fields map).',
);

export const Ad = register(
  'Ad',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    platform: platformId,
    status,
    advertiser: z.string(),
    adSetId: z.string(),
    campaignId: z.string(),
    creative: Creative,
    review: Review,
    targetings: z
      .array(z.unknown())
      .optional()
      .describe('Inside an ad set with `childResources=Ad,Targeting`: the ad’s own targetings.'),
  }),
  'An ad in the unified model.',
);

export const AdPage = register('AdPage', listOf(Ad));

export const AdDeletion = register(
  'AdDeletion',
  z.strictObject({ deletions: z.literal(1), data: z.array(Ad).length(1) }),
);

export const Media = register(
  'Media',
  z.strictObject({
    id: z
      .string()
      .describe(
        'The platform’s id for the image (adlink’s `med_…` where it takes images only inside an ad).',
      ),
    platform: platformId,
    advertiser: z.string(),
    kind: z.literal('Image'),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().nullable(),
    sha256: z.string().nullable(),
    contentType: z.enum(IMAGE_TYPES).nullable(),
    name: z.string(),
    createdAt: z.iso.datetime(),
  }),
  'An image of an ad account.',
);

export const MediaList = register(
  'MediaList',
  z.strictObject({ has_more: z.literal(false), data: z.array(Media) }),
);

export const Identity = register(
  'Identity',
  z.strictObject({ id: z.string(), name: z.string(), kind: z.enum(IDENTITY_KINDS) }),
  'Who an ad speaks as.',
);

export const IdentityList = register(
  'IdentityList',
  z.strictObject({ has_more: z.literal(false), data: z.array(Identity) }),
);
