import { z } from 'zod';
import type { AdSetStatus } from '../domain/ad-set-statuses.js';
import type { CHANNEL_KINDS } from '../platforms/catalog.js';
import { isCountryCode } from './countries.js';

/** The unified ad set, exactly as the API documents it. */
export { AD_SET_STATUSES, type AdSetStatus } from '../domain/ad-set-statuses.js';
export type { ChannelKind } from '../platforms/catalog.js';

const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR');
const budget = z
  .number()
  .positive('must be greater than 0')
  .max(1e12, 'is too large')
  .refine((n) => Number.isFinite(n), 'must be a number');

export const settingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('DailyBudget'), budget, currency }),
  z.strictObject({ kind: z.literal('TotalBudget'), budget, currency }),
  z.strictObject({ kind: z.literal('Objective'), objective: z.string().trim().min(1).max(100) }),
]);
export type Setting = z.infer<typeof settingSchema>;
export type SettingKind = Setting['kind'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const keyword = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .refine((k) => !CONTROL_CHARACTERS.test(k), 'must not contain control characters');
export const targetingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('KeywordTargeting'), keywords: z.array(keyword).min(1).max(1000) }),
  z.strictObject({
    kind: z.literal('GeoTargeting'),
    type: z.literal('ZipcodeGeoTargeting'),
    zipcodes: z
      .array(
        z.strictObject({
          country: z.string().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 code such as DE'),
          zipcode: z.string().trim().min(1).max(16),
        }),
      )
      .min(1)
      .max(10_000),
  }),
]);
export type Targeting = z.infer<typeof targetingSchema>;
export type TargetingKind = Targeting['kind'];

export interface Ad {
  id: string;
  name?: string;
  status?: AdSetStatus;
  channelKind?: (typeof CHANNEL_KINDS)[number];
  targetings?: Targeting[];
}

export interface AdSet {
  id: string;
  name: string;
  platform: string;
  status: AdSetStatus;
  advertiser: string;
  parentId: string;
  channelKind: (typeof CHANNEL_KINDS)[number];
  settings: Setting[];
  ads: Ad[];
  targetings: Targeting[];
  /** When the platform created it (ISO 8601); orders lists. Not part of the API shape. */
  created_at: string;
}

export interface Campaign {
  id: string;
  name: string;
  platform: string;
  status: AdSetStatus;
  advertiser: string;
  objective: string | null;
  channelKind: (typeof CHANNEL_KINDS)[number] | null;
}

export interface NewAdSet {
  name: string;
  advertiser: string;
  parentId: string;
  channelKind: (typeof CHANNEL_KINDS)[number];
  settings: Setting[];
  targetings: Targeting[];
  status: AdSetStatus;
}

export interface AdSetChanges {
  name?: string;
  status?: AdSetStatus;
}
