import type { Ad, AdGroup, Campaign } from './model.js';
import type { TikTokState } from './state.js';

/** Records as the API returns them: internal flags dropped, derived statuses added. */

export function campaignOut(state: TikTokState, { deleted: _, ...campaign }: Campaign) {
  return { ...campaign, secondary_status: state.campaignStatus({ ...campaign, deleted: _ }) };
}

export function adGroupOut(state: TikTokState, adGroup: AdGroup) {
  const { deleted: _, delivery_issue: __, ...fields } = adGroup;
  return { ...fields, secondary_status: state.adGroupStatus(adGroup) };
}

export function adOut(state: TikTokState, ad: Ad) {
  const { deleted: _, review: __, ...fields } = ad;
  return { ...fields, secondary_status: state.adStatus(ad) };
}
