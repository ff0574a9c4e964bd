import type { AdapterFactory } from '../../ports/platform-adapter.js';
import { PlatformError } from '../../ports/platform-error.js';
import { sandboxAds } from './ads.js';
import { sandboxAdSets } from './adsets.js';
import { sandboxAudiences } from './audiences.js';
import { sandboxCampaigns } from './campaigns.js';
import { type Page, sandboxApi } from './client.js';
import { sandboxIdentities } from './identities.js';
import { sandboxMedia } from './media.js';
import type * as Sandbox from './model.js';
import { sandboxReports } from './reports.js';

/** Maps the sandbox's ads API (served at /sandbox/api/v1) to adlink's unified model. */
export const sandboxAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const api = sandboxApi(apiBaseUrl, timeoutMs);
  return {
    async listAdAccounts(call) {
      const body = (await api.request(call, '/me/ad_accounts')) as Page<Sandbox.AdAccount>;
      if (!Array.isArray(body?.data)) throw new PlatformError('rejected', 'unexpected ad account list');
      return body.data.map(({ id, name, currency }) => ({ id, name, currency }));
    },
    adSets: sandboxAdSets(api),
    campaigns: sandboxCampaigns(api),
    reports: sandboxReports(api),
    ads: sandboxAds(api),
    media: sandboxMedia(api),
    identities: sandboxIdentities(api),
    audiences: sandboxAudiences(api),
  };
};
