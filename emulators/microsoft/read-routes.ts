import { Router } from 'express';
import { accountOf } from './access.js';
import { batchError, CODES, operationFault } from './faults.js';
import { type AccountState, type AdGroupRecord, adGroupsIn, type Campaign } from './model.js';
import { type Body, CAMPAIGN_BASE, CAMPAIGN_OPERATIONS, idField, idList, serve } from './operations.js';
import { KEYWORD_CAMPAIGN_TYPES } from './rules.js';

export const CAMPAIGN_TYPES = [
  'Search',
  'Shopping',
  'DynamicSearchAds',
  'Audience',
  'Hotel',
  'PerformanceMax',
  'App',
];
export const AD_TYPES = [
  'Text',
  'Image',
  'Product',
  'AppInstall',
  'ExpandedText',
  'DynamicSearch',
  'ResponsiveAd',
  'ResponsiveSearch',
  'Hotel',
];

/** The campaign a request names, in the account of its `CustomerAccountId`. */
export function campaignOf(account: AccountState, body: Body): Campaign {
  const campaign = account.campaigns.get(idField(body, 'CampaignId'));
  if (!campaign || campaign.Status === 'Deleted') {
    throw operationFault(CODES.invalidCampaignId, 'The campaign ID is not valid.');
  }
  return campaign;
}

export function adGroupOf(account: AccountState, body: Body): AdGroupRecord {
  const record = account.adGroups.get(idField(body, 'AdGroupId'));
  if (!record) throw operationFault(CODES.invalidAdGroupId, 'The ad group ID is not valid.');
  return record;
}

/**
 * The ad group of a keyword call: one of a Search campaign. Microsoft refuses keyword calls on ad
 * groups that cannot hold keywords; the exact code it answers is not documented (see
 * docs/platforms/microsoft.md), so the emulator answers an input validation fault.
 */
export function keywordAdGroupOf(account: AccountState, body: Body): AdGroupRecord {
  const record = adGroupOf(account, body);
  const type = account.campaigns.get(record.campaignId)?.CampaignType ?? '';
  if (!KEYWORD_CAMPAIGN_TYPES.includes(type)) {
    throw operationFault(CODES.inputValidation, `Ad groups of ${type} campaigns have no keywords.`);
  }
  return record;
}

/** The `AdTypes` of a Get (AdType values), or undefined where none are given. */
export function adTypesOf(body: Body): string[] | undefined {
  const types = body.AdTypes;
  if (types !== undefined && (!Array.isArray(types) || types.some((t) => !AD_TYPES.includes(t)))) {
    throw operationFault(CODES.inputValidation, 'AdTypes is not valid.');
  }
  return types;
}

/** `AccountId` in the body must be the account of the `CustomerAccountId` header. */
export function sameAccount(account: AccountState, body: Body): void {
  if (idField(body, 'AccountId') !== account.account.Id) {
    throw operationFault(CODES.invalidAccountId, 'The account ID is not valid.');
  }
}

/** `CampaignType` is a flags value ("Search,Audience"); without it only Search campaigns are returned. */
function campaignTypes(body: Body): string[] {
  if (body.CampaignType === undefined || body.CampaignType === null) return ['Search'];
  const types =
    typeof body.CampaignType === 'string' ? body.CampaignType.split(',').map((t) => t.trim()) : [];
  if (types.length === 0 || types.some((t) => !CAMPAIGN_TYPES.includes(t))) {
    throw operationFault(CODES.inputValidation, 'CampaignType is not valid.');
  }
  return types;
}

/** The Get operations: none pages, each returns every match at once; deleted entities never appear. */
export function readRoutes(): Router {
  const router = Router();
  const ops = CAMPAIGN_OPERATIONS;

  serve(router, CAMPAIGN_BASE, ops.getCampaignsByAccountId, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    const types = campaignTypes(body);
    return {
      Campaigns: [...account.campaigns.values()].filter(
        (c) => c.Status !== 'Deleted' && types.includes(c.CampaignType),
      ),
    };
  });

  serve(router, CAMPAIGN_BASE, ops.getCampaignsByIds, (body, res) => {
    const account = accountOf(res);
    sameAccount(account, body);
    const types = campaignTypes(body);
    const found = idList(body, 'CampaignIds').map((id) => {
      const campaign = account.campaigns.get(id);
      return campaign && campaign.Status !== 'Deleted' && types.includes(campaign.CampaignType)
        ? campaign
        : null;
    });
    return {
      Campaigns: found,
      PartialErrors: found.flatMap((c, i) =>
        c ? [] : [batchError(i, CODES.invalidCampaignId, 'The campaign ID is not valid.')],
      ),
    };
  });

  serve(router, CAMPAIGN_BASE, ops.getAdGroupsByCampaignId, (body, res) => {
    const account = accountOf(res);
    const campaign = campaignOf(account, body);
    return { AdGroups: adGroupsIn(account, campaign.Id).map((r) => r.adGroup) };
  });

  serve(router, CAMPAIGN_BASE, ops.getAdGroupsByIds, (body, res) => {
    const account = accountOf(res);
    const campaign = campaignOf(account, body);
    const found = idList(body, 'AdGroupIds').map((id) => {
      const record = account.adGroups.get(id);
      return record?.campaignId === campaign.Id ? record.adGroup : null;
    });
    return {
      AdGroups: found,
      PartialErrors: found.flatMap((g, i) =>
        g ? [] : [batchError(i, CODES.invalidAdGroupId, 'The ad group ID is not valid.')],
      ),
    };
  });

  serve(router, CAMPAIGN_BASE, ops.getKeywordsByAdGroupId, (body, res) => ({
    Keywords: keywordAdGroupOf(accountOf(res), body).keywords,
  }));

  serve(router, CAMPAIGN_BASE, ops.getAdsByAdGroupId, (body, res) => {
    const record = adGroupOf(accountOf(res), body);
    const types = adTypesOf(body);
    return { Ads: types ? record.ads.filter((ad) => types.includes(ad.Type)) : record.ads };
  });
  return router;
}
