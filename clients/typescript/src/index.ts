export {
  type AdlinkClient,
  type AdlinkClientOptions,
  type Call,
  createAdlinkClient,
  type Data,
  type Item,
  type PagedPath,
} from './client.js';
export { AdlinkError, type AdlinkErrorBody } from './errors.js';
export type { RetryOptions } from './retrying-fetch.js';
export type { components, operations, paths } from './schema.js';
export type { SessionClaims, SessionTokenVerifier } from './session-tokens.js';
export { type FreshnessOptions, verifyRedirectResult, verifyWebhook } from './signatures.js';
