import {
  type Account,
  type Ad,
  type AdGroup,
  adGroupPrimaryStatus,
  type Campaign,
  type EntityStatus,
  type GoogleAdsState,
} from './model.js';

/** Seeded ids, for tests and the README. */
export const SEED = {
  manager: '9876543210',
  bakery: '1234567890',
  tokyo: '2345678901',
  searchCampaign: '111000111',
  displayCampaign: '111000222',
  pausedCampaign: '111000333',
  tokyoCampaign: '222000111',
  /** A campaign on an explicitly shared budget (read-only through adlink). */
  sharedBudgetCampaign: '111000444',
} as const;

/** Seeded campaigns started on this day (account time zone); the Display one ends on the other. */
export const SEED_START = '2025-01-01 00:00:00';
export const SEED_END = '2030-12-31 23:59:59';

const micros = (units: number) => String(Math.round(units * 1_000_000));
const ADS_PER_CHANNEL: Record<string, string> = {
  SEARCH: 'RESPONSIVE_SEARCH_AD',
  DISPLAY: 'RESPONSIVE_DISPLAY_AD',
  VIDEO: 'VIDEO_RESPONSIVE_AD',
};
const AD_GROUP_TYPES: Record<string, string> = {
  SEARCH: 'SEARCH_STANDARD',
  DISPLAY: 'DISPLAY_STANDARD',
  VIDEO: 'VIDEO_RESPONSIVE',
};

/** The ad group type a campaign's ad groups get when a create names none. */
export const defaultAdGroupType = (channel: string): string | undefined => AD_GROUP_TYPES[channel];

function campaign(
  state: GoogleAdsState,
  account: Account,
  spec: Pick<Campaign, 'id' | 'name' | 'status' | 'advertisingChannelType'> & {
    budget: { daily: number; shared?: string } | { total: number };
    limited?: boolean;
  },
): Campaign {
  const cid = account.customer.id;
  const budgetId = state.newId();
  const budgetName = `customers/${cid}/campaignBudgets/${budgetId}`;
  const shared = 'shared' in spec.budget ? spec.budget.shared : undefined;
  account.budgets.set(budgetId, {
    resourceName: budgetName,
    id: budgetId,
    ...(shared ? { name: shared } : {}),
    ...('daily' in spec.budget
      ? { period: 'DAILY' as const, amountMicros: micros(spec.budget.daily) }
      : { period: 'CUSTOM_PERIOD' as const, totalAmountMicros: micros(spec.budget.total) }),
    deliveryMethod: 'STANDARD',
    explicitlyShared: shared !== undefined,
    status: 'ENABLED',
  });
  const created: Campaign = {
    resourceName: `customers/${cid}/campaigns/${spec.id}`,
    id: spec.id,
    name: spec.name,
    status: spec.status,
    primaryStatus:
      spec.status === 'ENABLED'
        ? spec.limited
          ? 'LIMITED'
          : 'ELIGIBLE'
        : spec.status === 'PAUSED'
          ? 'PAUSED'
          : 'REMOVED',
    advertisingChannelType: spec.advertisingChannelType,
    campaignBudget: budgetName,
    startDateTime: SEED_START,
    // A total budget is spent up to an end date.
    ...('total' in spec.budget ? { endDateTime: SEED_END } : {}),
    containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
    biddingStrategyType: 'MANUAL_CPC',
  };
  account.campaigns.set(spec.id, created);
  return created;
}

/**
 * What a seeded ad of each type holds: a responsive search ad its texts (it has no name); the Display
 * ad, a kind adlink does not create, only what adlink reads of it (resources/ad.proto: `name` is for
 * DisplayUploadAd, ImageAd, Video and Demand Gen ads; a responsive display ad has none either).
 */
function adContent(type: string, label: string): Pick<Ad, 'type' | 'finalUrls' | 'responsiveSearchAd'> {
  const finalUrls = ['https://bakery.example/'];
  if (type !== 'RESPONSIVE_SEARCH_AD') return { type, finalUrls };
  return {
    type,
    finalUrls,
    responsiveSearchAd: {
      headlines: ['Fresh bread daily', 'Bakery Berlin', label.slice(0, 30)].map((text) => ({ text })),
      descriptions: ['Sourdough baked every morning.', 'Order online, pick up fresh.'].map((text) => ({
        text,
      })),
      path1: 'bread',
    },
  };
}

