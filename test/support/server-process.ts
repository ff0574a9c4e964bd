import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The server as a process (`node --import tsx src/server.ts` from the repository root), with its output collected. */
export interface ServerProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** stdout lines that parse as JSON objects (the pino log). */
  logLines(): Record<string, unknown>[];
  /** Resolves with stdout once it matches; rejects when the process exits first or time runs out. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the process has exited and its output is fully read. */
  exited(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL unless it already exited; for afterEach. */
  kill(): Promise<void>;
}

/**
 * Starts the real server (from the checkout at `cwd`) with exactly `env` (plus PATH and HOME): nothing leaks in from the test
 * runner's environment, such as NODE_ENV=test or a REDIS_URL. `args` are Node's: the sources through tsx
 * unless told otherwise (`['dist/server.js']`, the production build).
 */
export function spawnServer(
  env: Record<string, string>,
  cwd: string = repoRoot,
  args: string[] = ['--import', 'tsx', 'src/server.ts'],
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void closed.then(() => {
    done = true;
  });

  const withTimeout = <T>(promise: Promise<T>, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${what}\nstdout:\n${out}\nstderr:\n${err}`,
            ),
          ),
        timeoutMs,
      );
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    logLines: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    waitForStdout(pattern, timeoutMs = 10_000) {
      const matched = new Promise<string>((resolve, reject) => {
        const check = () => {
          if (pattern.test(out)) {
            cleanup();
            resolve(out);
          }
        };
        const exitedFirst = () => {
          cleanup();
          if (pattern.test(out)) resolve(out);
          else
            reject(new Error(`server exited before printing ${pattern}\nstdout:\n${out}\nstderr:\n${err}`));
        };
        const cleanup = () => {
          child.stdout!.off('data', check);
          child.off('close', exitedFirst);
        };
        child.stdout!.on('data', check);
        child.once('close', exitedFirst);
        if (done) exitedFirst();
        else check();
      });
      return withTimeout(matched, timeoutMs, `stdout to match ${pattern}`);
    },
    exited: (timeoutMs = 10_000) => withTimeout(closed, timeoutMs, 'the server to exit'),
    async kill() {
      if (!done) child.kill('SIGKILL');
      await closed;
    },
  };
}
