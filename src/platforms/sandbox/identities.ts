import type { IdentityAdapter } from '../../identities/port.js';
import type { SandboxApi } from './client.js';
import type * as Sandbox from './model.js';

/** The profile each sandbox ad account's ads may speak as (`/ad_accounts/:id/profiles`). */
export function sandboxIdentities({ request }: SandboxApi): IdentityAdapter {
  return {
    async list(call, account) {
      const body = (await request(call, `/ad_accounts/${encodeURIComponent(account.id)}/profiles`)) as {
        data: Sandbox.Profile[];
      };
      return body.data.map(({ id, name }) => ({ id, name, kind: 'Profile' as const }));
    },
  };
}
