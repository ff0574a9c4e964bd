import { z } from 'zod';
import { adChangesSchema, newAdSchema } from '../../ads/input.js';
import { adListQuery, adQuery, adWriteQuery } from '../../api/ads.js';
import { mediaListQuery, mediaWriteQuery } from '../../api/media.js';
import { encodings } from '../form-encodings.js';
import type { Operation } from '../operation.js';
import { Ad, AdDeletion, AdPage, IdentityList, Media, MediaList } from '../resources.js';
import { CREATE_ERRORS, onPlatform, PARAMS, PLATFORM_ERRORS, platform, WRITE_ERRORS } from './adsets.js';
import { EXAMPLE } from './examples.js';

const onAd = z.strictObject({ platform, id: z.string() });
const params = {
  ...PARAMS,
  id: 'The ad’s id at the platform.',
  status: 'Only ads with this status.',
  adSetId: 'Only the ads of this ad set.',
  campaignId: 'Only the ads of this campaign.',
  advertiser: 'The ad account (one of the connection’s chosen ad accounts).',
  dismissDatabase:
    '`true` reads live from the platform (every connected ad account) and refreshes the cache.',
};
const tag = 'Ads';

const image: z.infer<typeof Media> = {
  id: 'img_3kq9Zt7Lw2',
  platform: 'sandbox',
  advertiser: EXAMPLE.adAccount.id,
  kind: 'Image',
  width: 1200,
  height: 628,
  bytes: 184_220,
  sha256: 'a3f1c2e9b07d4e8f9a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f',
  contentType: 'image/jpeg',
  name: 'spring.jpg',
  createdAt: '2026-11-20T09:30:00.000Z',
};
const newAd = {
  name: 'Spring tart',
  adSetId: 'as_7QkzN3v9cW1rT5yX',
  status: 'Paused',
  creative: {
    kind: 'ImageAd',
    media: image.id,
    headline: 'Spring is here',
    text: 'Try our new rhubarb tart.',
    url: 'https://bakery.example/spring',
    callToAction: 'OrderNow',
  },
};
const ad = {
  id: 'ad_9xLm2Qp4Rs',
  platform: 'sandbox',
  advertiser: EXAMPLE.adAccount.id,
  campaignId: 'cmp_7QkzN3v9cW1rT5yX',
  ...newAd,
  creative: { ...newAd.creative, additionalMedia: [] },
  review: { status: 'Pending', reasons: [] },
};

