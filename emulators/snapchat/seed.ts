import { createHash } from 'node:crypto';
import {
  type AdSquad,
  type AdSquadValues,
  type Campaign,
  goalsOf,
  type Objective,
  type ObjectiveV2,
  type Status,
} from './model.js';
import type { SnapState } from './state.js';

/** The seeded organization, its three ad accounts (USD, EUR, JPY) and their campaigns. */
export const SEEDED = {
  organization: '0b6c3f2e-5a41-4c1e-9d7a-2f0e8b1c4a01',
  usdAccount: '3f8a1c2d-7b4e-4f61-a9c0-5d2e8b7a1b01',
  eurAccount: '3f8a1c2d-7b4e-4f61-a9c0-5d2e8b7a1b02',
  /** A zero-decimal (JPY) account in Asia/Tokyo. */
  jpyAccount: '3f8a1c2d-7b4e-4f61-a9c0-5d2e8b7a1b03',
  usdAwareness: '6d1e9a4b-2c3f-4e5a-8b7c-9d0e1f2a3c01',
  usdWeb: '6d1e9a4b-2c3f-4e5a-8b7c-9d0e1f2a3c02',
  eurVideo: '6d1e9a4b-2c3f-4e5a-8b7c-9d0e1f2a3c03',
  /** Created with objective v2 properties (TRAFFIC), without the legacy `objective`. */
  usdTraffic: '6d1e9a4b-2c3f-4e5a-8b7c-9d0e1f2a3c04',
  jpyWeb: '6d1e9a4b-2c3f-4e5a-8b7c-9d0e1f2a3c05',
  /** A matched customer list of Bakery US (1,500 members: READY). */
  usdCustomers: '5677923948298240',
} as const;

const DAY_MS = 86_400_000;
const geos = (country: string, ...postalCodes: string[]) => [
  {
    country_code: country,
    operation: 'INCLUDE' as const,
    ...(postalCodes.length ? { postal_code: postalCodes } : {}),
  },
];

interface SquadSeed {
  name: string;
  status: Status;
  budget: { daily: number } | { lifetime: number };
  geos: AdSquadValues['targeting']['geos'];
  /** Days from now the squad starts (a future start holds delivery). */
  startsIn?: number;
  deleted?: boolean;
  ads: Status[];
}

interface CampaignSeed {
  id: string;
  name: string;
  objective: Objective | { v2: ObjectiveV2 };
  status: Status;
  squads: SquadSeed[];
}

/**
 * Budgets in micro-currency (20_000_000 = 20.00). The squads cover every unified status: ACTIVE and
 * delivering, ACTIVE held (paused campaign, future start), PAUSED, and deleted.
 */
const ACCOUNTS: {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  campaigns: CampaignSeed[];
}[] = [
  {
    id: SEEDED.usdAccount,
    name: 'Bakery US',
    currency: 'USD',
    timezone: 'America/Los_Angeles',
    campaigns: [
      {
        id: SEEDED.usdAwareness,
        name: 'Spring awareness',
        objective: 'BRAND_AWARENESS',
        status: 'ACTIVE',
        squads: [
          {
            name: 'Palo Alto commuters',
            status: 'ACTIVE',
            budget: { daily: 20_000_000 },
            geos: geos('us', '94301', '94304'),
            ads: ['ACTIVE', 'PAUSED'],
          },
          {
            name: 'Menlo Park families',
            status: 'PAUSED',
            budget: { lifetime: 1_500_000_000 },
            geos: geos('us', '94025'),
            ads: ['ACTIVE'],
          },
          {
            name: 'Summer preview',
            status: 'ACTIVE',
            budget: { daily: 15_000_000 },
            geos: geos('us'),
            startsIn: 30,
            ads: [],
          },
          {
            name: 'Last year',
            status: 'PAUSED',
            budget: { daily: 10_000_000 },
            geos: geos('us', '94107'),
            deleted: true,
            ads: ['PAUSED'],
          },
        ],
      },
      {
        id: SEEDED.usdWeb,
        name: 'Web orders',
        objective: 'WEB_CONVERSION',
        status: 'PAUSED',
        squads: [
          {
            name: 'Bay Area swipers',
            status: 'ACTIVE',
            budget: { daily: 50_000_000 },
            geos: geos('us'),
            ads: ['ACTIVE'],
          },
        ],
      },
      {
        id: SEEDED.usdTraffic,
        name: 'Site visits',
        objective: { v2: 'TRAFFIC' },
        status: 'ACTIVE',
        squads: [],
      },
    ],
  },
  {
    id: SEEDED.eurAccount,
    name: 'Bakery Berlin',
    currency: 'EUR',
    timezone: 'Europe/Berlin',
    campaigns: [
      {
        id: SEEDED.eurVideo,
        name: 'Berlin video',
        objective: 'VIDEO_VIEW',
        status: 'ACTIVE',
        squads: [
          {
            name: 'Kreuzberg',
            status: 'ACTIVE',
            budget: { daily: 30_000_000 },
            geos: geos('de', '10997', '10999'),
            ads: ['ACTIVE'],
          },
        ],
      },
    ],
  },
  {
    id: SEEDED.jpyAccount,
    name: 'Bakery Tokyo',
    currency: 'JPY',
    timezone: 'Asia/Tokyo',
    campaigns: [
      {
        id: SEEDED.jpyWeb,
        name: 'Tokyo orders',
        objective: 'WEB_CONVERSION',
        status: 'ACTIVE',
        squads: [
          {
            name: 'Shibuya',
            status: 'ACTIVE',
            budget: { daily: 3_000_000_000 },
            geos: geos('jp'),
            ads: ['ACTIVE', 'ACTIVE'],
          },
        ],
      },
    ],
  },
];

