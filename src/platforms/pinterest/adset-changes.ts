import type { AdSetChanges } from '../../adsets/model.js';
import { isBudget } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { microUnits } from '../budget-units.js';
import { uniqueKeywords } from './adset-body.js';
import { audienceSources, withAudiences } from './audience-targeting.js';
import type { ParamSource } from './errors.js';
import { isPostalGeoId, toGeoId } from './geo.js';
import type { PinterestAdGroup, TargetingSpec } from './model.js';
import { scheduleFields } from './schedule.js';
import { PINTEREST_STATUS } from './status.js';

export interface AdGroupChange {
  /** The `PATCH ad_groups` item's fields besides `id`; empty when only keywords change. */
  fields: Record<string, unknown>;
  /** The Pinterest fields sent, with the unified parameters they came from (most specific first). */
  sources: ParamSource[];
  /** The keywords the ad group targets afterwards, when KeywordTargeting is sent. */
  keywords: { values: string[]; param: string } | null;
}

/**
 * An ad set update as Pinterest takes it: name, status, budget, schedule and a targeting spec with
 * its GEO or audiences replaced go into one `PATCH ad_groups` item; keywords are their own resource.
 * An unchanged start or end is not sent again; the rest of the targeting spec (LOCATION, ages,
 * interests) is kept.
 */
export function adGroupChanges(
  changes: AdSetChanges,
  adGroup: PinterestAdGroup,
  account: AdAccount,
): AdGroupChange {
  const fields: Record<string, unknown> = {};
  const sources: ParamSource[] = [];
  if (changes.name !== undefined) fields.name = changes.name;
  if (changes.status !== undefined && changes.status !== 'Deleted') {
    fields.status = PINTEREST_STATUS[changes.status];
  }
  changes.settings?.forEach((setting, i) => {
    if (isBudget(setting)) {
      if (adGroup.budget_type === 'CBO_ADGROUP') {
        throw new PlatformInputError(
          `settings[${i}]`,
          `Ad group ${adGroup.id} is in a campaign budget optimization campaign: its budget is the campaign's.`,
        );
      }
      fields.budget_in_micro_currency = microUnits(setting, `settings[${i}]`, account);
      sources.push(['budget_in_micro_currency', `settings[${i}].budget`]);
    } else if (setting.kind === 'Runtime') {
      const current = { start_time: adGroup.start_time ?? adGroup.created_time, end_time: adGroup.end_time };
      const schedule = scheduleFields(setting, i, current);
      Object.assign(fields, schedule.fields);
      sources.push(...schedule.sources);
    }
  });
  let keywords: AdGroupChange['keywords'] = null;
  changes.targetings?.forEach((targeting, i) => {
    if (targeting.kind === 'KeywordTargeting') {
      keywords = { values: uniqueKeywords(targeting.keywords), param: `targetings[${i}].keywords` };
      return;
    }
    // PATCH replaces the whole targeting spec: each change starts from the spec as changed so far.
    const spec = (fields.targeting_spec as TargetingSpec | undefined) ?? adGroup.targeting_spec ?? {};
    if (targeting.kind === 'AudienceTargeting') {
      fields.targeting_spec = withAudiences(spec, targeting);
      sources.unshift(...audienceSources(i));
      return;
    }
    fields.targeting_spec = withZipcodes(spec, targeting.zipcodes, i);
    sources.push(
      ['GEO', `targetings[${i}].zipcodes`],
      ['LOCATION', `targetings[${i}]`],
      ['targeting_spec', `targetings[${i}]`],
    );
  });
  sources.push(['name', 'name'], ['status', 'status'], ['archived', 'status']);
  return { fields, sources, keywords };
}

/**
 * The targeting spec with GEO's postal codes replaced. GEO holds region codes or postal codes, not
 * both: region codes (which adlink does not show) stay when the zip codes are removed, and adding zip
 * codes beside them is refused rather than dropping them.
 */
function withZipcodes(
  spec: TargetingSpec,
  zipcodes: { country: string; zipcode: string }[],
  i: number,
): TargetingSpec {
  const { GEO: geo, ...rest } = spec;
  const regions = (geo ?? []).filter((code) => !isPostalGeoId(code));
  if (regions.length > 0 && zipcodes.length > 0) {
    throw new PlatformInputError(
      `targetings[${i}]`,
      `The ad group targets Pinterest regions (${regions.join(', ')}), which Pinterest cannot combine with zip codes.`,
    );
  }
  const codes =
    zipcodes.length > 0 ? [...new Set(zipcodes.map((z) => toGeoId(z.country, z.zipcode)))] : regions;
  if (codes.length === 0 && (rest.LOCATION ?? []).length === 0) {
    throw new PlatformInputError(
      `targetings[${i}].zipcodes`,
      'Pinterest ad groups need a location: the zip codes are all it targets.',
    );
  }
  return { ...rest, ...(codes.length > 0 ? { GEO: codes } : {}) };
}
