import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FillStep, GrowthFill, spread, usedMemory } from './growth-fill.js';
import { bytesPerRecord, keyUsage } from './growth-memory.js';
import { type GrowthSize, growthMarkdown } from './growth-report.js';
import { CONNECTIONS, measureRounds, SECONDS, WARMUP_SECONDS } from './load.js';
import { ROUNDS, summarize } from './report.js';
import { cachedPagesScenario, type LinkTargets, linkScenarios, type Scenario } from './scenarios.js';
import { baselineTokenFor, sessionTokenFor } from './seed.js';
import { type Stack, startStack } from './stack.js';
import { measureStartup } from './startup.js';

/**
 * `npm run bench:growth`: fills one throwaway Redis with 1k, then 100k, then 1M customers (connections
 * and cached ad sets in proportion, growth-fill.ts) and measures S1, S2 and a cached ad-set page at
 * each size against the same adlink (production build), with customers spread over the whole filled
 * set; at the first size also S1 and S2 on a local 3-master Redis Cluster, beside the single Redis;
 * then adlink's startup. Writes bench/results/<date>-growth.json and .md.
 * BENCH_GROWTH_SIZES=1000,100000 picks the sizes; BENCH_CLUSTER_PORT the cluster's first port (7201);
 * BENCH_CLUSTER=0 leaves the cluster out; BENCH_STARTUP_RUNS the starts (10).
 */
const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const CLUSTER_PORT = Number(process.env.BENCH_CLUSTER_PORT) || 7201;
const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS) || 10;
/** Customers S1 cycles through, links S2 does, cached lists the page scenario does. */
const SPREAD = { links: 500, sessions: 200, pages: 200 };

/** S1's customers and S2's links, spread over everything filled so far (S2's links issued through the API). */
async function linkTargets(stack: Stack, fill: GrowthFill): Promise<LinkTargets> {
  const sessions = [];
  for (const { token, customer } of spread(fill.customers, SPREAD.sessions)) {
    sessions.push({ token, sessionToken: await sessionTokenFor(stack, token, customer) });
  }
  const baselineCustomer = fill.customers[0]!.customer;
  return {
    customers: spread(fill.customers, SPREAD.links),
    sessions,
    baselineCustomer,
    baselineToken: await baselineTokenFor(stack, baselineCustomer),
  };
}

function startCluster(dir: string): string[] {
  const output = execFileSync('.ci/redis-cluster', ['start', dir, String(CLUSTER_PORT)], {
    encoding: 'utf8',
  });
  return /REDIS_CLUSTER_NODES=(\S+)/.exec(output)![1]!.split(',');
}

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const stack = await startStack();
const fill = new GrowthFill(stack);
const clusterDir =
  process.env.BENCH_CLUSTER === '0' ? undefined : mkdtempSync(join(tmpdir(), 'adlink-cluster-'));
let cluster: { stack: Stack; fill: GrowthFill } | undefined;
try {
  if (clusterDir) {
    const clusterStack = await startStack({ clusterNodes: startCluster(clusterDir) });
    cluster = { stack: clusterStack, fill: new GrowthFill(clusterStack) };
  }
  const steps: FillStep[] = [];
  const sizes: GrowthSize[] = [];
  let clusterSummary: ReturnType<typeof summarize> | undefined;
  for (const size of SIZES) {
    const grown = await fill.growTo(size);
    steps.push(...grown);
    for (const s of grown) console.log(`${size}: ${s.count} ${s.kind} in ${s.seconds.toFixed(1)} s`);
    const memory = {
      usedBytes: await usedMemory(stack),
      perRecord: bytesPerRecord(steps),
      keys: await keyUsage(stack, fill),
    };
    const list: Scenario[] = [
      ...linkScenarios(stack, await linkTargets(stack, fill)),
      cachedPagesScenario(stack, spread(fill.cached(), SPREAD.pages)),
    ];
    const clusterList: Scenario[] = [];
    if (cluster) {
      await cluster.fill.growTo(size);
      clusterList.push(
        ...linkScenarios(cluster.stack, await linkTargets(cluster.stack, cluster.fill))
          .filter((s) => s.baseline)
          .map((s) => ({ ...s, id: `${s.id} cluster` })),
      );
    }
    const onCluster = (s: Scenario) => cluster !== undefined && s.id.endsWith(' cluster');
    const rounds = await measureRounds([...list, ...clusterList], ROUNDS, (s) =>
      (onCluster(s) ? cluster!.stack : stack).redisCpuMs(),
    );
    if (cluster) {
      clusterSummary = summarize([...list.filter((s) => s.id !== 'S4 page'), ...clusterList], rounds);
      await cluster.stack.close();
      execFileSync('.ci/redis-cluster', ['stop', clusterDir!]);
      cluster = undefined;
    }
    sizes.push({ size, fill: grown, memory, summary: summarize(list, rounds), rounds });
  }
  const startup = await measureStartup(stack.redisUrl, STARTUP_RUNS);
  console.log(`startup: median ${startup.medianMs.toFixed(0)} ms of ${STARTUP_RUNS}`);

  const date = new Date().toISOString().slice(0, 10);
  const settings = {
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    rounds: ROUNDS,
  };
  const table = growthMarkdown({ date, settings, sizes, cluster: clusterSummary, startup });
  const results = new URL('./results/', import.meta.url);
  mkdirSync(results, { recursive: true });
  writeFileSync(
    new URL(`${date}-growth.json`, results),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, settings, sizes, cluster: clusterSummary, startup }, null, 2)}\n`,
  );
  writeFileSync(new URL(`${date}-growth.md`, results), table);
  console.log(`\n${table}`);
} finally {
  if (cluster) await cluster.stack.close();
  if (clusterDir) execFileSync('.ci/redis-cluster', ['stop', clusterDir]);
  await stack.close();
}
