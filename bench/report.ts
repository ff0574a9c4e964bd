import type { timeAudienceUploads } from './audience-upload.js';
import type { Measurement } from './load.js';
import { CONNECTIONS, SECONDS, WARMUP_SECONDS } from './load.js';
import type { Scenario } from './scenarios.js';
import { UPLOAD_BYTES } from './uploads.js';

/** BENCH_ROUNDS overrides (quick comparisons while working on one path). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
/** S6's platform answers every call after this long. */
export const PLATFORM_DELAY_MS = 50;
export const RSS_TARGET_MB = 150;
/** How long adlink is left without requests before its settled RSS is read. */
export const SETTLE_SECONDS = 20;

interface Target {
  /** What the ratio is. */
  of: string;
  max?: number;
  min?: number;
}

/** Limits on a scenario's own figures (medians of the rounds), apart from its ratio. */
const OWN_LIMITS: Record<string, { figure: 'rssGrowthMb' | 'serverCpuUs'; max: number; what: string }> = {
  // One upload's file, held once more while it is checked: no more than twice the file.
  U1: { figure: 'rssGrowthMb', max: (2 * UPLOAD_BYTES) / 2 ** 20, what: 'RSS growth over the run, MB' },
};

/** CPU per request ÷ the baseline's, in the same round: what a request costs beside the bare stack's. */
const CPU_TARGETS: Record<string, number> = { S1: 1.3, S2: 1.3, 'S1 cluster': 1.3, 'S2 cluster': 1.3 };

