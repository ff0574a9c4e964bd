import { findRuntime } from '../../adsets/instants.js';
import type { NewAdSet, Targeting } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import { keywordReplacement } from '../keyword-replacement.js';
import { adGroupDates } from './adset-schedule.js';
import { audiencesOf, audienceTargetSetting } from './audience-criterions.js';
import { activeKeywords, microsoftStatus } from './mapping.js';
import type { Campaign, Keyword } from './model.js';

/** The unified model has no match type; new keywords are broad match, Microsoft's default. */
const MATCH_TYPE = 'Broad';

/**
 * The AddAdGroups body for a new ad set under `campaign`, its Runtime as StartDate and EndDate in
 * `zone` (the campaign's time zone). An ad group needs a `Language` unless its campaign has
 * `Languages` (Microsoft error 1257); the unified model has no language to send, so an ad set under
 * a campaign without languages is refused here, before Microsoft is called. With customer lists to
 * include, its audiences are "target and bid" (see audienceTargetSetting).
 */
export function addAdGroupsBody(input: NewAdSet, campaign: Campaign, zone: string | undefined) {
  if (!campaign.Languages?.length) {
    throw new PlatformInputError(
      'parentId',
      `Microsoft Advertising campaign ${input.parentId} has no languages, so its ad groups each need one, which adlink does not set: add the campaign's languages in Microsoft Advertising.`,
    );
  }
  const found = findRuntime(input.settings);
  const dates = found ? adGroupDates(found.runtime, found.i, zone, campaign.TimeZone) : {};
  const audiences = audiencesOf(input.targetings);
  const settings = audiences
    ? { Settings: audienceTargetSetting(undefined, audiences.targeting.include.length > 0) }
    : {};
  return {
    CampaignId: campaign.Id,
    AdGroups: [{ Name: input.name, Status: microsoftStatus(input.status), ...dates, ...settings }],
  };
}

/** A keyword to add, with the unified parameter it came from. */
export interface NewKeyword {
  Text: string;
  param: string;
}

/** The keywords of the targeting at `targetings[i]`, each with its parameter. */
const keywordsAt = (t: Targeting, i: number): NewKeyword[] =>
  t.kind === 'KeywordTargeting'
    ? t.keywords.map((Text, k) => ({ Text, param: `targetings[${i}].keywords[${k}]` }))
    : [];

/** The keywords of a list of targetings, each with its parameter. */
export const keywordsOf = (targetings: Targeting[]): NewKeyword[] => targetings.flatMap(keywordsAt);

/** The AddKeywords body for an ad group, and the unified parameter of each keyword. */
export function addKeywordsBody(adGroupId: string, keywords: NewKeyword[]) {
  return {
    body: { AdGroupId: adGroupId, Keywords: keywords.map(({ Text }) => ({ Text, MatchType: MATCH_TYPE })) },
    params: keywords.map((k) => k.param),
  };
}

/**
 * What replacing an ad group's keywords with `targeting` takes: the keywords to add (texts not among
 * its Active keywords, compared without case) and the ids of the Active keywords to delete. Paused
 * and other keywords that do not serve are left as they are.
 */
export function keywordChanges(current: Keyword[], targeting: Targeting, i: number) {
  if (targeting.kind !== 'KeywordTargeting') return { add: [], remove: [] };
  const { add, remove } = keywordReplacement(
    activeKeywords(current),
    (k) => k.Text as string,
    targeting.keywords,
  );
  return {
    add: add.map(({ text, index }) => ({ Text: text, param: `targetings[${i}].keywords[${index}]` })),
    remove: remove.map((k) => k.Id as string),
  };
}
