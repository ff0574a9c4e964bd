import type {
  AdGroup,
  Campaign,
  CreativeType,
  EntityStatus,
  MatchType,
  ObjectiveType,
  Pin,
  TargetingSpec,
} from './model.js';
import { BILLABLE_EVENTS_BY_OBJECTIVE } from './model.js';
import type { PinterestState } from './state.js';

export const SEED = {
  usdAccount: '549755885175',
  eurAccount: '549755885176',
  /** Bills in yen, a currency without minor units. */
  jpyAccount: '549755885177',
  /** ACTIVE AWARENESS campaign of the USD account: the usual parent of new ad groups. */
  awareness: '626736533506',
  consideration: '626736533507',
  /** PAUSED: its ACTIVE ad groups do not deliver. */
  conversions: '626736533508',
  /** Campaign budget optimization: its ad groups have no budget of their own. */
  videoCbo: '626736533509',
  eurConsideration: '626736533601',
  jpyAwareness: '626736533701',
  /** The emulated user's public board, which the seeded Pins are on; it has no ad-only board yet. */
  board: '549755900001',
} as const;

const DAY = 86_400;
const YEAR_END = Date.UTC(2026, 11, 31) / 1000;
const FAR_FUTURE = Date.UTC(2099, 0, 1) / 1000;
const micros = (units: number) => units * 1_000_000;
const zips = (...codes: string[]): TargetingSpec => ({ GEO: codes });

interface AdGroupSeed {
  name: string;
  status: EntityStatus;
  budget?: { type: 'DAILY' | 'LIFETIME'; units: number };
  schedule?: { start?: number; end?: number };
  targeting: TargetingSpec;
  keywords?: [string, MatchType][];
  ads?: EntityStatus[];
  /** An ACTIVE ad of a video Pin: a creative adlink reads but cannot create. */
  videoAd?: true;
}

const CAMPAIGNS: {
  id: string;
  account: string;
  name: string;
  objective: ObjectiveType;
  status: EntityStatus;
  cbo?: number;
  adGroups: AdGroupSeed[];
}[] = [
  {
    id: SEED.awareness,
    account: SEED.usdAccount,
    name: 'Spring home decor',
    objective: 'AWARENESS',
    status: 'ACTIVE',
    adGroups: [
      {
        name: 'San Francisco renters',
        status: 'ACTIVE',
        budget: { type: 'DAILY', units: 20 },
        targeting: zips('US-94107', 'US-94103'),
        keywords: [
          ['home decor', 'BROAD'],
          ['wall art', 'PHRASE'],
          ['cheap', 'EXACT_NEGATIVE'],
        ],
        ads: ['ACTIVE', 'PAUSED'],
      },
      {
        name: 'Oakland families',
        status: 'PAUSED',
        budget: { type: 'LIFETIME', units: 500 },
        schedule: { end: YEAR_END },
        targeting: zips('US-94607'),
        ads: ['ACTIVE'],
      },
      {
        name: 'Summer preview',
        status: 'ACTIVE',
        budget: { type: 'DAILY', units: 15 },
        schedule: { start: FAR_FUTURE - 30 * DAY },
        targeting: { LOCATION: ['US'] },
      },
      {
        name: 'Last winter',
        status: 'ARCHIVED',
        budget: { type: 'DAILY', units: 10 },
        targeting: { LOCATION: ['US'] },
        ads: ['ARCHIVED'],
      },
      { name: 'Abandoned draft', status: 'DELETED_DRAFT', targeting: { LOCATION: ['US'] } },
    ],
  },
  {
    id: SEED.consideration,
    account: SEED.usdAccount,
    name: 'Kitchen ideas',
    objective: 'CONSIDERATION',
    status: 'ACTIVE',
    adGroups: [
      {
        name: 'Recipe savers',
        status: 'ACTIVE',
        budget: { type: 'DAILY', units: 30 },
        targeting: { LOCATION: ['US'] },
        keywords: [['kitchen remodel', 'EXACT']],
      },
    ],
  },
  {
    id: SEED.conversions,
    account: SEED.usdAccount,
    name: 'Holiday checkout',
    objective: 'WEB_CONVERSION',
    status: 'PAUSED',
    adGroups: [
      {
        name: 'Past buyers',
        status: 'ACTIVE',
        budget: { type: 'DAILY', units: 25 },
        targeting: { LOCATION: ['US'] },
      },
    ],
  },
  {
    id: SEED.videoCbo,
    account: SEED.usdAccount,
    name: 'Video launch (campaign budget)',
    objective: 'VIDEO_COMPLETION',
    status: 'ACTIVE',
    cbo: 100,
    adGroups: [{ name: 'Video viewers', status: 'ACTIVE', targeting: { LOCATION: ['US'] } }],
  },
  {
    id: SEED.eurConsideration,
    account: SEED.eurAccount,
    name: 'Printemps cuisine',
    objective: 'CONSIDERATION',
    status: 'ACTIVE',
    adGroups: [
      {
        name: 'Paris centre',
        status: 'ACTIVE',
        budget: { type: 'DAILY', units: 15 },
        targeting: zips('FR-75001', 'FR-75002'),
        ads: ['ACTIVE'],
        videoAd: true,
      },
    ],
  },
  {
    id: SEED.jpyAwareness,
    account: SEED.jpyAccount,
    name: '東京 autumn',
    objective: 'AWARENESS',
    status: 'ACTIVE',
    adGroups: [
      {
        name: 'Tokyo commuters',
        status: 'ACTIVE',
        budget: { type: 'DAILY', units: 3000 },
        targeting: { LOCATION: ['JP'] },
        ads: ['ACTIVE', 'ACTIVE'],
      },
    ],
  },
];

