import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';

/** The path of an ad account's resources. */
export const accountPath = (account: string) => `/ad_accounts/${encodeURIComponent(account)}`;

/** Every micro amount is in the ad account's currency, which adlink keeps from `listAdAccounts`. */
export function currencyOf(call: PlatformCall, account: string): string {
  const currency = call.accounts.find((a) => a.id === account)?.currency;
  if (!currency) throw new PlatformError('rejected', `the currency of ad account ${account} is unknown`);
  return currency;
}

/**
 * The first of the customer's ad accounts whose `read` answers (another account's object answers
 * 403, a missing one 404), or null.
 */
export async function inSomeAccount<T>(
  call: PlatformCall,
  id: string,
  read: (account: string) => Promise<T>,
): Promise<T | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  for (const { id: account } of call.accounts) {
    try {
      return await read(account);
    } catch (err) {
      if (!(err instanceof PlatformError) || (err.status !== 404 && err.status !== 403)) throw err;
    }
  }
  return null;
}
