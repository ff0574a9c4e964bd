import { renewalTime } from '../src/connections/renewal.js';
import { platformCatalog } from '../src/platforms/catalog.js';
import type { Credentials } from '../src/store/connections.js';
import type { Store } from '../src/store/index.js';
import type { ScheduledConnection } from '../src/store/token-schedule.js';
import type { KeeperPlatform } from './keeper-platform.js';

export const COMPANIES = 100;
export const CUSTOMERS_PER_COMPANY = 1000;
/** One connection in this many is due: 10,000 of 100,000. */
export const DUE_EVERY = 10;
/** Store writes in flight at once while seeding (ioredis pipelines them on its one connection). */
const IN_FLIGHT = 100;

export interface SeededConnection extends ScheduledConnection {
  due: boolean;
  refreshToken: string;
}

/** Runs `task` for 0 … n-1, `IN_FLIGHT` at a time. */
export async function inFlight(n: number, task: (i: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < n; start += IN_FLIGHT) {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, n - start) }, (_, j) => task(start + j)));
  }
}

/**
 * Google Ads connections as adlink's OAuth callback writes them (the record with its sealed
 * credentials through the connection store, then its entry in the token schedule), one per customer,
 * `CUSTOMERS_PER_COMPANY` customers in each of `COMPANIES` companies. The due ones expire within the
 * next 60–260 s (inside a 300 s window), the others in 30–60 minutes.
 */
export async function seedConnections(store: Store, platform: KeeperPlatform): Promise<SeededConnection[]> {
  const spec = platformCatalog('http://127.0.0.1', {}).google.oauth;
  const companies: string[] = [];
  for (let c = 0; c < COMPANIES; c++)
    companies.push((await store.companies.create(`Keeper company ${c}`)).id);
  const seeded: SeededConnection[] = new Array(COMPANIES * CUSTOMERS_PER_COMPANY);
  const now = Math.floor(Date.now() / 1000);
  await inFlight(seeded.length, async (i) => {
    const company = companies[i % COMPANIES]!;
    const customer = (await store.customers.create(company, `Customer ${i}`)).id;
    const due = i % DUE_EVERY === 0;
    const tokens = platform.grant();
    const expiresAt = now + (due ? 60 + (i % 200) : 1800 + (i % 1800));
    const credentials: Credentials = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: expiresAt,
      obtained_at: expiresAt - tokens.expires_in,
      client_id: platform.emulator.oauth.options.clientId,
    };
    const connectedAt = new Date((expiresAt - tokens.expires_in) * 1000).toISOString();
    const saved = await store.connections.save(
      company,
      customer,
      {
        platform: 'google',
        status: 'connected',
        ad_accounts: [{ id: String(1_000_000_000 + i), name: `Customer ${i} account`, currency: 'USD' }],
        scopes: tokens.scope,
        connected_at: connectedAt,
        updated_at: connectedAt,
        expires_at: null,
        reauth_reason: null,
      },
      credentials,
    );
    if (!saved) throw new Error(`customer ${customer} vanished while seeding`);
    const ref = { company, customer, platform: 'google' as const };
    await store.tokenSchedule.schedule(ref, renewalTime(credentials, spec));
    seeded[i] = { ...ref, due, refreshToken: tokens.refresh_token! };
  });
  return seeded;
}
