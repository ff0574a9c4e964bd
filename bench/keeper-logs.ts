import { readFileSync } from 'node:fs';

/** The times (ms since epoch) of an instance's log lines with this message. */
export function logTimes(logFile: string, msg: string): number[] {
  const times: number[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes(`"msg":"${msg}"`)) continue;
    times.push((JSON.parse(line) as { time: number }).time);
  }
  return times;
}

/**
 * How many `bucketMs` slices of time saw renewals by more than one instance: 0 when one instance
 * at a time renews (a lease handed over between two sweeps can share at most one slice).
 */
export function sharedBuckets(timesByInstance: number[][], bucketMs: number): number {
  const owners = new Map<number, Set<number>>();
  timesByInstance.forEach((times, instance) => {
    for (const time of times) {
      const bucket = Math.floor(time / bucketMs);
      const set = owners.get(bucket) ?? new Set<number>();
      set.add(instance);
      owners.set(bucket, set);
    }
  });
  return [...owners.values()].filter((set) => set.size > 1).length;
}
