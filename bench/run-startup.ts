import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from './stack.js';
import { measureStartup, STARTUP_TARGET_MS } from './startup.js';

/**
 * `npm run bench:startup`: builds adlink and starts it BENCH_STARTUP_RUNS times (10) against a
 * throwaway Redis (or REDIS_URL), from exec to the first `/readyz` 200. `npm run bench:growth` measures
 * the same against its filled Redis and records it.
 */
execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const redis = await startRedis(mkdtempSync(join(tmpdir(), 'adlink-startup-')));
try {
  const startup = await measureStartup(redis.url, Number(process.env.BENCH_STARTUP_RUNS) || 10);
  console.log(
    `starts (ms): ${startup.runs.map((ms) => ms.toFixed(0)).join(' ')}\nmedian ${startup.medianMs.toFixed(0)} ms (target ≤ ${STARTUP_TARGET_MS} ms)`,
  );
} finally {
  await redis.child?.stop();
}
