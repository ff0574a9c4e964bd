import type { PlatformId } from '../platforms/catalog.js';
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

/**
 * Disconnects a platform: revokes at the platform (best effort), forgets the cached ad sets, deletes the
 * connection and its credentials. Returns whether the platform confirmed the revocation.
 */
export async function disconnect(
  store: Store,
  platforms: Platforms,
  company: string,
  customer: string,
  platform: PlatformId,
): Promise<boolean> {
  const revoked = await revokeAtPlatform(store, platforms, company, customer, platform);
  await store.adSets.clear({ company, customer, platform });
  await store.connections.delete(company, customer, platform);
  return revoked;
}
