import type { AdapterFactory } from './adapter.js';
import type { PlatformId } from './catalog.js';
import { sandboxAdapter } from './sandbox/adapter.js';

/** The platforms adlink can manage ad sets on: one adapter each, built from its catalog entry. */
export const ADAPTERS: Partial<Record<PlatformId, AdapterFactory>> = {
  sandbox: sandboxAdapter,
};
