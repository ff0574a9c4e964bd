import type { PlatformId } from '../domain/platform-ids.js';
import type { PlatformAdapter, PlatformCall } from './adapter.js';
import type { PlatformCallObserver } from './platform-calls.js';

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
