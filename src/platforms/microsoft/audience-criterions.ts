/**
 * An ad group's customer lists as Microsoft Advertising keeps them: ad group criterions whose Criterion
 * is an AudienceCriterion, a BiddableAdGroupCriterion to include the list and a
 * NegativeAdGroupCriterion to exclude it. They are added and deleted with CriterionType Audience and
 * read with CriterionType CustomerList (GetAdGroupCriterionsByIds does not take Audience).
 */
import type { AudienceTargeting, Targeting } from '../../adsets/model.js';
import { accepted } from './campaign-reads.js';
import type { AccountApi } from './client.js';
import { partialFailure } from './errors.js';
import type { AdGroup, AdGroupCriterion, BatchError, TargetSetting } from './model.js';

const BIDDABLE = 'BiddableAdGroupCriterion';
const NEGATIVE = 'NegativeAdGroupCriterion';

/** The ad group's customer-list criterions (AdGroupCriterionIds null: all of them). */
export const audienceCriterionsIn = async (api: AccountApi, AdGroupId: string): Promise<AdGroupCriterion[]> =>
  (
    await api.request<{ AdGroupCriterions?: (AdGroupCriterion | null)[] }>(
      'POST',
      '/AdGroupCriterions/QueryByIds',
      { AdGroupId, AdGroupCriterionIds: null, CriterionType: 'CustomerList' },
    )
  ).AdGroupCriterions?.filter((c): c is AdGroupCriterion => Boolean(c?.Criterion?.AudienceId)) ?? [];

/** The lists a set of criterions includes and excludes. */
export function audienceLists(criterions: AdGroupCriterion[]) {
  const of = (type: string) =>
    criterions.flatMap((c) => (c.Type === type && c.Criterion?.AudienceId ? [c.Criterion.AudienceId] : []));
  return { include: of(BIDDABLE), exclude: of(NEGATIVE) };
}

/** The AudienceTargeting among `targetings`, with its index. */
export function audiencesOf(targetings: Targeting[]): { targeting: AudienceTargeting; i: number } | null {
  const i = targetings.findIndex((t) => t.kind === 'AudienceTargeting');
  const targeting = targetings[i];
  return targeting?.kind === 'AudienceTargeting' ? { targeting, i } : null;
}

/**
 * The ad group's TargetSetting with audiences as "target and bid" when it includes lists (then it
 * serves only to their people) and "bid only" when it includes none (Microsoft's default: no
 * TargetSettingDetail for Audience is "bid only", targetsettingdetail.md). Its other details are kept.
 */
export function audienceTargetSetting(adGroup: AdGroup | undefined, includes: boolean): TargetSetting[] {
  const current = adGroup?.Settings?.find((s) => s.Type === 'TargetSetting');
  const others = (current?.Details ?? []).filter((d) => d.CriterionTypeGroup !== 'Audience');
  return [
    {
      Type: 'TargetSetting',
      Details: [...others, { CriterionTypeGroup: 'Audience', TargetAndBid: includes }],
    },
  ];
}

/** Whether the ad group's audiences restrict delivery ("target and bid"). */
export const targetsAudiences = (adGroup: AdGroup) =>
  adGroup.Settings?.some((s) =>
    s.Details?.some((d) => d.CriterionTypeGroup === 'Audience' && d.TargetAndBid === true),
  ) ?? false;

/** A list to associate: included or excluded, with the unified parameter it came from. */
interface NewAudience {
  id: string;
  type: typeof BIDDABLE | typeof NEGATIVE;
  param: string;
}

/** The AddAdGroupCriterions body for an ad group's new customer lists. */
export function addAudienceCriterionsBody(adGroupId: string, audiences: NewAudience[]) {
  return {
    CriterionType: 'Audience',
    AdGroupCriterions: audiences.map(({ id, type }) => ({
      Type: type,
      AdGroupId: adGroupId,
      Status: 'Active',
      // AudienceType is read-only on add (audiencecriterion.md): Microsoft takes it from the audience.
      Criterion: { Type: 'AudienceCriterion', AudienceId: id },
      // No bid adjustment on an included list: adlink's audiences say who, not how much.
      ...(type === BIDDABLE ? { CriterionBid: { Type: 'BidMultiplier', Multiplier: 0 } } : {}),
    })),
  };
}

/** The lists of an AudienceTargeting at `targetings[i]`, each with its parameter. */
const newAudiences = ({ include, exclude }: AudienceTargeting, i: number): NewAudience[] => [
  ...include.map((id, j) => ({ id, type: BIDDABLE, param: `targetings[${i}].include[${j}]` }) as const),
  ...exclude.map((id, j) => ({ id, type: NEGATIVE, param: `targetings[${i}].exclude[${j}]` }) as const),
];

/** AddAdGroupCriterions; Microsoft answers refused items as NestedPartialErrors. */
async function addAudiences(api: AccountApi, adGroupId: string, audiences: NewAudience[]) {
  if (audiences.length === 0) return;
  const answer = await api.request<{ NestedPartialErrors?: BatchError[] | null }>(
    'POST',
    '/AdGroupCriterions',
    addAudienceCriterionsBody(adGroupId, audiences),
  );
  const failure = partialFailure(answer.NestedPartialErrors, (index) => audiences[index]?.param);
  if (failure) throw failure;
}

/**
 * Makes an ad group's customer lists those of `targeting`: criterions whose list or side changed are
 * deleted, then the new ones added (a list moving from include to exclude cannot be both at once).
 * Both lists empty remove every customer list of the ad group.
 */
export async function replaceAudiences(
  api: AccountApi,
  adGroupId: string,
  targeting: AudienceTargeting,
  i: number,
): Promise<void> {
  const wanted = newAudiences(targeting, i);
  const current = await audienceCriterionsIn(api, adGroupId);
  const same = (c: AdGroupCriterion, w: NewAudience) => c.Criterion?.AudienceId === w.id && c.Type === w.type;
  const remove = current.filter((c) => !wanted.some((w) => same(c, w))).map((c) => c.Id as string);
  if (remove.length > 0) {
    accepted(
      await api.request<{ PartialErrors?: BatchError[] }>('DELETE', '/AdGroupCriterions', {
        AdGroupId: adGroupId,
        AdGroupCriterionIds: remove,
        CriterionType: 'Audience',
      }),
    );
  }
  await addAudiences(
    api,
    adGroupId,
    wanted.filter((w) => !current.some((c) => same(c, w))),
  );
}

/** The customer lists of a new ad group (its AudienceTargeting, if any). */
export const addNewAudiences = (api: AccountApi, adGroupId: string, targetings: Targeting[]) => {
  const found = audiencesOf(targetings);
  return found ? addAudiences(api, adGroupId, newAudiences(found.targeting, found.i)) : Promise.resolve();
};
