import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './redis-server.js';

/**
 * A private redis-server on a free port that a test may kill, restart, block or starve of memory
 * without disturbing the shared test Redis. Always `stop()` it (afterEach), even after a failure.
 */
export interface ThrowawayRedis {
  readonly port: number;
  readonly url: string;
  /** Its working directory: `SAVE` writes dump.rdb here and a restart loads it back. */
  readonly dir: string;
  /** A new client (no reconnects, no offline queue surprises); disconnected by `stop()`. */
  client(): Promise<Redis>;
  /** Kills the server (SIGKILL by default, like a crash) and waits until the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the server again on the same port and directory; resolves once PING answers. */
  restart(): Promise<void>;
  /** Kills the server, disconnects every client and removes the directory. Safe to call twice. */
  stop(): Promise<void>;
}

const BINARY = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(existsSync);

/** Redis 7 refuses DEBUG unless `enable-debug-command` allows it; older servers do not know the option. */
function debugArgs(binary: string): string[] {
  const version = /v=(\d+)\./.exec(execFileSync(binary, ['--version'], { encoding: 'utf8' }));
  return Number(version?.[1] ?? 0) >= 7 ? ['--enable-debug-command', 'local'] : [];
}

/** True once the server answers PING with PONG (not LOADING, not refused). */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  if (!BINARY) throw new Error('throwaway Redis needs redis-server (apt-get install -y redis-server)');
  const binary = BINARY;
  const extra = debugArgs(binary);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'adlink-redis-'));
  const clients: Redis[] = [];
  let child: ChildProcess | undefined;
  let output = '';

  const launch = async () => {
    output = '';
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const proc = spawn(binary, [...args, '--dir', dir, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    proc.stdout?.on('data', collect);
    proc.stderr?.on('data', collect);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null || proc.signalCode !== null) break;
      if (await pings(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    proc.kill('SIGKILL');
    throw new Error(`throwaway redis-server on port ${port} did not answer PING:\n${output}`);
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill(signal);
    await exited;
  };

  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    async client() {
      const client = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
      client.on('error', () => {});
      clients.push(client);
      await client.connect();
      return client;
    },
    kill,
    async restart() {
      await kill();
      await launch();
    },
    async stop() {
      for (const client of clients.splice(0)) client.disconnect();
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
