import type { EncryptionKey } from '../crypto/keys.js';
import { AccessTokenStore } from './access-tokens.js';
import { AudienceJobStore } from './audience-jobs.js';
import { CompanyStore } from './companies.js';
import { CompanyProfileStore } from './company-profile.js';
import { CompanySettingsStore } from './company-settings.js';
import { ConnectAttemptStore } from './connect-attempts.js';
import { ConnectSessionStore } from './connect-sessions.js';
import { ConnectionCaches } from './connection-caches.js';
import { ConnectionStore } from './connections.js';
import { CustomerStore } from './customers.js';
import { IdempotencyStore } from './idempotency.js';
import { keys } from './keys.js';
import type { Kv } from './kv.js';
import { Ledger } from './ledger.js';
import { MediaStore } from './media.js';
import { ReportStore } from './reports.js';
import { adKeys, adSetKeys, campaignKeys, ResourceCache } from './resource-cache.js';
import { ReviewWatch } from './review-watch.js';
import { TokenSchedule } from './token-schedule.js';
import { VendorSessionStore } from './vendor-sessions.js';

/** Everything adlink keeps, as small record stores over one Kv backend. */
export function createStore(kv: Kv, prefix: string, encryption: EncryptionKey[]) {
  const k = keys(prefix);
  const tokenSchedule = new TokenSchedule(kv, prefix);
  const ledger = new Ledger(kv, k);
  const sessions = new ConnectSessionStore(kv, k, ledger);
  const adSets = new ResourceCache(kv, adSetKeys(k));
  const campaigns = new ResourceCache(kv, campaignKeys(k));
  const reports = new ReportStore(kv, k);
  const ads = new ResourceCache(kv, adKeys(k), 'adSetId');
  const media = new MediaStore(kv, k, encryption);
  return {
    kv,
    keys: k,
    companies: new CompanyStore(kv, k),
    accessTokens: new AccessTokenStore(kv, k, ledger),
    settings: new CompanySettingsStore(kv, k, encryption),
    profile: new CompanyProfileStore(kv, k, encryption),
    customers: new CustomerStore(kv, k, tokenSchedule, sessions),
    idempotency: new IdempotencyStore(kv, k, ledger),
    sessions,
    connections: new ConnectionStore(kv, k, encryption),
    adSets,
    campaigns,
    reports,
    ads,
    media,
    connectionCaches: new ConnectionCaches([adSets, campaigns, reports, ads, media]),
    vendorSessions: new VendorSessionStore(kv, k),
    connectAttempts: new ConnectAttemptStore(kv, k),
    tokenSchedule,
    reviewWatch: new ReviewWatch(kv, prefix),
    audienceJobs: new AudienceJobStore(kv, k),
    ledger,
  };
}

export type Store = ReturnType<typeof createStore>;
