import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { type Child, freePort, startChild } from './processes.js';
import { median } from './report.js';
import { deleteUnder, openStore, productionEnv, startAdlink, startRedis } from './stack.js';

/**
 * `npm run bench:keeper-idle`: what an idle token keeper costs, apart from the process it runs in.
 * Four processes of one type (`ADLINK_ROLE`, `worker` unless BENCH_KEEPER_ROLE says otherwise) on one
 * throwaway Redis, two with the keeper looking every second and two with it off, left without work;
 * then several windows of CPU time per second each. Per window, the keeper's cost is the mean of the
 * two on less the mean of the two off, and the noise between processes of the same setting is the
 * difference within each pair: a keeper's cost is shown only where it stands out of that noise.
 * Beside them, the baseline: two bare node + ioredis processes (`keeper-idle-bare.ts`), one doing the
 * lease holder's two reads a second, one idle. Writes bench/results/<date>-keeper-idle.json and .md.
 */
const ROLE = process.env.BENCH_KEEPER_ROLE ?? 'worker';
const WINDOWS = Number(process.env.BENCH_KEEPER_IDLE_WINDOWS) || 5;
const WINDOW_SECONDS = Number(process.env.BENCH_KEEPER_IDLE_SECONDS) || 60;
const SETTLE_SECONDS = Number(process.env.BENCH_KEEPER_SETTLE_SECONDS) || 20;
const INTERVAL_MS = 1000;
/** The issue's target: an idle keeper's own CPU, µs a second. */
export const KEEPER_IDLE_TARGET_US_PER_S = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const usPerSecond = (ms: number, seconds: number) => (1000 * ms) / seconds;

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const logDir = mkdtempSync(join(tmpdir(), 'adlink-keeper-idle-'));
const db = await startRedis(logDir);
const prefix = `bench:${randomToken(6)}:`;
const [signing, encryption] = [newSigningKeyEntry('bench'), newEncryptionKeyEntry('bench')];
const { kv } = await openStore(db.url, prefix, encryption);
const instances: { name: string; keeper: boolean; child: Child }[] = [];
const bares: { name: string; child: Child }[] = [];
try {
  const start = async (name: string, keeper: boolean) => {
    const env = {
      ...productionEnv(await freePort(), { REDIS_URL: db.url }, prefix, signing, encryption),
      ADLINK_ROLE: ROLE,
      TOKEN_KEEPER_INTERVAL_MS: String(keeper ? INTERVAL_MS : 0),
    };
    instances.push({ name, keeper, child: await startAdlink(env, join(logDir, `${name}.log`)) });
  };
  for (const [name, keeper] of [
    ['on-1', true],
    ['off-1', false],
    ['on-2', true],
    ['off-2', false],
  ] as const) {
    await start(name, keeper);
  }
  const bare = async (name: string, reads: number) => {
    const env = {
      REDIS_URL: db.url,
      BARE_KEY: `${prefix}bare`,
      BARE_READS: String(reads),
      BARE_INTERVAL_MS: String(INTERVAL_MS),
    };
    const child = await startChild(
      'node',
      ['--import', 'tsx', 'bench/keeper-idle-bare.ts'],
      env,
      join(logDir, `${name}.log`),
      /bare ready/,
    );
    bares.push({ name, child });
  };
  await bare('bare-reads', 2);
  await bare('bare-idle', 0);
  console.log(`4 ${ROLE} processes listening; ${SETTLE_SECONDS} s to settle (logs in ${logDir})`);
  await sleep(SETTLE_SECONDS * 1000);

  const windows = [];
  for (let w = 1; w <= WINDOWS; w++) {
    const all = [...instances, ...bares];
    const before = all.map((i) => i.child.cpuMs());
    await sleep(WINDOW_SECONDS * 1000);
    const cpu = all.map((i, n) => usPerSecond(i.child.cpuMs() - before[n]!, WINDOW_SECONDS));
    const byName = Object.fromEntries(all.map((i, n) => [i.name, cpu[n]!]));
    const mean = (keeper: boolean) => {
      const of = instances.flatMap((i, n) => (i.keeper === keeper ? [cpu[n]!] : []));
      return of.reduce((a, b) => a + b, 0) / of.length;
    };
    const window = {
      cpuUsPerSecond: byName,
      keeperExtra: mean(true) - mean(false),
      noiseOn: Math.abs(byName['on-1']! - byName['on-2']!),
      noiseOff: Math.abs(byName['off-1']! - byName['off-2']!),
      // The lease holder is the busier of the two with the keeper on: it reads what is due each tick.
      holderExtra: Math.max(byName['on-1']!, byName['on-2']!) - mean(false),
      otherExtra: Math.min(byName['on-1']!, byName['on-2']!) - mean(false),
      bareReads: byName['bare-reads']! - byName['bare-idle']!,
    };
    windows.push(window);
    console.log(
      `window ${w}: ${Object.entries(byName)
        .map(([name, us]) => `${name} ${us.toFixed(0)}`)
        .join(
          ', ',
        )} µs/s; keeper ${window.keeperExtra.toFixed(0)} (holder ${window.holderExtra.toFixed(0)}, other ${window.otherExtra.toFixed(0)}; bare reads ${window.bareReads.toFixed(0)}), noise on ${window.noiseOn.toFixed(0)}, off ${window.noiseOff.toFixed(0)}`,
    );
  }
  const keeperExtra = median(windows.map((w) => w.keeperExtra));
  const noise = median(windows.flatMap((w) => [w.noiseOn, w.noiseOff]));
  const holderExtra = median(windows.map((w) => w.holderExtra));
  const otherExtra = median(windows.map((w) => w.otherExtra));
  const bareReads = median(windows.map((w) => w.bareReads));
  const met = keeperExtra <= KEEPER_IDLE_TARGET_US_PER_S;
  const date = new Date().toISOString().slice(0, 10);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const result = {
    date: new Date().toISOString(),
    commit,
    role: ROLE,
    intervalMs: INTERVAL_MS,
    windowSeconds: WINDOW_SECONDS,
    windows,
    keeperExtra,
    holderExtra,
    otherExtra,
    bareReads,
    noise,
    met,
  };
  const n = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const table = [
    `# Keeper idle, ${result.date} (${commit})`,
    '',
    `Four \`ADLINK_ROLE=${ROLE}\` processes (production build) on one Redis, nothing to do: two with the keeper looking every ${INTERVAL_MS} ms, two with it off; ${WINDOWS} windows of ${WINDOW_SECONDS} s after ${SETTLE_SECONDS} s to settle. CPU µs per second of each process, from the scheduler's count (\`/proc/<pid>/task/*/schedstat\`, ns). The lease holder reads what is due and the ads in review each tick; the other asks for the lease every half lease (15 s).`,
    '',
    '| window | on-1 | on-2 | off-1 | off-2 | keeper (mean on − mean off) | holder / other − mean off | bare-reads − bare-idle | noise on / off |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...windows.map(
      (w, i) =>
        `| ${i + 1} | ${n(w.cpuUsPerSecond['on-1']!)} | ${n(w.cpuUsPerSecond['on-2']!)} | ${n(w.cpuUsPerSecond['off-1']!)} | ${n(w.cpuUsPerSecond['off-2']!)} | ${n(w.keeperExtra)} | ${n(w.holderExtra)} / ${n(w.otherExtra)} | ${n(w.bareReads)} | ${n(w.noiseOn)} / ${n(w.noiseOff)} |`,
    ),
    '',
    `Keeper idle cost, median of the windows: **${n(keeperExtra)} µs/s** (target ≤ ${KEEPER_IDLE_TARGET_US_PER_S} ${met ? '✅' : '❌'}): the lease holder ${n(holderExtra)}, the other ${n(otherExtra)}. A bare node + ioredis process doing the holder's two reads a second costs ${n(bareReads)} µs/s over an idle one. Noise between two processes of one setting, median: ${n(noise)} µs/s.`,
    '',
  ].join('\n');
  const results = new URL('./results/', import.meta.url);
  await mkdir(results, { recursive: true });
  await writeFile(new URL(`${date}-keeper-idle.json`, results), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(new URL(`${date}-keeper-idle.md`, results), table);
  console.log(`\n${table}`);
} finally {
  for (const { child } of [...instances, ...bares]) await child.stop();
  await deleteUnder(kv, prefix);
  await kv.close();
  await db.child?.stop();
}
