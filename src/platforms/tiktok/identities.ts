import type { IdentityAdapter } from '../../identities/port.js';
import type { TikTokApi } from './client.js';
import type { TikTokIdentity } from './model.js';

/** `/identity/get/` pages hold at most 100 (its documentation page; lists of ads hold 1000). */
const PAGE_SIZE = 100;

/**
 * An ad names its identity by `identity_type` and `identity_id` (and a `BC_AUTH_TT` one by its
 * Business Center): the unified id carries them all, `CUSTOMIZED_USER:7201…`, so an ad needs no
 * second lookup.
 */
const unifiedId = (identity: TikTokIdentity) =>
  [identity.identity_type, identity.identity_id, identity.identity_authorized_bc_id]
    .filter((part) => part !== undefined)
    .join(':');

/** The advertiser's identities: custom ones (a name and an avatar) and authorized TikTok accounts. */
export function tiktokIdentities(api: TikTokApi): IdentityAdapter {
  return {
    async list(call, account) {
      const identities = await api.all<TikTokIdentity>(
        call,
        '/identity/get/',
        { advertiser_id: account.id },
        undefined,
        { key: 'identity_list', size: PAGE_SIZE },
      );
      return identities.map((identity) => ({
        id: unifiedId(identity),
        name: identity.display_name,
        kind: 'TikTokIdentity' as const,
      }));
    },
  };
}
