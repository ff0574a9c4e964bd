import type { AdSet } from './model.js';

/**
 * The ad set as the API shows it (answers and events): without adlink's internal fields, and with
 * the campaign under both its names, `parentId` and `campaignId`.
 */
export function publicAdSet(adSet: AdSet) {
  const { created_at: _internal, ...shown } = adSet;
  return { ...shown, campaignId: adSet.parentId };
}
