import type { Ad, AdGroup, Campaign, Identity } from './model.js';
import type { TikTokState } from './state.js';

/** The two seeded advertisers: one in US dollars, one in yen (no minor unit). */
export const SEEDED = {
  usAdvertiser: '7000000000000000001',
  jpAdvertiser: '7000000000000000002',
} as const;

function campaign(
  state: TikTokState,
  advertiser_id: string,
  campaign_name: string,
  objective_type: string,
  operation_status: Campaign['operation_status'] = 'ENABLE',
): Campaign {
  const created: Campaign = {
    advertiser_id,
    campaign_id: state.id(),
    campaign_name,
    objective_type,
    operation_status,
    deleted: false,
    budget_mode: 'BUDGET_MODE_INFINITE',
    budget: 0,
    budget_optimize_on: false,
    create_time: state.now(),
  };
  state.campaigns.set(created.campaign_id, created);
  return created;
}

type AdGroupSeed = Partial<AdGroup> & Pick<AdGroup, 'adgroup_name'>;

export function seedAdGroup(state: TikTokState, parent: Campaign, seed: AdGroupSeed): AdGroup {
  const traffic = parent.objective_type === 'TRAFFIC';
  return state.addAdGroup({
    advertiser_id: parent.advertiser_id,
    campaign_id: parent.campaign_id,
    operation_status: 'ENABLE',
    deleted: false,
    budget_mode: 'BUDGET_MODE_DAY',
    budget: 50,
    schedule_type: 'SCHEDULE_FROM_NOW',
    schedule_start_time: '2026-01-05 09:00:00',
    schedule_end_time: '2036-01-05 09:00:00',
    billing_event: traffic ? 'CPC' : 'CPM',
    optimization_goal: traffic ? 'CLICK' : 'REACH',
    pacing: 'PACING_MODE_SMOOTH',
    placement_type: 'PLACEMENT_TYPE_NORMAL',
    placements: ['PLACEMENT_TIKTOK'],
    ...(traffic ? { promotion_type: 'WEBSITE' } : {}),
    location_ids: ['6252001'],
    zipcode_ids: [],
    search_keywords: [],
    audience_ids: [],
    excluded_audience_ids: [],
    ...seed,
  });
}

function identity(state: TikTokState, advertiser_id: string, identity_type: string, display_name: string) {
  const created: Identity = {
    advertiser_id,
    identity_id: state.assetId(),
    identity_type,
    display_name,
    profile_image: `https://p16-sign.tiktokcdn.com/avatar/${display_name.replace(/\W/g, '')}.jpeg`,
  };
  state.identities.set(created.identity_id, created);
  return created;
}

/**
 * A video ad (adlink cannot create one yet), speaking as the advertiser's custom identity, approved
 * unless the control says otherwise.
 */
function videoAd(
  state: TikTokState,
  adGroup: AdGroup,
  ad_name: string,
  status: Ad['operation_status'] = 'ENABLE',
) {
  const speaker = [...state.identities.values()].find(
    (i) => i.advertiser_id === adGroup.advertiser_id && i.identity_type === 'CUSTOMIZED_USER',
  )!;
  const video_id = `v10033g50000${state.assetId()}`;
  state.videos.set(video_id, adGroup.advertiser_id);
  return state.addAd(
    adGroup,
    {
      ad_name,
      ad_format: 'SINGLE_VIDEO',
      ad_text: `${ad_name}: fresh from the oven`,
      call_to_action: 'LEARN_MORE',
      identity_id: speaker.identity_id,
      identity_type: speaker.identity_type,
      image_ids: [],
      video_id,
      landing_page_url: 'https://acme-bakery.example/spring',
    },
    status,
    { review_status: 'ALL_AVAILABLE', reasons: [] },
  );
}

/** Ad groups in every status adlink maps, with budgets of both modes, identities, and video ads. */
export function seed(state: TikTokState): void {
  state.advertisers.set(SEEDED.usAdvertiser, {
    advertiser_id: SEEDED.usAdvertiser,
    name: 'Acme Bakery US',
    currency: 'USD',
    timezone: 'America/New_York',
    country: 'US',
  });
  state.advertisers.set(SEEDED.jpAdvertiser, {
    advertiser_id: SEEDED.jpAdvertiser,
    name: 'Acme Bakery Japan',
    currency: 'JPY',
    timezone: 'Asia/Tokyo',
    country: 'JP',
  });

  identity(state, SEEDED.usAdvertiser, 'CUSTOMIZED_USER', 'Acme Bakery');
  identity(state, SEEDED.usAdvertiser, 'TT_USER', 'acmebakery');
  identity(state, SEEDED.jpAdvertiser, 'CUSTOMIZED_USER', 'Acme Bakery Japan');

  const traffic = campaign(state, SEEDED.usAdvertiser, 'Spring traffic', 'TRAFFIC');
  const reach = campaign(state, SEEDED.usAdvertiser, 'Brand reach', 'REACH', 'DISABLE');
  const tokyo = campaign(state, SEEDED.jpAdvertiser, 'Tokyo traffic', 'TRAFFIC');

  const running = seedAdGroup(state, traffic, {
    adgroup_name: 'Bread lovers NYC',
    zipcode_ids: ['6252001100010'],
    location_ids: [],
  });
  videoAd(state, running, 'Sourdough video');
  videoAd(state, running, 'Croissant video', 'DISABLE');
  seedAdGroup(state, traffic, {
    adgroup_name: 'Weekend push',
    operation_status: 'DISABLE',
    budget_mode: 'BUDGET_MODE_TOTAL',
    budget: 900,
    schedule_type: 'SCHEDULE_START_END',
    schedule_end_time: '2026-03-01 00:00:00',
  });
  seedAdGroup(state, traffic, {
    adgroup_name: 'Over budget',
    delivery_issue: 'ADGROUP_STATUS_BUDGET_EXCEED',
  });
  seedAdGroup(state, traffic, { adgroup_name: 'Old test', deleted: true, operation_status: 'DISABLE' });
  videoAd(state, seedAdGroup(state, reach, { adgroup_name: 'Everyone' }), 'Brand film');

  videoAd(
    state,
    seedAdGroup(state, tokyo, { adgroup_name: 'Tokyo commuters', budget: 5000, location_ids: ['1850147'] }),
    'Melon pan video',
  );
  // The seeded ads have run since early January, so reports of past days have numbers.
  for (const ad of state.ads.values()) ad.create_time = SEEDED_ADS_SINCE;
}

/** When the seeded ads were created (TikTok's time format, UTC). */
export const SEEDED_ADS_SINCE = '2026-01-05 09:00:00';

/** `count` more paused ad groups under a seeded campaign (for pagination tests). */
export function seedAdGroups(state: TikTokState, advertiserId: string, campaignId: string, count: number) {
  const parent = state.campaigns.get(campaignId);
  if (!parent || parent.advertiser_id !== advertiserId) {
    throw new Error(`no campaign ${campaignId} of advertiser ${advertiserId}`);
  }
  for (let i = 1; i <= count; i++) {
    seedAdGroup(state, parent, { adgroup_name: `Seeded ad group ${i}`, operation_status: 'DISABLE' });
  }
}
