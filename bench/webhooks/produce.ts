/** Emits event number `i`; resolves to its key (what the receiver finds in `data.id`), or null when emitting failed. */
export type Emit = (i: number) => Promise<string | null>;

export interface Produced {
  keys: string[];
  failures: number;
  startedAt: number;
  endedAt: number;
  /** Open loop: how late the latest-started event was against its schedule (the producer's own lag). */
  maxLagMs: number;
  /** When the deliveries could start, if not at `startedAt` (a paused queue's resumption). */
  deliveriesFrom?: number;
}

/** A BullMQ queue's global pause switch, as seen from outside its worker. */
export interface PauseSwitch {
  pause(): Promise<void>;
  resume(): Promise<void>;
}

/**
 * Delivery capacity: the events are produced while the queue is paused, so they all wait as jobs;
 * deliveries are counted from the moment the queue is resumed, and so is their CPU (`startClocks`).
 */
export async function queuedThenResumed(
  queue: PauseSwitch,
  produce: () => Promise<Produced>,
  startClocks: () => Promise<void>,
): Promise<Produced> {
  await queue.pause();
  try {
    const produced = await produce();
    await startClocks();
    return { ...produced, deliveriesFrom: Date.now() };
  } finally {
    await queue.resume();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(started: Promise<string | null>[], startedAt: number, maxLagMs: number) {
  const outcomes = await Promise.all(started);
  const keys = outcomes.filter((key) => key !== null);
  return { keys, failures: outcomes.length - keys.length, startedAt, endedAt: Date.now(), maxLagMs };
}

/** Open loop: `rate` events a second for `seconds`, each started on schedule whether the earlier ones are answered or not. */
export async function atRate(emit: Emit, rate: number, seconds: number): Promise<Produced> {
  const started: Promise<string | null>[] = [];
  const startedAt = Date.now();
  let maxLagMs = 0;
  for (let i = 0; i < rate * seconds; i++) {
    const due = startedAt + (i * 1000) / rate;
    const early = due - Date.now();
    if (early >= 1) await sleep(early);
    maxLagMs = Math.max(maxLagMs, Date.now() - due);
    started.push(emit(i));
  }
  return settle(started, startedAt, maxLagMs);
}

/** Closed loop: `count` events from `concurrency` emitters, each starting the next once answered. */
export async function asFastAsPossible(emit: Emit, count: number, concurrency: number): Promise<Produced> {
  const started: Promise<string | null>[] = [];
  const startedAt = Date.now();
  const emitter = async () => {
    while (started.length < count) {
      const next = emit(started.length);
      started.push(next);
      await next;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, emitter));
  return settle(started, startedAt, 0);
}
