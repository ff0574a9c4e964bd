import type { IdentityAdapter } from '../../identities/port.js';
import type { PinterestClient } from './client.js';
import type { PinterestUserAccount } from './model.js';

/**
 * Who Pinterest ads speak as: the profile of the ad account's owner, who makes the ad's Pin
 * (`GET user_account` with `ad_account_id`, Business Access). There is no other to choose.
 */
export function pinterestIdentities(pin: PinterestClient): IdentityAdapter {
  return {
    async list(call, account) {
      const user = await pin.get<PinterestUserAccount>(call, '/user_account', { ad_account_id: account.id });
      return [{ id: user.id, name: user.business_name || user.username || user.id, kind: 'Profile' }];
    },
  };
}
