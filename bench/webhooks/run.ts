import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { WORKER_CONCURRENCY } from '../../src/events/webhooks/bullmq-queue.js';
import { DELIVERIES_KEPT } from '../../src/events/webhooks/delivery-store.js';
import { CONNECTIONS } from '../load.js';
import { startChild } from '../processes.js';
import { ROUNDS } from '../report.js';
import { api, createCompany } from '../seed.js';
import { startStack } from '../stack.js';
import { adlinkEmit, B4_COMPANY, baselineEmit, type Emitter } from './emitters.js';
import { measureEmitting, measurePhase } from './phase.js';
import { asFastAsPossible, atRate, queuedThenResumed } from './produce.js';
import { Receiver } from './receiver.js';
import { markdown, PHASES, type Round, type Settings, summarize } from './report.js';

/**
 * `npm run bench:webhooks`: S7, adlink's webhook deliveries to a local receiver, against B4, a bare
 * BullMQ worker posting the same signed bodies, in the same run: at a fixed rate (latency) and as fast
 * as they go (deliveries/s). Writes bench/results/<date>-webhooks.json and .md.
 * BENCH_WEBHOOK_RATE (500), BENCH_WEBHOOK_SECONDS (20), BENCH_WEBHOOK_MAX_EVENTS (5000),
 * BENCH_WEBHOOK_COMPANIES (4: events spread over that many companies), BENCH_ROUNDS, BENCH_CPU_PROF (adlink's processes and B4's);
 * WEBHOOK_COMPANY_CONCURRENCY is passed on to adlink. BENCH_WEBHOOK_ONLY=queued (words of the phases'
 * names) runs only those phases and prints them, writing no results. adlink runs split by role, the deliveries in a
 * worker process of their own (issue 37); BENCH_WEBHOOK_ROLES=all runs one process that does both.
 */
const setting = (name: string, fallback: number) => Number(process.env[name]) || fallback;
const companies = setting('BENCH_WEBHOOK_COMPANIES', 4);
const settings: Settings = {
  rate: setting('BENCH_WEBHOOK_RATE', 500),
  seconds: setting('BENCH_WEBHOOK_SECONDS', 20),
  maxEvents: setting('BENCH_WEBHOOK_MAX_EVENTS', 5000),
  companies,
  // A backlog beyond an endpoint's kept deliveries pushes pending ones out (docs/webhooks-and-events.md).
  queuedEvents: Math.min(setting('BENCH_WEBHOOK_MAX_EVENTS', 5000), DELIVERIES_KEPT * companies),
  companyConcurrency: process.env.WEBHOOK_COMPANY_CONCURRENCY ?? '3 (the default)',
  split: process.env.BENCH_WEBHOOK_ROLES !== 'all',
  workerConcurrency: WORKER_CONCURRENCY,
  rounds: ROUNDS,
};

