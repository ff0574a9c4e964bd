import { z } from 'zod';
import { invalid } from './envelope.js';

/**
 * The ad group bodies the emulator takes: the fields of the SDK's AdgroupCreateBody, AdgroupUpdateBody
 * and AdgroupStatusUpdateBody it models, with TikTok's documented values. Any other field is refused,
 * so adlink cannot rely on one the emulator would silently ignore.
 */

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const id = z.string().regex(/^\d{1,20}$/, 'Must be a numeric id string.');
const ids = (max: number) => z.array(id).min(1).max(max);
const time = z.string().regex(TIME, 'Must be in the format "YYYY-MM-DD HH:MM:SS" (UTC+0).');
const name = z
  .string()
  .min(1, 'Missing data for required field.')
  .max(512, 'Ad group name can be up to 512 characters.')
  .refine((s) => !/\p{Extended_Pictographic}/u.test(s), 'Ad group name cannot contain emoji.');

export const BUDGET_MODES = [
  'BUDGET_MODE_DAY',
  'BUDGET_MODE_TOTAL',
  'BUDGET_MODE_DYNAMIC_DAILY_BUDGET',
] as const;
export const SCHEDULE_TYPES = ['SCHEDULE_START_END', 'SCHEDULE_FROM_NOW'] as const;
export const PACING = ['PACING_MODE_SMOOTH', 'PACING_MODE_FAST'] as const;
export const BILLING_EVENTS = ['CPC', 'CPM', 'CPV', 'OCPM'] as const;
export const PLACEMENT_TYPES = ['PLACEMENT_TYPE_AUTOMATIC', 'PLACEMENT_TYPE_NORMAL'] as const;
export const PLACEMENTS = ['PLACEMENT_TIKTOK', 'PLACEMENT_PANGLE', 'PLACEMENT_GLOBAL_APP_BUNDLE'] as const;
export const CREATE_OPERATION_STATUSES = ['ENABLE', 'DISABLE'] as const;
export const STATUS_OPERATIONS = ['ENABLE', 'DISABLE', 'DELETE'] as const;
/**
 * Bidding strategies (the SDK repository's `yml_files/smart_plus_adgroup_create.yml`, enum package
 * SmartBidType, @ f809c39): `BID_TYPE_NO_BID` spends the budget for the most results at the lowest cost,
 * `BID_TYPE_CUSTOM` caps the cost per result (`bid_price`, or `conversion_bid_price` with OCPM, per
 * AdgroupCreateBody's descriptions). That package's `BID_TYPE_MAX_CONVERSION` belongs to Smart+ ad groups.
 */
export const BID_TYPES = ['BID_TYPE_NO_BID', 'BID_TYPE_CUSTOM'] as const;
export const MATCH_TYPES = ['EXACT_MATCH', 'PHRASE_MATCH', 'BROAD_MATCH'] as const;

/**
 * Custom audiences to reach and to leave out (AdgroupCreateBody and AdgroupUpdateBody: "List of audience
 * IDs", from `/dmp/custom_audience/list/`). TikTok documents no bound; the emulator takes 100 each.
 */
const audienceIds = z.array(id).max(100, 'At most 100 audiences.').optional();

const searchKeyword = z.strictObject({
  keyword: z.string().min(1).max(80),
  match_type: z.enum(MATCH_TYPES),
  keyword_bid: z.number().positive().optional(),
  keyword_bid_type: z.enum(['FOLLOW_ADGROUP', 'CUSTOM']).optional(),
});

export const adGroupCreateBody = z.strictObject({
  advertiser_id: id,
  campaign_id: id,
  adgroup_name: name,
  operation_status: z.enum(CREATE_OPERATION_STATUSES).default('ENABLE'),
  budget_mode: z.enum(BUDGET_MODES),
  budget: z.number().positive('Budget must be greater than 0.'),
  schedule_type: z.enum(SCHEDULE_TYPES),
  schedule_start_time: time,
  schedule_end_time: time.optional(),
  billing_event: z.enum(BILLING_EVENTS),
  optimization_goal: z.string().regex(/^[A-Z_]{2,40}$/, 'Not a valid optimization goal.'),
  pacing: z.enum(PACING),
  bid_type: z.enum(BID_TYPES).optional(),
  placement_type: z.enum(PLACEMENT_TYPES).default('PLACEMENT_TYPE_NORMAL'),
  placements: z.array(z.enum(PLACEMENTS)).min(1).optional(),
  promotion_type: z
    .string()
    .regex(/^[A-Z_]{2,40}$/)
    .optional(),
  location_ids: ids(3000).optional(),
  zipcode_ids: ids(3000).optional(),
  search_keywords: z.array(searchKeyword).max(1000).optional(),
  audience_ids: audienceIds,
  excluded_audience_ids: audienceIds,
  request_id: z.string().max(64).optional(),
});
export type AdGroupCreateBody = z.infer<typeof adGroupCreateBody>;

export const adGroupUpdateBody = z.strictObject({
  advertiser_id: id,
  adgroup_id: id,
  adgroup_name: name.optional(),
  budget: z.number().positive('Budget must be greater than 0.').optional(),
  schedule_type: z.enum(SCHEDULE_TYPES).optional(),
  schedule_start_time: time.optional(),
  schedule_end_time: time.optional(),
  // An update may empty one of the two as long as the other still holds a location.
  location_ids: z.array(id).max(3000).optional(),
  zipcode_ids: z.array(id).max(3000).optional(),
  search_keywords: z.array(searchKeyword).max(1000).optional(),
  // Sent, a list replaces the ad group's; an empty one removes its audiences of that kind.
  audience_ids: audienceIds,
  excluded_audience_ids: audienceIds,
});

export const adGroupStatusUpdateBody = z.strictObject({
  advertiser_id: id,
  adgroup_ids: ids(20),
  operation_status: z.enum(STATUS_OPERATIONS),
  allow_partial_success: z.boolean().optional(),
});

/** The body checked against a schema; the first problem becomes TikTok's "field: reason" error. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') throw invalid(issue.keys[0]!, 'Unknown field.');
  const field = issue.path.join('.') || 'body';
  const missing = issue.code === 'invalid_type' && issue.message.includes('undefined');
  throw invalid(field, missing ? 'Missing data for required field.' : issue.message);
}
