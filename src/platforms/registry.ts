import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EncryptionKey } from '../crypto/keys.js';
import { PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import type { PlatformAdapter } from '../ports/platform-adapter.js';
import type { PlatformApp, PlatformCallObserver } from '../ports/platform-call.js';
import type { Platforms, Unavailable } from '../ports/platforms.js';
import { ADAPTERS } from './adapters.js';
import { platformCatalog } from './catalog.js';
import { loadLogos } from './logos.js';
import { observedAdapter } from './observed-adapter.js';

export const SANDBOX_CLIENT_ID = 'adlink';

/** A company's own OAuth app for a platform, or null (see CompanyProfileStore). */
export type CompanyApps = (company: string, platform: PlatformId) => Promise<PlatformApp | null>;

export function createPlatforms(
  config: Config,
  encryption: EncryptionKey[],
  companyApps: CompanyApps = async () => null,
  observe?: PlatformCallObserver,
): Platforms {
  const catalog = platformCatalog(config.publicBaseUrl, config.platformOverrides);
  const adapters: Partial<Record<PlatformId, PlatformAdapter>> = {};
  for (const id of PLATFORM_IDS) {
    const factory = ADAPTERS[id];
    const adapter = factory?.(catalog[id], { timeoutMs: config.platformTimeoutMs });
    if (adapter) adapters[id] = observe ? observedAdapter(id, adapter, observe) : adapter;
  }
  const apps: Partial<Record<PlatformId, PlatformApp>> = {};
  for (const [id, creds] of Object.entries(config.platformCredentials)) apps[id as PlatformId] = { ...creds };
  if (config.sandbox.enabled)
    apps.sandbox = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxSecret(config, encryption) };

  const whyNot = (id: PlatformId): Unavailable | null => {
    if (!apps[id]) return id === 'sandbox' ? 'disabled' : 'no_credentials';
    if (catalog[id].developerToken && !apps[id].developerToken) return 'no_developer_token';
    if (!adapters[id]) return 'no_adapter';
    return null;
  };
  const logos = loadLogos();
  const available = PLATFORM_IDS.filter((id) => whyNot(id) === null);
  const unavailable = Object.fromEntries(
    PLATFORM_IDS.flatMap((id) => {
      const reason = whyNot(id);
      return reason ? [[id, reason]] : [];
    }),
  );

  return {
    entry: (id) => catalog[id],
    available: () => available,
    unavailable: () => unavailable,
    app: (id) => apps[id] ?? null,
    oauthApp: async (company, id) => (await companyApps(company, id)) ?? apps[id] ?? null,
    adapter: (id) => {
      const adapter = adapters[id];
      if (!adapter) throw new Error(`no adapter for ${id}`);
      return adapter;
    },
    callOptions: (id, operation) => ({
      timeoutMs: config.platformTimeoutMs,
      ...(observe ? { observed: { platform: id, operation, observe } } : {}),
    }),
    logo: (id) => logos[id],
    callbackUrl: (id) => `${config.publicBaseUrl}/connections/oauth/${id}/callback`,
  };
}

/** One line at startup: what customers can connect here, and why each other platform is not offered. */
export function logAvailability(platforms: Platforms, log: Logger): void {
  const available = platforms.available();
  const unavailable = platforms.unavailable();
  if (available.length > 0) log.info({ available, unavailable }, 'platforms customers can connect');
  else
    log.warn(
      { available, unavailable },
      'no platform can be connected: set <PLATFORM>_CLIENT_ID and <PLATFORM>_CLIENT_SECRET (see docs/platforms/README.md); connect links are refused with no_platform_available',
    );
}

/** Every instance sharing the encryption key derives the same sandbox client secret. */
function sandboxSecret(config: Config, encryption: EncryptionKey[]): string {
  if (config.sandbox.clientSecret) return config.sandbox.clientSecret;
  return createHmac('sha256', encryption[0]!.key).update('adlink sandbox oauth client').digest('base64url');
}