const only = (process.env.BENCH_WEBHOOK_ONLY ?? '').split(',').filter(Boolean);
const chosen = (id: string) => only.length === 0 || only.some((word) => id.split(' ').includes(word));

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const stack = await startStack({
  profileDir: process.env.BENCH_CPU_PROF,
  extraEnv: { WEBHOOK_PRIVATE_TARGETS: 'loopback', ACCESS_TOKEN_QUOTA: '1000000' },
  split: settings.split,
});
const receiver = new Receiver();
const cleanups: (() => Promise<void>)[] = [() => receiver.close(), () => stack.close()];
try {
  const hooks = await receiver.listen();
  const secrets = new Map<string, string>();
  const companies: Emitter[] = [];
  for (let i = 0; i < settings.companies; i++) {
    const { company, token } = createCompany(stack, `Webhook company ${i + 1}`);
    const customer = (await api(stack, token, 'POST', '/customers', { name: 'Webhook customer' }))
      .id as string;
    const endpoint = await api(stack, token, 'POST', '/webhook_endpoints', {
      url: hooks,
      events: ['token.created'],
    });
    secrets.set(company, endpoint.secret as string);
    companies.push({ company, token, customer });
  }

  const quiet = createCompany(stack, 'Company without endpoints');
  const quietCustomer = (await api(stack, quiet.token, 'POST', '/customers', { name: 'Quiet customer' }))
    .id as string;
  const emitQuietly = adlinkEmit(stack.adlink.url, [{ ...quiet, customer: quietCustomer }]);

  const b4Secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const b4Prefix = `${stack.prefix}b4`;
  const b4 = await startChild(
    'node',
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      'bench/webhooks/baseline-worker.ts',
    ],
    {
      REDIS_URL: stack.redisUrl,
      B4_PREFIX: b4Prefix,
      B4_QUEUE: 'b4',
      B4_SECRET: b4Secret,
      B4_TARGET: hooks,
      B4_CONCURRENCY: String(WORKER_CONCURRENCY),
    },
    join(stack.logDir, 'b4.log'),
    /b4 ready/,
  );
  cleanups.unshift(() => b4.stop());
  const baseline = baselineEmit(stack.redisUrl, b4Prefix, 'b4');
  cleanups.unshift(baseline.close);

  // The queues' pause switches, from outside: adlink's (see src/events/keys.ts) and B4's.
  const switchOf = (name: string, prefix: string) => {
    const queue = new Queue(name, { connection: { url: stack.redisUrl }, prefix });
    cleanups.unshift(() => queue.close());
    return queue;
  };
  const sides = {
    S7: {
      emit: adlinkEmit(stack.adlink.url, companies),
      secrets,
      // The process that delivers: the worker when split (the emitting requests are then the API's).
      process: stack.worker ?? stack.adlink,
      queue: switchOf('events', `${stack.prefix}{webhooks}`),
    },
    B4: {
      emit: baseline.emit,
      secrets: new Map([[B4_COMPANY, b4Secret]]),
      process: b4,
      queue: switchOf('b4', b4Prefix),
    },
  };
  type Side = (typeof sides)[keyof typeof sides];
  type Producer = (side: Side, startClocks: () => Promise<void>) => ReturnType<typeof atRate>;
  const producers: Record<'rate' | 'max' | 'queued', Producer> = {
    rate: (side) => atRate(side.emit, settings.rate, settings.seconds),
    max: (side) => asFastAsPossible(side.emit, settings.maxEvents, CONNECTIONS),
    queued: (side, startClocks) =>
      queuedThenResumed(
        side.queue,
        () => asFastAsPossible(side.emit, settings.queuedEvents, CONNECTIONS),
        startClocks,
      ),
  };
  // A queued phase of each side first, unmeasured, so that neither is measured cold: a short run left
  // adlink's worker still compiling its delivery path through round 1 (CPU per delivery 2.3 × round 3's).
  for (const side of Object.values(sides)) {
    await measurePhase(receiver, side.secrets, (startClocks) => producers.queued(side, startClocks), {
      server: () => 0,
      redis: async () => 0,
    });
  }

  const rounds: Round[] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    const results = {} as Round;
    results['S7 emitting'] = await measureEmitting(
      () => asFastAsPossible(emitQuietly, settings.maxEvents, CONNECTIONS),
      { server: () => stack.adlink.cpuMs(), redis: () => stack.redisCpuMs() },
    );
    const e = results['S7 emitting'];
    console.log(
      `round ${round} emitting alone: ${e.events} events, ${e.emitPerSecond.toFixed(0)}/s, CPU ${e.cpuUsPerEvent.toFixed(0)} µs  Redis ${e.redisUsPerEvent.toFixed(0)} µs`,
    );
    for (const id of PHASES.filter(chosen)) {
      const [sideId, mode] = id.split(' ') as ['S7' | 'B4', 'rate' | 'max' | 'queued'];
      const side = sides[sideId];
      const result = await measurePhase(
        receiver,
        side.secrets,
        (startClocks) => producers[mode](side, startClocks),
        {
          server: () => side.process.cpuMs(),
          redis: () => stack.redisCpuMs(),
        },
      );
      results[id] = result;
      console.log(
        `round ${round} ${id.padEnd(7)} ${result.events} events (${result.emitPerSecond.toFixed(0)}/s emitted, lag ≤ ${result.maxLagMs} ms)  ${result.deliveriesPerSecond.toFixed(0)} delivered/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  max ${result.maxMs} ms  lost ${result.lost}  dup ${result.duplicates}  bad sig ${result.badSignatures}  emit failures ${result.emitFailures}  CPU ${result.cpuUsPerDelivery.toFixed(0)} µs  Redis ${result.redisUsPerDelivery.toFixed(0)} µs`,
      );
    }
    rounds.push(results);
  }
  if (only.length === 0) {
    const summary = summarize(rounds);
    const date = new Date().toISOString().slice(0, 10);
    const table = markdown(summary, settings, date);
    const results = new URL('../results/', import.meta.url);
    await mkdir(results, { recursive: true });
    const result = { date: new Date().toISOString(), node: process.version, settings, ...summary, rounds };
    await writeFile(new URL(`${date}-webhooks.json`, results), `${JSON.stringify(result, null, 2)}\n`);
    await writeFile(new URL(`${date}-webhooks.md`, results), table);
    console.log(`\n${table}`);
  }
} finally {
  for (const cleanup of cleanups) await cleanup();
}
