import type { AdapterFactory } from '../../ports/platform-adapter.js';
import { snapchatAds } from './ads.js';
import { snapchatAdSets } from './adsets.js';
import { snapchatAudiences } from './audiences.js';
import { snapchatCampaigns } from './campaigns.js';
import { snapClient } from './client.js';
import { snapchatMedia } from './media.js';
import type { SnapOrganization } from './model.js';
import { snapchatReports } from './reports.js';

/** Maps Snap's Marketing API (Ads API v1) to adlink's unified model. See README.md beside this file. */
export const snapchatAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const snap = snapClient(apiBaseUrl, timeoutMs);
  return {
    async listAdAccounts(call) {
      const organizations = await snap.all<SnapOrganization>(call, {
        path: '/me/organizations',
        plural: 'organizations',
        singular: 'organization',
        query: { with_ad_accounts: 'true' },
      });
      return organizations.flatMap((org) =>
        (org.ad_accounts ?? []).map(({ id: accountId, name, currency }) => ({
          id: accountId,
          name,
          currency,
        })),
      );
    },
    adSets: snapchatAdSets(snap),
    campaigns: snapchatCampaigns(snap),
    ads: snapchatAds(snap),
    media: snapchatMedia(snap),
    reports: snapchatReports(snap),
    audiences: snapchatAudiences(snap),
  };
};
