import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Child } from './processes.js';

/** The signal adlink writes a heap snapshot on, when the bench asks for snapshots. */
export const SNAPSHOT_SIGNAL = 'SIGUSR2';

/** Node's flags for a process whose heap snapshots go to `dir` on `SNAPSHOT_SIGNAL`. */
export const snapshotFlags = (dir: string) => [
  `--heapsnapshot-signal=${SNAPSHOT_SIGNAL}`,
  `--diagnostic-dir=${dir}`,
];

const snapshots = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.heapsnapshot'));

/** Asks `child` for a heap snapshot in `dir` and waits until it is written; returns its path. */
export async function takeSnapshot(child: Child, dir: string): Promise<string> {
  const before = new Set(snapshots(dir));
  child.process.kill(SNAPSHOT_SIGNAL);
  let size = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = snapshots(dir).find((name) => !before.has(name));
    if (!written) continue;
    const path = join(dir, written);
    // Written in one go by the main thread: done once its size stops changing.
    const now = statSync(path).size;
    if (now > 0 && now === size) return path;
    size = now;
  }
}
