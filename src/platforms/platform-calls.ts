import { AsyncLocalStorage } from 'node:async_hooks';
import type { PlatformAdapter } from './adapter.js';
import type { PlatformId } from './catalog.js';
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

interface CallContext {
  platform: PlatformId;
  operation: string;
  observe: PlatformCallObserver;
}

// Adapters are shared module code called by every app of the process (tests run several): the
// context says which app's observer a call belongs to, without threading it through every client.
const current = new AsyncLocalStorage<CallContext>();

/** The adapter, each method of which runs in a context `platformFetch` reports its calls to. */
export function observedAdapter(
  platform: PlatformId,
  adapter: PlatformAdapter,
  observe: PlatformCallObserver,
): PlatformAdapter {
  return new Proxy(adapter, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) =>
        current.run({ platform, operation: name, observe }, () => value.apply(target, args));
    },
  });
}

/** Runs one HTTP call and reports it to the observer of the adapter method it was made for, if any. */
export async function reportCall<T extends { status: number }>(
  url: string,
  method: string | undefined,
  send: () => Promise<T>,
): Promise<T> {
  const context = current.getStore();
  if (!context) return send();
  const started = process.hrtime.bigint();
  const report = (status: number | undefined, outcome: PlatformCallRecord['outcome']) =>
    context.observe({
      platform: context.platform,
      operation: context.operation,
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
