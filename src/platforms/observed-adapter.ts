import type { PlatformId } from '../domain/platform-ids.js';
import type { PlatformAdapter } from '../ports/platform-adapter.js';
import type { PlatformCall, PlatformCallObserver } from '../ports/platform-call.js';

/**
 * The operation names metrics and logs carry for ad sets and campaign lists, as before each resource was
 * one object: kept, so dashboards and alerts on them keep working. Other methods report as
 * `<resource>.<method>` (`campaigns.create`).
 */
const OPERATIONS: Record<string, string> = {
  'adSets.list': 'listAdSets',
  'adSets.get': 'getAdSet',
  'adSets.create': 'createAdSet',
  'adSets.update': 'updateAdSet',
  'adSets.delete': 'deleteAdSet',
  'campaigns.list': 'listCampaigns',
};

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
  return observed(adapter, '');
  function observed<T extends object>(target: T, prefix: string): T {
    return new Proxy(target, {
      get(object, name, receiver) {
        const value: unknown = Reflect.get(object, name, receiver);
        if (typeof name !== 'string' || name === 'capabilities') return value;
        if (value !== null && typeof value === 'object') return observed(value, `${prefix}${name}.`);
        if (typeof value !== 'function') return value;
        const operation = OPERATIONS[`${prefix}${name}`] ?? `${prefix}${name}`;
        return (call: PlatformCall, ...args: unknown[]) =>
          value.call(object, { ...call, observed: { platform, operation, observe } }, ...args);
      },
    });
  }
}
