import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { logTimes, sharedBuckets } from './keeper-logs.js';
import { connectionMemory, MEMORY_TARGET_BYTES } from './keeper-memory.js';
import { keeperPlatformEnv, startKeeperPlatform } from './keeper-platform.js';
import { IDLE_TARGET_US_PER_S, type KeeperResult, keeperMarkdown } from './keeper-report.js';
import { inFlight, seedConnections } from './keeper-seed.js';
import { type Child, freePort } from './processes.js';
import {
  deleteUnder,
  openStore,
  productionEnv,
  redisCommands,
  redisCpuMs,
  startAdlink,
  startRedis,
} from './stack.js';

/**
 * `npm run bench:keeper` (S8): 100,000 connections in the token schedule, 10,000 of them due; two
 * adlink instances (production build, same Redis) renew the due ones against the Google Ads emulator.
 * Measures the time to renew them all, that one instance renewed at a time and none twice, the
 * keepers' CPU while nothing is due against an instance with the keeper off, and what a connection
 * costs Redis. Writes bench/results/<date>-keeper.json and .md.
 */
const WINDOW_SECONDS = 300;
const INTERVAL_MS = Number(process.env.BENCH_KEEPER_INTERVAL_MS) || 1000;
const IDLE_SECONDS = Number(process.env.BENCH_KEEPER_IDLE_SECONDS) || 30;
const IDLE_SETTLE_SECONDS = 20;
/** adlink's default: the keeper's bound on renewals in flight. */
const FAN_OUT = 20;
/** Renewals that would still come after the last one expected (a connection renewed twice). */
const AFTERMATH_MS = 3 * INTERVAL_MS + 2000;
const MEMORY_SAMPLE = 1000;
const RENEWED = 'platform authorization refreshed';
const SWEPT = 'token keeper renewed connections';

