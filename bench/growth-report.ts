import { CACHE_SIZE, CACHED_EVERY, COMPANIES, CONNECTED_EVERY, type FillStep } from './growth-fill.js';
import type { KeyUsage } from './growth-memory.js';
import type { Measurement } from './load.js';
import type { summarize } from './report.js';
import { STARTUP_TARGET_MS, type Startup } from './startup.js';

type Summary = ReturnType<typeof summarize>;

export interface GrowthSize {
  size: number;
  /** What growing to this size wrote (from the size before). */
  fill: FillStep[];
  memory: { usedBytes: number; perRecord: Record<FillStep['kind'], number>; keys: KeyUsage[] };
  summary: Summary;
  rounds: Record<string, Measurement>[];
}

/** The scenarios judged by growth, and the most their cost may grow from the first size. */
export const GROWN = ['S1', 'S2', 'S4 page'];
export const GROWTH_TARGET = 1.15;

/** CPU time per request, adlink's and Redis's: what a request costs, whatever else loads the machine. */
const cpuOf = (s: Summary[number]) => s.serverCpuUs + s.redisCpuUs;

/** The ratios to the first size: CPU per request (judged) and time per request (1 / req/s). */
export function growthRatios(sizes: GrowthSize[], id: string) {
  const first = sizes[0]!.summary.find((s) => s.id === id)!;
  return sizes.map(({ size, summary }) => {
    const own = summary.find((s) => s.id === id)!;
    const cpu = cpuOf(own) / cpuOf(first);
    return { size, own, cpu, time: first.rps / own.rps, met: cpu <= GROWTH_TARGET };
  });
}

const number = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${number(bytes / 2 ** 20, 1)} MB`;
const verdict = (met: boolean) => (met ? '✅' : '❌');

export function growthMarkdown(run: {
  date: string;
  settings: { connections: number; warmupSeconds: number; seconds: number; rounds: number };
  sizes: GrowthSize[];
  cluster: Summary | undefined;
  startup: Startup;
}): string {
  const { sizes, settings, startup } = run;
  const first = sizes[0]!.size;
  const lines = [
    `## ${run.date}: growth, Redis Cluster, startup`,
    '',
    `One throwaway Redis grown to each size in turn: customers over ${COMPANIES} companies, a sandbox connection (sealed tokens) for 1 in ${CONNECTED_EVERY}, a cached list of ${CACHE_SIZE} ad sets for 1 in ${CACHED_EVERY}. ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s, ${settings.rounds} interleaved round(s), medians. CPU: adlink's and Redis's user + system time per request. On a shared 2-core machine under other load: req/s are noisy, CPU per request less so.`,
    '',
    '### Filling',
    '',
    '| customers | added | customers s | connections | s | ad sets | s | Redis used_memory |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...sizes.map(({ size, fill, memory }) => {
      const [customers, connections, adSets] = fill;
      const total = (kind: FillStep['kind']) =>
        sizes
          .filter((s) => s.size <= size)
          .reduce((sum, s) => sum + s.fill.find((f) => f.kind === kind)!.count, 0);
      return `| ${number(size)} | ${number(customers!.count)} | ${number(customers!.seconds, 1)} | ${number(total('connections'))} | ${number(connections!.seconds, 1)} | ${number(total('ad sets'))} | ${number(adSets!.seconds, 1)} | ${mb(memory.usedBytes)} |`;
    }),
    '',
    '### Redis memory per record',
    '',
    'used_memory grown by writing each kind, divided by the records written (all sizes so far; a customer includes its entries in its company’s two indexes, a connection its platform set, an ad set its entries in two indexes).',
    '',
    '| customers | per customer | per connection | per ad set |',
    '|---:|---:|---:|---:|',
    ...sizes.map(
      ({ size, memory: { perRecord } }) =>
        `| ${number(size)} | ${number(perRecord.customers)} B | ${number(perRecord.connections)} B | ${number(perRecord['ad sets'])} B |`,
    ),
    '',
    `\`MEMORY USAGE … SAMPLES 0\` of sample keys at ${number(sizes.at(-1)!.size)} customers:`,
    '',
    '| key | bytes | records | bytes per record |',
    '|---|---:|---:|---:|',
    ...sizes
      .at(-1)!
      .memory.keys.map(
        (k) => `| ${k.key} | ${number(k.bytes)} | ${number(k.records)} | ${number(k.bytes / k.records)} |`,
      ),
    '',
    '### Request cost as customers grow',
    '',
    `Target: CPU per request ≤ ${GROWTH_TARGET} × its figure at ${number(first)} customers.`,
    '',
    '| | customers | req/s | p50 ms | CPU µs/req | Redis µs/req | CPU ÷ first | time ÷ first | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...GROWN.flatMap((id) =>
      growthRatios(sizes, id).map(
        ({ size, own, cpu, time, met }) =>
          `| ${id} | ${number(size)} | ${number(own.rps)} | ${number(own.p50, 1)} | ${number(own.serverCpuUs)} | ${number(own.redisCpuUs)} | ${number(cpu, 2)} | ${number(time, 2)} | ${size === first ? '' : `≤ ${GROWTH_TARGET} ${verdict(met)}`} |`,
      ),
    ),
    '',
  ];
  if (run.cluster) {
    lines.push(
      `### S1, S2 on a 3-master Redis Cluster beside the single Redis (${number(first)} customers, same rounds)`,
      '',
      'Redis µs/req on the cluster: the three masters together (replicas not counted). The baselines B1, B2 use the single Redis.',
      '',
      '| | Redis | req/s | p50 ms | CPU µs/req | Redis µs/req | req/s ÷ baseline | target |',
      '|---|---|---:|---:|---:|---:|---:|---|',
      ...run.cluster.map((s) => {
        const target = s.target ? `${s.target.of} ≥ ${s.target.min} ${verdict(s.met!)}` : '';
        const ratio = s.ratio === undefined ? '' : number(s.ratio, 2);
        return `| ${s.id.replace(' cluster', '')} | ${s.id.endsWith(' cluster') ? 'cluster' : 'single'} | ${number(s.rps)} | ${number(s.p50, 1)} | ${number(s.serverCpuUs)} | ${number(s.redisCpuUs)} | ${ratio} | ${target} |`;
      }),
      '',
    );
  }
  lines.push(
    '### Startup',
    '',
    `Production build (the Dockerfile CMD's Node flags, NODE_ENV=production, Redis store with ${number(sizes.at(-1)!.size)} customers), exec to the first \`/readyz\` 200, ${startup.runs.length} starts: median **${number(startup.medianMs)} ms** (min ${number(startup.minMs)}, max ${number(startup.maxMs)}; CPU until ready, median ${number(startup.medianCpuMs)} ms); target ≤ ${STARTUP_TARGET_MS} ms ${verdict(startup.medianMs <= STARTUP_TARGET_MS)}.`,
    '',
  );
  return lines.join('\n');
}
