import { type FieldRequest, select } from './fields.js';
import type { Ad, AdAccount, AdSet, Campaign } from './model.js';
import {
  AD_ACCOUNT_FIELDS,
  AD_FIELDS,
  ADSET_EDGES,
  ADSET_FIELDS,
  CAMPAIGN_FIELDS,
  graphTimeIn,
  parseGraphTime,
} from './model.js';
import { page } from './paging.js';
import type { MetaStore } from './store.js';

const newestFirst = <T extends { created_time: string; id: string }>(items: Iterable<T>): T[] =>
  [...items].sort((a, b) => b.created_time.localeCompare(a.created_time) || b.id.localeCompare(a.id));

/**
 * Graph's JSON for each node type, limited to the requested fields (budgets are strings, ad set
 * times in the ad account's time zone, as Meta sends them), and the edges in the order Meta lists
 * them: newest first.
 * `apiRoot` is where this version of the API is served (`http://…/v24.0`), for `paging.next` URLs.
 */
export function renderers(store: MetaStore, apiRoot: string) {
  const account = (a: AdAccount, fields: FieldRequest[]) =>
    select('AdAccount', AD_ACCOUNT_FIELDS, fields, ({ name }) =>
      name === 'id' ? `act_${a.account_id}` : a[name as keyof AdAccount],
    );

  const campaign = (c: Campaign, fields: FieldRequest[]) =>
    select('Campaign', CAMPAIGN_FIELDS, fields, ({ name }) => {
      switch (name) {
        case 'configured_status':
        case 'effective_status':
          return c.status;
        case 'daily_budget':
        case 'lifetime_budget':
          // Budgets are strings; a campaign without a campaign budget has none of these fields.
          return c[name] === undefined ? undefined : String(c[name]);
        case 'created_time':
        case 'updated_time':
          return graphTimeIn(parseGraphTime(c[name]), store.accounts.get(c.account_id)!.timezone_name);
        default:
          return c[name as keyof Campaign];
      }
    });

  const ad = (a: Ad, fields: FieldRequest[]) =>
    select('Ad', AD_FIELDS, fields, ({ name }) => {
      if (name === 'configured_status') return a.status;
      if (name === 'effective_status') return store.adEffectiveStatus(a);
      return a[name as keyof Ad];
    });

  /** An ad set's ads as its edge lists them (without DELETED ones). */
  const adsOf = (adSetId: string) =>
    newestFirst(store.ads.values()).filter(
      (a) => a.adset_id === adSetId && visible(store.adEffectiveStatus(a)),
    );

  const adSet = (s: AdSet, fields: FieldRequest[]) =>
    select('AdSet', [...ADSET_FIELDS, ...ADSET_EDGES], fields, (field) => {
      switch (field.name) {
        case 'campaign':
          return campaign(store.campaigns.get(s.campaign_id)!, field.fields);
        case 'ads': {
          // An edge expanded in place: its first page, with the URL of the rest.
          const url = new URL(`${apiRoot}/${s.id}/ads`);
          url.searchParams.set('fields', field.fields.map((f) => f.name).join(','));
          if (field.limit) url.searchParams.set('limit', String(field.limit));
          return page(url, adsOf(s.id), (a) => ad(a, field.fields));
        }
        case 'configured_status':
          return s.status;
        case 'effective_status':
          return store.adSetEffectiveStatus(s);
        case 'daily_budget':
        case 'lifetime_budget':
          return String(s[field.name] ?? 0);
        case 'start_time':
        case 'end_time':
        case 'created_time':
        case 'updated_time': {
          const time = s[field.name];
          const zone = store.accounts.get(s.account_id)!.timezone_name;
          return time === undefined ? undefined : graphTimeIn(parseGraphTime(time), zone);
        }
        default:
          return s[field.name as keyof AdSet];
      }
    });

  return { account, campaign, adSet, ad, newestFirst };
}

export const visible = (effectiveStatus: string, wanted?: string[]) =>
  wanted ? wanted.includes(effectiveStatus) : effectiveStatus !== 'DELETED';
