import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { AdAccount } from '../../store/connections.js';
import { pinterestAds } from './ads.js';
import { pinterestAdSets } from './adsets.js';
import { pinterestAudiences } from './audiences.js';
import { pinterestCampaigns } from './campaigns.js';
import { pinterestClient } from './client.js';
import { pinterestIdentities } from './identities.js';
import { pinterestMedia } from './media.js';
import type { PinterestAdAccount } from './model.js';
import { pinterestReports } from './reports.js';

/** Maps Pinterest API v5 (ads) to adlink's unified model. See README.md beside this file. */
export const pinterestAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const pin = pinterestClient(apiBaseUrl, timeoutMs);
  return {
    async listAdAccounts(call) {
      const accounts = await pin.all<PinterestAdAccount>(call, '/ad_accounts');
      return accounts.map(
        ({ id, name, currency }): AdAccount => ({ id, name, ...(currency ? { currency } : {}) }),
      );
    },
    adSets: pinterestAdSets(pin),
    campaigns: pinterestCampaigns(pin),
    ads: pinterestAds(pin),
    media: pinterestMedia,
    identities: pinterestIdentities(pin),
    reports: pinterestReports(pin),
    audiences: pinterestAudiences(pin),
  };
};
