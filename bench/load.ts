import autocannon from 'autocannon';

/** What one scenario sends: a request, or a sequence each connection cycles through. */
export interface Load {
  url: string;
  requests: autocannon.Request[];
  /** Statuses that count as answered; any other is an error. */
  expect: number[];
  /** A fixed number of requests instead of the durations (a pool of single-use links must last). */
  amount?: { warmup: number; run: number };
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 1;
export const SECONDS = 5;

function run(load: Load, seconds: number, amount?: number) {
  return autocannon({
    url: load.url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(amount === undefined ? {} : { amount }),
    requests: load.requests,
    timeout: 10,
    // autocannon ends a run of `amount` requests only at a sample tick: keep the rounding small.
    sampleInt: 100,
  });
}

/** A 1 s warm-up (discarded), then the measured run. */
export async function measure(load: Load): Promise<Measurement> {
  await run(load, WARMUP_SECONDS, load.amount?.warmup);
  const result = await run(load, SECONDS, load.amount?.run);
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !load.expect.includes(Number(status)))
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
  return {
    rps: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    requests: result.requests.total,
  };
}
