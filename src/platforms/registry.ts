import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import type { OAuthApp } from '../connect/oauth-client.js';
import type { EncryptionKey } from '../crypto/keys.js';
import type { PlatformAdapter } from './adapter.js';
import { type PlatformEntry, type PlatformId, platformCatalog } from './catalog.js';
import { sandboxAdapter } from './sandbox/adapter.js';

export const SANDBOX_CLIENT_ID = 'adlink';

/** An OAuth app, with the developer token the platform's API wants where it wants one. */
export interface PlatformApp extends OAuthApp {
  developerToken?: string;
}

/** A company's own OAuth app for a platform, or null (see CompanyProfileStore). */
export type CompanyApps = (company: string, platform: PlatformId) => Promise<PlatformApp | null>;

export interface Platforms {
  entry(id: PlatformId): PlatformEntry;
  /** Platforms customers can connect here: configured with an OAuth app and with an adapter. */
  available(): PlatformId[];
  /** The deployment's OAuth app (configuration), or null when the platform is not configured. */
  app(id: PlatformId): PlatformApp | null;
  /**
   * The OAuth app for a company's customers: the company's own app where it set one, else the
   * deployment's; null when neither. Every step of a connection (start, callback, refresh, revoke)
   * uses this one.
   */
  oauthApp(company: string, id: PlatformId): Promise<PlatformApp | null>;
  adapter(id: PlatformId): PlatformAdapter;
  callbackUrl(id: PlatformId): string;
}

export function createPlatforms(
  config: Config,
  encryption: EncryptionKey[],
  companyApps: CompanyApps = async () => null,
): Platforms {
  const catalog = platformCatalog(config.publicBaseUrl);
  const adapters: Partial<Record<PlatformId, PlatformAdapter>> = {
    sandbox: sandboxAdapter(catalog.sandbox.apiBaseUrl, config.platformTimeoutMs),
  };
  const apps: Partial<Record<PlatformId, PlatformApp>> = {};
  for (const [id, creds] of Object.entries(config.platformCredentials)) {
    apps[id as PlatformId] = {
      clientId: creds.clientId,
      clientSecret: creds.clientSecret,
      ...(creds.developerToken ? { developerToken: creds.developerToken } : {}),
    };
  }
  if (config.sandbox.enabled)
    apps.sandbox = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxSecret(config, encryption) };

  return {
    entry: (id) => catalog[id],
    available: () => (Object.keys(catalog) as PlatformId[]).filter((id) => apps[id] && adapters[id]),
    app: (id) => apps[id] ?? null,
    oauthApp: async (company, id) => (await companyApps(company, id)) ?? apps[id] ?? null,
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
