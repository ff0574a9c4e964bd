import type {
  AccountState,
  Ad,
  AdGroup,
  AdGroupRecord,
  AdGroupStatus,
  AssetLink,
  Campaign,
  DateParts,
  Keyword,
  MicrosoftAdsState,
  TargetSetting,
} from './model.js';

/** Seeded ids, for tests and the README. */
export const SEED = {
  user: '164000111',
  customer: '251000111',
  usAccount: '180000111',
  euAccount: '180000222',
  /** Bills in yen, a currency without a minor unit. */
  jpAccount: '180000333',
  searchCampaign: '460000111',
  audienceCampaign: '460000222',
  pausedCampaign: '460000333',
  euCampaign: '460000444',
  /** A Search campaign without languages: its ad groups each need a Language. */
  noLanguageCampaign: '460000555',
  /** A Search campaign spending a shared Budget (BudgetId set). */
  sharedBudgetCampaign: '460000666',
  sharedBudget: '780000111',
  jpCampaign: '460000777',
} as const;

const NO_BID = { Amount: null };

/** Adds an ad group with its keywords (Phrase match) and ads, as Microsoft shows them. */
export function addAdGroup(
  state: MicrosoftAdsState,
  account: AccountState,
  campaign: Campaign,
  spec: {
    name: string;
    status: AdGroupStatus;
    language?: string | null;
    keywords?: string[];
    pausedKeywords?: string[];
    ads?: number;
    endedOn?: string;
    StartDate?: DateParts | null;
    EndDate?: DateParts | null;
    settings?: TargetSetting[] | null;
  },
): AdGroupRecord {
  const end = spec.endedOn ? new Date(spec.endedOn) : null;
  const adGroup: AdGroup = {
    Id: state.newId(),
    Name: spec.name,
    Status: spec.status,
    Language: spec.language ?? null,
    CpcBid: { Amount: 0.75 },
    Settings: spec.settings ?? null,
    Network: campaign.CampaignType === 'Audience' ? 'Audience' : 'OwnedAndOperatedAndSyndicatedSearch',
    StartDate: spec.StartDate ?? null,
    EndDate:
      spec.EndDate ??
      (end ? { Day: end.getUTCDate(), Month: end.getUTCMonth() + 1, Year: end.getUTCFullYear() } : null),
  };
  const record: AdGroupRecord = {
    campaignId: campaign.Id,
    adGroup,
    keywords: [
      ...(spec.keywords ?? []).map((text) => newKeyword(state, { Text: text, MatchType: 'Phrase' })),
      ...(spec.pausedKeywords ?? []).map((text) => ({
        ...newKeyword(state, { Text: text, MatchType: 'Phrase' }),
        Status: 'Paused' as const,
      })),
    ],
    ads: Array.from({ length: spec.ads ?? 0 }, (_, i) =>
      seededAd(state, campaign, i === 0 ? 'Active' : 'Paused'),
    ),
    audiences: [],
  };
  account.adGroups.set(adGroup.Id, record);
  return record;
}

const textLinks = (state: MicrosoftAdsState, texts: string[]): AssetLink[] =>
  texts.map((Text) => ({
    Asset: { Id: state.newAssetId(), Name: null, Type: 'TextAsset', Text },
    AssetPerformanceLabel: null,
    EditorialStatus: 'Active',
    PinnedField: null,
  }));

/**
 * An approved ad: a responsive search ad in Search campaigns; in Audience campaigns a video ad (a
 * ResponsiveAd of AdSubType Video), which adlink reads but cannot create.
 */
function seededAd(state: MicrosoftAdsState, campaign: Campaign, Status: Ad['Status']): Ad {
  const common = {
    Id: state.newId(),
    Status,
    EditorialStatus: 'Active' as const,
    FinalUrls: ['https://bikes.example/'],
    UrlCustomParameters: null,
  };
  if (campaign.CampaignType !== 'Audience') {
    return {
      ...common,
      Type: 'ResponsiveSearch',
      Headlines: textLinks(state, ['Trail bikes', 'Mountain bikes on sale', 'Ride {KeyWord:today}']),
      Descriptions: textLinks(state, ['Full suspension bikes for every trail.', 'Free fitting in store.']),
      Path1: 'bikes',
      Path2: null,
    };
  }
  return {
    ...common,
    Type: 'ResponsiveAd',
    AdSubType: 'Video',
    BusinessName: 'Trail Bikes',
    CallToAction: null,
    CallToActionLanguage: null,
    Headlines: textLinks(state, ['Ride the trail']),
    LongHeadlines: textLinks(state, ['Ride the trail on a bike built for it']),
    Descriptions: textLinks(state, ['Watch our riders on the new trail bike.']),
    Images: [],
    Videos: [
      {
        Asset: { Id: state.newAssetId(), Name: null, Type: 'VideoAsset', SubType: null },
        AssetPerformanceLabel: null,
        EditorialStatus: 'Active',
        PinnedField: null,
      },
    ],
  };
}

export function newKeyword(state: MicrosoftAdsState, spec: Pick<Keyword, 'Text' | 'MatchType'>): Keyword {
  return { Id: state.newId(), Text: spec.Text, MatchType: spec.MatchType, Status: 'Active', Bid: NO_BID };
}

