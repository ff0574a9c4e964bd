import { spawn } from 'node:child_process';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { freePort } from './processes.js';
import { median } from './report.js';
import { adlinkEnv, imageNodeFlags } from './stack.js';

/**
 * Startup: the production build (`node <the Dockerfile CMD's flags> dist/server.js`, NODE_ENV=production,
 * Redis store) from exec to the first `/readyz` 200, polled every `POLL_MS`; `runs` starts, one at a time.
 */

export const STARTUP_TARGET_MS = 1000;
const POLL_MS = 5;

export interface Startup {
  runs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startOnce(redisUrl: string): Promise<number> {
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
      if (ready) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error('adlink was not ready within 30 s');
      await sleep(POLL_MS);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function measureStartup(redisUrl: string, runs: number): Promise<Startup> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await startOnce(redisUrl));
  return { runs: times, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times) };
}
