import { type Image, type Post, type SeedContent, seedPost } from './content.js';

/** The emulated LinkedIn ads data: one member with roles on two ad accounts, and what they hold. */

export interface Money {
  amount: string;
  currencyCode: string;
}

export interface Account {
  id: number;
  name: string;
  currency: string;
  status: 'ACTIVE' | 'CANCELED' | 'DRAFT';
  type: 'BUSINESS' | 'ENTERPRISE';
  /** The organization the account advertises for. */
  reference: string;
  test: boolean;
}

export interface Group {
  id: number;
  account: string;
  name: string;
  status: string;
  objectiveType?: string;
  runSchedule: { start: number; end?: number };
  totalBudget?: Money;
  test: boolean;
}

export interface Campaign {
  id: number;
  account: string;
  campaignGroup: string;
  name: string;
  status: string;
  type: string;
  associatedEntity?: string;
  politicalIntent: string;
  costType: string;
  optimizationTargetType?: string;
  unitCost?: Money;
  pacingStrategy?: 'DAILY' | 'LIFETIME';
  dailyBudget?: Money;
  totalBudget?: Money;
  objectiveType?: string;
  locale: { country: string; language: string };
  targetingCriteria: unknown;
  runSchedule: { start: number; end?: number };
  offsiteDeliveryEnabled: boolean;
  changeAuditStamps: { created: { time: number }; lastModified: { time: number } };
  test: boolean;
}

export interface Creative {
  id: string;
  account: string;
  campaign: string;
  name: string;
  intendedStatus: string;
  content: { reference: string };
  /** Absent while the creative is a DRAFT: review starts when it leaves DRAFT. */
  review?: { status: string; rejectionReasons?: string[] };
  createdAt: number;
  lastModifiedAt: number;
}

export const urn = {
  account: (id: number | string) => `urn:li:sponsoredAccount:${id}`,
  group: (id: number | string) => `urn:li:sponsoredCampaignGroup:${id}`,
  campaign: (id: number | string) => `urn:li:sponsoredCampaign:${id}`,
  creative: (id: number | string) => `urn:li:sponsoredCreative:${id}`,
  share: (id: number | string) => `urn:li:share:${id}`,
  image: (id: string) => `urn:li:image:${id}`,
};
export const idOf = (value: string): string => value.split(':').pop() ?? '';

export const SEED = {
  usdAccount: '507404993',
  eurAccount: '508116022',
  /** A zero-decimal (JPY) account: budgets in whole yen. */
  jpyAccount: '509330077',
  /** ACTIVE group of the USD account (objective WEBSITE_VISITS): the usual parent for new campaigns. */
  usdGroup: '611000001',
  usdPausedGroup: '611000002',
  eurGroup: '611000003',
  /** A USD group with an end date (BRAND_AWARENESS): lifetime budgets run until it. */
  usdEndingGroup: '611000004',
  jpyGroup: '611000005',
  /** Campaigns of the USD account in several statuses. */
  runningCampaign: '700000001',
  draftCampaign: '700000003',
  /** A USD campaign promoting Acme's showcase page (`SHOWCASE`), not the account's organization. */
  showcaseCampaign: '700000010',
} as const;

/** A showcase page of Acme the member may post for: an organization beside the accounts' own. */
export const SHOWCASE = 'urn:li:organization:2414199';

export const MEMBER = 'urn:li:person:emulated-member';

/** The organization each seeded ad account advertises for (its `reference`). */
export const ORGANIZATIONS: Record<string, string> = {
  [SEED.usdAccount]: 'urn:li:organization:2414183',
  [SEED.eurAccount]: 'urn:li:organization:5090311',
  [SEED.jpyAccount]: 'urn:li:organization:7311642',
};

export class LinkedInState {
  readonly accounts = new Map<string, Account>();
  /** The emulated member's role per ad account (adAccountUsers). */
  readonly roles = new Map<string, string>();
  readonly groups = new Map<string, Group>();
  readonly campaigns = new Map<string, Campaign>();
  readonly creatives = new Map<string, Creative>();
  /** Images by URN (`/rest/images`), with the dimensions read from their bytes. */
  readonly images = new Map<string, Image>();
  /** Posts by URN (`/rest/posts`): the dark posts creatives sponsor. */
  readonly posts = new Map<string, Post>();
  /** The organizations the member may post for (`/rest/organizations`): names by numeric id. */
  readonly organizations = new Map<string, string>([
    ['2414183', 'Acme Corp'],
    ['5090311', 'Acme GmbH'],
    ['7311642', 'Acme KK'],
    ['2414199', 'Acme Labs'],
  ]);
  private nextId = 720_000_000;

  constructor() {
    this.seed();
  }

  newId(): number {
    return this.nextId++;
  }

