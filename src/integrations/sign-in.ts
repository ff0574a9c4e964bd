import type { Config } from '../config.js';
import type { Store } from '../store/index.js';

/** A one-time link to the integrations pages of a company. */
export async function signInUrl(store: Store, config: Config, company: string): Promise<string> {
  const url = new URL('/integrations/login', config.publicBaseUrl);
  url.searchParams.set('token', await store.vendorSessions.createLoginLink(company));
  return url.href;
}