/** Fills a new state: three ad accounts (USD, EUR, JPY), campaigns, ad groups in every status, ads, keywords. */
export function seed(state: PinterestState): void {
  const accounts: [string, string, string, string][] = [
    [SEED.usdAccount, 'Acme Home (US)', 'USD', 'US'],
    [SEED.eurAccount, 'Acme Maison (FR)', 'EUR', 'FR'],
    [SEED.jpyAccount, 'Acme Japan (JP)', 'JPY', 'JP'],
  ];
  for (const [id, name, currency, country] of accounts) {
    const time = state.nextTime();
    state.accounts.set(id, {
      id,
      name,
      currency,
      country,
      owner: { username: 'emulated-user' },
      permissions: ['OWNER'],
      created_time: time,
      updated_time: time,
    });
  }
  state.boards.set(SEED.board, {
    id: SEED.board,
    name: 'Spring ideas',
    description: null,
    privacy: 'PUBLIC',
    is_ads_only: false,
    created_at: '2026-01-05T09:00:00Z',
  });
  for (const c of CAMPAIGNS) {
    const time = state.nextTime();
    const campaign: Campaign = {
      id: c.id,
      ad_account_id: c.account,
      name: c.name,
      status: c.status,
      objective_type: c.objective,
      is_campaign_budget_optimization: c.cbo !== undefined,
      daily_spend_cap: c.cbo === undefined ? null : micros(c.cbo),
      lifetime_spend_cap: null,
      start_time: null,
      end_time: null,
      created_time: time,
      updated_time: time,
      type: 'campaign',
    };
    state.campaigns.set(campaign.id, campaign);
    for (const g of c.adGroups) addSeededAdGroup(state, campaign, g);
  }
  state.addKeyword({
    parent_id: SEED.awareness,
    parent_type: 'campaign',
    value: 'free',
    match_type: 'PHRASE_NEGATIVE',
  });
}

function addSeededAdGroup(state: PinterestState, campaign: Campaign, g: AdGroupSeed): AdGroup {
  const adGroup = state.addAdGroup({
    ad_account_id: campaign.ad_account_id,
    campaign_id: campaign.id,
    name: g.name,
    status: g.status,
    budget_in_micro_currency: g.budget ? micros(g.budget.units) : null,
    budget_type: g.budget?.type ?? 'CBO_ADGROUP',
    bid_in_micro_currency: null,
    bid_strategy_type: 'AUTOMATIC_BID',
    billable_event: BILLABLE_EVENTS_BY_OBJECTIVE[campaign.objective_type][0]!,
    start_time: g.schedule?.start ?? null,
    end_time: g.schedule?.end ?? null,
    targeting_spec: g.targeting,
    auto_targeting_enabled: true,
  });
  for (const [value, match_type] of g.keywords ?? []) {
    state.addKeyword({ parent_id: adGroup.id, parent_type: 'ad_group', value, match_type });
  }
  (g.ads ?? []).forEach((status, i) => {
    const pin = state.addPin({
      board_id: SEED.board,
      title: `${g.name} – pin ${i + 1}`,
      description: 'Ideas for every room.',
      link: 'https://acme-home.example/ideas',
      alt_text: null,
      media: { media_type: 'image', width: 1000, height: 1500, content_type: 'image/jpeg', bytes: 412_000 },
    });
    addSeededAd(state, adGroup, pin, status, 'REGULAR');
  });
  if (g.videoAd) {
    const pin = state.addPin({
      board_id: SEED.board,
      title: 'Launch film',
      description: null,
      link: 'https://acme-home.example/launch',
      alt_text: null,
      media: { media_type: 'video', width: 1080, height: 1920 },
    });
    addSeededAd(state, adGroup, pin, 'ACTIVE', 'VIDEO');
  }
  return adGroup;
}

function addSeededAd(
  state: PinterestState,
  adGroup: AdGroup,
  pin: Pin,
  status: EntityStatus,
  creative: CreativeType,
) {
  state.addAd({
    ad_account_id: adGroup.ad_account_id,
    campaign_id: adGroup.campaign_id,
    ad_group_id: adGroup.id,
    pin_id: pin.id,
    name: pin.title ?? 'Seeded ad',
    status,
    review_status: 'APPROVED',
    rejected_reasons: [],
    rejection_labels: [],
    creative_type: creative,
    customizable_cta_type: null,
    destination_url: null,
  });
}
