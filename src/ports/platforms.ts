import type { PlatformId } from '../domain/platform-ids.js';
import type { PlatformAdapter } from './platform-adapter.js';
import type { ObservedCall, PlatformApp } from './platform-call.js';
import type { PlatformEntry } from './platform-entry.js';

/** Why a platform cannot be connected on this deployment. */
export type Unavailable = 'disabled' | 'no_credentials' | 'no_developer_token' | 'no_adapter';

/**
 * The deployment's platforms (`platforms/registry.ts` builds it): catalog entries, OAuth apps,
 * availability and each platform's adapter. Services and routes get it injected.
 */
export interface Platforms {
  entry(id: PlatformId): PlatformEntry;
  /** Platforms customers can connect here: configured with an OAuth app and with an adapter. */
  available(): PlatformId[];
  /** Every platform that is not available, with the reason (logged at startup). */
  unavailable(): Partial<Record<PlatformId, Unavailable>>;
  /** The deployment's OAuth app (configuration), or null when the platform is not configured. */
  app(id: PlatformId): PlatformApp | null;
  /**
   * The OAuth app for a company's customers: the company's own app where it set one, else the
   * deployment's; null when neither. Every step of a connection (start, callback, refresh, revoke)
   * uses this one.
   */
  oauthApp(company: string, id: PlatformId): Promise<PlatformApp | null>;
  adapter(id: PlatformId): PlatformAdapter;
  /** A call made outside the adapter (a revocation): the deployment's timeout, observed as adapter calls are. */
  callOptions(id: PlatformId, operation: string): { timeoutMs: number; observed?: ObservedCall };
  /** The platform's mark (SVG path data, 24×24), or null: its tile shows its initials. */
  logo(id: PlatformId): string | null;
  callbackUrl(id: PlatformId): string;
}
