import { z } from 'zod';
import { adSetChangesSchema, newAdSetFields } from '../../adsets/input.js';
import { customerQuery, getQuery, listQuery } from '../../api/adsets.js';
import { PLATFORM_IDS } from '../../domain/platform-ids.js';
import type { ErrorCode } from '../../errors.js';
import { encodings } from '../form-encodings.js';
import type { Operation } from '../operation.js';
import { AdSet, AdSetDeletion, AdSetList, AdvertiserList } from '../resources.js';
import { EXAMPLE } from './examples.js';

export const platform = z.enum(PLATFORM_IDS);
export const onPlatform = z.strictObject({ platform });
const onAdSet = z.strictObject({ platform, id: z.string() });

export const PARAMS = {
  platform: 'The platform id.',
  id: 'The ad set’s id at the platform.',
  customer:
    'The customer (of your company) whose connection is used. Without it, the company token acts for your company’s own ad accounts (the customer `own`) and an access token for its own customer (naming another is 403 `customer_not_allowed`).',
  limit: 'How many to return (1–1000).',
  status: 'Only ad sets with this status.',
  campaignId: 'Only the ad sets of this campaign.',
  parentId: 'The same as `campaignId` (give either, or both alike).',
  childResources:
    'Comma-separated `Ad`, `Targeting`: include the ad set’s ads and targetings (lists always do).',
  dismissDatabase:
    '`true` reads live from the platform (every connected ad account) and refreshes the cache.',
  cursor: 'The `next_cursor` of the previous page.',
};

/** Errors of every call that reaches the customer's platform connection. */
export const PLATFORM_ERRORS: ErrorCode[] = [
  'customer_not_found',
  'platform_not_found',
  'platform_not_connected',
  'reauthorization_required',
  'platform_error',
  'platform_timeout',
  'platform_rate_limited',
];
export const WRITE_ERRORS: ErrorCode[] = [
  ...PLATFORM_ERRORS,
  'unsupported_for_platform',
  'platform_validation_failed',
];
/** Errors of a create: a write's, and those of its form body and Idempotency-Key. */
export const CREATE_ERRORS: ErrorCode[] = [
  ...WRITE_ERRORS,
  'parameter_repeated',
  'invalid_idempotency_key',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'quota_exceeded',
];

const newAdSet = {
  name: 'Spring sale',
  advertiser: EXAMPLE.adAccount.id,
  parentId: '120210000000000001',
  channelKind: 'Social',
  settings: [
    { kind: 'DailyBudget', budget: 12.5, currency: 'EUR' },
    { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' },
    { kind: 'Runtime', start: '2026-12-01T00:00:00+01:00', end: '2026-12-24T00:00:00+01:00' },
  ],
  targetings: [
    { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'DE', zipcode: '10117' }] },
  ],
  status: 'Paused',
};
const { targetings: _targetings, ...adSetFields } = newAdSet;
const adSet = {
  id: '120210000000000042',
  platform: 'meta',
  ...adSetFields,
  campaignId: adSetFields.parentId,
};
const changes = {
  settings: [
    { kind: 'DailyBudget', budget: 20, currency: 'EUR' },
    { kind: 'Runtime', start: '2026-12-01T00:00:00+01:00', end: '2026-12-31T00:00:00+01:00' },
  ],
  targetings: [
    {
      kind: 'GeoTargeting',
      type: 'ZipcodeGeoTargeting',
      zipcodes: [
        { country: 'DE', zipcode: '10117' },
        { country: 'DE', zipcode: '10119' },
      ],
    },
  ],
};
const listed = {
  ...adSet,
  ads: [
    {
      id: '120210000000000077',
      name: 'Spring sale – ad 1',
      platform: 'meta',
      status: 'Paused',
      advertiser: adSet.advertiser,
      adSetId: adSet.id,
      campaignId: adSet.parentId,
      creative: {
        kind: 'ImageAd',
        media: '0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e',
        additionalMedia: [],
        headline: 'Spring sale',
        text: 'Everything 20 % off until Sunday.',
        url: 'https://shop.example/spring',
        callToAction: 'ShopNow',
        identity: '104857600000001',
      },
      review: { status: 'Approved', reasons: [] },
    },
  ],
  targetings: newAdSet.targetings,
};

