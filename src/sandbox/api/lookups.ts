import type { AdSet, Campaign } from '../../platforms/sandbox/model.js';
import { ApiError } from '../errors.js';
import type { AccessContext } from '../oauth/grants.js';
import { OBJECT_ID, visible } from './access.js';
import type { AdsStore } from './ads-store.js';

/** The user's objects a request names: 404 when unknown (or another user's), 403 outside the grant. */
export function objectLookups(ads: AdsStore) {
  return {
    async findAdset(access: AccessContext, id: string): Promise<AdSet> {
      return visible(access, OBJECT_ID.test(id) ? await ads.adset(access.grant.login, id) : null, 'ad set');
    },

    async findCampaign(access: AccessContext, id: string): Promise<Campaign> {
      return visible(
        access,
        OBJECT_ID.test(id) ? await ads.campaign(access.grant.login, id) : null,
        'campaign',
      );
    },

    async accountOf(login: string, accountId: string) {
      const account = (await ads.accounts(login)).find((a) => a.id === accountId);
      if (!account) throw new ApiError(404, 'not_found', 'No such ad account.');
      return account;
    },
  };
}

export type Lookups = ReturnType<typeof objectLookups>;

/** What the routes of the API's objects (campaigns, ad sets) are registered with. */
export interface ObjectRouteDeps {
  ads: AdsStore;
  lookups: Lookups;
}
