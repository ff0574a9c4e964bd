import type { PlatformId } from '../domain/platform-ids.js';
import type { AdAccount } from '../store/connections.js';
import type { PlatformError } from './platform-error.js';

/** The OAuth app a connection was made with: what some APIs want on every call besides the token. */
export interface PlatformApp {
  clientId: string;
  clientSecret: string;
  /** Google Ads' `developer-token`, Microsoft Advertising's `DeveloperToken`. */
  developerToken?: string;
  /** Google Ads' `login-customer-id`: the manager account calls go through. */
  loginCustomerId?: string;
}

/** One HTTP call to a platform's API, as `platformFetch` made it. */
export interface PlatformCallRecord {
  platform: PlatformId;
  /** The adapter operation the call was made for (`listAdSets`, `campaigns.create`). */
  operation: string;
  method: string;
  /** The URL's path, without its query (Meta's carries the appsecret_proof). */
  path: string;
  /** The platform's HTTP status; undefined when it did not answer. */
  status: number | undefined;
  outcome: 'ok' | PlatformError['kind'];
  seconds: number;
}

export type PlatformCallObserver = (call: PlatformCallRecord) => void;

/** The adapter operation a platform call is made for, and who is told of it. */
export interface ObservedCall {
  platform: PlatformId;
  operation: string;
  observe: PlatformCallObserver;
}

/** Everything one platform call is made with. */
export interface PlatformCall {
  accessToken: string;
  app: PlatformApp;
  /**
   * The customer's connected ad accounts (empty while connecting). APIs whose ids are scoped to an
   * account look an id up in these; the service narrows them to one when it knows the ad set's account.
   */
  accounts: AdAccount[];
  /** Where each HTTP call made for this one is reported (set by the registry's observed adapter). */
  observed?: ObservedCall;
}
