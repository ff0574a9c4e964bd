import { zonedTime } from '../../domain/zoned-time.js';
import type {
  Ad,
  AdAccount,
  AdSet,
  AdSetStatus,
  AdStatus,
  Campaign,
  CampaignStatus,
  Channel,
  Creative,
} from '../../platforms/sandbox/model.js';
import { userKey } from '../keys.js';
import { delivery } from './delivery.js';

interface CampaignSeed {
  name: string;
  objective: string;
  channel: Channel;
  status: CampaignStatus;
  /** A budget shared with other campaigns (in minor units): read-only through a campaign. */
  sharedDaily?: number;
}

interface AccountSeed extends Omit<AdAccount, 'id'> {
  country: string;
  zips: string[];
  keywords: string[];
  campaigns: CampaignSeed[];
}

// Eight campaigns, one per channel, so every channel has data to map.
const ACCOUNTS: AccountSeed[] = [
  {
    name: 'Bakery — Main (EUR)',
    currency: 'EUR',
    timezone: 'Europe/Berlin',
    country: 'DE',
    zips: ['10115', '10117', '10178', '10243'],
    keywords: [
      'sourdough bread',
      'fresh croissants',
      'bakery near me',
      'birthday cake order',
      'gluten free bread',
    ],
    campaigns: [
      { name: 'Spring bread week', objective: 'TRAFFIC', channel: 'SEARCH', status: 'ACTIVE' },
      { name: 'Berlin brand awareness', objective: 'AWARENESS', channel: 'SOCIAL', status: 'ACTIVE' },
      { name: 'Christmas stollen', objective: 'SALES', channel: 'DISPLAY', status: 'PAUSED' },
    ],
  },
  {
    name: 'Bakery — US (USD)',
    currency: 'USD',
    timezone: 'America/New_York',
    country: 'US',
    zips: ['11201', '11211', '11215', '10003'],
    keywords: ['bagels brooklyn', 'custom cakes', 'wedding cake bakery', 'vegan pastries'],
    campaigns: [
      { name: 'Brooklyn grand opening', objective: 'STORE_VISITS', channel: 'VIDEO', status: 'ACTIVE' },
      { name: 'Catering newsletter', objective: 'LEADS', channel: 'MAIL', status: 'ACTIVE' },
      {
        name: 'Subway screens',
        objective: 'AWARENESS',
        channel: 'DOOH',
        status: 'PAUSED',
        sharedDaily: 4000,
      },
    ],
  },
  {
    name: 'Bakery — UK (GBP)',
    currency: 'GBP',
    timezone: 'Europe/London',
    country: 'GB',
    zips: ['EC1A 1BB', 'N1 9GU', 'SE1 7PB'],
    keywords: ['afternoon tea london', 'hot cross buns', 'bakery delivery'],
    campaigns: [
      { name: 'Morning radio spots', objective: 'AWARENESS', channel: 'AUDIO', status: 'ACTIVE' },
      { name: 'Streaming TV — Easter', objective: 'REACH', channel: 'CTV', status: 'ARCHIVED' },
    ],
  },
];

const AUDIENCES = [
  'Locals 25–45',
  'Families',
  'Office workers',
  'Students',
  'Food lovers',
  'Returning customers',
];
const ADSET_STATUSES: AdSetStatus[] = [
  'ACTIVE',
  'PAUSED',
  'ACTIVE',
  'ARCHIVED',
  'ACTIVE',
  'DELETED',
  'PAUSED',
];
const DAILY_AMOUNTS = [1500, 2500, 5000, 1200, 8000, 3000];
const LIFETIME_AMOUNTS = [50_000, 120_000, 250_000];
const CREATIVES = ['Fresh from the oven', 'Weekend special', 'Order online', 'Meet our bakers'];
const AD_STATUSES: AdStatus[] = ['ACTIVE', 'ACTIVE', 'PAUSED', 'ACTIVE', 'ARCHIVED'];
/** Where the second ad of every odd ad set of these channels runs, so some ad sets span two channels. */
const CROSS_CHANNEL: Partial<Record<Channel, Channel>> = { SOCIAL: 'DISPLAY', VIDEO: 'CTV' };
const SEED_EPOCH = Date.UTC(2024, 2, 1, 8);

export interface SeedData {
  accounts: AdAccount[];
  campaigns: Campaign[];
  adsets: AdSet[];
  ads: Map<string, Ad[]>;
}

const pick = <T>(list: T[], n: number): T => list[n % list.length]!;

