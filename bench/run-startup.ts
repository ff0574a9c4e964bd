import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from './stack.js';
import { measureStartups, STARTUP_TARGET_MS, type Startup } from './startup.js';

/**
 * `npm run bench:startup`: builds adlink and starts it BENCH_STARTUP_RUNS times (10) against a
 * throwaway Redis (or REDIS_URL), from exec to the first `/readyz` 200. BENCH_STARTUP_BASELINE names
 * another checkout with its own built dist/ (an earlier build to compare): its starts take turns with
 * these. Writes bench/results/<date>-startup.md. `npm run bench:growth` measures the same against its
 * filled Redis and records it.
 */
execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const baseline = process.env.BENCH_STARTUP_BASELINE;
const checkouts = baseline ? ['.', baseline] : ['.'];
const redis = await startRedis(mkdtempSync(join(tmpdir(), 'adlink-startup-')));
const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');
const show = (name: string, startup: Startup) =>
  `${name}\n  starts (ms): ${ms(startup.runs)}\n  CPU until ready (ms): ${ms(startup.cpuRuns)}\n  median ${startup.medianMs.toFixed(0)} ms (target ≤ ${STARTUP_TARGET_MS} ms), CPU ${startup.medianCpuMs.toFixed(0)} ms`;
try {
  const startups = await measureStartups(redis.url, Number(process.env.BENCH_STARTUP_RUNS) || 10, checkouts);
  const text = startups.map((startup, i) => show(checkouts[i]!, startup)).join('\n');
  console.log(text);
  const [own] = startups;
  const date = new Date().toISOString().slice(0, 10);
  const results = new URL('./results/', import.meta.url);
  mkdirSync(results, { recursive: true });
  writeFileSync(
    new URL(`${date}-startup.md`, results),
    `## ${date}: startup\n\n\`node <the Dockerfile CMD's flags> dist/server.js\`, NODE_ENV=production, a throwaway Redis: exec to the first \`/readyz\` 200, ${own!.runs.length} starts one after the other.\n\n\`\`\`\n${text}\n\`\`\`\n\n- median ${own!.medianMs.toFixed(0)} ms (target ≤ ${STARTUP_TARGET_MS} ms) ${own!.medianMs <= STARTUP_TARGET_MS ? '✅' : '❌'}\n`,
  );
} finally {
  await redis.child?.stop();
}
