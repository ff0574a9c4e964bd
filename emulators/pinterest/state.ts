import {
  type Ad,
  type AdAccount,
  type AdGroup,
  type Audience,
  BILLABLE_EVENTS_BY_OBJECTIVE,
  type Board,
  type Campaign,
  type CustomerList,
  type Keyword,
  type Pin,
  type SummaryStatus,
  type UserAccount,
  unixNow,
} from './model.js';

/** The emulated user's ad accounts and everything in them; ids are numeric strings as Pinterest's. */
export class PinterestState {
  readonly accounts = new Map<string, AdAccount>();
  readonly campaigns = new Map<string, Campaign>();
  readonly adGroups = new Map<string, AdGroup>();
  readonly ads = new Map<string, Ad>();
  readonly keywords = new Map<string, Keyword>();
  readonly boards = new Map<string, Board>();
  readonly pins = new Map<string, Pin>();
  readonly customerLists = new Map<string, CustomerList>();
  /** Audiences not removed (`PATCH audiences/{id}` with `operation_type` REMOVE deletes them). */
  readonly audiences = new Map<string, Audience>();
  readonly user: UserAccount = {
    id: '1051121258826417400',
    username: 'emulated-user',
    account_type: 'BUSINESS',
    business_name: 'Acme Home',
    website_url: 'https://acme-home.example',
    profile_image: 'https://i.pinimg.com/75x75_RS/emulated-user.jpg',
    about: 'Furniture and decor.',
  };
  private sequence = 0;
  /** Creation times a second apart, so lists ordered by time are stable. */
  private clock = Date.UTC(2026, 0, 5, 9) / 1000;

  nextId(base: number): string {
    return String(base + ++this.sequence);
  }

  nextTime(): number {
    return ++this.clock;
  }

  /** The account if the emulated user may use it (the only user owns both seeded accounts). */
  account(id: string): AdAccount | undefined {
    return this.accounts.get(id);
  }

  /**
   * What is delivering, as Pinterest summarises it: an ACTIVE object runs within its schedule (and,
   * for an ad group, only while its campaign is ACTIVE); other statuses summarise as themselves.
   */
  summaryStatus(entity: Campaign | AdGroup, now = unixNow()): SummaryStatus {
    if (entity.status !== 'ACTIVE') return entity.status;
    if (entity.type === 'adgroup' && this.campaigns.get(entity.campaign_id)?.status !== 'ACTIVE') {
      return 'PAUSED';
    }
    if (entity.start_time !== null && entity.start_time > now) return 'NOT_STARTED';
    if (entity.end_time !== null && entity.end_time <= now) return 'COMPLETED';
    return 'RUNNING';
  }

  /** An ACTIVE ad summarises as its review (OTHER, which has no summary value, as PENDING). */
  adSummaryStatus(ad: Ad): string {
    if (ad.status !== 'ACTIVE') return ad.status;
    return ad.review_status === 'OTHER' ? 'PENDING' : ad.review_status;
  }

  addCampaign(fields: Omit<Campaign, 'id' | 'created_time' | 'updated_time' | 'type'>): Campaign {
    const time = this.nextTime();
    const campaign: Campaign = {
      id: this.nextId(626_736_540_000),
      ...fields,
      created_time: time,
      updated_time: time,
      type: 'campaign',
    };
    this.campaigns.set(campaign.id, campaign);
    return campaign;
  }

  addAdGroup(fields: Omit<AdGroup, 'id' | 'created_time' | 'updated_time' | 'type'>): AdGroup {
    const time = this.nextTime();
    const adGroup: AdGroup = {
      id: this.nextId(2_680_060_700_000),
      ...fields,
      created_time: time,
      updated_time: time,
      type: 'adgroup',
    };
    this.adGroups.set(adGroup.id, adGroup);
    return adGroup;
  }

  addAd(fields: Omit<Ad, 'id' | 'created_time' | 'updated_time' | 'type'>): Ad {
    const time = this.nextTime();
    const ad: Ad = {
      id: this.nextId(687_195_134_000),
      ...fields,
      created_time: time,
      updated_time: time,
      type: 'pinpromotion',
    };
    this.ads.set(ad.id, ad);
    return ad;
  }

  addPin(fields: Omit<Pin, 'id' | 'created_at'>): Pin {
    const pin: Pin = { id: this.nextId(813_744_226_000), ...fields, created_at: this.isoTime() };
    this.pins.set(pin.id, pin);
    return pin;
  }

  addBoard(fields: Omit<Board, 'id' | 'created_at'>): Board {
    const board: Board = { id: this.nextId(549_755_900_000), ...fields, created_at: this.isoTime() };
    this.boards.set(board.id, board);
    return board;
  }

  /** `created_at` of boards and Pins: ISO 8601 date-times, where ads have Unix seconds. */
  private isoTime(): string {
    return new Date(this.nextTime() * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  }

  addKeyword(fields: Pick<Keyword, 'parent_id' | 'parent_type' | 'value' | 'match_type'>): Keyword {
    const keyword: Keyword = {
      id: this.nextId(383_791_336_903_000),
      ...fields,
      archived: false,
      bid: null,
      type: 'keyword',
    };
    this.keywords.set(keyword.id, keyword);
    return keyword;
  }

  /** `count` more PAUSED ad groups with a daily budget under one campaign (pagination tests). */
  seedAdGroups(account: string, campaignId: string, count: number): void {
    const campaign = this.campaigns.get(campaignId);
    if (!this.accounts.has(account) || campaign?.ad_account_id !== account) {
      throw new Error(`no campaign ${campaignId} in ad account ${account}`);
    }
    for (let i = 0; i < count; i++) {
      this.addAdGroup({
        ad_account_id: account,
        campaign_id: campaignId,
        name: `Seeded ad group ${i + 1}`,
        status: 'PAUSED',
        budget_in_micro_currency: campaign.is_campaign_budget_optimization ? null : 10_000_000,
        budget_type: campaign.is_campaign_budget_optimization ? 'CBO_ADGROUP' : 'DAILY',
        bid_in_micro_currency: null,
        bid_strategy_type: 'AUTOMATIC_BID',
        billable_event: BILLABLE_EVENTS_BY_OBJECTIVE[campaign.objective_type][0]!,
        start_time: null,
        end_time: null,
        targeting_spec: { LOCATION: ['US'] },
        auto_targeting_enabled: true,
      });
    }
  }
}
