import type { DestinationStream } from 'pino';
import type { Config, RedisTarget } from '../config.js';
import { loadKeyRing } from '../crypto/keys.js';
import { StoreUnavailableError } from '../errors.js';
import { createLogger } from '../logger.js';
import type { Store } from '../store/index.js';
import { openStore } from '../store/open.js';
import { CommandError, type Io, UsageError } from './command.js';

const NO_REDIS_URL =
  'REDIS_URL is not set. Without it the server keeps its data in an embedded store inside the running ' +
  'server process, which the CLI cannot reach. Set REDIS_URL (and REDIS_KEY_PREFIX, if the server uses ' +
  'one) to the same values as the server.';

const CONNECTION_PROBLEM = 'redis connection problem';

/**
 * Store log lines as short human messages on stderr. Connection problems are kept back: they repeat
 * while ioredis retries, and the last one explains the failure the command reports anyway.
 */
function stderrLog(io: Io, connectionProblems: string[]): DestinationStream {
  return {
    write(line: string) {
      let entry: { level?: number; msg?: string; err?: unknown };
      try {
        entry = JSON.parse(line);
      } catch {
        io.err(line);
        return;
      }
      if (entry.msg === CONNECTION_PROBLEM) {
        connectionProblems.push(String(entry.err));
        return;
      }
      io.err(`adlink: ${(entry.level ?? 40) >= 50 ? 'error' : 'warning'}: ${entry.msg ?? line.trim()}\n`);
    },
  };
}

/** The Redis addresses without credentials, for messages. */
function where(target: RedisTarget | undefined): string {
  const hosts = (urls: string[]) => urls.map((url) => new URL(url).host).join(',');
  if (target?.mode === 'standalone') return `${new URL(target.url).protocol}//${new URL(target.url).host}`;
  if (target?.mode === 'sentinel')
    return `master "${target.name}" of the Sentinels ${hosts(target.sentinels)}`;
  if (target?.mode === 'cluster') return `the cluster ${hosts(target.nodes)}`;
  return 'REDIS_URL';
}

function failure(err: unknown, config: Config, connectionProblems: string[], opening: boolean): unknown {
  if (err instanceof StoreUnavailableError) {
    const cause = err.cause instanceof Error ? err.cause.message : undefined;
    const reason = connectionProblems.at(-1) ?? cause ?? 'no answer';
    return new CommandError(`cannot reach Redis at ${where(config.redis)}: ${reason}`);
  }
  // openStore's own refusals (e.g. an evicting Redis in production) are messages for the operator.
  if (opening && err instanceof Error && !(err instanceof CommandError) && !(err instanceof UsageError)) {
    return new CommandError(err.message);
  }
  return err;
}

/**
 * Runs `work` on the store named by REDIS_URL and closes it afterwards. Store failures become one-line
 * CommandErrors; without REDIS_URL nothing is opened (UsageError).
 */
export async function withStore(
  config: Config,
  io: Io,
  work: (store: Store) => Promise<void>,
): Promise<void> {
  if (!config.redis) throw new UsageError(NO_REDIS_URL, undefined, '');
  const connectionProblems: string[] = [];
  const log = createLogger('warn', stderrLog(io, connectionProblems));
  let store: Store;
  try {
    store = await openStore(config, log, loadKeyRing(config).encryption);
  } catch (err) {
    throw failure(err, config, connectionProblems, true);
  }
  try {
    await work(store);
  } catch (err) {
    throw failure(err, config, connectionProblems, false);
  } finally {
    await store.kv.close();
  }
}
