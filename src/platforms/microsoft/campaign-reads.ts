import type { AccountApi } from './client.js';
import { partialFailure } from './errors.js';
import type { BatchError, Campaign } from './model.js';

/** Campaigns of every type (a flags value): without it, Microsoft returns Search campaigns only. */
const ALL_CAMPAIGN_TYPES = 'Search,Shopping,DynamicSearchAds,Audience,Hotel,PerformanceMax,App';

export const isMicrosoftId = (value: string) => /^\d{1,19}$/.test(value);

/** Every campaign of the account (GetCampaignsByAccountId answers them all at once). */
export const campaignsOf = async (api: AccountApi) =>
  (
    await api.request<{ Campaigns?: Campaign[] }>('POST', '/Campaigns/QueryByAccountId', {
      AccountId: api.accountId,
      CampaignType: ALL_CAMPAIGN_TYPES,
    })
  ).Campaigns ?? [];

/** One campaign of the account, or null (GetCampaignsByIds answers null for an id it does not have). */
export async function campaignById(api: AccountApi, id: string): Promise<Campaign | null> {
  if (!isMicrosoftId(id)) return null;
  const { Campaigns } = await api.request<{ Campaigns?: (Campaign | null)[] }>(
    'POST',
    '/Campaigns/QueryByIds',
    { AccountId: api.accountId, CampaignIds: [id], CampaignType: ALL_CAMPAIGN_TYPES },
  );
  return Campaigns?.[0] ?? null;
}

/** A batch operation's answer, refused where it carries PartialErrors. */
export function accepted<T extends { PartialErrors?: BatchError[] | null }>(
  answer: T,
  params: Record<string, string | undefined> = {},
): T {
  const failure = partialFailure(answer.PartialErrors, undefined, params);
  if (failure) throw failure;
  return answer;
}
