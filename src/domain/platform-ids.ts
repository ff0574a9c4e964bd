/** Every platform adlink knows, by id: what the store, the config and every layer above name them by. */
export const PLATFORM_IDS = [
  'sandbox',
  'meta',
  'google',
  'tiktok',
  'linkedin',
  'microsoft',
  'snapchat',
  'pinterest',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export const isPlatformId = (value: string): value is PlatformId =>
  (PLATFORM_IDS as readonly string[]).includes(value);