const cpuPerSecond = (ms: number, seconds: number) => (1000 * ms) / seconds;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const logDir = mkdtempSync(join(tmpdir(), 'adlink-keeper-'));
const db = await startRedis(logDir);
const prefix = `bench:${randomToken(6)}:`;
const [signing, encryption] = [newSigningKeyEntry('bench'), newEncryptionKeyEntry('bench')];
const platform = await startKeeperPlatform();
const { kv, store } = await openStore(db.url, prefix, encryption);
const instances: Child[] = [];
try {
  console.log(`seeding 100,000 connections (Redis ${db.url}, platform ${platform.emulator.url})`);
  const seedStart = Date.now();
  const seeded = await seedConnections(store, platform);
  const due = seeded.filter((c) => c.due);
  console.log(`seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; ${due.length} due`);

  const instance = async (name: string, keeperIntervalMs: number) => {
    const port = await freePort();
    const env = {
      ...productionEnv(port, { REDIS_URL: db.url }, prefix, signing, encryption),
      ...keeperPlatformEnv(platform),
      TOKEN_KEEPER_INTERVAL_MS: String(keeperIntervalMs),
      TOKEN_RENEW_WINDOW_SECONDS: String(WINDOW_SECONDS),
      PLATFORM_FAN_OUT: String(FAN_OUT),
    };
    const log = join(logDir, `${name}.log`);
    return { name, log, child: await startAdlink(env, log) };
  };
  const started = Date.now();
  const [a, b, off] = await Promise.all([
    instance('keeper-a', INTERVAL_MS),
    instance('keeper-b', INTERVAL_MS),
    instance('keeper-off', 0),
  ]);
  instances.push(a.child, b.child, off.child);
  const ready = Date.now();
  const cpuAt = () => ({ a: a.child.cpuMs(), b: b.child.cpuMs(), off: off.child.cpuMs() });
  const [cpuStart, redisStart] = [cpuAt(), await redisCpuMs(kv)];

  const deadline = started + (WINDOW_SECONDS + 60) * 1000;
  while (platform.firstRefreshTimes.length < due.length && Date.now() < deadline) await sleep(200);
  const renewedAt = platform.firstRefreshTimes[due.length - 1] ?? null;
  const [cpuSwept, redisSwept] = [cpuAt(), await redisCpuMs(kv)];
  await sleep(AFTERMATH_MS);

  // What the store holds now: every due connection with the new credentials, nothing left due.
  const renewedInStore = { count: 0 };
  const now = Date.now() / 1000;
  await inFlight(due.length, async (i) => {
    const c = due[i]!;
    const credentials = await store.connections.credentials(c.company, c.customer, c.platform);
    if (credentials && credentials.expires_at! > now + WINDOW_SECONDS) renewedInStore.count++;
  });
  const stillDue = (await store.tokenSchedule.dueAt(now + WINDOW_SECONDS, 1000)).length;
  const counts = [...platform.refreshes.values()];
  const dueTokens = new Set(due.map((c) => c.refreshToken));
  const renewals = {
    due: due.length,
    refreshesAnswered: platform.refreshTimes.length,
    tokensRefreshed: platform.refreshes.size,
    renewedTwiceOrMore: counts.filter((n) => n > 1).length,
    notDueRefreshed: [...platform.refreshes.keys()].filter((t) => !dueTokens.has(t)).length,
    renewedInStore: renewedInStore.count,
    stillDue,
  };

  const timesA = logTimes(a.log, RENEWED);
  const timesB = logTimes(b.log, RENEWED);
  const sweepSeconds = renewedAt === null ? null : (renewedAt - platform.refreshTimes[0]!) / 1000;
  const sweep = {
    intervalMs: INTERVAL_MS,
    concurrency: FAN_OUT,
    fromStartSeconds: renewedAt === null ? null : (renewedAt - started) / 1000,
    fromReadySeconds: renewedAt === null ? null : (renewedAt - ready) / 1000,
    firstToLastSeconds: sweepSeconds,
    renewalsPerSecond: sweepSeconds ? due.length / sweepSeconds : null,
    byInstance: { a: timesA.length, b: timesB.length },
    sweepsLogged: { a: logTimes(a.log, SWEPT).length, b: logTimes(b.log, SWEPT).length },
    shared100msSlices: sharedBuckets([timesA, timesB], 100),
    cpuMsPerRenewal: {
      keepers: (cpuSwept.a - cpuStart.a + cpuSwept.b - cpuStart.b) / due.length,
      keeperOffInstance: (cpuSwept.off - cpuStart.off) / due.length,
      redis: (redisSwept - redisStart) / due.length,
    },
  };
  console.log(JSON.stringify({ renewals, sweep }, null, 2));

  // Idle: nothing is due now; both keepers go on looking every interval. The sweep's garbage is
  // collected first (its heap settles), so the figure is what a keeper costs for as long as it idles.
  await sleep(IDLE_SETTLE_SECONDS * 1000);
  const [idleStart, idleRedisStart, idleCommandsStart] = [
    cpuAt(),
    await redisCpuMs(kv),
    await redisCommands(kv),
  ];
  await sleep(IDLE_SECONDS * 1000);
  const [idleEnd, idleRedisEnd, idleCommandsEnd] = [cpuAt(), await redisCpuMs(kv), await redisCommands(kv)];
  const cpuUsPerSecond = {
    a: cpuPerSecond(idleEnd.a - idleStart.a, IDLE_SECONDS),
    b: cpuPerSecond(idleEnd.b - idleStart.b, IDLE_SECONDS),
    keeperOff: cpuPerSecond(idleEnd.off - idleStart.off, IDLE_SECONDS),
    redis: cpuPerSecond(idleRedisEnd - idleRedisStart, IDLE_SECONDS),
  };
  const idle = {
    seconds: IDLE_SECONDS,
    cpuUsPerSecond,
    keeperExtra: Math.max(cpuUsPerSecond.a, cpuUsPerSecond.b) - cpuUsPerSecond.keeperOff,
    // Less the bench's own two INFO calls in between.
    redisCommandsPerSecond: (idleCommandsEnd - idleCommandsStart - 2) / IDLE_SECONDS,
    refreshesDuringIdle: platform.refreshTimes.length - renewals.refreshesAnswered,
  };

  const step = Math.floor(seeded.length / MEMORY_SAMPLE);
  const memory = await connectionMemory(
    kv,
    store,
    seeded.filter((_, i) => i % step === 0),
  );

  const verdicts = {
    allRenewed: renewals.renewedInStore === due.length && renewals.stillDue === 0,
    withinWindow: sweep.fromStartSeconds !== null && sweep.fromStartSeconds <= WINDOW_SECONDS,
    oneInstanceAtATime: sweep.shared100msSlices === 0,
    noneRenewedTwice: renewals.renewedTwiceOrMore === 0 && renewals.notDueRefreshed === 0,
    idleCpu: idle.keeperExtra <= IDLE_TARGET_US_PER_S,
    memory: memory.total <= MEMORY_TARGET_BYTES,
  };
  const date = new Date().toISOString().slice(0, 10);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const result: KeeperResult = {
    date: new Date().toISOString(),
    commit,
    platform: 'Google Ads emulator (refresh grant, in the bench process)',
    connections: seeded.length,
    windowSeconds: WINDOW_SECONDS,
    renewals,
    sweep,
    idle,
    memory,
    verdicts,
  };
  const results = new URL('./results/', import.meta.url);
  await mkdir(results, { recursive: true });
  await writeFile(new URL(`${date}-keeper.json`, results), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(new URL(`${date}-keeper.md`, results), keeperMarkdown(result));
  console.log(keeperMarkdown(result));
} finally {
  for (const child of instances) await child.stop();
  await deleteUnder(kv, prefix);
  await kv.close();
  await platform.close();
  await db.child?.stop();
}
