import type { PlatformId } from '../domain/platform-ids.js';
import type { AdapterFactory } from '../ports/platform-adapter.js';
import { googleAdapter } from './google/adapter.js';
import { linkedinAdapter } from './linkedin/adapter.js';
import { metaAdapter } from './meta/adapter.js';
import { microsoftAdapter } from './microsoft/adapter.js';
import { pinterestAdapter } from './pinterest/adapter.js';
import { sandboxAdapter } from './sandbox/adapter.js';
import { snapchatAdapter } from './snapchat/adapter.js';
import { tiktokAdapter } from './tiktok/adapter.js';

/** The platforms adlink can manage ad sets on: one adapter each, built from its catalog entry. */
export const ADAPTERS: Partial<Record<PlatformId, AdapterFactory>> = {
  sandbox: sandboxAdapter,
  google: googleAdapter,
  tiktok: tiktokAdapter,
  meta: metaAdapter,
  linkedin: linkedinAdapter,
  pinterest: pinterestAdapter,
  microsoft: microsoftAdapter,
  snapchat: snapchatAdapter,
};
