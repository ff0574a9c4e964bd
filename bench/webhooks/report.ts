import { median } from '../report.js';
import type { EmitCost, PhaseResult } from './phase.js';

/** The phases of one round, in the order they run. */
export const PHASES = ['S7 rate', 'B4 rate', 'S7 max', 'B4 max', 'S7 queued', 'B4 queued'] as const;
export type PhaseId = (typeof PHASES)[number];
export type Round = Record<PhaseId, PhaseResult> & { 'S7 emitting': EmitCost };

export const DELIVERY_RATIO_TARGET = 0.8;
export const P99_TARGET_MS = 1000;

export interface Settings {
  rate: number;
  seconds: number;
  maxEvents: number;
  /** The queued phases' events: at most an endpoint's kept deliveries per company. */
  queuedEvents: number;
  companies: number;
  companyConcurrency: string;
  workerConcurrency: number;
  rounds: number;
  /** adlink split by role: the deliveries in a worker process, the emitting requests in the API's. */
  split: boolean;
}

const COUNTED = ['events', 'emitFailures', 'lost', 'duplicates', 'strays', 'badSignatures'] as const;

/** Medians over the rounds, except the counts of what went wrong: summed. */
export function summarize(rounds: Round[]) {
  const phases = Object.fromEntries(
    PHASES.map((id) => {
      const runs = rounds.map((round) => round[id]);
      const merged = Object.fromEntries(
        (Object.keys(runs[0]!) as (keyof PhaseResult)[]).map((field) => [
          field,
          (COUNTED as readonly string[]).includes(field)
            ? runs.reduce((sum, run) => sum + run[field], 0)
            : median(runs.map((run) => run[field])),
        ]),
      ) as unknown as PhaseResult;
      return [id, merged];
    }),
  ) as Record<PhaseId, PhaseResult>;
  const emitting = {
    events: rounds.reduce((sum, r) => sum + r['S7 emitting'].events, 0),
    emitFailures: rounds.reduce((sum, r) => sum + r['S7 emitting'].emitFailures, 0),
    emitPerSecond: median(rounds.map((r) => r['S7 emitting'].emitPerSecond)),
    cpuUsPerEvent: median(rounds.map((r) => r['S7 emitting'].cpuUsPerEvent)),
    redisUsPerEvent: median(rounds.map((r) => r['S7 emitting'].redisUsPerEvent)),
  };
  const ratioOf = (s7: PhaseId, b4: PhaseId) =>
    median(rounds.map((r) => r[s7].deliveriesPerSecond / r[b4].deliveriesPerSecond));
  const ratio = ratioOf('S7 queued', 'B4 queued');
  const exact = PHASES.every(
    (id) => phases[id].lost + phases[id].duplicates + phases[id].strays + phases[id].badSignatures === 0,
  );
  const verdicts = {
    throughput: { ratio, met: ratio >= DELIVERY_RATIO_TARGET },
    /** With the emitting requests in the same process: not judged, what a single instance does end to end. */
    endToEnd: { ratio: ratioOf('S7 max', 'B4 max') },
    p99: { ms: phases['S7 rate'].p99Ms, met: phases['S7 rate'].p99Ms < P99_TARGET_MS },
    exactlyOnce: { met: exact },
  };
  return { phases, emitting, verdicts };
}

type Summary = ReturnType<typeof summarize>;

const n = (value: number, digits = 0) =>
  value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (met: boolean) => (met ? '✅' : '❌');

const TITLES: Record<PhaseId, (s: Settings) => string> = {
  'S7 rate': (s) => `adlink, ${s.rate} events/s for ${s.seconds} s (open loop)`,
  'B4 rate': (s) => `bare BullMQ worker, ${s.rate} jobs/s for ${s.seconds} s (open loop)`,
  'S7 max': (s) => `adlink, ${n(s.maxEvents)} events as fast as 10 emitters go`,
  'B4 max': (s) => `bare BullMQ worker, ${n(s.maxEvents)} jobs as fast as 10 producers go`,
  'S7 queued': (s) =>
    `adlink, ${n(s.queuedEvents)} events emitted while its queue is paused, then delivered (delivered/s from the resumption; latency includes the wait)`,
  'B4 queued': (s) =>
    `bare BullMQ worker, ${n(s.queuedEvents)} jobs added while its queue is paused, then delivered`,
};

export function markdown({ phases, emitting, verdicts }: Summary, settings: Settings, date: string): string {
  const rows = PHASES.map((id) => {
    const p = phases[id];
    return [
      id,
      TITLES[id](settings),
      n(p.events),
      n(p.emitPerSecond),
      n(p.deliveriesPerSecond),
      n(p.p50Ms),
      n(p.p99Ms),
      n(p.maxMs),
      `${p.lost} / ${p.duplicates}`,
      `${p.emitFailures} / ${p.badSignatures} / ${p.strays}`,
      n(p.cpuUsPerDelivery),
      n(p.redisUsPerDelivery),
    ].join(' | ');
  });
  return [
    `## ${date}: webhooks`,
    '',
    `${settings.rounds} round(s), medians (counts: sums). ${settings.companies} compan${settings.companies === 1 ? 'y' : 'ies'}, WEBHOOK_COMPANY_CONCURRENCY ${settings.companyConcurrency}; adlink's worker and B4 run ${settings.workerConcurrency} jobs at once. Latency: the event's \`created_at\` to its first receipt. ${settings.split ? 'adlink runs split by role: the emitting requests go to an `ADLINK_ROLE=api` process, the deliveries run in an `ADLINK_ROLE=worker` process. ' : 'adlink runs as one process (`ADLINK_ROLE=all`). '}CPU: user + system time per delivered event of the delivering process (${settings.split ? "adlink's worker" : 'adlink: the emitting requests included'}) and of Redis, from the first emit to the end of the drain; in the queued phases from the queue's resumption, the deliveries' alone.`,
    '',
    '| | Phase | events | emitted/s | delivered/s | p50 ms | p99 ms | max ms | lost / dup. | emit fail. / bad sig. / strays | CPU µs/delivery | Redis µs/delivery |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
    '',
    `The emitting requests alone (\`POST /customers/:id/access_tokens\` for a company without webhook endpoints, ${n(settings.maxEvents)} as fast as 10 emitters go): ${n(emitting.emitPerSecond)} events/s, ${n(emitting.cpuUsPerEvent)} µs of adlink's CPU and ${n(emitting.redisUsPerEvent)} µs of Redis's per event (${emitting.emitFailures} failed). ${settings.split ? "The API's process, not the worker's." : "S7's CPU per delivery less this is what the delivery itself costs."}`,
    '',
    `- S7 queued ÷ B4 queued, delivered/s (delivery capacity, like for like): **${n(verdicts.throughput.ratio, 2)}** (target ≥ ${DELIVERY_RATIO_TARGET}) ${mark(verdicts.throughput.met)}`,
    `- S7 max ÷ B4 max, delivered/s (adlink also serving the emitting requests; not judged): ${n(verdicts.endToEnd.ratio, 2)}`,
    `- S7 p99 at ${settings.rate} events/s: **${n(verdicts.p99.ms)} ms** (target < ${n(P99_TARGET_MS)} ms) ${mark(verdicts.p99.met)}`,
    `- no event lost, none delivered twice, every signature valid (all phases, counted at the receiver per event id) ${mark(verdicts.exactlyOnce.met)}`,
    '',
  ].join('\n');
}
