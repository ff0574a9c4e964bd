import api from '../../test/fixtures/pinterest/openapi-extract.json' with { type: 'json' };
import { bodySchema } from '../toolkit/body-schema.js';
import type { BillableEvent, ObjectiveType } from './model.js';

/**
 * The request bodies of Pinterest's OpenAPI description (the extract in test/fixtures/pinterest/,
 * with its commit): every body the emulator takes is checked against its schema before its own rules.
 */
export const officialBody = {
  tokenFromCode: bodySchema(api.requests.OauthAccessTokenRequestCode),
  tokenFromRefresh: bodySchema(api.requests.OauthAccessTokenRequestRefresh),
  adGroupCreate: bodySchema(api.requests.AdGroupCreateRequest),
  adGroupUpdate: bodySchema(api.requests.AdGroupUpdateRequest),
  campaignCreate: bodySchema(api.requests.CampaignCreateRequest),
  campaignUpdate: bodySchema(api.requests.CampaignUpdateRequest),
  keywords: bodySchema(api.requests.KeywordsRequest),
  keywordsUpdate: bodySchema(api.requests.KeywordUpdateBody),
  bidFloor: bodySchema(api.requests.BidFloorRequest),
  adCreate: bodySchema(api.requests.AdCreateRequest),
  adUpdate: bodySchema(api.requests.AdUpdateRequest),
  boardCreate: bodySchema(api.requests.BoardCreate),
  pinCreate: bodySchema(api.requests.PinCreate),
  customerListCreate: bodySchema(api.requests.CustomerListRequest),
  customerListUpdate: bodySchema(api.requests.CustomerListUpdateRequest),
  audienceCreate: bodySchema(api.requests.AudienceCreateRequest),
  audienceUpdate: bodySchema(api.requests.AudienceUpdateRequest),
};

/**
 * The campaign objective and billable event pairs whose ad groups need `bid_in_micro_currency`, as
 * the field's description in the OpenAPI lists them (`descriptions` of the extract).
 */
export const BID_REQUIRED: readonly (readonly [ObjectiveType, BillableEvent])[] = [
  ['AWARENESS', 'IMPRESSION'],
  ['CONSIDERATION', 'CLICKTHROUGH'],
  ['CATALOG_SALES', 'CLICKTHROUGH'],
];