  /** The serving detail LinkedIn computes: an ACTIVE campaign delivers only under an ACTIVE group. */
  servingStatuses(campaign: Pick<Campaign, 'status' | 'campaignGroup'>): string[] {
    if (campaign.status !== 'ACTIVE') return ['STOPPED'];
    const group = this.groups.get(idOf(campaign.campaignGroup));
    return group?.status === 'ACTIVE' ? ['RUNNABLE'] : ['CAMPAIGN_GROUP_STATUS_HOLD'];
  }

  addGroup(fields: Omit<Group, 'id' | 'test'>): Group {
    const group: Group = { id: this.newId(), ...fields, test: false };
    this.groups.set(String(group.id), group);
    return group;
  }

  addCampaign(fields: Omit<Campaign, 'id' | 'changeAuditStamps' | 'test'>): Campaign {
    const now = Date.now();
    const campaign: Campaign = {
      id: this.newId(),
      ...fields,
      changeAuditStamps: { created: { time: now }, lastModified: { time: now } },
      test: false,
    };
    this.campaigns.set(String(campaign.id), campaign);
    return campaign;
  }

  /**
   * LinkedIn's `isServing` of a creative: ACTIVE, approved, and its campaign serving; otherwise its
   * `servingHoldReasons` say why not.
   */
  servingHoldReasons(creative: Creative): string[] {
    const reasons: string[] = [];
    if (creative.intendedStatus !== 'ACTIVE') reasons.push('STOPPED');
    if (creative.review?.status === 'REJECTED') reasons.push('REJECTED');
    else if (creative.review?.status !== 'APPROVED') reasons.push('UNDER_REVIEW');
    const campaign = this.campaigns.get(idOf(creative.campaign));
    const serving = campaign ? this.servingStatuses(campaign) : ['STOPPED'];
    if (serving.includes('CAMPAIGN_GROUP_STATUS_HOLD')) reasons.push('CAMPAIGN_GROUP_STATUS_HOLD');
    else if (!serving.includes('RUNNABLE')) reasons.push('CAMPAIGN_STOPPED');
    return reasons;
  }

  addCreative(fields: Omit<Creative, 'id' | 'createdAt' | 'lastModifiedAt'>): Creative {
    const now = Date.now();
    const creative: Creative = {
      id: urn.creative(this.newId()),
      ...fields,
      createdAt: now,
      lastModifiedAt: now,
    };
    this.creatives.set(idOf(creative.id), creative);
    return creative;
  }

  addPost(fields: Omit<Post, 'id' | 'createdAt'>): Post {
    const post: Post = { id: urn.share(this.newId()), ...fields, createdAt: Date.now() };
    this.posts.set(post.id, post);
    return post;
  }

  /** `count` more PAUSED campaigns under a group (pagination tests). */
  seedCampaigns(account: string, group: string, count: number): void {
    const found = this.groups.get(group);
    if (!this.accounts.has(account) || !found || found.account !== urn.account(account)) {
      throw new Error(`no campaign group ${group} in ad account ${account}`);
    }
    const currency = this.accounts.get(account)!.currency;
    for (let i = 0; i < count; i++) {
      this.addCampaign(
        campaignFields(account, group, `Seeded campaign ${i + 1}`, 'PAUSED', currency, found.objectiveType),
      );
    }
  }

