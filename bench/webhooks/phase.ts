import type { CpuClocks } from '../load.js';
import type { Produced } from './produce.js';
import type { Receiver } from './receiver.js';

/** A phase ends when every event has arrived, or when nothing has arrived for this long. */
const DRAIN_IDLE_MS = 15_000;
/** Then the receiver listens this much longer, for duplicates. */
const GRACE_MS = 1000;

export interface PhaseResult {
  events: number;
  emitFailures: number;
  /** Events emitted a second (the producer's own rate). */
  emitPerSecond: number;
  maxLagMs: number;
  delivered: number;
  lost: number;
  /** Deliveries beyond the first of an event. */
  duplicates: number;
  /** Events received that this phase did not emit. */
  strays: number;
  badSignatures: number;
  /** Events delivered ÷ time from the first emit (or the queue's resumption) to the last first receipt. */
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * CPU time per delivered event, µs: the delivering process (adlink in one process: the emitting
   * requests too) and Redis; from the first emit, or from the queue's resumption.
   */
  cpuUsPerDelivery: number;
  redisUsPerDelivery: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]! : Number.NaN;

async function drain(receiver: Receiver, expected: number): Promise<void> {
  let seen = -1;
  let idleSince = Date.now();
  while (receiver.receipts.keys.size < expected && Date.now() - idleSince < DRAIN_IDLE_MS) {
    if (receiver.receipts.keys.size !== seen) {
      seen = receiver.receipts.keys.size;
      idleSince = Date.now();
    }
    await sleep(100);
  }
  await sleep(GRACE_MS);
}

/** Produces a phase's events, waits until they have arrived, and counts what the receiver saw. */
export async function measurePhase(
  receiver: Receiver,
  secrets: Map<string, string>,
  produce: (startClocks: () => Promise<void>) => Promise<Produced>,
  cpu: CpuClocks,
): Promise<PhaseResult> {
  receiver.begin(secrets);
  let [server, redis] = [cpu.server(), await cpu.redis()];
  // A producer that holds the deliveries back starts the clocks again when it lets them go.
  const produced = await produce(async () => {
    [server, redis] = [cpu.server(), await cpu.redis()];
  });
  await drain(receiver, produced.keys.length);
  const [serverMs, redisMs] = [cpu.server() - server, (await cpu.redis()) - redis];

  const r = receiver.receipts;
  const emitted = new Set(produced.keys);
  const delivered = produced.keys.filter((key) => r.keys.has(key)).length;
  const latencies = [...r.latenciesMs].sort((a, b) => a - b);
  const perDelivery = (ms: number) => (1000 * ms) / Math.max(1, delivered);
  return {
    events: produced.keys.length,
    emitFailures: produced.failures,
    emitPerSecond:
      (1000 * (produced.keys.length + produced.failures)) / (produced.endedAt - produced.startedAt),
    maxLagMs: produced.maxLagMs,
    delivered,
    lost: produced.keys.length - delivered,
    duplicates: [...r.perEvent.values()].reduce((sum, n) => sum + n - 1, 0),
    strays: [...r.keys].filter((key) => !emitted.has(key)).length,
    badSignatures: r.badSignatures,
    deliveriesPerSecond: (1000 * delivered) / (r.lastAt - (produced.deliveriesFrom ?? produced.startedAt)),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    cpuUsPerDelivery: perDelivery(serverMs),
    redisUsPerDelivery: perDelivery(redisMs),
  };
}

/** What emitting costs adlink without any delivery: events of a company that has no endpoint. */
export interface EmitCost {
  events: number;
  emitFailures: number;
  emitPerSecond: number;
  cpuUsPerEvent: number;
  redisUsPerEvent: number;
}

export async function measureEmitting(produce: () => Promise<Produced>, cpu: CpuClocks): Promise<EmitCost> {
  const [server, redis] = [cpu.server(), await cpu.redis()];
  const produced = await produce();
  const [serverMs, redisMs] = [cpu.server() - server, (await cpu.redis()) - redis];
  const perEvent = (ms: number) => (1000 * ms) / Math.max(1, produced.keys.length);
  return {
    events: produced.keys.length,
    emitFailures: produced.failures,
    emitPerSecond: (1000 * produced.keys.length) / (produced.endedAt - produced.startedAt),
    cpuUsPerEvent: perEvent(serverMs),
    redisUsPerEvent: perEvent(redisMs),
  };
}