function campaign(
  account: AccountState,
  spec: Omit<Campaign, 'TimeZone' | 'Languages' | 'BudgetId'> &
    Partial<Pick<Campaign, 'Languages' | 'BudgetId'>>,
): Campaign {
  const created: Campaign = {
    Languages: ['English'],
    BudgetId: null,
    ...spec,
    TimeZone: account.account.TimeZone,
  };
  account.campaigns.set(spec.Id, created);
  return created;
}

/** Adds `count` paused ad groups to a campaign (`seedAdSets`). */
export function seedAdGroups(
  state: MicrosoftAdsState,
  accountId: string,
  campaignId: string,
  count: number,
): void {
  const account = state.accounts.get(accountId);
  const parent = account?.campaigns.get(campaignId);
  if (!account || !parent) throw new Error(`no campaign ${campaignId} in account ${accountId}`);
  const start = account.adGroups.size;
  for (let i = 0; i < count; i++) {
    addAdGroup(state, account, parent, { name: `Seeded ad group ${start + i + 1}`, status: 'Paused' });
  }
}

/**
 * One user under one customer with three accounts (USD, EUR, JPY); Search and Audience campaigns with daily
 * budgets; ad groups Active, Paused and Expired (and one in a paused campaign); keywords and ads.
 */
export function seed(state: MicrosoftAdsState): void {
  const account = (
    Id: string,
    Name: string,
    number: string,
    CurrencyCode: string,
    TimeZone = 'PacificTimeUSCanadaTijuana',
  ) =>
    state.addAccount({
      Id,
      Name,
      Number: number,
      CurrencyCode,
      ParentCustomerId: SEED.customer,
      PrimaryUserId: SEED.user,
      AccountLifeCycleStatus: 'Active',
      TimeZone,
    });
  const us = account(SEED.usAccount, 'Trail Bikes US', 'F100AAAA', 'USD');
  const eu = account(
    SEED.euAccount,
    'Trail Bikes EU',
    'F100BBBB',
    'EUR',
    'AmsterdamBerlinBernRomeStockholmVienna',
  );

  const search = campaign(us, {
    Id: SEED.searchCampaign,
    Name: 'Search – Mountain bikes',
    Status: 'Active',
    CampaignType: 'Search',
    DailyBudget: 40,
    BudgetType: 'DailyBudgetStandard',
  });
  const audience = campaign(us, {
    Id: SEED.audienceCampaign,
    Name: 'Audience – Riders',
    Status: 'Active',
    CampaignType: 'Audience',
    DailyBudget: 25.5,
    BudgetType: 'DailyBudgetAccelerated',
  });
  const paused = campaign(us, {
    Id: SEED.pausedCampaign,
    Name: 'Search – Winter sale',
    Status: 'Paused',
    CampaignType: 'Search',
    DailyBudget: 10,
    BudgetType: 'DailyBudgetStandard',
  });
  campaign(us, {
    Id: SEED.sharedBudgetCampaign,
    Name: 'Search – Shared budget',
    Status: 'Active',
    CampaignType: 'Search',
    DailyBudget: 60,
    BudgetType: 'DailyBudgetStandard',
    BudgetId: SEED.sharedBudget,
  });
  addAdGroup(state, us, search, {
    name: 'Mountain bikes – exact',
    status: 'Active',
    keywords: ['mountain bike', 'trail bike'],
    pausedKeywords: ['downhill bike'],
    ads: 2,
  });
  addAdGroup(state, us, search, {
    name: 'Gravel bikes',
    status: 'Paused',
    StartDate: { Day: 15, Month: 1, Year: 2025 },
    keywords: ['gravel bike'],
    ads: 1,
  });
  addAdGroup(state, us, search, {
    name: 'Spring promotion',
    status: 'Expired',
    ads: 1,
    endedOn: '2025-04-30',
  });
  addAdGroup(state, us, audience, { name: 'Site visitors', status: 'Active', ads: 1 });
  addAdGroup(state, us, paused, { name: 'Winter tyres', status: 'Active', keywords: ['winter tyres'] });

  const euSearch = campaign(eu, {
    Id: SEED.euCampaign,
    Name: 'Suche – E-Bikes',
    Status: 'Active',
    CampaignType: 'Search',
    DailyBudget: 30,
    BudgetType: 'DailyBudgetStandard',
  });
  addAdGroup(state, eu, euSearch, { name: 'E-Bikes', status: 'Active', keywords: ['e-bike kaufen'], ads: 1 });
  campaign(eu, {
    Id: SEED.noLanguageCampaign,
    Name: 'Suche – Lastenräder',
    Status: 'Paused',
    CampaignType: 'Search',
    DailyBudget: 15,
    BudgetType: 'DailyBudgetStandard',
    Languages: null,
  });

  const jp = account(SEED.jpAccount, 'Trail Bikes JP', 'F100CCCC', 'JPY', 'OsakaSapporoTokyo');
  const jpSearch = campaign(jp, {
    Id: SEED.jpCampaign,
    Name: '検索 – 自転車',
    Status: 'Active',
    CampaignType: 'Search',
    DailyBudget: 5000,
    BudgetType: 'DailyBudgetStandard',
  });
  addAdGroup(state, jp, jpSearch, {
    name: 'ロードバイク',
    status: 'Active',
    keywords: ['ロードバイク'],
    ads: 2,
  });
  addAdGroup(state, jp, jpSearch, { name: 'Mountain bikes JP', status: 'Paused', ads: 1 });
}
