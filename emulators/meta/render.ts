import { type FieldRequest, select } from './fields.js';
import type {
  Ad,
  AdAccount,
  AdCreative,
  AdImage,
  AdSet,
  Campaign,
  CustomAudience,
  Page,
  RawCustomAudience,
  Targeting,
} from './model.js';
import {
  AD_ACCOUNT_FIELDS,
  AD_FIELDS,
  AD_IMAGE_FIELDS,
  ADSET_FIELDS,
  CAMPAIGN_FIELDS,
  CREATIVE_FIELDS,
  CUSTOM_AUDIENCE_FIELDS,
  graphTimeIn,
  PAGE_FIELDS,
  parseGraphTime,
} from './model.js';
import type { MetaStore } from './store.js';

const newestFirst = <T extends { created_time: string; id: string }>(items: Iterable<T>): T[] =>
  [...items].sort((a, b) => b.created_time.localeCompare(a.created_time) || b.id.localeCompare(a.id));

/**
 * Graph's JSON for each node type, limited to the requested fields (budgets are strings, ad set
 * times in the ad account's time zone, as Meta sends them), and the edges in the order Meta lists
 * them: newest first.
 */
export function renderers(store: MetaStore) {
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

  /** A link ad's story is a SHARE, a video ad's a VIDEO (the SDK's `AdCreative.ObjectType`). */
  const creative = (c: AdCreative, fields: FieldRequest[]) =>
    select('AdCreative', CREATIVE_FIELDS, fields, ({ name }) => {
      const story = c.object_story_spec;
      switch (name) {
        case 'object_type':
          return story.video_data ? 'VIDEO' : 'SHARE';
        case 'image_hash':
          return story.link_data?.image_hash;
        case 'call_to_action_type':
          return (story.link_data ?? story.video_data)?.call_to_action?.type;
        default:
          return c[name as keyof AdCreative];
      }
    });

  const ad = (a: Ad, fields: FieldRequest[]) =>
    select('Ad', AD_FIELDS, fields, (field) => {
      switch (field.name) {
        case 'configured_status':
          return a.status;
        case 'effective_status':
          return store.adEffectiveStatus(a);
        case 'creative':
          return creative(store.creatives.get(a.creative_id)!, field.fields);
        case 'ad_review_feedback':
          return a.feedback;
        case 'issues_info':
          return a.issues;
        case 'created_time':
        case 'updated_time':
          return graphTimeIn(parseGraphTime(a[field.name]), store.accounts.get(a.account_id)!.timezone_name);
        default:
          return a[field.name as keyof Ad];
      }
    });

  /** An image as `adimages` lists it: its hash is its id there too. */
  const image = (i: AdImage, fields: FieldRequest[]) =>
    select('AdImage', AD_IMAGE_FIELDS, fields, ({ name }) => {
      switch (name) {
        case 'id':
          return `${i.account_id}:${i.hash}`;
        case 'original_width':
          return i.width;
        case 'original_height':
          return i.height;
        case 'status':
          return 'ACTIVE';
        case 'created_time':
          return graphTimeIn(parseGraphTime(i.created_time), store.accounts.get(i.account_id)!.timezone_name);
        default:
          return i[name as keyof AdImage];
      }
    });

  const facebookPage = (p: Page, fields: FieldRequest[]) =>
    select('Page', PAGE_FIELDS, fields, ({ name }) => p[name as keyof Page]);

  /** Meta answers a targeting's custom audiences with their names. */
  const named = (audiences: RawCustomAudience[] | undefined) =>
    audiences?.map(({ id }) => ({ id, name: store.customAudiences.get(id)?.name }));
  const targeting = ({ custom_audiences, excluded_custom_audiences, ...rest }: Targeting) => ({
    ...rest,
    ...(custom_audiences ? { custom_audiences: named(custom_audiences) } : {}),
    ...(excluded_custom_audiences ? { excluded_custom_audiences: named(excluded_custom_audiences) } : {}),
  });

  const adSet = (s: AdSet, fields: FieldRequest[]) =>
    select('AdSet', ADSET_FIELDS, fields, (field) => {
      switch (field.name) {
        case 'campaign':
          return campaign(store.campaigns.get(s.campaign_id)!, field.fields);
        case 'configured_status':
          return s.status;
        case 'effective_status':
          return store.adSetEffectiveStatus(s);
        case 'daily_budget':
        case 'lifetime_budget':
          return String(s[field.name] ?? 0);
        case 'targeting':
          return targeting(s.targeting);
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

  const customAudience = (a: CustomAudience, fields: FieldRequest[]) => {
    const state = store.customAudienceState(a);
    return select('CustomAudience', CUSTOM_AUDIENCE_FIELDS, fields, ({ name }) => {
      switch (name) {
        case 'id':
          return a.id;
        case 'subtype':
          return 'CUSTOM';
        case 'approximate_count_lower_bound':
        case 'approximate_count_upper_bound':
          return state.count;
        case 'operation_status':
        case 'delivery_status':
          return state[name];
        default:
          return a[name as keyof CustomAudience];
      }
    });
  };

  return { account, campaign, adSet, ad, creative, image, facebookPage, customAudience, newestFirst };
}

export const visible = (effectiveStatus: string, wanted?: string[]) =>
  wanted ? wanted.includes(effectiveStatus) : effectiveStatus !== 'DELETED';
