import type { EmulatorDefinition } from './toolkit/emulator.js';

/** Every platform emulator, by adlink's platform id. */
export const EMULATORS: Record<string, EmulatorDefinition> = {};
