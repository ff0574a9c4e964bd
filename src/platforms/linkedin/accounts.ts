import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';

export const accountPath = (account: string) => `/adAccounts/${encodeURIComponent(account)}`;

/**
 * The object `read` finds in the first of the customer's ad accounts that has it (another account's
 * answers 403, a missing one 404), with that account; null when in none.
 */
export async function inSomeAccount<T>(
  call: PlatformCall,
  id: string,
  read: (account: string) => Promise<T>,
): Promise<{ account: string; found: T } | null> {
  if (!/^\d+$/.test(id)) return null;
  for (const { id: account } of call.accounts) {
    try {
      return { account, found: await read(account) };
    } catch (err) {
      if (!(err instanceof PlatformError) || (err.status !== 404 && err.status !== 403)) throw err;
    }
  }
  return null;
}
