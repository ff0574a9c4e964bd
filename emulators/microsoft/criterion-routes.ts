import { Router } from 'express';
import { accountOf } from './access.js';
import { items } from './batches.js';
import { type BatchError, batchError, CODES, operationFault } from './faults.js';
import type { AccountState, AudienceCriterion, MicrosoftAdsState, TargetSetting } from './model.js';
import {
  AD_GROUP_CRITERION_FIELDS,
  AUDIENCE_CRITERION_FIELDS,
  type Body,
  CAMPAIGN_BASE,
  CAMPAIGN_OPERATIONS,
  fieldsOf,
  idList,
  serve,
} from './operations.js';
import { adGroupOf } from './read-routes.js';

/**
 * An ad group's customer lists as ad group criterions (MicrosoftDocs/Advertising,
 * campaign-management-service/): AddAdGroupCriterions and DeleteAdGroupCriterions take CriterionType
 * Audience for audience criterions (addadgroupcriterions.md); GetAdGroupCriterionsByIds does not take
 * Targets or Audience but one type, here CustomerList (getadgroupcriterionsbyids.md); at most 1,000
 * criterions or ids a call. A BiddableAdGroupCriterion includes the list, a NegativeAdGroupCriterion
 * excludes it. The emulator keeps AudienceCriterion of customer lists only.
 */
export const CRITERION_TYPES = ['BiddableAdGroupCriterion', 'NegativeAdGroupCriterion'] as const;
const MAX_CRITERIONS = 1000;
/** CriterionTypeGroup values (criteriontypegroup.md); outside Audience campaigns only Audience (targetsettingdetail.md). */
export const CRITERION_TYPE_GROUPS = ['Gender', 'Age', 'Audience', 'CompanyName', 'JobFunction', 'Industry'];

/**
 * An ad group's `Settings` as the emulator takes them: TargetSettings only, each detail a criterion
 * type group (Audience outside Audience campaigns) and whether it targets and bids or bids only.
 * Null or absent: none given.
 */
export function targetSettingsOf(value: unknown, campaignType: string): TargetSetting[] | null | string {
  if (value === undefined || value === null) return null;
  const details = (s: Body) => (Array.isArray(s.Details) ? (s.Details as Body[]) : null);
  const valid =
    Array.isArray(value) &&
    (value as Body[]).every((s) => {
      const list = typeof s === 'object' && s !== null && s.Type === 'TargetSetting' ? details(s) : null;
      return list?.every(
        (d) =>
          typeof d === 'object' &&
          d !== null &&
          Object.keys(d).every((k) => k === 'CriterionTypeGroup' || k === 'TargetAndBid') &&
          typeof d.TargetAndBid === 'boolean' &&
          (campaignType === 'Audience'
            ? CRITERION_TYPE_GROUPS.includes(d.CriterionTypeGroup as string)
            : d.CriterionTypeGroup === 'Audience'),
      );
    });
  return valid
    ? (value as TargetSetting[])
    : 'Settings must be TargetSettings whose Details each name a CriterionTypeGroup the campaign takes and TargetAndBid.';
}

function criterionType(body: Body, wanted: string): void {
  if (body.CriterionType !== wanted) {
    throw operationFault(CODES.inputValidation, `CriterionType must be ${wanted} for customer lists.`);
  }
}

/** Why a criterion to add is refused, or null: its shape, its ad group, its customer list. */
function refusal(account: AccountState, input: Body, i: number): BatchError | null {
  const refuse = (error: (typeof CODES)[keyof typeof CODES], message: string) =>
    batchError(i, error, message);
  if (!CRITERION_TYPES.includes(input.Type as (typeof CRITERION_TYPES)[number])) {
    return refuse(CODES.inputValidation, `Type must be one of ${CRITERION_TYPES.join(', ')}.`);
  }
  if (input.Id != null) return refuse(CODES.inputValidation, 'The criterion Id must not be set on add.');
  if (input.Status != null && input.Status !== 'Active' && input.Status !== 'Paused') {
    return refuse(CODES.inputValidation, 'Status must be Active or Paused.');
  }
  if (input.Type === 'NegativeAdGroupCriterion' && input.CriterionBid != null) {
    return refuse(CODES.inputValidation, 'A NegativeAdGroupCriterion has no CriterionBid.');
  }
  const bid = input.CriterionBid as Body | null | undefined;
  if (bid != null && (bid.Type !== 'BidMultiplier' || typeof bid.Multiplier !== 'number')) {
    return refuse(CODES.inputValidation, 'An audience CriterionBid is a BidMultiplier with a Multiplier.');
  }
  const record = typeof input.AdGroupId === 'string' ? account.adGroups.get(input.AdGroupId) : undefined;
  if (!record) return refuse(CODES.invalidAdGroupId, 'The ad group ID is not valid.');
  const criterion = input.Criterion as Body | null | undefined;
  if (typeof criterion !== 'object' || criterion === null || criterion.Type !== 'AudienceCriterion') {
    return refuse(CODES.inputValidation, 'Criterion must be an AudienceCriterion.');
  }
  // AudienceType is read-only on add (audiencecriterion.md): the audience's own type is answered.
  const id = criterion.AudienceId;
  // Customer lists are the only audiences the emulator keeps: any other id is none of the account's.
  if (typeof id !== 'string' || !/^\d{1,19}$/.test(id) || !account.customerLists.has(id)) {
    return refuse(CODES.invalidAudienceId, 'The audience ID is invalid.');
  }
  // The code Microsoft answers for a list the ad group already has (either side) is undocumented.
  if (record.audiences.some((c) => c.Criterion.AudienceId === id)) {
    return refuse(CODES.inputValidation, `Audience ${id} is already associated with the ad group.`);
  }
  return null;
}

