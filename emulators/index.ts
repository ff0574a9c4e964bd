import { googleEmulator } from './google/index.js';
import { linkedinEmulator } from './linkedin/index.js';
import { metaEmulator } from './meta/index.js';
import { microsoftEmulator } from './microsoft/index.js';
import { pinterestEmulator } from './pinterest/index.js';
import { snapchatEmulator } from './snapchat/index.js';
import { tiktokEmulator } from './tiktok/index.js';
import type { EmulatorDefinition } from './toolkit/emulator.js';

/** Every platform emulator, by adlink's platform id. */
export const EMULATORS: Record<string, EmulatorDefinition> = {
  tiktok: tiktokEmulator,
  meta: metaEmulator,
  google: googleEmulator,
  linkedin: linkedinEmulator,
  pinterest: pinterestEmulator,
  microsoft: microsoftEmulator,
  snapchat: snapchatEmulator,
};
