import type { ConnectionRef } from '../connections/access-tokens.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';

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
 * Keeps `chosen` as the connection's ad accounts and forgets everything cached for the earlier
 * choice (ad sets, campaigns, reports), so reads answer only for the chosen accounts; `connection.ad_accounts_changed` tells the
 * vendor. The same choice again changes nothing. False when the connection is gone.
 */
export async function keepAccounts(
  store: Store,
  events: Events,
  ref: ConnectionRef,
  chosen: AdAccount[],
): Promise<boolean> {
  const current = await store.connections.get(ref.company, ref.customer, ref.platform);
  if (!current) return false;
  const ids = (accounts: AdAccount[]) => accounts.map((a) => a.id).join('\n');
  if (ids(current.ad_accounts) === ids(chosen)) return true;
  const kept = await store.connections.chooseAccounts(ref.company, ref.customer, ref.platform, chosen);
  if (!kept) return false;
  await store.connectionCaches.clear(ref);
  await events.emit('connection.ad_accounts_changed', {
    company: ref.company,
    customer: ref.customer,
    actor: ref.actor,
    data: { platform: ref.platform, ad_accounts: chosen },
  });
  return true;
}
