import type { Request, Response, Router } from 'express';
import { CODES, operationFault } from './faults.js';

/**
 * The REST operations the emulator serves: method, path (under the service's base) and the request
 * fields it reads; microsoft-sdk.test.ts checks each against the SDK's. A request naming any other
 * field is refused, so the adapter cannot send one the API does not have.
 */
export interface Operation {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  fields: readonly string[];
}

export const CAMPAIGN_BASE = '/CampaignManagement/v13';
export const CUSTOMER_BASE = '/CustomerManagement/v13';
export const REPORTING_BASE = '/Reporting/v13';

export const CAMPAIGN_OPERATIONS = {
  getCampaignsByAccountId: {
    method: 'POST',
    path: '/Campaigns/QueryByAccountId',
    fields: ['AccountId', 'CampaignType', 'ReturnAdditionalFields'],
  },
  getCampaignsByIds: {
    method: 'POST',
    path: '/Campaigns/QueryByIds',
    fields: ['AccountId', 'CampaignIds', 'CampaignType', 'ReturnAdditionalFields'],
  },
  getAdGroupsByCampaignId: {
    method: 'POST',
    path: '/AdGroups/QueryByCampaignId',
    fields: ['CampaignId', 'ReturnAdditionalFields'],
  },
  getAdGroupsByIds: {
    method: 'POST',
    path: '/AdGroups/QueryByIds',
    fields: ['CampaignId', 'AdGroupIds', 'ReturnAdditionalFields'],
  },
  addAdGroups: { method: 'POST', path: '/AdGroups', fields: ['CampaignId', 'AdGroups'] },
  updateAdGroups: { method: 'PUT', path: '/AdGroups', fields: ['CampaignId', 'AdGroups'] },
  deleteAdGroups: { method: 'DELETE', path: '/AdGroups', fields: ['CampaignId', 'AdGroupIds'] },
  addKeywords: { method: 'POST', path: '/Keywords', fields: ['AdGroupId', 'Keywords'] },
  deleteKeywords: { method: 'DELETE', path: '/Keywords', fields: ['AdGroupId', 'KeywordIds'] },
  addCampaigns: { method: 'POST', path: '/Campaigns', fields: ['AccountId', 'Campaigns'] },
  updateCampaigns: { method: 'PUT', path: '/Campaigns', fields: ['AccountId', 'Campaigns'] },
  deleteCampaigns: { method: 'DELETE', path: '/Campaigns', fields: ['AccountId', 'CampaignIds'] },
  getKeywordsByAdGroupId: {
    method: 'POST',
    path: '/Keywords/QueryByAdGroupId',
    fields: ['AdGroupId', 'ReturnAdditionalFields'],
  },
  getAdsByAdGroupId: {
    method: 'POST',
    path: '/Ads/QueryByAdGroupId',
    fields: ['AdGroupId', 'AdTypes', 'ReturnAdditionalFields'],
  },
  getAdsByIds: {
    method: 'POST',
    path: '/Ads/QueryByIds',
    fields: ['AdGroupId', 'AdIds', 'AdTypes', 'ReturnAdditionalFields'],
  },
  addAds: { method: 'POST', path: '/Ads', fields: ['AdGroupId', 'Ads'] },
  updateAds: { method: 'PUT', path: '/Ads', fields: ['AdGroupId', 'Ads'] },
  deleteAds: { method: 'DELETE', path: '/Ads', fields: ['AdGroupId', 'AdIds'] },
  addMedia: { method: 'POST', path: '/Media', fields: ['AccountId', 'Media'] },
  getEditorialReasonsByIds: {
    method: 'POST',
    path: '/EditorialReasons/QueryByIds',
    fields: ['AccountId', 'EntityIdToParentIdAssociations', 'EntityType'],
  },
  getMediaMetaDataByAccountId: {
    method: 'POST',
    path: '/MediaMetaData/QueryByAccountId',
    fields: ['MediaEnabledEntities', 'PageInfo', 'ReturnAdditionalFields'],
  },
  addAudiences: { method: 'POST', path: '/Audiences', fields: ['Audiences'] },
  updateAudiences: { method: 'PUT', path: '/Audiences', fields: ['Audiences'] },
  deleteAudiences: { method: 'DELETE', path: '/Audiences', fields: ['AudienceIds'] },
  getAudiencesByIds: {
    method: 'POST',
    path: '/Audiences/QueryByIds',
    fields: ['AudienceIds', 'Type', 'ReturnAdditionalFields'],
  },
  applyCustomerListUserData: {
    method: 'POST',
    path: '/CustomerListUserData/Apply',
    fields: ['CustomerListUserData'],
  },
  addAdGroupCriterions: {
    method: 'POST',
    path: '/AdGroupCriterions',
    fields: ['AdGroupCriterions', 'CriterionType'],
  },
  getAdGroupCriterionsByIds: {
    method: 'POST',
    path: '/AdGroupCriterions/QueryByIds',
    fields: ['AdGroupCriterionIds', 'AdGroupId', 'CriterionType', 'ReturnAdditionalFields'],
  },
  deleteAdGroupCriterions: {
    method: 'DELETE',
    path: '/AdGroupCriterions',
    fields: ['AdGroupCriterionIds', 'AdGroupId', 'CriterionType'],
  },
} as const satisfies Record<string, Operation>;

