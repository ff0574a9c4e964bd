import type { Logger } from 'pino';
import type { PlatformCallObserver } from '../ports/platform-call.js';
import type { Metrics } from './metrics.js';

/** Each platform API call as a metric and a log line (the path may hold ad account ids: logs only). */
export function platformCallObserver(metrics: Metrics, log: Logger): PlatformCallObserver {
  // Only the fields below, none a secret: the logger's redaction would be checked on every call for nothing.
  const calls = log.child({}, { redact: [] });
  return ({ platform, operation, method, path, status, outcome, seconds }) => {
    metrics.platformCalls.observe({ platform, operation, outcome }, seconds);
    calls.info(
      { platform, operation, method, path, status, outcome, ms: Math.round(seconds * 1e6) / 1e3 },
      'platform call',
    );
  };
}
