import { setTimeout as sleep } from 'node:timers/promises';
import { idOfTimeOrdered, randomToken, timeOrdered } from '../../ids.js';
import type {
  AdAccount,
  AdSet,
  AdSetStatus,
  Campaign,
  ExpandedAdSet,
} from '../../platforms/sandbox/model.js';
import type { Kv } from '../../store/kv.js';
import { type SandboxKeys, userKey } from '../keys.js';
import { answerAd, type StoredAd } from './review.js';
import { seedData } from './seed.js';

export interface Page<T> {
  data: T[];
  /** The last index member of this page, when more follow. */
  last?: string;
}

export interface AdSetQuery {
  /** DELETED reads the deleted index; the others filter the live one; none lists the live one. */
  status?: AdSetStatus;
  limit: number;
  /** Exclusive: the last index member of the previous page. */
  after?: string;
}

/** How many index members a filtered listing reads per round trip. */
const SCAN_CHUNK = 200;
/** The per-ad-set lock of ad appends: held for one read and one write, so seconds are plenty. */
const LOCK_TTL_MS = 2_000;
const LOCK_RETRY_MS = 20;
const LOCK_ATTEMPTS = 100;

/** One sandbox user's ad data. Every key of a user shares its hash tag, so batches stay in one slot. */
export class AdsStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
  ) {}

  /** The user's ad accounts, seeding the demo data on first use. */
  async accounts(login: string): Promise<AdAccount[]> {
    const u = userKey(login);
    const raw = await this.kv.get(this.k.accounts(u));
    return raw ? (JSON.parse(raw) as AdAccount[]) : this.seed(login);
  }

  /**
   * Writes the demo data in one batch, the accounts key (the "seeded" mark) last: should the batch
   * grow past one atomic chunk (Kv.Batch), the mark still comes after every record. Seeding is
   * deterministic, so two first requests racing write the same records.
   */
  private async seed(login: string): Promise<AdAccount[]> {
    const u = userKey(login);
    const data = seedData(login);
    const batch = this.kv.batch();
    for (const c of data.campaigns) {
      batch.set(this.k.campaign(u, c.id), JSON.stringify(c));
      batch.zaddLex(this.k.campaigns(u, c.account_id), timeOrdered(c.created_time, c.id));
    }
    for (const s of data.adsets) {
      batch.set(this.k.adset(u, s.id), JSON.stringify(s));
      batch.zaddLex(
        this.k.adsets(u, s.account_id, s.status === 'DELETED'),
        timeOrdered(s.created_time, s.id),
      );
    }
    for (const [adset, ads] of data.ads) {
      batch.set(this.k.ads(u, adset), JSON.stringify(ads));
      for (const ad of ads) batch.set(this.k.adRef(u, ad.id), adset);
    }
    await batch.set(this.k.accounts(u), JSON.stringify(data.accounts)).exec();
    return data.accounts;
  }

  async campaign(login: string, id: string): Promise<Campaign | null> {
    const raw = await this.kv.get(this.k.campaign(userKey(login), id));
    return raw ? (JSON.parse(raw) as Campaign) : null;
  }

  campaigns(login: string, account: string, limit: number, after?: string): Promise<Page<Campaign>> {
    const u = userKey(login);
    return this.page(this.k.campaigns(u, account), (id) => this.k.campaign(u, id), limit, after);
  }

  async createCampaign(login: string, campaign: Campaign): Promise<void> {
    const u = userKey(login);
    await this.kv
      .batch()
      .set(this.k.campaign(u, campaign.id), JSON.stringify(campaign))
      .zaddLex(this.k.campaigns(u, campaign.account_id), timeOrdered(campaign.created_time, campaign.id))
      .exec();
  }

  async updateCampaign(login: string, campaign: Campaign): Promise<void> {
    await this.kv.set(this.k.campaign(userKey(login), campaign.id), JSON.stringify(campaign));
  }

  /** Every ad set of the campaign that is not deleted, read a chunk at a time. */
  async liveAdsetsOf(login: string, campaign: Campaign): Promise<AdSet[]> {
    const u = userKey(login);
    const found: AdSet[] = [];
    let after: string | undefined;
    do {
      const page = await this.filteredPage<AdSet>(
        this.k.adsets(u, campaign.account_id, false),
        (id) => this.k.adset(u, id),
        (adset) => adset.campaign_id === campaign.id,
        SCAN_CHUNK,
        after,
      );
      found.push(...page.data);
      after = page.last;
    } while (after);
    return found;
  }

  /**
   * A page of the account's ad sets in creation order. The cursor is an index member (creation time
   * and id), so paging is stable: ad sets created meanwhile sort after every existing one and show up
   * on a later page, none is skipped or repeated. A status other than DELETED filters the live index
   * while reading it, a chunk per round trip, until the page is full.
   */
  adsets(login: string, account: string, query: AdSetQuery): Promise<Page<AdSet>> {
    const u = userKey(login);
    const { status, limit, after } = query;
    const index = this.k.adsets(u, account, status === 'DELETED');
    const key = (id: string) => this.k.adset(u, id);
    if (status === undefined || status === 'DELETED') return this.page(index, key, limit, after);
    return this.filteredPage<AdSet>(index, key, (adset) => adset.status === status, limit, after);
  }

  private async page<T>(
    index: string,
    key: (id: string) => string,
    limit: number,
    after: string | undefined,
  ): Promise<Page<T>> {
    const members = await this.kv.zrangeLex(index, { after, limit: limit + 1 });
    const shown = members.slice(0, limit);
    const raws = await this.kv.mget(shown.map((m) => key(idOfTimeOrdered(m))));
    const data = raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as T);
    return members.length > limit ? { data, last: shown.at(-1)! } : { data };
  }

  private async filteredPage<T>(
    index: string,
    key: (id: string) => string,
    keep: (item: T) => boolean,
    limit: number,
    after: string | undefined,
  ): Promise<Page<T>> {
    const found: { member: string; item: T }[] = [];
    const chunk = Math.max(limit + 1, SCAN_CHUNK);
    let cursor = after;
    for (;;) {
      const members = await this.kv.zrangeLex(index, { after: cursor, limit: chunk });
      const raws = await this.kv.mget(members.map((m) => key(idOfTimeOrdered(m))));
      members.forEach((member, i) => {
        const raw = raws[i];
        if (!raw) return;
        const item = JSON.parse(raw) as T;
        if (keep(item)) found.push({ member, item });
      });
      if (found.length > limit || members.length < chunk) break;
      cursor = members.at(-1);
    }
    const shown = found.slice(0, limit);
    const data = shown.map((f) => f.item);
    return found.length > limit ? { data, last: shown.at(-1)!.member } : { data };
  }

  /** Every ad set of the account, the deleted ones included. */
  async allAdsets(login: string, account: string): Promise<AdSet[]> {
    const found: AdSet[] = [];
    for (const status of [undefined, 'DELETED'] as const) {
      let after: string | undefined;
      do {
        const page = await this.adsets(login, account, { status, limit: SCAN_CHUNK, after });
        found.push(...page.data);
        after = page.last;
      } while (after);
    }
    return found;
  }

  async adset(login: string, id: string): Promise<AdSet | null> {
    const raw = await this.kv.get(this.k.adset(userKey(login), id));
    return raw ? (JSON.parse(raw) as AdSet) : null;
  }

  /** The ad set with its ads, in one round trip. */
  async adsetWithAds(login: string, id: string): Promise<ExpandedAdSet | null> {
    const u = userKey(login);
    const [raw, ads] = await this.kv.mget([this.k.adset(u, id), this.k.ads(u, id)]);
    if (!raw) return null;
    const adset = JSON.parse(raw) as AdSet;
    const now = Date.now();
    const stored = ads ? (JSON.parse(ads) as StoredAd[]) : [];
    return { ...adset, ads: stored.map((ad) => answerAd(ad, adset, now)) };
  }

  /** Each ad set with its ads, in one round trip for all of them. */
  async withAds(login: string, adsets: AdSet[]): Promise<ExpandedAdSet[]> {
    const u = userKey(login);
    const raws = await this.kv.mget(adsets.map((a) => this.k.ads(u, a.id)));
    const now = Date.now();
    return adsets.map((adset, i) => {
      const raw = raws[i];
      const stored = raw ? (JSON.parse(raw) as StoredAd[]) : [];
      return { ...adset, ads: stored.map((ad) => answerAd(ad, adset, now)) };
    });
  }

  async createAdset(login: string, adset: AdSet): Promise<void> {
    const u = userKey(login);
    await this.kv
      .batch()
      .set(this.k.adset(u, adset.id), JSON.stringify(adset))
      .zaddLex(this.k.adsets(u, adset.account_id, false), timeOrdered(adset.created_time, adset.id))
      .exec();
  }

  async updateAdset(login: string, adset: AdSet): Promise<void> {
    await this.kv.set(this.k.adset(userKey(login), adset.id), JSON.stringify(adset));
  }

  /** Saves the DELETED ad set and moves it from the live index to the deleted one. */
  async deleteAdset(login: string, adset: AdSet): Promise<void> {
    const u = userKey(login);
    const member = timeOrdered(adset.created_time, adset.id);
    await this.kv
      .batch()
      .set(this.k.adset(u, adset.id), JSON.stringify(adset))
      .zrem(this.k.adsets(u, adset.account_id, false), member)
      .zaddLex(this.k.adsets(u, adset.account_id, true), member)
      .exec();
  }

  async ads(login: string, adset: string): Promise<StoredAd[]> {
    const raw = await this.kv.get(this.k.ads(userKey(login), adset));
    return raw ? (JSON.parse(raw) as StoredAd[]) : [];
  }

  /** The ads of several ad sets, in one round trip. */
  async adsOf(login: string, adsets: string[]): Promise<StoredAd[][]> {
    const u = userKey(login);
    const raws = await this.kv.mget(adsets.map((a) => this.k.ads(u, a)));
    return raws.map((raw) => (raw ? (JSON.parse(raw) as StoredAd[]) : []));
  }

  /** Appends ads to one ad set's list, noting where each is. False when the ad set's lock stayed taken. */
  addAds(login: string, adset: string, added: StoredAd[]): Promise<boolean> {
    return this.changeAds(login, adset, (ads) => ads.concat(added), added);
  }

  /**
   * Rewrites one ad set's list of ads. The list is one record, so the read and the write happen
   * under a short per-ad-set lock: concurrent changes are all kept. False when the lock stayed taken.
   */
  async changeAds(
    login: string,
    adset: string,
    change: (ads: StoredAd[]) => StoredAd[],
    added: StoredAd[] = [],
  ): Promise<boolean> {
    const u = userKey(login);
    const lock = this.k.adsLock(u, adset);
    const owner = randomToken(9);
    for (let attempt = 1; !(await this.kv.set(lock, owner, { nx: true, ttlMs: LOCK_TTL_MS })); attempt++) {
      if (attempt >= LOCK_ATTEMPTS) return false;
      await sleep(LOCK_RETRY_MS);
    }
    try {
      const ads = change(await this.ads(login, adset));
      const batch = this.kv.batch();
      for (const ad of added) batch.set(this.k.adRef(u, ad.id), adset);
      await batch.set(this.k.ads(u, adset), JSON.stringify(ads)).exec();
    } finally {
      await this.kv.delIfEquals(lock, owner);
    }
    return true;
  }
}
