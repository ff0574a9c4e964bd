import { createHash } from 'node:crypto';
import type { Ad, AdSet, Campaign, ConfiguredStatus, Objective, Targeting } from './model.js';
import type { MetaStore } from './store.js';

export const USD_ACCOUNT = '1000000001';
export const JPY_ACCOUNT = '1000000002';
/** Seeded campaigns: traffic (ACTIVE) and awareness (PAUSED) in USD, engagement (ACTIVE) in JPY. */
export const CAMPAIGNS = {
  usdTraffic: '120210000000000101',
  usdAwareness: '120210000000000102',
  jpyEngagement: '120210000000000201',
} as const;

/** Each account's own Page, which only that account may promote. */
export const PAGES = {
  usd: { id: '104000000000001', name: 'Bakery US' },
  jpy: { id: '104000000000002', name: 'Bakery Tokyo' },
} as const;
/** The seeded video ad (a kind adlink reads as Other): in "Bay Area reach". */
export const VIDEO_AD_NAME = 'Bay Area reach — video';

interface AdSetSeed {
  name: string;
  status: ConfiguredStatus;
  held?: AdSet['held'];
  budget: { daily: number } | { lifetime: number };
  targeting: Targeting;
  ads: ConfiguredStatus[];
  /** A video ad besides the link ads. */
  video?: true;
}

interface CampaignSeed {
  id: string;
  name: string;
  objective: Objective;
  status: ConfiguredStatus;
  adSets: AdSetSeed[];
}

const usZips = (...zips: string[]) => ({ geo_locations: { zips: zips.map((z) => ({ key: `US:${z}` })) } });

/**
 * Budgets in Meta's offsets: cents for USD (2000 = $20.00), yen for JPY (offset 1). The statuses cover
 * every unified one: ACTIVE delivering, ACTIVE held by a paused campaign or by review, PAUSED, ARCHIVED.
 */
const SEED: {
  account: string;
  name: string;
  currency: string;
  timezone: string;
  page: { id: string; name: string };
  campaigns: CampaignSeed[];
}[] = [
  {
    account: USD_ACCOUNT,
    name: 'Bakery US',
    currency: 'USD',
    timezone: 'America/Los_Angeles',
    page: PAGES.usd,
    campaigns: [
      {
        id: CAMPAIGNS.usdTraffic,
        name: 'Spring traffic',
        objective: 'OUTCOME_TRAFFIC',
        status: 'ACTIVE',
        adSets: [
          {
            name: 'Palo Alto commuters',
            status: 'ACTIVE',
            budget: { daily: 2000 },
            targeting: usZips('94301', '94304'),
            ads: ['ACTIVE', 'PAUSED'],
          },
          {
            name: 'Menlo Park families',
            status: 'PAUSED',
            budget: { lifetime: 150_000 },
            targeting: usZips('94025'),
            ads: ['ACTIVE'],
          },
          {
            name: 'New creative in review',
            status: 'ACTIVE',
            held: 'IN_PROCESS',
            budget: { daily: 1500 },
            targeting: { geo_locations: { countries: ['US'] } },
            ads: [],
          },
        ],
      },
      {
        id: CAMPAIGNS.usdAwareness,
        name: 'Holiday awareness',
        objective: 'OUTCOME_AWARENESS',
        status: 'PAUSED',
        adSets: [
          {
            name: 'Bay Area reach',
            status: 'ACTIVE',
            budget: { daily: 5000 },
            targeting: { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54 },
            ads: ['ACTIVE'],
            video: true,
          },
          {
            name: 'Last year',
            status: 'ARCHIVED',
            budget: { daily: 1000 },
            targeting: usZips('94107'),
            ads: ['ARCHIVED'],
          },
        ],
      },
    ],
  },
  {
    account: JPY_ACCOUNT,
    name: 'Bakery Tokyo',
    currency: 'JPY',
    timezone: 'Asia/Tokyo',
    page: PAGES.jpy,
    campaigns: [
      {
        id: CAMPAIGNS.jpyEngagement,
        name: 'Tokyo engagement',
        objective: 'OUTCOME_ENGAGEMENT',
        status: 'ACTIVE',
        adSets: [
          {
            name: 'Shibuya',
            status: 'ACTIVE',
            budget: { daily: 3000 },
            targeting: { geo_locations: { zips: [{ key: 'JP:150-0002' }] } },
            ads: ['ACTIVE'],
          },
        ],
      },
    ],
  },
];

/**
 * An account's Page, its storefront image (1200×628) and two creatives on that Page: a link ad with
 * the image, and a video ad (the emulator takes no video uploads: the video is only named).
 */
