/**
 * An ad group's keywords as Microsoft Advertising keeps them: its own entities, added, read and deleted
 * by id. No call spans two steps, so adlink undoes a step when the next one fails.
 */
import { PlatformError } from '../../ports/platform-error.js';
import { addKeywordsBody, type NewKeyword } from './adset-body.js';
import { accepted } from './campaign-reads.js';
import type { AccountApi } from './client.js';
import { partialFailure } from './errors.js';
import type { BatchError, Campaign, Keyword } from './model.js';

/** GetKeywordsByAdGroupId. */
export const keywordsIn = async (api: AccountApi, AdGroupId: string): Promise<Keyword[]> =>
  (await api.request<{ Keywords?: Keyword[] }>('POST', '/Keywords/QueryByAdGroupId', { AdGroupId }))
    .Keywords ?? [];

/** DeleteKeywords; refused where Microsoft answers PartialErrors. */
async function deleteKeywords(api: AccountApi, AdGroupId: string, KeywordIds: string[]): Promise<void> {
  accepted(
    await api.request<{ PartialErrors?: BatchError[] }>('DELETE', '/Keywords', { AdGroupId, KeywordIds }),
  );
}

/**
 * AddKeywords: the keywords added, and what Microsoft refused (named by the unified parameter of the
 * first refused keyword). Microsoft adds the others of the batch even so.
 */
async function addKeywords(api: AccountApi, adGroupId: string, keywords: NewKeyword[]) {
  if (keywords.length === 0) return { added: [], failure: undefined };
  const { body, params } = addKeywordsBody(adGroupId, keywords);
  const answer = await api.request<{ KeywordIds?: (string | null)[]; PartialErrors?: BatchError[] }>(
    'POST',
    '/Keywords',
    body,
  );
  const added = keywords.flatMap((k, i) => {
    const id = answer.KeywordIds?.[i];
    return id ? [{ id, text: k.Text }] : [];
  });
  return { added, failure: partialFailure(answer.PartialErrors, (index) => params[index]) };
}

/** The error of a step that left the ad group changed, and what it holds now: a 502, whatever the step's was. */
const leftChanged = (err: unknown, note: string) =>
  new PlatformError('rejected', `${(err as Error).message} ${note}`);

/**
 * Deletes again the keywords a failed replacement added. If that fails too, the ad group holds them
 * beside its old ones, and the error says so.
 */
async function undoAdd(
  api: AccountApi,
  adGroupId: string,
  added: { id: string; text: string }[],
  err: unknown,
) {
  if (added.length === 0) return;
  try {
    await deleteKeywords(
      api,
      adGroupId,
      added.map((k) => k.id),
    );
  } catch {
    const texts = added.map((k) => `"${k.text}"`).join(', ');
    throw leftChanged(
      err,
      `The keywords added before the failure (${texts}) could not be removed again: the ad group holds them beside its old keywords.`,
    );
  }
}

/**
 * Makes an ad group's keywords `add` plus those it keeps: the new ones added first, so a refused
 * keyword leaves the old ones serving, then the old ones (`remove`, ids) deleted. When a step fails,
 * the keywords added are deleted again and the ad group holds exactly its old keywords. A delete that
 * failed after taking effect (a timeout) is told by reading the keywords back: then the replacement
 * is done.
 */
export async function replaceKeywords(
  api: AccountApi,
  adGroupId: string,
  { add, remove }: { add: NewKeyword[]; remove: string[] },
): Promise<void> {
  const { added, failure } = await addKeywords(api, adGroupId, add);
  if (failure) {
    await undoAdd(api, adGroupId, added, failure);
    throw failure;
  }
  if (remove.length === 0) return;
  try {
    await deleteKeywords(api, adGroupId, remove);
  } catch (err) {
    const held = await keywordsIn(api, adGroupId).catch(() => undefined);
    const left = held && remove.filter((id) => held.some((k) => k.Id === id));
    if (left?.length === 0) return;
    await undoAdd(api, adGroupId, added, err);
    if (left && left.length < remove.length) {
      const gone = remove.length - left.length;
      throw leftChanged(
        err,
        `${gone} of the ${remove.length} keywords to remove were deleted before the failure.`,
      );
    }
    throw err;
  }
}

/**
 * The keywords of a new ad group. AddKeywords is not atomic with AddAdGroups: when Microsoft refuses
 * a keyword, the new ad group is deleted again so nothing half-made remains.
 */
export async function addNewKeywords(
  api: AccountApi,
  campaign: Campaign,
  adGroupId: string,
  keywords: NewKeyword[],
): Promise<void> {
  try {
    const { failure } = await addKeywords(api, adGroupId, keywords);
    if (failure) throw failure;
  } catch (err) {
    await api.request('DELETE', '/AdGroups', { CampaignId: campaign.Id, AdGroupIds: [adGroupId] });
    throw err;
  }
}