/** AddAdGroupCriterions, GetAdGroupCriterionsByIds and DeleteAdGroupCriterions of customer lists. */
export function criterionRoutes(state: MicrosoftAdsState): Router {
  const router = Router();
  const ops = CAMPAIGN_OPERATIONS;

  serve(router, CAMPAIGN_BASE, ops.addAdGroupCriterions, (body, res) => {
    criterionType(body, 'Audience');
    const account = accountOf(res);
    const list = items(body, 'AdGroupCriterions', CODES.inputValidation);
    if (list.length > MAX_CRITERIONS) {
      throw operationFault(CODES.inputValidation, `At most ${MAX_CRITERIONS} criterions a call.`);
    }
    const errors: BatchError[] = [];
    const ids = list.map((raw, i) => {
      const input = fieldsOf(raw, AD_GROUP_CRITERION_FIELDS, `AdGroupCriterions[${i}]`);
      if (typeof input.Criterion === 'object' && input.Criterion !== null) {
        fieldsOf(input.Criterion, AUDIENCE_CRITERION_FIELDS, `AdGroupCriterions[${i}].Criterion`);
      }
      const refused = refusal(account, input, i);
      if (refused) {
        errors.push(refused);
        return null;
      }
      const criterion = input.Criterion as Body;
      const stored: AudienceCriterion = {
        Id: state.newId(),
        Type: input.Type as AudienceCriterion['Type'],
        AdGroupId: input.AdGroupId as string,
        Status: (input.Status as AudienceCriterion['Status']) ?? 'Active',
        Criterion: {
          Type: 'AudienceCriterion',
          AudienceId: criterion.AudienceId as string,
          AudienceType: 'CustomerList',
        },
        ...(input.Type === 'BiddableAdGroupCriterion'
          ? {
              CriterionBid: {
                Type: 'BidMultiplier',
                Multiplier: ((input.CriterionBid as Body | null)?.Multiplier as number | undefined) ?? 0,
              },
            }
          : {}),
      };
      account.adGroups.get(stored.AdGroupId)!.audiences.push(stored);
      return stored.Id;
    });
    return { AdGroupCriterionIds: ids, NestedPartialErrors: errors };
  });

  serve(router, CAMPAIGN_BASE, ops.getAdGroupCriterionsByIds, (body, res) => {
    if (body.CriterionType === 'Audience' || body.CriterionType === 'Targets') {
      throw operationFault(CODES.inputValidation, 'CriterionType Targets and Audience are not allowed here.');
    }
    criterionType(body, 'CustomerList');
    const record = adGroupOf(accountOf(res), body);
    if (body.AdGroupCriterionIds == null) return { AdGroupCriterions: record.audiences };
    const ids = idList(body, 'AdGroupCriterionIds');
    return { AdGroupCriterions: ids.map((id) => record.audiences.find((c) => c.Id === id) ?? null) };
  });

  serve(router, CAMPAIGN_BASE, ops.deleteAdGroupCriterions, (body, res) => {
    criterionType(body, 'Audience');
    const record = adGroupOf(accountOf(res), body);
    const errors: BatchError[] = [];
    idList(body, 'AdGroupCriterionIds').forEach((id, i) => {
      const at = record.audiences.findIndex((c) => c.Id === id);
      if (at < 0) errors.push(batchError(i, CODES.inputValidation, 'The criterion ID is not valid.'));
      else record.audiences.splice(at, 1);
    });
    return { PartialErrors: errors };
  });
  return router;
}
