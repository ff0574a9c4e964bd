import { idOfTimeOrdered, timeOrdered } from '../../ids.js';
import type { Kv } from '../../store/kv.js';
import { type SandboxKeys, userKey } from './keys.js';
import type { Ad, AdAccount, AdSet, Campaign } from './model.js';
import { seedData } from './seed.js';

export interface Page<T> {
  data: T[];
  /** The last index member of this page, when more follow. */
  last?: string;
}

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
   * Writes the demo data in one batch, the accounts key (the "seeded" mark) included. Seeding is
   * deterministic, so two first requests racing write the same records.
   */
  private async seed(login: string): Promise<AdAccount[]> {
    const u = userKey(login);
    const data = seedData(login);
    const batch = this.kv.batch().set(this.k.accounts(u), JSON.stringify(data.accounts));
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
    for (const [adset, ads] of data.ads) batch.set(this.k.ads(u, adset), JSON.stringify(ads));
    await batch.exec();
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

  adsets(
    login: string,
    account: string,
    deleted: boolean,
    limit: number,
    after?: string,
  ): Promise<Page<AdSet>> {
    const u = userKey(login);
    return this.page(this.k.adsets(u, account, deleted), (id) => this.k.adset(u, id), limit, after);
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

  async adset(login: string, id: string): Promise<AdSet | null> {
    const raw = await this.kv.get(this.k.adset(userKey(login), id));
    return raw ? (JSON.parse(raw) as AdSet) : null;
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

  async ads(login: string, adset: string): Promise<Ad[]> {
    const raw = await this.kv.get(this.k.ads(userKey(login), adset));
    return raw ? (JSON.parse(raw) as Ad[]) : [];
  }
}
