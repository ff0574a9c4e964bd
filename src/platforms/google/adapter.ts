import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { AdAccount } from '../../store/connections.js';
import { googleAds } from './ads.js';
import { googleAdSets } from './adsets.js';
import { googleCampaigns } from './campaigns.js';
import { GoogleAdsApi } from './client.js';
import { CLIENTS_QUERY, CUSTOMER_QUERY } from './queries.js';
import { googleReports } from './reports.js';

/** Maps the Google Ads REST API (ad groups under campaigns, budgets on the campaign) to adlink's model. */
export const googleAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const api = new GoogleAdsApi(apiBaseUrl, timeoutMs);
  return {
    async listAdAccounts(call) {
      const accounts = new Map<string, AdAccount>();
      const managers: string[] = [];
      for (const id of await api.accessibleCustomers(call)) {
        const [row] = await api.search(call, id, CUSTOMER_QUERY);
        if (!row?.customer) continue;
        if (row.customer.manager === true) managers.push(id);
        else
          accounts.set(id, {
            id,
            name: row.customer.descriptiveName ?? id,
            currency: row.customer.currencyCode ?? '',
          });
      }
      // A manager account holds other accounts, not campaigns: its client accounts are offered, each
      // called through the manager (`login-customer-id`) unless the user reaches it directly.
      for (const manager of managers) {
        for (const { customerClient: client } of await api.search(call, manager, CLIENTS_QUERY, manager)) {
          if (!client?.id || accounts.has(client.id)) continue;
          accounts.set(client.id, {
            id: client.id,
            name: client.descriptiveName ?? client.id,
            currency: client.currencyCode ?? '',
            manager_id: manager,
          });
        }
      }
      return [...accounts.values()];
    },
    adSets: googleAdSets(api),
    campaigns: googleCampaigns(api),
    ads: googleAds(api),
    reports: googleReports(api),
  };
};