/** A squad's values with adlink's defaults for everything the seed does not vary. */
function squadValues(campaign: Campaign, seed: Omit<SquadSeed, 'ads' | 'deleted'>): AdSquadValues {
  const start = Date.now() + (seed.startsIn ?? -1) * DAY_MS;
  return {
    name: seed.name,
    status: seed.status,
    type: 'SNAP_ADS',
    billing_event: 'IMPRESSION',
    optimization_goal: goalsOf(campaign)[0]!,
    placement_v2: { config: 'AUTOMATIC' },
    targeting: { geos: seed.geos },
    bid_strategy: 'AUTO_BID',
    bid_micro: 1_000_000,
    start_time: new Date(start).toISOString(),
    ...('daily' in seed.budget
      ? { daily_budget_micro: seed.budget.daily }
      : {
          lifetime_budget_micro: seed.budget.lifetime,
          end_time: new Date(start + 90 * DAY_MS).toISOString(),
        }),
  };
}

/**
 * A reviewed video ad (a Top Snap video without attachment: ad and creative type SNAP_AD), a kind adlink
 * reads but cannot create.
 */
function seedVideoAd(state: SnapState, squad: AdSquad, name: string, status: Status): void {
  const media = state.addMedia(squad.ad_account_id, { name: `${name}.mp4`, type: 'VIDEO' });
  media.media_status = 'READY';
  const creative = state.addCreative(squad.ad_account_id, {
    name,
    type: 'SNAP_AD',
    headline: 'Fresh from the oven',
    brand_name: 'Bakery',
    top_snap_media_id: media.id,
  });
  const ad = state.addAd(squad, { name, creative_id: creative.id, status, type: 'SNAP_AD' });
  ad.review_status = 'APPROVED';
}

/** A customer list whose upload of `size` members has matched. */
function seedSegment(state: SnapState, id: string, account: string, size: number): void {
  const time = state.now();
  const added = Array.from({ length: size }, (_, i) =>
    createHash('sha256').update(`seeded-${i}`).digest('hex'),
  );
  state.segments.set(id, {
    id,
    ad_account_id: account,
    name: 'Newsletter subscribers',
    description: 'Seeded customer list',
    source_type: 'FIRST_PARTY',
    retention_in_days: 9999,
    status: 'ACTIVE',
    created_at: time,
    updated_at: time,
    uploads: {
      members: new Set(added),
      added,
      removed: [],
      batches: [size],
      matchingUntil: 0,
      matched: size,
    },
  });
}

/** Fills a new state with the organization, its ad accounts, campaigns, ad squads and ads. */
export function seed(state: SnapState): void {
  state.seeding = true;
  const created = state.now();
  state.organizations.set(SEEDED.organization, {
    id: SEEDED.organization,
    name: 'Bakery Group',
    created_at: created,
    updated_at: created,
  });
  for (const account of ACCOUNTS) {
    const time = state.now();
    state.adAccounts.set(account.id, {
      id: account.id,
      organization_id: SEEDED.organization,
      name: account.name,
      type: 'PARTNER',
      status: 'ACTIVE',
      currency: account.currency,
      timezone: account.timezone,
      created_at: time,
      updated_at: time,
    });
    for (const c of account.campaigns) {
      const at = state.now();
      const campaign: Campaign = {
        id: c.id,
        ad_account_id: account.id,
        name: c.name,
        status: c.status,
        ...(typeof c.objective === 'string'
          ? { objective: c.objective }
          : { objective_v2_properties: { objective_v2_type: c.objective.v2 } }),
        start_time: at,
        created_at: at,
        updated_at: at,
        deleted: false,
      };
      state.campaigns.set(campaign.id, campaign);
      for (const { ads, deleted, ...squadSeed } of c.squads) {
        const squad = state.addAdSquad(campaign, squadValues(campaign, squadSeed));
        squad.deleted = deleted ?? false;
        for (const [i, status] of ads.entries())
          seedVideoAd(state, squad, `${squad.name} — ad ${i + 1}`, status);
      }
    }
  }
  seedSegment(state, SEEDED.usdCustomers, SEEDED.usdAccount, 1500);
  state.seeding = false;
}

/** `count` more paused squads with a 5.00 daily budget under one campaign of one ad account. */
export function seedAdSquads(state: SnapState, account: string, campaignId: string, count: number): void {
  const campaign = state.campaigns.get(campaignId);
  if (!state.adAccounts.has(account)) throw new Error(`no ad account ${account}`);
  if (campaign?.ad_account_id !== account)
    throw new Error(`no campaign ${campaignId} in ad account ${account}`);
  for (let i = 0; i < count; i++) {
    state.addAdSquad(
      campaign,
      squadValues(campaign, {
        name: `Seeded squad ${i + 1}`,
        status: 'PAUSED',
        budget: { daily: 5_000_000 },
        geos: geos('us'),
      }),
    );
  }
}