  private seed(): void {
    const accounts: [string, string, string][] = [
      [SEED.usdAccount, 'Acme Corp (USD)', 'USD'],
      [SEED.eurAccount, 'Acme GmbH (EUR)', 'EUR'],
      [SEED.jpyAccount, 'Acme KK (JPY)', 'JPY'],
    ];
    for (const [id, name, currency] of accounts) {
      this.accounts.set(id, {
        id: Number(id),
        name,
        currency,
        status: 'ACTIVE',
        type: 'BUSINESS',
        reference: ORGANIZATIONS[id]!,
        test: false,
      });
      this.roles.set(id, 'ACCOUNT_MANAGER');
    }
    const groups: [string, string, string, string, string, number?][] = [
      [SEED.usdGroup, SEED.usdAccount, 'Always-on traffic', 'ACTIVE', 'WEBSITE_VISITS'],
      [SEED.usdPausedGroup, SEED.usdAccount, 'Spring leads', 'PAUSED', 'LEAD_GENERATION'],
      [SEED.eurGroup, SEED.eurAccount, 'Markenbekanntheit', 'ACTIVE', 'BRAND_AWARENESS'],
      [SEED.jpyGroup, SEED.jpyAccount, 'Tokyo traffic', 'ACTIVE', 'WEBSITE_VISITS'],
      [
        SEED.usdEndingGroup,
        SEED.usdAccount,
        'Launch 2030',
        'ACTIVE',
        'BRAND_AWARENESS',
        Date.UTC(2030, 11, 31),
      ],
    ];
    for (const [id, account, name, status, objectiveType, end] of groups) {
      this.groups.set(id, {
        id: Number(id),
        account: urn.account(account),
        name,
        status,
        objectiveType,
        runSchedule: { start: Date.UTC(2026, 0, 1), ...(end ? { end } : {}) },
        test: false,
      });
    }
    const campaigns: [string, string, string, string, string][] = [
      [SEED.runningCampaign, SEED.usdAccount, SEED.usdGroup, 'Retargeting – site visitors', 'ACTIVE'],
      ['700000002', SEED.usdAccount, SEED.usdGroup, 'Lookalike audience', 'PAUSED'],
      [SEED.draftCampaign, SEED.usdAccount, SEED.usdGroup, 'New audience test', 'DRAFT'],
      ['700000004', SEED.usdAccount, SEED.usdGroup, 'Winter push', 'ARCHIVED'],
      ['700000005', SEED.usdAccount, SEED.usdPausedGroup, 'Lead form – whitepaper', 'ACTIVE'],
      ['700000006', SEED.usdAccount, SEED.usdPausedGroup, 'Webinar Q1', 'COMPLETED'],
      ['700000007', SEED.eurAccount, SEED.eurGroup, 'DACH Entscheider', 'ACTIVE'],
      ['700000008', SEED.eurAccount, SEED.eurGroup, 'DACH Retargeting', 'PAUSED'],
      ['700000009', SEED.jpyAccount, SEED.jpyGroup, 'Tokyo visitors', 'ACTIVE'],
      [SEED.showcaseCampaign, SEED.usdAccount, SEED.usdGroup, 'Acme Labs launch', 'PAUSED'],
    ];
    campaigns.forEach(([id, account, group, name, status], i) => {
      const currency = this.accounts.get(account)!.currency;
      const objective = this.groups.get(group)!.objectiveType;
      const created = Date.UTC(2026, 1, 1 + i);
      this.campaigns.set(id, {
        id: Number(id),
        ...campaignFields(account, group, name, status, currency, objective),
        changeAuditStamps: { created: { time: created }, lastModified: { time: created } },
        test: false,
      });
    });
    // A campaign promoting the account's showcase page rather than its company page.
    this.campaigns.get(SEED.showcaseCampaign)!.associatedEntity = SHOWCASE;
    const creatives: [string, string, string, string, SeedContent][] = [
      ['800000001', SEED.runningCampaign, 'Visitors – image ad', 'ACTIVE', 'image'],
      ['800000002', SEED.runningCampaign, 'Visitors – video ad', 'PAUSED', 'video'],
      ['800000003', '700000007', 'Entscheider – Karussell', 'ACTIVE', 'carousel'],
      ['800000004', '700000009', 'Tokyo – image ad', 'ACTIVE', 'image'],
    ];
    for (const [id, campaign, name, intendedStatus, kind] of creatives) {
      const account = this.campaigns.get(campaign)!.account;
      const reference = urn.share(id);
      const created = Date.UTC(2026, 1, 10);
      this.posts.set(
        reference,
        seedPost(reference, ORGANIZATIONS[idOf(account)]!, account, kind, this.images),
      );
      this.creatives.set(id, {
        id: urn.creative(id),
        account,
        campaign: urn.campaign(campaign),
        name,
        intendedStatus,
        content: { reference },
        review: { status: 'APPROVED' },
        createdAt: created,
        lastModifiedAt: created,
      });
    }
  }
}

/** A seeded amount in the currency's precision: dollars become a hundred times as many yen. */
const money = (dollars: number, currencyCode: string): Money =>
  currencyCode === 'JPY'
    ? { amount: String(dollars * 100), currencyCode }
    : { amount: dollars.toFixed(2), currencyCode };

function campaignFields(
  account: string,
  group: string,
  name: string,
  status: string,
  currencyCode: string,
  objectiveType: string | undefined,
): Omit<Campaign, 'id' | 'changeAuditStamps' | 'test'> {
  return {
    account: urn.account(account),
    campaignGroup: urn.group(group),
    name,
    status,
    type: 'SPONSORED_UPDATES',
    associatedEntity: ORGANIZATIONS[account],
    politicalIntent: 'NOT_POLITICAL',
    costType: 'CPM',
    unitCost: money(12, currencyCode),
    dailyBudget: money(50, currencyCode),
    ...(objectiveType ? { objectiveType } : {}),
    locale: { country: 'US', language: 'en' },
    targetingCriteria: {
      include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] },
    },
    runSchedule: { start: Date.UTC(2026, 1, 1) },
    offsiteDeliveryEnabled: false,
  };
}
