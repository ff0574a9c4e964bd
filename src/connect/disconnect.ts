import { setTimeout as sleep } from 'node:timers/promises';
import type { Actor } from '../domain/actor.js';
import type { PlatformId } from '../domain/platform-ids.js';
import type { Events } from '../events/events.js';
import { randomToken } from '../ids.js';
import type { Platforms } from '../ports/platforms.js';
import type { Credentials } from '../store/connections.js';
import type { Store } from '../store/index.js';
import { notRevoked, type RevocationOutcome, revokeGrant } from './revoke-grant.js';

/**
 * Revokes the grant behind forgotten credentials at the platform, where it documents a way. Only the
 * client the grant was issued to can revoke it: the company's current app, or the deployment's when
 * the grant predates the company's own app.
 */
async function revokeAtPlatform(
  platforms: Platforms,
  company: string,
  platform: PlatformId,
  credentials: Credentials | null,
): Promise<RevocationOutcome> {
  if (!platforms.entry(platform).oauth.revocation) return notRevoked('not_supported');
  if (!credentials) return notRevoked('credentials_unavailable');
  const current = await platforms.oauthApp(company, platform).catch(() => null);
  const app = [current, platforms.app(platform)].find(
    (candidate) => candidate?.clientId === credentials.client_id,
  );
  if (!app) return notRevoked('credentials_unavailable');
  return revokeGrant(platforms, platform, app, credentials);
}

/** As long as a refresh may hold the lock (connections/access-tokens.ts): it expires by itself after that. */
const LOCK_TTL_MS = 15_000;
const WAIT_STEP_MS = 50;

/**
 * Runs `work` holding the connection's refresh lock, waiting for a refresh in progress to end first:
 * the credentials forgotten (and revoked at the platform) are the ones stored last, and no refresh
 * writes new ones in between.
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
 * Disconnects a platform: forgets the credentials, everything cached of the connection and the renewal, then revokes
 * the grant at the platform (best effort, within the platform timeout: the local disconnect never
 * depends on it), records the outcome in the attempt log and tells the vendor (`connection.revoked`).
 */
export async function disconnect(
  store: Store,
  platforms: Platforms,
  events: Events,
  company: string,
  customer: string,
  platform: PlatformId,
  actor?: Actor,
): Promise<RevocationOutcome> {
  const credentials = await holdingRefreshLock(store, company, customer, platform, async () => {
    const credentials = await store.connections.credentials(company, customer, platform).catch(() => null);
    await store.connectionCaches.clear({ company, customer, platform });
    await store.connections.delete(company, customer, platform);
    await store.tokenSchedule.unschedule({ company, customer, platform });
    return credentials;
  });
  const outcome = await revokeAtPlatform(platforms, company, platform, credentials);
  await store.connectAttempts.record(company, {
    customer,
    platform,
    outcome: 'disconnected',
    error_code: outcome.platform_revoked ? null : outcome.reason,
    platform_revoked: outcome.platform_revoked,
  });
  await events.emit('connection.revoked', { company, customer, actor, data: { platform, ...outcome } });
  return outcome;
}
