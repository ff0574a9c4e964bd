import type { AdAdapter } from '../ads/port.js';
import type { AdSetAdapter } from '../adsets/port.js';
import type { AudienceAdapter } from '../audiences/port.js';
import type { CampaignAdapter } from '../campaigns/port.js';
import type { IdentityAdapter } from '../identities/port.js';
import type { MediaAdapter } from '../media/port.js';
import type { ReportAdapter } from '../reports/port.js';
import type { AdAccount } from '../store/connections.js';
import type { PlatformCall } from './platform-call.js';
import type { PlatformEntry } from './platform-entry.js';

/**
 * Maps one platform's API to the unified model (`platforms/<id>/adapter.ts`): one object per resource,
 * each declaring what it can do, beside the connection's own ad accounts. Every method calls the
 * platform (no caching here).
 */
export interface PlatformAdapter {
  /** The ad accounts the connection's grant reaches. */
  listAdAccounts(call: PlatformCall): Promise<AdAccount[]>;
  adSets: AdSetAdapter;
  campaigns: CampaignAdapter;
  /** Ads with their creatives and review. */
  ads: AdAdapter;
  /** Image uploads, where the platform's ads take images. */
  media?: MediaAdapter;
  /** Customer-list audiences, where the adapter maps them. */
  audiences?: AudienceAdapter;
  /** Who an ad speaks as, where the platform asks for one (else the list is empty). */
  identities?: IdentityAdapter;
  /** Performance reports, where the adapter maps the platform's reporting API. */
  reports?: ReportAdapter;
}

/** Builds a platform's adapter from its catalog entry (URLs already resolved for this deployment). */
export type AdapterFactory = (entry: PlatformEntry, options: { timeoutMs: number }) => PlatformAdapter;
