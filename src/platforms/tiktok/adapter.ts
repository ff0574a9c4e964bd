import type { AdapterFactory } from '../../ports/platform-adapter.js';
import { tiktokAds } from './ads.js';
import { tiktokAdSets } from './adsets.js';
import { tiktokAudiences } from './audiences.js';
import { tiktokCampaigns } from './campaigns.js';
import { tiktokApi } from './client.js';
import { tiktokIdentities } from './identities.js';
import { tiktokMedia } from './media.js';
import { tiktokReports } from './reports.js';

/** Maps TikTok's Marketing API (v1.3) to adlink's unified model. */
export const tiktokAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const api = tiktokApi(apiBaseUrl, timeoutMs);
  return {
    async listAdAccounts(call) {
      const { list } = await api.get(call, '/oauth2/advertiser/get/', {
        app_id: call.app.clientId,
        secret: call.app.clientSecret,
      });
      const authorized = (list ?? []) as { advertiser_id: string; advertiser_name: string }[];
      if (authorized.length === 0) return [];
      const info = await api.get(call, '/advertiser/info/', {
        advertiser_ids: authorized.map((a) => a.advertiser_id),
      });
      const currencies = new Map(
        ((info.list ?? []) as { advertiser_id: string; currency: string }[]).map((a) => [
          a.advertiser_id,
          a.currency,
        ]),
      );
      return authorized.map((a) => ({
        id: a.advertiser_id,
        name: a.advertiser_name,
        ...(currencies.has(a.advertiser_id) ? { currency: currencies.get(a.advertiser_id)! } : {}),
      }));
    },
    adSets: tiktokAdSets(api),
    campaigns: tiktokCampaigns(api),
    ads: tiktokAds(api),
    media: tiktokMedia(api),
    identities: tiktokIdentities(api),
    reports: tiktokReports(api),
    audiences: tiktokAudiences(api),
  };
};
