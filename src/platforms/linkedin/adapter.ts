import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { AdAccount } from '../../store/connections.js';
import { accountPath } from './accounts.js';
import { linkedinAds } from './ads.js';
import { linkedinAdSets } from './adsets.js';
import { linkedinCampaigns } from './campaigns.js';
import { linkedInClient } from './client.js';
import { linkedinIdentities } from './identities.js';
import { linkedinMedia } from './media.js';
import type { AdAccountUser, AdAccount as LinkedInAccount } from './model.js';
import { linkedinReports } from './reports.js';
import { restliQuery, urnId } from './restli.js';

/** Maps LinkedIn's Marketing API (versioned REST, Rest.li 2.0) to adlink's unified model. */
export const linkedinAdapter: AdapterFactory = ({ apiBaseUrl, apiVersion }, { timeoutMs }) => {
  const li = linkedInClient(apiBaseUrl, apiVersion, timeoutMs);
  return {
    async listAdAccounts(call) {
      const roles = await li.allPages<AdAccountUser>(
        call,
        `/adAccountUsers?${restliQuery({ q: 'authenticatedUser' })}`,
      );
      const ids = [...new Set(roles.map((r) => urnId(r.account)))];
      const accounts = await Promise.all(ids.map((id) => li.get<LinkedInAccount>(call, accountPath(id))));
      return accounts.map((a): AdAccount => ({ id: String(a.id), name: a.name, currency: a.currency }));
    },
    adSets: linkedinAdSets(li),
    campaigns: linkedinCampaigns(li),
    reports: linkedinReports(li),
    ads: linkedinAds(li),
    media: linkedinMedia(li),
    identities: linkedinIdentities(li),
  };
};
