import { findRuntime } from '../../adsets/instants.js';
import { isBudget, type NewAdSet } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import { audienceSources, withAudiences } from './audience-targeting.js';
import type { ParamSource } from './errors.js';
import { toGeoId } from './geo.js';
import type { PinterestCampaign } from './model.js';
import { scheduleFields } from './schedule.js';
import { PINTEREST_STATUS } from './status.js';

/**
 * What an ad group is billed for under each objective adlink can create for. Conversion and catalog
 * campaigns also need a conversion tag or product groups, which adlink cannot name.
 */
const BILLABLE_EVENT: Record<string, string> = {
  AWARENESS: 'IMPRESSION',
  CONSIDERATION: 'CLICKTHROUGH',
  VIDEO_COMPLETION: 'VIDEO_V_50_MRC',
};

/**
 * Objectives whose ad groups need `bid_in_micro_currency` although adlink bids automatically: the
 * OpenAPI's description of the field requires it for AWARENESS/IMPRESSION and CONSIDERATION/CLICKTHROUGH,
 * naming no exception for AUTOMATIC_BID. adlink has no bid setting, so it sends Pinterest's bid floor.
 */
const BID_REQUIRED = new Set(['AWARENESS', 'CONSIDERATION']);

/** One `BidFloorSpec` of `POST bid_floor`: the floor of the ad group about to be created. */
export interface BidFloorSpec {
  billable_event: string;
  objective_type: string;
  currency: string;
  countries: string[];
}

export interface AdGroupCreate {
  /** One `AdGroupCreateRequest` (the body is a list of them). */
  item: Record<string, unknown>;
  /** The Pinterest fields it sent, with the unified parameters they came from (most specific first). */
  sources: ParamSource[];
  /** Keywords for the keywords resource once the ad group exists, and the parameter they came from. */
  keywords: { values: string[]; param: string } | null;
  /** When Pinterest wants a bid: the floor to ask for, which becomes `bid_in_micro_currency`. */
  bidFloor: BidFloorSpec | null;
}

/**
 * The `POST ad_groups` item for a unified ad set under `campaign`. Pinterest bids automatically and
 * the audience is what the targetings say; what Pinterest cannot hold is refused by name before any call.
 */
export function adGroupCreate(
  input: NewAdSet,
  account: AdAccount,
  campaign: PinterestCampaign,
): AdGroupCreate {
  const billableEvent = campaign.objective_type ? BILLABLE_EVENT[campaign.objective_type] : undefined;
  if (!billableEvent) {
    throw new PlatformInputError(
      'parentId',
      `Pinterest ad groups under a ${campaign.objective_type ?? 'campaign without an objective'} campaign need a conversion tag or product groups, which adlink cannot set.`,
    );
  }
  const item: Record<string, unknown> = {
    name: input.name,
    campaign_id: campaign.id,
    status: PINTEREST_STATUS[input.status as keyof typeof PINTEREST_STATUS],
    billable_event: billableEvent,
    bid_strategy_type: 'AUTOMATIC_BID',
  };
  const sources: ParamSource[] = [];

  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length > 1) {
    throw new PlatformInputError(
      'settings',
      'A Pinterest ad group has one budget: a DailyBudget or a TotalBudget.',
    );
  }
  if (budgets.length === 0 && !campaign.is_campaign_budget_optimization) {
    throw new PlatformInputError(
      'settings',
      `Campaign ${campaign.id} does not use campaign budget optimization: its ad groups need a DailyBudget or a TotalBudget.`,
    );
  }
  if (budgets.length > 0 && campaign.is_campaign_budget_optimization) {
    throw new PlatformInputError(
      `settings[${budgets[0]!.i}]`,
      `Campaign ${campaign.id} uses campaign budget optimization: its ad groups take their budget from it.`,
    );
  }
  for (const { s, i } of budgets) {
    item.budget_in_micro_currency = microUnits(s, `settings[${i}]`, account);
    item.budget_type = s.kind === 'DailyBudget' ? 'DAILY' : 'LIFETIME';
    sources.push(['budget_in_micro_currency', `settings[${i}].budget`], ['budget_type', `settings[${i}]`]);
  }
  const found = findRuntime(input.settings);
  if (found) {
    const schedule = scheduleFields(found.runtime, found.i);
    Object.assign(item, schedule.fields);
    sources.push(...schedule.sources);
  }

  const geo = input.targetings.findIndex((t) => t.kind === 'GeoTargeting');
  const zipcodes = input.targetings.flatMap((t) => (t.kind === 'GeoTargeting' ? t.zipcodes : []));
  if (zipcodes.length === 0) {
    throw new PlatformInputError(
      'targetings',
      'Pinterest ad groups need a location: add a ZipcodeGeoTargeting.',
    );
  }
  const spec = { GEO: [...new Set(zipcodes.map((z) => toGeoId(z.country, z.zipcode)))] };
  const audienceAt = input.targetings.findIndex((t) => t.kind === 'AudienceTargeting');
  const audiences = input.targetings[audienceAt];
  if (audiences?.kind === 'AudienceTargeting') sources.push(...audienceSources(audienceAt));
  item.targeting_spec = audiences?.kind === 'AudienceTargeting' ? withAudiences(spec, audiences) : spec;
  sources.push(['GEO', `targetings[${geo}].zipcodes`], ['targeting_spec', `targetings[${geo}]`]);
  const bidFloor =
    account.currency && BID_REQUIRED.has(campaign.objective_type!)
      ? {
          billable_event: billableEvent,
          objective_type: campaign.objective_type!,
          currency: account.currency,
          countries: [...new Set(zipcodes.map((z) => z.country))],
        }
      : null;
  if (bidFloor)
    sources.push(['bid_in_micro_currency', 'settings'], ['countries', `targetings[${geo}].zipcodes`]);

  const keywordAt = input.targetings.findIndex((t) => t.kind === 'KeywordTargeting');
  const values = input.targetings.flatMap((t) => (t.kind === 'KeywordTargeting' ? t.keywords : []));
  sources.push(['name', 'name'], ['status', 'status'], ['campaign_id', 'parentId']);
  return {
    item,
    sources,
    keywords:
      values.length === 0
        ? null
        : { values: uniqueKeywords(values), param: `targetings[${keywordAt}].keywords` },
    bidFloor,
  };
}

/** Keywords once each, ignoring case (Pinterest refuses a keyword its parent already has). */
export const uniqueKeywords = (values: string[]): string[] => {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
};
