import type { IdentityAdapter } from '../../identities/port.js';
import { accountPath } from './accounts.js';
import type { LinkedInClient } from './client.js';
import type { AdAccount as LinkedInAccount, Organization } from './model.js';
import { urnId } from './restli.js';

/**
 * Who LinkedIn ads speak as: the organization the ad account advertises for (its `reference`), by
 * its organization URN and name. A person-referenced account has none.
 */
export function linkedinIdentities(li: LinkedInClient): IdentityAdapter {
  return {
    async list(call, account) {
      const { reference } = await li.get<LinkedInAccount>(call, accountPath(account.id));
      if (!reference?.startsWith('urn:li:organization:')) return [];
      const organization = await li.get<Organization>(call, `/organizations/${urnId(reference)}`);
      return [{ id: reference, name: organization.localizedName, kind: 'Organization' }];
    },
  };
}
