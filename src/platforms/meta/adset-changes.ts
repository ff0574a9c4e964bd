import { type AdSetChanges, isBudget } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import { audienceSources, withAudiences } from './adset-audiences.js';
import { checkAdSetBudget, metaBudget, metaTime } from './adset-body.js';
import type { ParamSource } from './errors.js';
import { META_STATUS, offsetTime, zipKey } from './mapping.js';
import type { GraphAdSet, GraphTargeting } from './model.js';

/** Tells Meta an ad set with a daily budget has no end (Meta's `end_time=0`). */
const NO_END = '0';

const sameInstant = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && Date.parse(offsetTime(a)) === Date.parse(b);

/**
 * The parameters of `POST /{adset_id}` for an update, and where each came from (for Meta's
 * validation errors). `current` is the ad set as Meta holds it, with its ad account (needed when
 * settings or targetings change): its targeting is sent back whole with only the zip codes or the
 * custom audiences that change replaced (Meta replaces the whole spec), and an unchanged start or
 * end is not sent again (it may lie in the past by now).
 */
export function toMetaChanges(
  changes: AdSetChanges,
  current?: { adSet: GraphAdSet; account: AdAccount },
): { params: Record<string, string>; sources: ParamSource[] } {
  const adSet = current?.adSet;
  const params: Record<string, string> = {};
  const sources: ParamSource[] = [];
  if (changes.name !== undefined) params.name = changes.name;
  if (changes.status !== undefined && changes.status !== 'Deleted')
    params.status = META_STATUS[changes.status];
  changes.settings?.forEach((setting, i) => {
    if (isBudget(setting)) {
      checkAdSetBudget(adSet?.campaign, i);
      const [name, amount] = metaBudget(setting, i, current!.account);
      params[name] = amount;
      sources.push([name, `settings[${i}].budget`], ['budget', `settings[${i}].budget`]);
    } else if (setting.kind === 'Runtime') {
      if (!sameInstant(adSet?.start_time, setting.start)) params.start_time = metaTime(setting.start);
      if (setting.end === undefined) {
        if (adSet?.end_time) params.end_time = NO_END;
      } else if (!sameInstant(adSet?.end_time, setting.end)) {
        params.end_time = metaTime(setting.end);
      }
      sources.push(['end_time', `settings[${i}].end`], ['start_time', `settings[${i}].start`]);
    }
  });
  if (changes.targetings?.length) {
    let spec: GraphTargeting = { ...adSet?.targeting };
    changes.targetings.forEach((targeting, i) => {
      if (targeting.kind === 'AudienceTargeting') {
        spec = withAudiences(spec, targeting);
        sources.push(...audienceSources(targeting, i), ['targeting', `targetings[${i}]`]);
        return;
      }
      if (targeting.kind !== 'GeoTargeting') return;
      const zips = targeting.zipcodes.map(({ country, zipcode }) => ({ key: zipKey(country, zipcode) }));
      const { zips: _replaced, ...geo } = spec.geo_locations ?? {};
      spec = { ...spec, geo_locations: { ...geo, ...(zips.length ? { zips } : {}) } };
      sources.push(
        ['zips?', `targetings[${i}].zipcodes`],
        ['geo_locations', `targetings[${i}]`],
        ['locations?', `targetings[${i}]`],
        ['targeting', `targetings[${i}]`],
      );
    });
    params.targeting = JSON.stringify(spec);
  }
  sources.push(['name', 'name'], ['status', 'status']);
  return { params, sources };
}
