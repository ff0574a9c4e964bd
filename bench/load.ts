import autocannon from 'autocannon';
import type { Scenario } from './scenarios.js';

/** What one scenario sends: a request, or a sequence each connection cycles through. */
export interface Load {
  url: string;
  requests: autocannon.Request[];
  /** Statuses that count as answered; any other is an error. */
  expect: number[];
  /** A fixed number of requests instead of the durations (a pool of single-use links must last). */
  amount?: { warmup: number; run: number };
  /** Concurrent connections, when not `CONNECTIONS`. */
  connections?: number;
}

/** CPU time so far of the process that answers, and of Redis, in ms: what one request costs each. */
export interface CpuClocks {
  server: () => number;
  redis: () => Promise<number>;
  /** The answering process's resident memory now, in MB (where RSS growth is reported). */
  serverRssMb?: () => number;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** CPU time per request, in µs, of the answering process and of Redis (whoever else uses it too). */
  serverCpuUs: number;
  redisCpuUs: number;
  /** How much the answering process's RSS grew over the measured run, in MB. */
  rssGrowthMb?: number;
}

export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 1;
export const SECONDS = 5;

function run(load: Load, seconds: number, amount?: number) {
  return autocannon({
    url: load.url,
    connections: load.connections ?? CONNECTIONS,
    duration: seconds,
    ...(amount === undefined ? {} : { amount }),
    requests: load.requests,
    timeout: 10,
    // autocannon ends a run of `amount` requests only at a sample tick: keep the rounding small.
    sampleInt: 100,
  });
}

/** A 1 s warm-up (discarded), then the measured run. */
export async function measure(load: Load, cpu: CpuClocks): Promise<Measurement> {
  await run(load, WARMUP_SECONDS, load.amount?.warmup);
  const [server, redis, rss] = [cpu.server(), await cpu.redis(), cpu.serverRssMb?.()];
  const result = await run(load, SECONDS, load.amount?.run);
  const rssNow = cpu.serverRssMb?.();
  const perRequest = (ms: number) => (1000 * ms) / Math.max(1, result.requests.total);
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !load.expect.includes(Number(status)))
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
  return {
    rps: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    requests: result.requests.total,
    serverCpuUs: perRequest(cpu.server() - server),
    redisCpuUs: perRequest((await cpu.redis()) - redis),
    ...(rss === undefined || rssNow === undefined ? {} : { rssGrowthMb: rssNow - rss }),
  };
}

/**
 * Every scenario of the list in turn, `rounds` times (interleaved: a scenario and its baseline see the
 * same load on the machine); `redisCpuMs` is the clock of the Redis a scenario's server uses.
 */
export async function measureRounds(
  list: Scenario[],
  rounds: number,
  redisCpuMs: (scenario: Scenario) => Promise<number>,
): Promise<Record<string, Measurement>[]> {
  const measured: Record<string, Measurement>[] = [];
  for (let round = 1; round <= rounds; round++) {
    const results: Record<string, Measurement> = {};
    for (const scenario of list) {
      const m = await measure(await scenario.prepare(), {
        server: () => scenario.server.cpuMs(),
        redis: () => redisCpuMs(scenario),
        serverRssMb: () => scenario.server.rssMb(),
      });
      results[scenario.id] = m;
      console.log(
        `round ${round} ${scenario.id.padEnd(10)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  CPU ${m.serverCpuUs.toFixed(0)} µs/req  Redis ${m.redisCpuUs.toFixed(0)} µs/req  errors ${m.errors}`,
      );
    }
    measured.push(results);
  }
  return measured;
}
