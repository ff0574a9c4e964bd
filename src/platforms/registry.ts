import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import type { OAuthApp } from '../connect/oauth-client.js';
import type { EncryptionKey } from '../crypto/keys.js';
import type { PlatformAdapter } from './adapter.js';
import { type PlatformEntry, type PlatformId, platformCatalog } from './catalog.js';
import { sandboxAdapter } from './sandbox/adapter.js';

export const SANDBOX_CLIENT_ID = 'adlink';

export interface Platforms {
  entry(id: PlatformId): PlatformEntry;
  /** Platforms customers can connect here: configured with an OAuth app and with an adapter. */
  available(): PlatformId[];
  /** The OAuth app to use, or null when the platform is not configured. */
  app(id: PlatformId): OAuthApp | null;
  adapter(id: PlatformId): PlatformAdapter;
  callbackUrl(id: PlatformId): string;
}

export function createPlatforms(config: Config, encryption: EncryptionKey[]): Platforms {
  const catalog = platformCatalog(config.publicBaseUrl);
  const adapters: Partial<Record<PlatformId, PlatformAdapter>> = {
    sandbox: sandboxAdapter(catalog.sandbox.apiBaseUrl, config.platformTimeoutMs),
  };
  const apps: Partial<Record<PlatformId, OAuthApp>> = {};
  for (const [id, creds] of Object.entries(config.platformCredentials)) {
    apps[id as PlatformId] = { clientId: creds.clientId, clientSecret: creds.clientSecret };
  }
  if (config.sandbox.enabled)
    apps.sandbox = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxSecret(config, encryption) };

  return {
    entry: (id) => catalog[id],
    available: () => (Object.keys(catalog) as PlatformId[]).filter((id) => apps[id] && adapters[id]),
    app: (id) => apps[id] ?? null,
    adapter: (id) => {
      const adapter = adapters[id];
      if (!adapter) throw new Error(`no adapter for ${id}`);
      return adapter;
    },
    callbackUrl: (id) => `${config.publicBaseUrl}/connections/oauth/${id}/callback`,
  };
}

/** Every instance sharing the encryption key derives the same sandbox client secret. */
function sandboxSecret(config: Config, encryption: EncryptionKey[]): string {
  if (config.sandbox.clientSecret) return config.sandbox.clientSecret;
  return createHmac('sha256', encryption[0]!.key).update('adlink sandbox oauth client').digest('base64url');
}