export const CUSTOMER_OPERATIONS = {
  getUser: { method: 'POST', path: '/User/Query', fields: ['UserId'] },
  getAccount: { method: 'POST', path: '/Account/Query', fields: ['AccountId', 'ReturnAdditionalFields'] },
  searchAccounts: {
    method: 'POST',
    path: '/Accounts/Search',
    fields: ['Predicates', 'Ordering', 'PageInfo', 'ReturnAdditionalFields'],
  },
} as const satisfies Record<string, Operation>;

export const REPORTING_OPERATIONS = {
  submitGenerateReport: { method: 'POST', path: '/GenerateReport/Submit', fields: ['ReportRequest'] },
  pollGenerateReport: { method: 'POST', path: '/GenerateReport/Poll', fields: ['ReportRequestId'] },
} as const satisfies Record<string, Operation>;

/** The fields of an AdGroup and a Keyword the emulator takes on add and update. */
export const AD_GROUP_FIELDS = [
  'Id',
  'Name',
  'Status',
  'Language',
  'CpcBid',
  'Network',
  'StartDate',
  'EndDate',
  'Settings',
] as const;
export const KEYWORD_FIELDS = ['Text', 'MatchType', 'Bid', 'Status'] as const;
/** The fields of an ad group criterion of a customer list (Biddable or Negative) and its AudienceCriterion. */
export const AD_GROUP_CRITERION_FIELDS = [
  'Type',
  'Id',
  'AdGroupId',
  'Status',
  'Criterion',
  'CriterionBid',
] as const;
export const AUDIENCE_CRITERION_FIELDS = ['Type', 'AudienceId', 'AudienceType'] as const;
/** The fields of a Campaign the emulator takes on add and update. */
export const CAMPAIGN_FIELDS = [
  'Id',
  'Name',
  'Status',
  'CampaignType',
  'DailyBudget',
  'BudgetType',
  'BudgetId',
  'TimeZone',
  'Languages',
] as const;
/** The fields of a ResponsiveSearchAd and a multimedia ResponsiveAd the emulator takes on add and update. */
const AD_FIELDS = ['Id', 'Type', 'Status', 'EditorialStatus', 'FinalUrls', 'UrlCustomParameters'] as const;
export const RESPONSIVE_SEARCH_AD_FIELDS = [
  ...AD_FIELDS,
  'Headlines',
  'Descriptions',
  'Path1',
  'Path2',
] as const;
export const RESPONSIVE_AD_FIELDS = [
  ...AD_FIELDS,
  'BusinessName',
  'CallToAction',
  'CallToActionLanguage',
  'Headlines',
  'LongHeadlines',
  'Descriptions',
  'Images',
] as const;
/**
 * The fields of an AssetLink, its Asset (a TextAsset or an ImageAsset), a CustomParameter, an Image
 * and an EntityIdToParentIdAssociation.
 */
export const ASSET_LINK_FIELDS = [
  'Asset',
  'PinnedField',
  'AssetPerformanceLabel',
  'EditorialStatus',
] as const;
export const ASSET_FIELDS = ['Id', 'Name', 'Type', 'Text', 'SubType'] as const;
export const CUSTOM_PARAMETER_FIELDS = ['Key', 'Value'] as const;
export const MEDIA_FIELDS = ['Id', 'Type', 'MediaType', 'Text', 'Data'] as const;
export const ENTITY_ASSOCIATION_FIELDS = ['EntityId', 'ParentId'] as const;
/** The fields of a CustomerList (an Audience) and of CustomerListUserData the emulator takes. */
export const CUSTOMER_LIST_FIELDS = [
  'Id',
  'Type',
  'Name',
  'Description',
  'Scope',
  'ParentId',
  'MembershipDuration',
] as const;
export const CUSTOMER_LIST_USER_DATA_FIELDS = [
  'AudienceId',
  'CustomerListItems',
  'CustomerListItemSubType',
  'ActionType',
] as const;
/** The fields of the Date object (StartDate and EndDate of an ad group). */
export const DATE_FIELDS = ['Day', 'Month', 'Year'] as const;

export type Body = Record<string, unknown>;

/** Refuses a JSON object with fields other than `allowed` (what the API's deserializer would not know). */
export function fieldsOf(
  value: unknown,
  allowed: readonly string[],
  what: string,
  service: 'campaign' | 'customer' = 'campaign',
): Body {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw operationFault(CODES.inputValidation, `${what} must be a JSON object.`, service);
  }
  const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw operationFault(CODES.inputValidation, `${what} has no field ${unknown.join(', ')}.`, service);
  }
  return value as Body;
}

/** Registers one operation's handler on `router` at its method and path under `base`. */
export function serve(
  router: Router,
  base: string,
  operation: Operation,
  handle: (body: Body, res: Response) => unknown,
  service: 'campaign' | 'customer' = 'campaign',
): void {
  const method = operation.method.toLowerCase() as 'post' | 'put' | 'delete';
  router[method](`${base}${operation.path}`, (req: Request, res: Response) => {
    const body = fieldsOf(req.body ?? {}, operation.fields, 'The request', service);
    res.json(handle(body, res));
  });
}

/** An int64 id, which the REST API writes as a decimal string. */
export function idField(body: Body, field: string, service: 'campaign' | 'customer' = 'campaign'): string {
  const value = body[field];
  if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) {
    throw operationFault(CODES.inputValidation, `${field} must be an id (a string of digits).`, service);
  }
  return value;
}

export function idList(body: Body, field: string): string[] {
  const value = body[field];
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((v) => typeof v !== 'string' || !/^\d{1,19}$/.test(v))
  ) {
    throw operationFault(CODES.inputValidation, `${field} must be a non-empty list of ids.`);
  }
  return value as string[];
}
