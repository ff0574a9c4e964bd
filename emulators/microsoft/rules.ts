import { CODES, type ErrorCode } from './faults.js';
import { type AccountState, adGroupsIn, type Campaign, type Keyword } from './model.js';

/** Why an item of a batch is refused (it becomes a BatchError at its index), or null. */
export type Refusal = { error: ErrorCode; message: string } | null;

export const refuse = (error: ErrorCode, message: string): Refusal => ({ error, message });

const MAX_AD_GROUP_NAME = 256;
const MAX_KEYWORD_LENGTH = 100;
const MAX_KEYWORD_WORDS = 10;
const FORBIDDEN_KEYWORD_CHARACTERS = /[!@%^*()={};~`<>?\\|]/;
export const MATCH_TYPES = ['Exact', 'Phrase', 'Broad'];
/** The AdGroupStatus values an add or update may set (Expired and Deleted are the system's). */
export const SETTABLE_AD_GROUP_STATUSES = ['Active', 'Paused'];

/** A name of at most 256 characters, unique among the campaign's ad groups. */
export function adGroupNameRefusal(
  account: AccountState,
  campaignId: string,
  name: unknown,
  exceptId?: string,
): Refusal {
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_AD_GROUP_NAME) {
    return refuse(CODES.invalidAdGroupName, 'The ad group name is not valid.');
  }
  const taken = adGroupsIn(account, campaignId).some(
    (r) => r.adGroup.Id !== exceptId && r.adGroup.Name.toLowerCase() === name.toLowerCase(),
  );
  return taken
    ? refuse(CODES.duplicateAdGroup, 'An ad group with this name already exists in the campaign.')
    : null;
}

/**
 * The AdGroup data object page: `Language` is required on add unless the campaign has `Languages`
 * (error 1257); with campaign languages, the ad group's is ignored.
 */
export function adGroupLanguageRefusal(campaign: Campaign, language: unknown): Refusal {
  if (campaign.Languages?.length) return null;
  return typeof language === 'string' && language.trim() !== ''
    ? null
    : refuse(
        CODES.missingLanguage,
        'The ad group language is required because the campaign does not have languages set.',
      );
}

/** Keywords live in ad groups of Search campaigns; Audience and Shopping ad groups have none. */
export const KEYWORD_CAMPAIGN_TYPES = ['Search'];

export function adGroupStatusRefusal(status: unknown): Refusal {
  return typeof status === 'string' && SETTABLE_AD_GROUP_STATUSES.includes(status)
    ? null
    : refuse(CODES.invalidEntityState, 'The entity status is not valid.');
}

/** Keyword text: at most 100 characters and 10 words, none of the characters Microsoft refuses. */
export function keywordRefusal(existing: Keyword[], text: unknown, matchType: unknown): Refusal {
  if (
    typeof text !== 'string' ||
    text.trim() === '' ||
    text.length > MAX_KEYWORD_LENGTH ||
    text.trim().split(/\s+/).length > MAX_KEYWORD_WORDS ||
    FORBIDDEN_KEYWORD_CHARACTERS.test(text)
  ) {
    return refuse(CODES.invalidKeywordText, 'The keyword text is not valid.');
  }
  if (typeof matchType !== 'string' || !MATCH_TYPES.includes(matchType)) {
    return refuse(CODES.inputValidation, 'MatchType must be Exact, Phrase or Broad.');
  }
  const duplicate = existing.some(
    (k) => k.MatchType === matchType && k.Text.toLowerCase() === text.toLowerCase(),
  );
  return duplicate
    ? refuse(CODES.duplicateKeyword, 'A keyword with the specified match type already exists.')
    : null;
}