const TARGETS: Record<string, Target> = {
  S1: { of: 'req/s ÷ B1', min: 0.85 },
  S2: { of: 'req/s ÷ B2', min: 0.85 },
  'S1 cluster': { of: 'req/s ÷ B1', min: 0.85 },
  'S2 cluster': { of: 'req/s ÷ B2', min: 0.85 },
  'S4 100k': { of: 'time ÷ 10k', max: 1.15 },
  R1: { of: 'time ÷ S4 10k', max: 1 },
  'R1 all': { of: 'time ÷ S4 10k', max: 1 },
  A1: { of: 'time ÷ S4 10k', max: 1.1 },
  U1: { of: 'time ÷ B5', max: 1.3 },
  S6: { of: `p50 ÷ ${PLATFORM_DELAY_MS} ms`, max: 1.2 },
  R2: { of: `p50 ÷ ${PLATFORM_DELAY_MS} ms`, max: 1.3 },
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The ratio a scenario is judged by, in one round (interleaved: both sides saw the same load). */
function ratioIn(id: string, round: Record<string, Measurement>, baseline?: string): number | undefined {
  const own = round[id]!;
  if (baseline) return round[baseline] && own.rps / round[baseline].rps;
  if (id === 'U1') return round.B5 && round.B5.rps / own.rps;
  if (id === 'S4 100k' || id.startsWith('R1') || id === 'A1')
    return round['S4 10k'] && round['S4 10k'].rps / own.rps;
  if (id.startsWith('S6') || id === 'R2') return own.p50 / PLATFORM_DELAY_MS;
  return undefined;
}

export function summarize(list: Scenario[], rounds: Record<string, Measurement>[]) {
  return list.map(({ id, title, baseline }) => {
    const runs = rounds.map((round) => round[id]!);
    const ratios = rounds.map((round) => ratioIn(id, round, baseline)).filter((r) => r !== undefined);
    const target = TARGETS[id];
    const ratio = ratios.length ? median(ratios) : undefined;
    const cpuMax = CPU_TARGETS[id];
    const cpuRatios = baseline
      ? rounds
          .filter((round) => round[baseline])
          .map((round) => round[id]!.serverCpuUs / round[baseline]!.serverCpuUs)
      : [];
    const cpu = cpuRatios.length ? median(cpuRatios) : undefined;
    const limit = OWN_LIMITS[id];
    const own = limit && median(runs.map((r) => r[limit.figure] ?? Number.NaN));
    return {
      id,
      title,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      serverCpuUs: median(runs.map((r) => r.serverCpuUs)),
      redisCpuUs: median(runs.map((r) => r.redisCpuUs)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      ...(ratio === undefined ? {} : { ratio }),
      ...(cpu === undefined ? {} : { cpuRatio: cpu }),
      ...(cpuMax === undefined ? {} : { cpuMax, cpuMet: cpu !== undefined && cpu <= cpuMax }),
      ...(limit && own !== undefined ? { own: { ...limit, value: own, met: own <= limit.max } } : {}),
      ...(target
        ? {
            target,
            met:
              ratio !== undefined && ratio >= (target.min ?? -Infinity) && ratio <= (target.max ?? Infinity),
          }
        : {}),
    };
  });
}

type Summary = ReturnType<typeof summarize>;

const number = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const goal = (t: Target) => `${t.of} ${t.min !== undefined ? `≥ ${t.min}` : `≤ ${t.max}`}`;

export function markdown(
  summary: Summary,
  rss: { startMb: number; endMb: number; settledMb: number },
  storePages: { size: number; medianMs: number; p95Ms: number }[],
  date: string,
  audience?: Awaited<ReturnType<typeof timeAudienceUploads>>,
): string {
  const rows = summary.map((s) =>
    [
      s.id,
      s.title,
      number(s.rps),
      number(s.p50, 1),
      number(s.p99, 1),
      number(s.serverCpuUs),
      number(s.redisCpuUs),
      String(s.errors),
      s.ratio === undefined ? '' : number(s.ratio, 2),
      s.target ? `${goal(s.target)} ${s.met ? '✅' : '❌'}` : '',
      s.cpuRatio === undefined ? '' : number(s.cpuRatio, 2),
      s.cpuMax === undefined ? '' : `≤ ${s.cpuMax} ${s.cpuMet ? '✅' : '❌'}`,
    ].join(' | '),
  );
  const [small, large] = storePages;
  const ownLimits = summary.flatMap((s) =>
    s.own
      ? [
          `${s.id}: ${s.own.what} **${number(s.own.value, 1)}** (target ≤ ${number(s.own.max, 1)} ${s.own.met ? '✅' : '❌'}).`,
          '',
        ]
      : [],
  );
  return [
    `## ${date}`,
    '',
    `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s, ${ROUNDS} interleaved rounds, medians (errors: sum). CPU: user + system time of the answering process (adlink, or the baselines' process) and of Redis during the measured run, per request.`,
    '',
    '| | Scenario | req/s | p50 ms | p99 ms | CPU µs/req | Redis µs/req | errors | ratio | target | CPU ÷ baseline | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
    ...rows.map((r) => `| ${r} |`),
    '',
    ...ownLimits,
    `adlink RSS: ${number(rss.startMb)} MB after seeding, **${number(rss.endMb)} MB after the run** (target ≤ ${RSS_TARGET_MB} MB ${rss.endMb <= RSS_TARGET_MB ? '✅' : '❌'}), ${number(rss.settledMb)} MB after ${SETTLE_SECONDS} s without requests.`,
    '',
    `S4 at the store (one page of 100, median of 300 spread over the cache): ${number(small!.medianMs, 3)} ms (10k), ${number(large!.medianMs, 3)} ms (100k), ratio ${number(large!.medianMs / small!.medianMs, 2)}.`,
    '',
    ...(audience
      ? [
          `U2 audience member upload of ${number(audience.members)} emails (normalized, hashed, sent to the sandbox in batches), ${audience.uploads} one at a time, each until its job succeeded: the process's CPU ${number(audience.cpuMsPerUpload, 1)} ms an upload, of which the sandbox's side (its batches sent straight to it, measured alone) ${number(audience.sandboxCpuMsPerUpload, 1)} ms and the client's ${number(audience.pollsPerUpload, 1)} polls of the job ${number(audience.pollsCpuMsPerUpload, 1)} ms: adlink's own **${number(audience.ownCpuMsPerUpload, 1)} ms** (target ≤ ${audience.targetMs} ms ${audience.met ? '✅' : '❌'}), ${number(audience.medianMs)} ms each (median).`,
          '',
        ]
      : []),
  ].join('\n');
}
