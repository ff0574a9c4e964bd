import type { Logger } from 'pino';
import type { PlatformCallObserver } from '../platforms/platform-calls.js';
import type { Metrics } from './metrics.js';

/** Each platform API call as a metric and a log line (the path may hold ad account ids: logs only). */
export function platformCallObserver(metrics: Metrics, log: Logger): PlatformCallObserver {
  return ({ platform, operation, method, path, status, outcome, seconds }) => {
    metrics.platformCalls.observe({ platform, operation, outcome }, seconds);
    log.info(
      { platform, operation, method, path, status, outcome, ms: Math.round(seconds * 1e6) / 1e3 },
      'platform call',
    );
  };
}