function seedCreatives(store: MetaStore, account: string, page: { id: string; name: string }) {
  store.pages.set(page.id, page);
  store.promotePages.set(account, [page.id]);
  const hash = createHash('md5').update(`storefront of ${account}`).digest('hex');
  store.imagesOf(account).set(hash, {
    hash,
    account_id: account,
    name: 'storefront.jpg',
    width: 1200,
    height: 628,
    created_time: store.nextTime(),
  });
  const link = {
    id: store.nextId('creative'),
    account_id: account,
    name: `${page.name} storefront`,
    object_story_spec: {
      page_id: page.id,
      link_data: {
        link: 'https://bakery.example/',
        image_hash: hash,
        message: 'Fresh sourdough every morning.',
        name: 'Our bakery',
        call_to_action: { type: 'LEARN_MORE', value: { link: 'https://bakery.example/' } },
      },
    },
    status: 'ACTIVE' as const,
  };
  const video = {
    id: store.nextId('creative'),
    account_id: account,
    name: `${page.name} video`,
    object_story_spec: {
      page_id: page.id,
      video_data: { video_id: '105000000000001', message: 'Watch us bake.', title: 'Baking day' },
    },
    status: 'ACTIVE' as const,
  };
  store.creatives.set(link.id, link);
  store.creatives.set(video.id, video);
  return { link: link.id, video: video.id };
}

/** Fills a new store with the two ad accounts, their Pages and images, campaigns, ad sets and ads. */
export function seed(store: MetaStore): void {
  for (const account of SEED) {
    store.accounts.set(account.account, {
      account_id: account.account,
      name: account.name,
      currency: account.currency,
      timezone_name: account.timezone,
    });
    store.tosAccepted.add(account.account);
    const creatives = seedCreatives(store, account.account, account.page);
    for (const c of account.campaigns) {
      const created = store.nextTime();
      const campaign: Campaign = {
        id: c.id,
        account_id: account.account,
        name: c.name,
        objective: c.objective,
        status: c.status,
        special_ad_categories: [],
        buying_type: 'AUCTION',
        is_adset_budget_sharing_enabled: false,
        created_time: created,
        updated_time: created,
      };
      store.campaigns.set(campaign.id, campaign);
      for (const s of c.adSets) {
        const adSet = addAdSet(store, campaign.id, {
          name: s.name,
          status: s.status,
          ...(s.held ? { held: s.held } : {}),
          ...('daily' in s.budget
            ? { daily_budget: s.budget.daily }
            : { lifetime_budget: s.budget.lifetime }),
          ...('lifetime' in s.budget ? { end_time: '2026-12-31T23:59:59+0000' } : {}),
          optimization_goal: c.objective === 'OUTCOME_TRAFFIC' ? 'LINK_CLICKS' : 'REACH',
          targeting: s.targeting,
        });
        const ads = s.ads.map((status, i) => ({
          status,
          name: `${s.name} — ad ${i + 1}`,
          creative: creatives.link,
        }));
        if (s.video) ads.push({ status: 'ACTIVE', name: VIDEO_AD_NAME, creative: creatives.video });
        for (const { status, name, creative } of ads) {
          const created = store.nextTime();
          const ad: Ad = {
            id: store.nextId('ad'),
            account_id: account.account,
            campaign_id: campaign.id,
            adset_id: adSet.id,
            name,
            status,
            creative_id: creative,
            review: 'APPROVED',
            created_time: created,
            updated_time: created,
          };
          store.ads.set(ad.id, ad);
        }
      }
    }
  }
}

type AdSetValues = Pick<AdSet, 'name' | 'status' | 'optimization_goal' | 'targeting'> &
  Partial<Pick<AdSet, 'held' | 'daily_budget' | 'lifetime_budget' | 'end_time' | 'billing_event'>>;

/** Stores a new ad set under a campaign (the campaign's account is the ad set's). */
export function addAdSet(store: MetaStore, campaignId: string, values: AdSetValues): AdSet {
  const campaign = store.campaigns.get(campaignId);
  if (!campaign) throw new Error(`no campaign ${campaignId}`);
  const now = store.nextTime();
  const adSet: AdSet = {
    id: store.nextId('adset'),
    account_id: campaign.account_id,
    campaign_id: campaign.id,
    billing_event: 'IMPRESSIONS',
    start_time: now,
    created_time: now,
    updated_time: now,
    ...values,
  };
  store.adSets.set(adSet.id, adSet);
  return adSet;
}

/** `count` more paused ad sets with a daily budget under one campaign of one account. */
export function seedAdSets(store: MetaStore, account: string, campaignId: string, count: number): void {
  const accountId = account.replace(/^act_/, '');
  const campaign = store.campaigns.get(campaignId);
  if (!store.accounts.has(accountId)) throw new Error(`no ad account ${account}`);
  if (campaign?.account_id !== accountId)
    throw new Error(`no campaign ${campaignId} in ad account ${account}`);
  for (let i = 0; i < count; i++) {
    addAdSet(store, campaignId, {
      name: `Seeded ad set ${i + 1}`,
      status: 'PAUSED',
      daily_budget: 1000,
      optimization_goal: campaign.objective === 'OUTCOME_TRAFFIC' ? 'LINK_CLICKS' : 'REACH',
      targeting: { geo_locations: { countries: ['US'] } },
    });
  }
}