/** A demo responsive search ad. */
const searchCreative = (n: number): Creative => ({
  type: 'SEARCH',
  headlines: [pick(CREATIVES, n), 'Baked every morning', 'Order for pickup'],
  descriptions: ['Bread, cakes and pastries from our own oven.', 'Order online, collect in store.'],
  final_url: 'https://bakery.example/order',
  path1: 'order',
});
const rotate = <T>(list: T[], from: number, count: number): T[] =>
  Array.from({ length: count }, (_, i) => pick(list, from + i));
/** The same microsecond format as monotonicTimestamp, so seeded and created ad sets sort together. */
const seedTime = (n: number) => new Date(SEED_EPOCH + n * 3_600_000).toISOString().replace('Z', '000Z');
/** How long seeded ad sets with a LIFETIME budget ran. */
const LIFETIME_DAYS = 30;

/**
 * The demo data of one sandbox user: the same shape for everyone, ids derived from the user's key
 * and a counter, so they are unique across users and seeding twice writes the same thing. Ad sets are
 * created an hour apart from March 2024 (past and distinct). The first account alone covers every
 * case: keyword and zipcode targeting, DAILY and LIFETIME budgets, ACTIVE ad sets delivering and not
 * (their campaign is PAUSED), PAUSED, ARCHIVED and DELETED ones, and ad sets whose ads run on two
 * channels (SOCIAL and DISPLAY).
 */
export function seedData(login: string): SeedData {
  const u = userKey(login);
  const id = (kind: string, n: number) => `${kind}_${u}${String(n).padStart(4, '0')}`;
  const data: SeedData = { accounts: [], campaigns: [], adsets: [], ads: new Map() };
  let c = 0;
  let s = 0;
  let a = 0;
  ACCOUNTS.forEach((seed, accountIndex) => {
    const account: AdAccount = {
      id: id('act', accountIndex + 1),
      name: seed.name,
      currency: seed.currency,
      timezone: seed.timezone,
    };
    data.accounts.push(account);
    for (const { sharedDaily, ...cs } of seed.campaigns) {
      c++;
      const campaign: Campaign = {
        id: id('cmp', c),
        account_id: account.id,
        ...cs,
        ...(sharedDaily
          ? { budget: { type: 'DAILY', amount: sharedDaily, currency: account.currency, shared: true } }
          : {}),
        created_time: seedTime(s),
      };
      data.campaigns.push(campaign);
      for (let i = 0; i < 2 + (c % 3); i++) {
        s++;
        const status = pick(ADSET_STATUSES, s);
        const lifetime = s % 3 === 2;
        const adset: AdSet = {
          id: id('as', s),
          account_id: account.id,
          campaign_id: campaign.id,
          name: `${campaign.name} — ${pick(AUDIENCES, s)}`,
          status,
          delivery: delivery(status, campaign.status),
          channel: campaign.channel,
          budget: {
            type: lifetime ? 'LIFETIME' : 'DAILY',
            amount: pick(lifetime ? LIFETIME_AMOUNTS : DAILY_AMOUNTS, s),
            currency: account.currency,
          },
          objective: campaign.objective,
          targeting: {
            keywords: ['SEARCH', 'DISPLAY'].includes(campaign.channel)
              ? rotate(seed.keywords, s, 2 + (s % 2))
              : [],
            zipcodes:
              campaign.channel !== 'SEARCH' || s % 2 === 1
                ? rotate(seed.zips, s, 1 + (s % 2)).map((zip) => ({ country: seed.country, zip }))
                : [],
          },
          start_time: zonedTime(new Date(seedTime(s)), account.timezone),
          end_time: lifetime
            ? zonedTime(new Date(Date.parse(seedTime(s)) + LIFETIME_DAYS * 86_400_000), account.timezone)
            : null,
          created_time: seedTime(s),
          updated_time: seedTime(s),
        };
        data.adsets.push(adset);
        const ads: Ad[] = [];
        for (let j = 0; j < 1 + (s % 3); j++) {
          a++;
          const cross = j === 1 && s % 2 === 1 ? CROSS_CHANNEL[adset.channel] : undefined;
          ads.push({
            id: id('ad', a),
            adset_id: adset.id,
            name: `${pick(CREATIVES, a)} #${j + 1}`,
            status: pick(AD_STATUSES, a),
            channel: cross ?? adset.channel,
            ...(adset.channel === 'SEARCH'
              ? { targeting: { keywords: adset.targeting.keywords.slice(0, 1 + (a % 2)) } }
              : {}),
            creative: (cross ?? adset.channel) === 'SEARCH' ? searchCreative(a) : { type: 'VIDEO' },
          });
        }
        data.ads.set(adset.id, ads);
      }
    }
  });
  return data;
}
