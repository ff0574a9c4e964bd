import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Role } from '../config.js';
import type { KvObserver } from '../store/kv.js';

/** Latencies from a cache hit in Redis (a millisecond) to a slow platform call (the 15 s timeout). */
const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/**
 * Everything `/metrics` shows, in a registry of its own: an app never registers in prom-client's
 * global one, so several apps (tests) live in one process. Labels only take values from closed sets
 * (route templates, platform ids, outcomes, error codes), never ids.
 */
export function createMetrics(role: Role = 'all') {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'adlink_' });
  const registers = [registry];
  new Gauge({
    name: 'adlink_role_info',
    help: 'What this process does (ADLINK_ROLE): all, api or worker; always 1.',
    labelNames: ['role'],
    registers,
  }).set({ role }, 1);
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: `adlink_${name}`, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Histogram<L>({ name: `adlink_${name}`, help, labelNames, buckets: SECONDS_BUCKETS, registers });

  return {
    registry,
    httpDuration: histogram('http_request_duration_seconds', 'HTTP requests by route template and status.', [
      'method',
      'route',
      'status',
    ]),
    redisDuration: histogram(
      'redis_command_duration_seconds',
      'Store operations on Redis (a command, a pipeline or a transaction), failed ones included.',
      [],
    ),
    redisErrors: counter(
      'redis_command_errors_total',
      'Store operations on Redis that failed (no connection, timeout, error reply): answered 503.',
    ),
    platformCalls: histogram(
      'platform_call_duration_seconds',
      'HTTP calls to platform APIs; operation is the adapter method that made them, outcome ok or the failure kind.',
      ['platform', 'operation', 'outcome'],
    ),
    tokenRefreshes: counter(
      'token_refreshes_total',
      'Refreshes of platform access tokens: refreshed, refused (the grant is gone: needs_reauth) or failed.',
      ['platform', 'outcome'],
    ),
    webhookAttempts: histogram(
      'webhook_attempt_duration_seconds',
      'Webhook delivery attempts (test pings and resends included) by outcome: succeeded, retrying (failed with retries left) or failed; the send to the endpoint.',
      ['outcome'],
    ),
    linksIssued: counter('connect_links_issued_total', 'Connect links issued.'),
    linksOpened: counter('connect_links_opened_total', 'Connect links redeemed: a browser started a visit.'),
    authorizationsStarted: counter(
      'connect_authorizations_started_total',
      'Customers sent to a platform to authorize.',
      ['platform'],
    ),
    authorizationResults: counter(
      'connect_authorization_results_total',
      'Platform authorizations returning: succeeded, denied or failed, with the error code.',
      ['platform', 'outcome', 'error_code'],
    ),
    visitsCompleted: counter(
      'connect_visits_completed_total',
      'Visits that reached the Done page with something connected (status success or partial).',
      ['status'],
    ),
    redirectsDelivered: counter(
      'connect_redirects_delivered_total',
      'Customers sent back to the vendor with a signed result.',
      ['status'],
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The error codes authorization results are labelled with: OAuth's own (RFC 6749 4.1.2.1 and 5.2) and
 * adlink's reasons; anything else a platform sends is `other`, so a callback cannot mint label values.
 */
const AUTHORIZATION_ERROR_CODES = new Set([
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'invalid_grant',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_token_response',
  'token_endpoint_unreachable',
  'issuer_mismatch',
  'missing_code',
  'app_changed',
  'no_ad_accounts',
]);

export const authorizationErrorLabel = (code: string): string =>
  AUTHORIZATION_ERROR_CODES.has(code) ? code : 'other';

/** Redis operations as metrics (`Kv.observe`). */
export const redisObserver =
  (metrics: Metrics): KvObserver =>
  (seconds, failed) => {
    metrics.redisDuration.observe(seconds);
    if (failed) metrics.redisErrors.inc();
  };
