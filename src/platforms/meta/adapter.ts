import type { AdapterFactory } from '../../ports/platform-adapter.js';
import { metaAds } from './ads.js';
import { metaAdSets } from './adsets.js';
import { metaAudiences } from './audiences.js';
import { metaCampaigns } from './campaigns.js';
import { fields, graphClient } from './client.js';
import { metaIdentities } from './identities.js';
import { metaMedia } from './media.js';
import { FIELDS, type GraphAdAccount } from './model.js';
import { metaReports } from './reports.js';

/** Maps Meta's Marketing API (Graph API) to adlink's unified model. See README.md beside this file. */
export const metaAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const graph = graphClient(apiBaseUrl, timeoutMs);
  return {
    async listAdAccounts(call) {
      const accounts = await graph.all<GraphAdAccount>(call, '/me/adaccounts', fields(FIELDS.adAccount));
      return accounts.map(({ id, name, currency }) => ({ id, name, currency }));
    },
    adSets: metaAdSets(graph),
    campaigns: metaCampaigns(graph),
    ads: metaAds(graph),
    media: metaMedia(graph),
    audiences: metaAudiences(graph),
    identities: metaIdentities(graph),
    reports: metaReports(graph),
  };
};
