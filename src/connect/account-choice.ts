import { AppError } from '../errors.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { ConnectionRef } from './access-tokens.js';

/**
 * The ad accounts `ids` names, in the platform's order, each one the grant reaches: an id it does not
 * reach is a 400 naming `advertisers[i]`.
 */
export function chosenAmong(reachable: AdAccount[], ids: string[]): AdAccount[] {
  ids.forEach((id, i) => {
    if (!reachable.some((a) => a.id === id)) {
      throw new AppError(
        'invalid_request',
        `"${id}" is not an ad account this connection's authorization reaches.`,
        { param: `advertisers[${i}]` },
      );
    }
  });
  return reachable.filter((a) => ids.includes(a.id));
}

/**
 * Keeps `chosen` as the connection's ad accounts and forgets the ad sets cached for the earlier
 * choice, so lists show only the chosen accounts' ad sets. False when the connection is gone.
 */
export async function keepAccounts(store: Store, ref: ConnectionRef, chosen: AdAccount[]): Promise<boolean> {
  const kept = await store.connections.chooseAccounts(ref.company, ref.customer, ref.platform, chosen);
  if (kept) await store.adSets.clear(ref);
  return kept;
}
