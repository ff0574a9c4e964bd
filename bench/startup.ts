import { spawn } from 'node:child_process';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { cpuMsOf, freePort } from './processes.js';
import { median } from './report.js';
import { adlinkEnv, imageNodeFlags } from './stack.js';

/**
 * Startup: the production build (`node <the Dockerfile CMD's flags> dist/server.js`, NODE_ENV=production,
 * Redis store) from exec to the first `/readyz` 200, polled every `POLL_MS`; `runs` starts, one at a time.
 * Beside the time, the CPU the process had used by then: on a loaded machine it moves far less.
 */

export const STARTUP_TARGET_MS = 1000;
const POLL_MS = 5;

export interface Startup {
  runs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** CPU (user + system) used until ready, per start, and its median. */
  cpuRuns: number[];
  medianCpuMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One start of the build in `cwd` (the checkout holding dist/, views/, public/, node_modules/). */
async function startOnce(redisUrl: string, cwd = '.'): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort();
  const env = adlinkEnv(
    port,
    { REDIS_URL: redisUrl },
    `bench:${randomToken(6)}:`,
    newSigningKeyEntry('bench'),
    newEncryptionKeyEntry('bench'),
  );
  const started = performance.now();
  const child = spawn('node', [...imageNodeFlags(), 'dist/server.js'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`adlink exited with ${child.exitCode} before it was ready`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
      if (performance.now() - started > 30_000) throw new Error('adlink was not ready within 30 s');
      await sleep(POLL_MS);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function summarize(starts: { ms: number; cpuMs: number }[]): Startup {
  const times = starts.map((start) => start.ms);
  const cpu = starts.map((start) => start.cpuMs);
  return {
    runs: times,
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    cpuRuns: cpu,
    medianCpuMs: median(cpu),
  };
}

/** `runs` starts of each build in `checkouts`, taking turns (so each sees the same moments of the machine). */
export async function measureStartups(
  redisUrl: string,
  runs: number,
  checkouts: string[],
): Promise<Startup[]> {
  const starts = checkouts.map(() => [] as { ms: number; cpuMs: number }[]);
  for (let run = 0; run < runs; run++) {
    for (const [i, cwd] of checkouts.entries()) starts[i]!.push(await startOnce(redisUrl, cwd));
  }
  return starts.map(summarize);
}

export const measureStartup = async (redisUrl: string, runs: number): Promise<Startup> =>
  (await measureStartups(redisUrl, runs, ['.']))[0]!;
