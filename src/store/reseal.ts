import { isPlatformId } from '../domain/platform-ids.js';
import type { Store } from './index.js';

/** What `resealAll` did: secrets sealed again under the newest key, and records already under it. */
export interface ResealReport {
  resealed: number;
  records: number;
}

const ESCAPED = /[.*+?^${}()|[\]\\]/g;

/**
 * Seals every stored secret again under the newest encryption key (the first of ENCRYPTION_KEYS):
 * platform credentials, signing secrets and companies' own OAuth apps. Each record is rewritten by
 * compare-and-set, so it can run while the servers do; afterwards older keys open nothing and can be
 * removed. Finds the records by scanning the company keys: a maintenance step, never a request path.
 */
export async function resealAll(store: Store): Promise<ResealReport> {
  const prefix = store.keys.prefix.replace(ESCAPED, '\\$&');
  const record = new RegExp(
    `^${prefix}\\{co:([^}]+)\\}:(?:conn:([^:]+):([a-z]+)|(signing_secrets)|oauth_app:([a-z]+))$`,
  );
  const report: ResealReport = { resealed: 0, records: 0 };
  for await (const key of store.kv.scan(`${store.keys.prefix}{co:`)) {
    const [, company, customer, connectionPlatform, secrets, appPlatform] = record.exec(key) ?? [];
    if (!company) continue;
    report.records++;
    if (customer && connectionPlatform && isPlatformId(connectionPlatform)) {
      report.resealed += Number(await store.connections.reseal(company, customer, connectionPlatform));
    } else if (secrets) {
      report.resealed += await store.settings.resealSecrets(company);
    } else if (appPlatform && isPlatformId(appPlatform)) {
      report.resealed += await store.profile.resealOAuthApp(company, appPlatform);
    }
  }
  return report;
}
