import type { AdapterFactory } from '../../ports/platform-adapter.js';
import { PlatformError } from '../../ports/platform-error.js';
import { microsoftAds } from './ads.js';
import { microsoftAdSets } from './adsets.js';
import { microsoftAudiences } from './audiences.js';
import { microsoftCampaigns } from './campaigns.js';
import { MicrosoftAdsApi } from './client.js';
import { microsoftMedia } from './media.js';
import type { AdvertiserAccount } from './model.js';
import { microsoftReports } from './reports.js';

const ACCOUNTS_PAGE = 1000;

/**
 * Maps Microsoft Advertising's REST API (ad groups under campaigns, daily budgets on the campaign,
 * keywords as their own entities) to adlink's model.
 */
export const microsoftAdapter: AdapterFactory = ({ apiBaseUrl, apiUrls }, { timeoutMs }) => {
  const customerBase = apiUrls?.customerManagement;
  const reportingBase = apiUrls?.reporting;
  if (!customerBase || !reportingBase) {
    throw new Error('the microsoft catalog entry needs apiUrls.customerManagement and apiUrls.reporting');
  }
  const ms = new MicrosoftAdsApi(apiBaseUrl, customerBase, reportingBase, timeoutMs);

  return {
    /** The signed-in user's accounts (Customer Management: GetUser, then SearchAccounts by user, paged). */
    async listAdAccounts(call) {
      const { User } = await ms.customer<{ User?: { Id?: string } }>(call, '/User/Query', { UserId: null });
      if (!User?.Id) throw new PlatformError('rejected', 'Microsoft Advertising answered no user');
      const accounts: AdvertiserAccount[] = [];
      for (let index = 0; ; index++) {
        const { Accounts } = await ms.customer<{ Accounts?: AdvertiserAccount[] }>(call, '/Accounts/Search', {
          Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: User.Id }],
          PageInfo: { Index: index, Size: ACCOUNTS_PAGE },
        });
        accounts.push(...(Accounts ?? []));
        if ((Accounts ?? []).length < ACCOUNTS_PAGE) break;
      }
      return accounts.map((a) => ({
        id: a.Id ?? '',
        name: a.Name ?? a.Id ?? '',
        currency: a.CurrencyCode ?? '',
      }));
    },
    adSets: microsoftAdSets(ms),
    campaigns: microsoftCampaigns(ms),
    // Microsoft's ads speak as the ad account (a multimedia ad names its business): no identities.
    ads: microsoftAds(ms),
    media: microsoftMedia(ms),
    reports: microsoftReports(ms),
    audiences: microsoftAudiences(ms),
  };
};
