import type { PlatformAdapter, PlatformCall } from './adapter.js';
import type { PlatformId } from './catalog.js';
import type { PlatformError } from './platform-fetch.js';

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

/**
 * The adapter, each method of which hands its calls' observer to the clients with its `PlatformCall`
 * (adapters are shared module code that several apps of a process use: tests run several). Passed
 * along explicitly, not through AsyncLocalStorage, whose promise hooks, once on, tax every promise
 * of the process.
 */
export function observedAdapter(
  platform: PlatformId,
  adapter: PlatformAdapter,
  observe: PlatformCallObserver,
): PlatformAdapter {
  return new Proxy(adapter, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (call: PlatformCall, ...args: unknown[]) =>
        value.call(target, { ...call, observed: { platform, operation: name, observe } }, ...args);
    },
  });
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
    // What `platformFetch` throws is a PlatformError (imported as a type only: it imports this module).
    const failure = err as Partial<PlatformError>;
    report(failure.status, failure.kind ?? 'rejected');
    throw err;
  }
}
