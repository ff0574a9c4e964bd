import type { NewAdSet } from '../../adsets/model.js';
import { PlatformInputError } from '../adapter.js';
import { microsoftStatus } from './mapping.js';
import type { Campaign } from './model.js';

/** The unified model has no match type; new keywords are broad match, Microsoft's default. */
const MATCH_TYPE = 'Broad';

/**
 * The AddAdGroups body for a new ad set under `campaign`. An ad group needs a `Language` unless its
 * campaign has `Languages` (Microsoft error 1257); the unified model has no language to send, so an
 * ad set under a campaign without languages is refused here, before Microsoft is called.
 */
export function addAdGroupsBody(input: NewAdSet, campaign: Campaign) {
  if (!campaign.Languages?.length) {
    throw new PlatformInputError(
      'parentId',
      `Microsoft Advertising campaign ${input.parentId} has no languages, so its ad groups each need one, which adlink does not set: add the campaign's languages in Microsoft Advertising.`,
    );
  }
  return {
    CampaignId: campaign.Id,
    AdGroups: [{ Name: input.name, Status: microsoftStatus(input.status) }],
  };
}

/** The AddKeywords body of a new ad group, and the unified parameter of each keyword. */
export function addKeywordsBody(input: NewAdSet, adGroupId: string) {
  const keywords = input.targetings.flatMap((t, i) =>
    t.kind === 'KeywordTargeting'
      ? t.keywords.map((Text, k) => ({ Text, param: `targetings[${i}].keywords[${k}]` }))
      : [],
  );
  return {
    body: { AdGroupId: adGroupId, Keywords: keywords.map(({ Text }) => ({ Text, MatchType: MATCH_TYPE })) },
    params: keywords.map((k) => k.param),
  };
}