/** Adds an ad group with its ads and keywords, as Google would show them. */
export function addAdGroup(
  state: GoogleAdsState,
  account: Account,
  parent: Campaign,
  spec: { name: string; status: EntityStatus; ads?: number; keywords?: string[] },
): AdGroup {
  const cid = account.customer.id;
  const id = state.newId();
  const adGroup: AdGroup = {
    resourceName: `customers/${cid}/adGroups/${id}`,
    id,
    name: spec.name,
    status: spec.status,
    primaryStatus: adGroupPrimaryStatus(spec.status, parent),
    type: defaultAdGroupType(parent.advertisingChannelType) ?? 'SEARCH_STANDARD',
    campaign: parent.resourceName,
    cpcBidMicros: micros(1),
  };
  account.adGroups.set(id, adGroup);
  for (let i = 0; i < (spec.ads ?? 0); i++) {
    const adId = state.newId();
    const type = ADS_PER_CHANNEL[parent.advertisingChannelType] ?? 'RESPONSIVE_SEARCH_AD';
    account.ads.set(`${id}~${adId}`, {
      resourceName: `customers/${cid}/adGroupAds/${id}~${adId}`,
      adGroup: adGroup.resourceName,
      status: i === 0 ? 'ENABLED' : 'PAUSED',
      ad: {
        resourceName: `customers/${cid}/ads/${adId}`,
        id: adId,
        ...adContent(type, `${spec.name} ${i + 1}`),
      },
      policySummary: { policyTopicEntries: [], reviewStatus: 'REVIEWED', approvalStatus: 'APPROVED' },
    });
  }
  for (const text of spec.keywords ?? []) addKeyword(state, account, adGroup, text, 'PHRASE');
  return adGroup;
}

export function addKeyword(
  state: GoogleAdsState,
  account: Account,
  adGroup: AdGroup,
  text: string,
  matchType: string,
): string {
  const criterionId = state.newId();
  const resourceName = `customers/${account.customer.id}/adGroupCriteria/${adGroup.id}~${criterionId}`;
  account.criteria.set(`${adGroup.id}~${criterionId}`, {
    resourceName,
    adGroup: adGroup.resourceName,
    criterionId,
    status: 'ENABLED',
    type: 'KEYWORD',
    negative: false,
    keyword: { text, matchType },
  });
  return resourceName;
}

/**
 * A manager account over two client accounts (EUR and JPY), Search and Display campaigns with daily
 * and custom-period budgets, ad groups in every status, ads and keywords.
 */
export function seed(state: GoogleAdsState): void {
  state.addCustomer({
    id: SEED.manager,
    descriptiveName: 'Agency Manager',
    currencyCode: 'USD',
    timeZone: 'Europe/Berlin',
    manager: true,
  });
  const bakery = state.addCustomer(
    {
      id: SEED.bakery,
      descriptiveName: 'Bakery Berlin',
      currencyCode: 'EUR',
      timeZone: 'Europe/Berlin',
      manager: false,
    },
    [SEED.manager],
  );
  const tokyo = state.addCustomer(
    {
      id: SEED.tokyo,
      descriptiveName: 'Bakery Tokyo',
      currencyCode: 'JPY',
      timeZone: 'Asia/Tokyo',
      manager: false,
    },
    [SEED.manager],
  );
  // The Tokyo account is reached only through the manager (with `login-customer-id`).
  for (const id of [SEED.manager, SEED.bakery]) state.accessible.add(id);

  const search = campaign(state, bakery, {
    id: SEED.searchCampaign,
    name: 'Search – Brand',
    status: 'ENABLED',
    advertisingChannelType: 'SEARCH',
    budget: { daily: 50 },
  });
  const display = campaign(state, bakery, {
    id: SEED.displayCampaign,
    name: 'Display – Remarketing',
    status: 'ENABLED',
    advertisingChannelType: 'DISPLAY',
    budget: { total: 1500 },
    limited: true,
  });
  const paused = campaign(state, bakery, {
    id: SEED.pausedCampaign,
    name: 'Search – Winter (paused)',
    status: 'PAUSED',
    advertisingChannelType: 'SEARCH',
    budget: { daily: 12.5 },
  });
  campaign(state, bakery, {
    id: SEED.sharedBudgetCampaign,
    name: 'Search – Shared budget',
    status: 'PAUSED',
    advertisingChannelType: 'SEARCH',
    budget: { daily: 30, shared: 'Agency shared budget' },
  });
  addAdGroup(state, bakery, search, {
    name: 'Brand – exact',
    status: 'ENABLED',
    ads: 2,
    keywords: ['bakery berlin', 'sourdough bread'],
  });
  addAdGroup(state, bakery, search, { name: 'Brand – broad', status: 'PAUSED', ads: 1, keywords: ['bread'] });
  addAdGroup(state, bakery, search, { name: 'Old promotion', status: 'REMOVED', ads: 1 });
  addAdGroup(state, bakery, display, { name: 'Visitors 30 days', status: 'ENABLED', ads: 1 });
  addAdGroup(state, bakery, paused, { name: 'Winter cakes', status: 'ENABLED', keywords: ['stollen'] });

  const tokyoSearch = campaign(state, tokyo, {
    id: SEED.tokyoCampaign,
    name: 'Tokyo Search',
    status: 'ENABLED',
    advertisingChannelType: 'SEARCH',
    budget: { daily: 3000 },
  });
  addAdGroup(state, tokyo, tokyoSearch, {
    name: 'Melon pan',
    status: 'ENABLED',
    ads: 1,
    keywords: ['melon pan'],
  });
}
