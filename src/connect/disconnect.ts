import { setTimeout as sleep } from 'node:timers/promises';
import type { PlatformId } from '../domain/platform-ids.js';
import type { Events } from '../events/events.js';
import { randomToken } from '../ids.js';
import type { Platforms } from '../platforms/registry.js';
import type { Store } from '../store/index.js';
import { revokeToken } from './oauth-client.js';

/** Revokes the grant at the platform where it offers revocation; never blocks the local delete. */
async function revokeAtPlatform(
  store: Store,
  platforms: Platforms,
  company: string,
  customer: string,
  platform: PlatformId,
): Promise<boolean> {
  const credentials = await store.connections.credentials(company, customer, platform).catch(() => null);
  if (!credentials) return false;
  // Only the client the grant was issued to can revoke it: the company's current app, or the
  // deployment's when the grant predates the company's own app.
  const current = await platforms.oauthApp(company, platform).catch(() => null);
  const app = [current, platforms.app(platform)].find(
    (candidate) => candidate?.clientId === credentials.client_id,
  );
  if (!app) return false;
  const [token, hint] = credentials.refresh_token
    ? [credentials.refresh_token, 'refresh_token']
    : [credentials.access_token, 'access_token'];
  return revokeToken(platforms.entry(platform).oauth, app, token, hint);
}

/** As long as a refresh may hold the lock (connect/access-tokens.ts): it expires by itself after that. */
const LOCK_TTL_MS = 15_000;
const WAIT_STEP_MS = 50;

/**
 * Runs `work` holding the connection's refresh lock, waiting for a refresh in progress to end first:
 * the grant revoked is then the one stored last, and no refresh writes credentials in between.
 */
async function holdingRefreshLock<T>(
  store: Store,
  company: string,
  customer: string,
  platform: PlatformId,
  work: () => Promise<T>,
): Promise<T> {
  const lock = store.keys.refreshLock(company, customer, platform);
  const owner = randomToken(16);
  while (!(await store.kv.set(lock, owner, { nx: true, ttlMs: LOCK_TTL_MS }))) await sleep(WAIT_STEP_MS);
  try {
    return await work();
  } finally {
    await store.kv.delIfEquals(lock, owner).catch(() => {});
  }
}

/**
 * Disconnects a platform: revokes at the platform (best effort), forgets the cached ad sets, deletes the
 * connection and its credentials, tells the vendor (`connection.revoked`). Returns whether the platform
 * confirmed the revocation.
 */
export async function disconnect(
  store: Store,
  platforms: Platforms,
  events: Events,
  company: string,
  customer: string,
  platform: PlatformId,
): Promise<boolean> {
  const revoked = await holdingRefreshLock(store, company, customer, platform, async () => {
    const revoked = await revokeAtPlatform(store, platforms, company, customer, platform);
    await store.adSets.clear({ company, customer, platform });
    await store.connections.delete(company, customer, platform);
    await store.tokenSchedule.unschedule({ company, customer, platform });
    return revoked;
  });
  await events.emit('connection.revoked', {
    company,
    customer,
    data: { platform, revoked_at_platform: revoked },
  });
  return revoked;
}
