import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The Redis the store contract and HTTP tests run against: REDIS_URL, else 127.0.0.1:6379, else a
 * throwaway redis-server on a free port. Never skipped: without any Redis the run fails and says why.
 */
export default async function setup(project: TestProject) {
  const candidates = [process.env.REDIS_URL, 'redis://127.0.0.1:6379'].filter((u): u is string => Boolean(u));
  for (const url of candidates) {
    if (await reachable(url)) {
      project.provide('redisUrl', url);
      return;
    }
  }
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(existsSync);
  if (!binary) {
    throw new Error(
      'The tests need Redis: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server (apt-get install -y redis-server).',
    );
  }
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await reachable(url)); i++) await new Promise((r) => setTimeout(r, 100));
  project.provide('redisUrl', url);
  return () => {
    child.kill('SIGTERM');
  };
}
