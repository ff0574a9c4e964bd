import type { PlatformId } from '../domain/platform-ids.js';
import type { PlatformError } from './platform-error.js';

/** One HTTP call to a platform's API, as `platformFetch` made it. */
export interface PlatformCallRecord {
  platform: PlatformId;
  /** The adapter method the call was made for (`listAdSets`). */
  operation: string;
  method: string;
  /** The URL's path, without its query (Meta's carries the appsecret_proof). */
  path: string;
  /** The platform's HTTP status; undefined when it did not answer. */
  status: number | undefined;
  outcome: 'ok' | PlatformError['kind'];
  seconds: number;
}

export type PlatformCallObserver = (call: PlatformCallRecord) => void;

/** The adapter method a platform call is made for, and who is told of it. */
export interface ObservedCall {
  platform: PlatformId;
  operation: string;
  observe: PlatformCallObserver;
}

/** Runs one HTTP call and reports it to the observer of the adapter method it was made for, if any. */
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
