import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, expect } from 'vitest';

/** A documented command line, running as a reader runs it in a terminal of its own. */
export interface RunningLine {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  /** Resolves with the output once it matches; rejects when the process exits first or 60 s pass. */
  waitFor: (pattern: RegExp) => Promise<string>;
}

/** One line in its own bash and process group (so npm's children stop with it), with PATH, HOME and `env`. */
function runLine(line: string, env: Record<string, string>): RunningLine {
  const child = spawn('bash', ['-c', line], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const append = (chunk: Buffer) => {
    out += chunk.toString('utf8');
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`no ${pattern} within 60 s:\n${out}`)), 60_000);
      const check = () => {
        if (pattern.test(out)) finish();
      };
      const exited = () => finish(new Error(`exited before ${pattern}:\n${out}`));
      function finish(error?: Error) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        child.off('exit', exited);
        if (error) reject(error);
        else resolve(out);
      }
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('exit', exited);
      check();
    });
  return { child, output: () => out, waitFor };
}

/** A line starter for a test file: every line it started is killed (with its process group) after each test. */
export function linesStoppedAfterEach(): (line: string, env: Record<string, string>) => RunningLine {
  const started: RunningLine[] = [];
  afterEach(async () => {
    for (const { child } of started.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGKILL');
      await gone;
    }
  });
  return (line, env) => {
    const running = runLine(line, env);
    started.push(running);
    return running;
  };
}

/** Waits until adlink at `api` answers /readyz with 200. */
export async function ready(api: string): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`${api}/readyz`).then(
          (res) => res.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
}
