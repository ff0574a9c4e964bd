import { type ConnectionMemory, MEMORY_TARGET_BYTES } from './keeper-memory.js';

/** Idle: a keeper instance's CPU may exceed the keeper-off instance's by this much (µs a second). */
export const IDLE_TARGET_US_PER_S = 1000;

export interface KeeperResult {
  date: string;
  commit: string;
  platform: string;
  connections: number;
  windowSeconds: number;
  renewals: {
    due: number;
    refreshesAnswered: number;
    tokensRefreshed: number;
    renewedTwiceOrMore: number;
    notDueRefreshed: number;
    renewedInStore: number;
    stillDue: number;
  };
  sweep: {
    intervalMs: number;
    concurrency: number;
    fromStartSeconds: number | null;
    fromReadySeconds: number | null;
    firstToLastSeconds: number | null;
    renewalsPerSecond: number | null;
    byInstance: { a: number; b: number };
    sweepsLogged: { a: number; b: number };
    shared100msSlices: number;
    cpuMsPerRenewal: { keepers: number; keeperOffInstance: number; redis: number };
  };
  idle: {
    seconds: number;
    cpuUsPerSecond: { a: number; b: number; keeperOff: number; redis: number };
    /** The busier keeper instance's CPU less the keeper-off instance's. */
    keeperExtra: number;
    /** Every instance's commands to Redis (the keeper-off one's included). */
    redisCommandsPerSecond: number;
    refreshesDuringIdle: number;
  };
  memory: ConnectionMemory;
  verdicts: Record<
    'allRenewed' | 'withinWindow' | 'oneInstanceAtATime' | 'noneRenewedTwice' | 'idleCpu' | 'memory',
    boolean
  >;
}

export function keeperMarkdown(r: KeeperResult): string {
  const ok = (pass: boolean) => (pass ? '✅' : '❌');
  const n = (x: number | null, digits = 0) =>
    x === null ? '—' : x.toLocaleString('en-US', { maximumFractionDigits: digits });
  const { renewals, sweep, idle, memory, verdicts } = r;
  return `# S8 token keeper, ${r.date} (${r.commit})

${n(r.connections)} Google Ads connections in the schedule, ${n(renewals.due)} due within the ${r.windowSeconds} s window; two
adlink instances (\`TOKEN_KEEPER_INTERVAL_MS=${sweep.intervalMs}\`, \`PLATFORM_FAN_OUT=${sweep.concurrency}\`) and one
with the keeper off, on one throwaway Redis; the platform: ${r.platform}. Figures from a shared 2-core
machine: noisy.

| | figure | target |
|---|---:|---|
| due connections renewed (store: new expiry; nothing left due) | ${n(renewals.renewedInStore)} of ${n(renewals.due)}, ${n(renewals.stillDue)} still due | all ${ok(verdicts.allRenewed)} |
| time from starting the instances to the last first renewal | ${n(sweep.fromStartSeconds, 1)} s (${n(sweep.fromReadySeconds, 1)} s from both ready) | ≤ ${r.windowSeconds} s ${ok(verdicts.withinWindow)} |
| first to last | ${n(sweep.firstToLastSeconds, 1)} s, ${n(sweep.renewalsPerSecond)} renewals/s | |
| renewals by instance A / B (their logs) | ${n(sweep.byInstance.a)} / ${n(sweep.byInstance.b)} (${n(sweep.sweepsLogged.a)} / ${n(sweep.sweepsLogged.b)} sweeps logged) | |
| 100 ms slices with renewals by both instances | ${n(sweep.shared100msSlices)} | 0 ${ok(verdicts.oneInstanceAtATime)} |
| refreshes answered; refresh tokens refreshed more than once / not due but refreshed (the emulator's count) | ${n(renewals.refreshesAnswered)}; ${n(renewals.renewedTwiceOrMore)} / ${n(renewals.notDueRefreshed)} | 0 ${ok(verdicts.noneRenewedTwice)} |
| CPU per renewal: both keepers / the keeper-off instance / Redis | ${n(sweep.cpuMsPerRenewal.keepers, 2)} / ${n(sweep.cpuMsPerRenewal.keeperOffInstance, 2)} / ${n(sweep.cpuMsPerRenewal.redis, 2)} ms | |
| idle CPU over ${idle.seconds} s, µs per second: A / B / keeper off / Redis (Redis commands a second: ${n(idle.redisCommandsPerSecond, 1)}; refreshes: ${n(idle.refreshesDuringIdle)}) | ${n(idle.cpuUsPerSecond.a)} / ${n(idle.cpuUsPerSecond.b)} / ${n(idle.cpuUsPerSecond.keeperOff)} / ${n(idle.cpuUsPerSecond.redis)} | keeper − off ≤ ${n(IDLE_TARGET_US_PER_S)} (${n(idle.keeperExtra)}) ${ok(verdicts.idleCpu)} |
| Redis per connection (\`MEMORY USAGE\`, ${n(memory.sample)} sampled): schedule member (set ÷ members) + pointer + sealed record | ${n(memory.scheduleMember)} + ${n(memory.schedulePointer)} + ${n(memory.record)} = ${n(memory.total)} B (platform index ${n(memory.platformIndex)} B) | ≤ ${n(MEMORY_TARGET_BYTES)} B ${ok(verdicts.memory)} |
`;
}
