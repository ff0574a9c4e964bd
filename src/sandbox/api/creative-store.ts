import { idOfTimeOrdered, timeOrdered } from '../../ids.js';
import type { Image } from '../../platforms/sandbox/model.js';
import type { Kv } from '../../store/kv.js';
import { type SandboxKeys, userKey } from '../keys.js';
import { DEFAULT_REVIEW_DELAY_MS } from './review.js';

const IMAGE_LIST_LIMIT = 1000;
/** The test review delay is kept this long. */
const DELAY_TTL_MS = 24 * 60 * 60 * 1000;

/** A sandbox user's images, where each ad is, and how long reviews take. */
export class CreativeStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
  ) {}

  async saveImage(login: string, image: Image): Promise<void> {
    const u = userKey(login);
    await this.kv
      .batch()
      .set(this.k.image(u, image.id), JSON.stringify(image))
      .zaddLex(this.k.images(u, image.account_id), timeOrdered(image.created_time, image.id))
      .exec();
  }

  async image(login: string, id: string): Promise<Image | null> {
    const raw = await this.kv.get(this.k.image(userKey(login), id));
    return raw ? (JSON.parse(raw) as Image) : null;
  }

  /** The account's images, oldest first (the newest 1,000). */
  async images(login: string, account: string): Promise<Image[]> {
    const u = userKey(login);
    const members = await this.kv.zrangeLex(this.k.images(u, account), { limit: IMAGE_LIST_LIMIT });
    const raws = await this.kv.mget(members.map((m) => this.k.image(u, idOfTimeOrdered(m))));
    return raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as Image);
  }

  /** The ad set the ad is in, where the sandbox noted it. */
  adsetOfAd(login: string, ad: string): Promise<string | null> {
    return this.kv.get(this.k.adRef(userKey(login), ad));
  }

  async reviewDelayMs(login: string): Promise<number> {
    const raw = await this.kv.get(this.k.reviewDelay(userKey(login)));
    return raw === null ? DEFAULT_REVIEW_DELAY_MS : Number(raw);
  }

  async setReviewDelay(login: string, delayMs: number): Promise<void> {
    await this.kv.set(this.k.reviewDelay(userKey(login)), String(delayMs), { ttlMs: DELAY_TTL_MS });
  }
}