export const adSetOperations: Operation[] = [
  {
    method: 'get',
    path: '/v1/:platform/adsets',
    operationId: 'listAdSets',
    access: 'read',
    tag: 'Ad sets',
    summary: 'List the customer’s ad sets on a platform',
    description:
      'From adlink’s cache (filled on the first read), or live with `dismissDatabase=true`. In creation order.',
    pathParams: onPlatform,
    query: listQuery,
    params: PARAMS,
    responses: {
      200: {
        description: 'A page of ad sets.',
        schema: AdSetList,
        example: { has_more: false, data: [listed] },
      },
    },
    errors: PLATFORM_ERRORS,
  },
  {
    method: 'post',
    path: '/v1/:platform/adsets',
    operationId: 'createAdSet',
    access: 'write',
    tag: 'Ad sets',
    summary: 'Create an ad set',
    description:
      'Anything the platform cannot express is 400 `unsupported_for_platform` naming the parameter, never dropped.',
    pathParams: onPlatform,
    query: customerQuery,
    params: PARAMS,
    idempotent: true,
    body: {
      required: true,
      description: 'JSON, or form fields with `settings` and `targetings` JSON-encoded.',
      content: encodings(newAdSetFields, newAdSet),
    },
    responses: {
      201: { description: 'The new ad set.', schema: AdSet, example: { ...listed, ads: [] } },
    },
    errors: CREATE_ERRORS,
  },
  {
    method: 'get',
    path: '/v1/:platform/adsets/:id',
    operationId: 'getAdSet',
    access: 'read',
    tag: 'Ad sets',
    summary: 'Get an ad set',
    pathParams: onAdSet,
    query: getQuery,
    params: PARAMS,
    responses: { 200: { description: 'The ad set.', schema: AdSet, example: adSet } },
    errors: [...PLATFORM_ERRORS, 'adset_not_found'],
  },
  {
    method: 'put',
    path: '/v1/:platform/adsets/:id',
    operationId: 'updateAdSet',
    access: 'write',
    tag: 'Ad sets',
    summary: 'Change an ad set: name, status, settings, targetings',
    description:
      'A setting kind that is sent replaces that kind (DailyBudget and TotalBudget are one budget); kinds not sent stay. ' +
      'A targeting kind that is sent replaces that kind; an empty list removes it. Written to the platform first; ' +
      'the answer is the ad set as the platform holds it afterwards. What the platform cannot change is 400 ' +
      '`unsupported_for_platform` naming the parameter. Emits `adset.updated`.',
    pathParams: onAdSet,
    query: customerQuery,
    params: PARAMS,
    body: {
      required: true,
      description:
        'Any of `name`, `status`, `settings`, `targetings`, as JSON or form fields (`settings` and `targetings` JSON-encoded).',
      content: encodings(adSetChangesSchema, changes),
    },
    responses: {
      200: {
        description: 'The ad set as the platform holds it now.',
        schema: AdSet,
        example: { ...adSet, settings: [...changes.settings, adSet.settings[1]] },
      },
    },
    errors: [...WRITE_ERRORS, 'adset_not_found'],
  },
  {
    method: 'delete',
    path: '/v1/:platform/adsets/:id',
    operationId: 'deleteAdSet',
    access: 'write',
    tag: 'Ad sets',
    summary: 'Delete an ad set',
    description:
      'Soft on platforms that keep deleted ad sets (still readable as `Deleted`), permanent elsewhere.',
    pathParams: onAdSet,
    query: customerQuery,
    params: PARAMS,
    responses: {
      200: {
        description: 'The deleted ad set.',
        schema: AdSetDeletion,
        example: { deletions: 1, data: [{ ...adSet, status: 'Deleted' }] },
      },
    },
    errors: [...WRITE_ERRORS, 'adset_not_found'],
  },
  {
    method: 'get',
    path: '/v1/:platform/advertisers',
    operationId: 'listAdvertisers',
    access: 'read',
    tag: 'Ad sets',
    summary: 'The customer’s connected ad accounts on a platform',
    pathParams: onPlatform,
    query: customerQuery,
    params: PARAMS,
    responses: {
      200: {
        description: 'The ad accounts.',
        schema: AdvertiserList,
        example: { has_more: false, data: [EXAMPLE.adAccount] },
      },
    },
    errors: PLATFORM_ERRORS,
  },
];
