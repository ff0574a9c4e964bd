import { Redis } from 'ioredis';

/** One SLOWLOG entry: how long Redis itself ran the command (the client's wait is not in it). */
export interface SlowCommand {
  id: number;
  micros: number;
  args: string[];
}

const SETTINGS = ['slowlog-log-slower-than', 'slowlog-max-len'] as const;
/** Commands slower than this are recorded (µs). */
const THRESHOLD_MICROS = 1000;

/**
 * The slowest command on keys under `prefix` that Redis ran while `work` did. SLOWLOG records every
 * command over THRESHOLD_MICROS meanwhile; the server's settings are put back afterwards, whatever
 * happens. Other suites use the same server, so entries are told apart by their keys, and the log is
 * read every 100 ms so that their entries cannot push ours out.
 */
export async function slowestCommandDuring(
  url: string,
  prefix: string,
  work: () => Promise<void>,
): Promise<SlowCommand | undefined> {
  const client = new Redis(url);
  try {
    const before = await Promise.all(
      SETTINGS.map(async (name) => ((await client.config('GET', name)) as string[])[1]!),
    );
    const [newest] = (await client.slowlog('GET', 1)) as [number][];
    const since = newest?.[0] ?? -1;
    const ours = new Map<number, SlowCommand>();
    const collect = async () => {
      const entries = (await client.slowlog('GET', 1000)) as [number, number, number, string[]][];
      for (const [id, , micros, args] of entries) {
        if (id > since && args.some((arg) => arg.startsWith(prefix))) ours.set(id, { id, micros, args });
      }
    };
    const timer = setInterval(() => void collect().catch(() => {}), 100);
    try {
      await client.config('SET', 'slowlog-max-len', '1000');
      await client.config('SET', 'slowlog-log-slower-than', String(THRESHOLD_MICROS));
      await work();
      await collect();
    } finally {
      clearInterval(timer);
      for (const [i, name] of SETTINGS.entries()) await client.config('SET', name, before[i]!);
    }
    return [...ours.values()].sort((a, b) => b.micros - a.micros)[0];
  } finally {
    client.disconnect();
  }
}
