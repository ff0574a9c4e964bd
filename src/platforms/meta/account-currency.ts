import type { PlatformCall } from '../../ports/platform-call.js';
import type { AdAccount } from '../../store/connections.js';
import { fields, type GraphClient } from './client.js';
import type { GraphAdAccount } from './model.js';

/** The ad account's currency: as connected, or read from Meta for a connection made before it was kept. */
export async function currencyOf(
  graph: GraphClient,
  call: PlatformCall,
  account: AdAccount,
): Promise<string> {
  if (account.currency) return account.currency;
  return (await graph.get<GraphAdAccount>(call, `/${account.id}`, fields(['currency']))).currency;
}
