import type { ObservedCall, PlatformCallRecord } from '../ports/platform-call.js';
import type { PlatformError } from '../ports/platform-error.js';

/** Runs one HTTP call and reports it to the observer of the adapter operation it was made for, if any. */
export async function reportCall<T extends { status: number }>(
  observed: ObservedCall | undefined,
  url: string,
  method: string | undefined,
  send: () => Promise<T>,
): Promise<T> {
  if (!observed) return send();
  const started = process.hrtime.bigint();
  const report = (status: number | undefined, outcome: PlatformCallRecord['outcome']) =>
    observed.observe({
      platform: observed.platform,
      operation: observed.operation,
      method: method ?? 'GET',
      path: new URL(url).pathname,
      status,
      outcome,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    });
  try {
    const answer = await send();
    report(answer.status, 'ok');
    return answer;
  } catch (err) {
    // What `platformFetch` throws is a PlatformError.
    const failure = err as Partial<PlatformError>;
    report(failure.status, failure.kind ?? 'rejected');
    throw err;
  }
}
