import type { AdAccount } from '../../store/connections.js';
import { PlatformError, platformFetch } from '../platform-error.js';
import type { PlatformAdapter } from '../registry.js';

interface SandboxAccount {
  id: string;
  name: string;
  currency: string;
}

/** Maps the sandbox's ads API (served at /sandbox/api/v1) to adlink's model. */
export function sandboxAdapter(apiBaseUrl: string): PlatformAdapter {
  const get = (path: string, accessToken: string) =>
    platformFetch(`${apiBaseUrl}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    });

  return {
    async listAdAccounts(accessToken): Promise<AdAccount[]> {
      const body = (await get('/me/ad_accounts', accessToken)) as { data?: SandboxAccount[] };
      if (!Array.isArray(body?.data)) throw new PlatformError('rejected', 'unexpected ad account list');
      return body.data.map(({ id, name, currency }) => ({ id, name, currency }));
    },
  };
}
