import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * CPU time a process has used so far, ms: the scheduler's count of each of its threads' time on a CPU,
 * in ns (/proc/<pid>/task/<tid>/schedstat), where /proc/<pid>/stat counts in 10 ms ticks and reads a
 * short window or an idle process coarsely. A thread that has ended no longer counts; the benches'
 * processes keep theirs (V8's and libuv's).
 */
export function cpuMsOf(pid: number): number {
  let ns = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

export interface Child {
  process: ChildProcess;
  /** Resident memory in MB, from /proc. */
  rssMb(): number;
  /** CPU time used so far, ms (`cpuMsOf`). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Starts a process with its stdout (adlink's request log) written to `logFile`, as a log collector
 * would take it, and waits until a line there matches `ready`; stderr is passed through.
 */
export async function startChild(
  command: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<Child> {
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, 'inherit'] });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + timeoutMs;
  while (!ready.test(readFileSync(logFile, 'utf8'))) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    process: child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
    },
    cpuMs: () => cpuMsOf(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