export const adOperations: Operation[] = [
  {
    method: 'get',
    path: '/v1/:platform/ads',
    operationId: 'listAds',
    access: 'read',
    tag,
    summary: 'List the customer’s ads on a platform',
    description:
      'From adlink’s cache (filled on the first read), or live with `dismissDatabase=true`; a live read that finds a review changed emits `ad.review_changed`.',
    pathParams: onPlatform,
    query: adListQuery,
    params,
    responses: {
      200: { description: 'A page of ads.', schema: AdPage, example: { has_more: false, data: [ad] } },
    },
    errors: [...PLATFORM_ERRORS, 'unsupported_for_platform'],
  },
  {
    method: 'post',
    path: '/v1/:platform/ads',
    operationId: 'createAd',
    access: 'write',
    tag,
    summary: 'Create an ad in an ad set',
    description:
      'With a `SearchAd` or an `ImageAd` creative, checked against the platform’s limits before any call (docs/ads.md): a text past its limit is 400 naming it (`creative.headlines[3]`), a kind or field the platform lacks 400 `unsupported_for_platform`. New ads are `Paused` unless `status` says otherwise. Emits `ad.created`.',
    pathParams: onPlatform,
    query: adWriteQuery,
    params,
    idempotent: true,
    body: {
      required: true,
      description: 'JSON, or form fields with `creative` JSON-encoded.',
      content: encodings(newAdSchema, newAd),
    },
    responses: { 201: { description: 'The new ad, with its review.', schema: Ad, example: ad } },
    errors: [...CREATE_ERRORS, 'adset_not_found'],
  },
  {
    method: 'get',
    path: '/v1/:platform/ads/:id',
    operationId: 'getAd',
    access: 'read',
    tag,
    summary: 'Get an ad, with its review',
    pathParams: onAd,
    query: adQuery,
    params,
    responses: { 200: { description: 'The ad.', schema: Ad, example: ad } },
    errors: [...PLATFORM_ERRORS, 'unsupported_for_platform', 'ad_not_found'],
  },
  {
    method: 'put',
    path: '/v1/:platform/ads/:id',
    operationId: 'updateAd',
    access: 'write',
    tag,
    summary: 'Change an ad: name, status, creative',
    description:
      'A creative replaces the ad’s whole creative (of the same kind) where the platform lets an ad’s creative change; elsewhere (Google) it is 400 `unsupported_for_platform` naming `creative`. Emits `ad.updated` with `previous_attributes`.',
    pathParams: onAd,
    query: adWriteQuery,
    params,
    body: {
      required: true,
      description: 'Any of `name`, `status`, `creative`, as JSON or form fields (`creative` JSON-encoded).',
      content: encodings(adChangesSchema, { status: 'Running' }),
    },
    responses: {
      200: {
        description: 'The ad as the platform holds it now.',
        schema: Ad,
        example: { ...ad, status: 'Active' },
      },
    },
    errors: [...WRITE_ERRORS, 'ad_not_found', 'adset_not_found'],
  },
  {
    method: 'delete',
    path: '/v1/:platform/ads/:id',
    operationId: 'deleteAd',
    access: 'write',
    tag,
    summary: 'Delete an ad',
    description:
      'Permanent where the platform deletes ads; archived where it cannot (Pinterest: `Archived`). Emits `ad.deleted`.',
    pathParams: onAd,
    query: adWriteQuery,
    params,
    responses: {
      200: {
        description: 'The deleted ad, with the status the platform left.',
        schema: AdDeletion,
        example: { deletions: 1, data: [{ ...ad, status: 'Deleted' }] },
      },
    },
    errors: [...WRITE_ERRORS, 'ad_not_found'],
  },
  {
    method: 'post',
    path: '/v1/:platform/media',
    operationId: 'uploadMedia',
    access: 'write',
    tag,
    summary: 'Upload an image to an ad account',
    description:
      'multipart/form-data with `advertiser` and one `file` (JPEG or PNG; the platform’s own limits on size, dimensions and aspect ratio are checked first, 400 naming `file`). The body is streamed and capped: a larger file is refused before it is read whole. The same bytes again answer the same image with 200 and no upload.',
    pathParams: onPlatform,
    query: mediaWriteQuery,
    params,
    body: {
      required: true,
      description: 'The image and its ad account.',
      content: {
        'multipart/form-data': {
          schema: z.strictObject({
            advertiser: z.string().describe('The ad account.'),
            file: z.string().meta({ format: 'binary' }).describe('The image: JPEG or PNG.'),
          }),
          example: { advertiser: EXAMPLE.adAccount.id, file: '(binary)' },
        },
      },
    },
    responses: {
      201: { description: 'The uploaded image.', schema: Media, example: image },
      200: { description: 'The image uploaded earlier with the same bytes.', schema: Media, example: image },
    },
    errors: [...WRITE_ERRORS, 'unknown_parameter'],
  },
  {
    method: 'get',
    path: '/v1/:platform/media',
    operationId: 'listMedia',
    access: 'read',
    tag,
    summary: 'List an ad account’s images',
    description: 'What adlink uploaded, then what the platform lists, where its API lists images.',
    pathParams: onPlatform,
    query: mediaListQuery,
    params,
    responses: {
      200: { description: 'The images.', schema: MediaList, example: { has_more: false, data: [image] } },
    },
    errors: [...PLATFORM_ERRORS, 'unsupported_for_platform'],
  },
  {
    method: 'get',
    path: '/v1/:platform/identities',
    operationId: 'listIdentities',
    access: 'read',
    tag,
    summary: 'Who an ad account’s ads may speak as',
    description:
      'Meta’s Pages, LinkedIn’s organizations, TikTok’s identities, Snapchat’s public profiles, Pinterest’s profile; empty where the platform asks for none (Google, Microsoft).',
    pathParams: onPlatform,
    query: mediaListQuery,
    params,
    responses: {
      200: {
        description: 'The identities.',
        schema: IdentityList,
        example: { has_more: false, data: [{ id: 'prf_act_1', name: 'Bakery', kind: 'Profile' }] },
      },
    },
    errors: PLATFORM_ERRORS,
  },
];
