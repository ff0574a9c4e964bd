import { idOfTimeOrdered, monotonicTimestamp, timeOrdered } from '../../ids.js';
import { AUDIENCE_MIN_SIZE, type Audience } from '../../platforms/sandbox/model.js';
import type { Kv } from '../../store/kv.js';
import { type SandboxKeys, userKey } from '../keys.js';

/** An audience as kept: its matching ends at `matched_at`, when its size is told. */
export type StoredAudience = Omit<Audience, 'status' | 'size'> & { matched_at: string };

/** A sandbox user's customer lists: records, their members' hashes, what was removed, each call's size. */
export class AudienceStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
  ) {}

  async save(login: string, audience: StoredAudience): Promise<void> {
    const u = userKey(login);
    await this.kv
      .batch()
      .set(this.k.audience(u, audience.id), JSON.stringify(audience))
      .zaddLex(this.k.audiences(u, audience.account_id), timeOrdered(audience.created_time, audience.id))
      .exec();
  }

  async get(login: string, id: string): Promise<StoredAudience | null> {
    const raw = await this.kv.get(this.k.audience(userKey(login), id));
    return raw ? (JSON.parse(raw) as StoredAudience) : null;
  }

  async list(login: string, account: string): Promise<StoredAudience[]> {
    const u = userKey(login);
    const members = await this.kv.zrangeLex(this.k.audiences(u, account), { limit: 1000 });
    const raws = await this.kv.mget(members.map((m) => this.k.audience(u, idOfTimeOrdered(m))));
    return raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as StoredAudience);
  }

  async delete(login: string, audience: StoredAudience): Promise<void> {
    const u = userKey(login);
    const { id } = audience;
    await this.kv
      .batch()
      .del(
        this.k.audience(u, id),
        this.k.audienceMembers(u, id),
        this.k.audienceRemoved(u, id),
        this.k.audienceBatches(u, id),
      )
      .zrem(this.k.audiences(u, audience.account_id), timeOrdered(audience.created_time, id))
      .exec();
  }

  /** Adds (or removes) hashes, noting the call's size. */
  async changeUsers(login: string, id: string, hashes: string[], remove: boolean): Promise<void> {
    const u = userKey(login);
    const batch = this.kv.batch();
    for (const hash of hashes) {
      if (remove) batch.srem(this.k.audienceMembers(u, id), hash).sadd(this.k.audienceRemoved(u, id), hash);
      else batch.sadd(this.k.audienceMembers(u, id), hash);
    }
    await batch.zaddLex(this.k.audienceBatches(u, id), `${monotonicTimestamp()}|${hashes.length}`).exec();
  }

  /** The audience as the API answers it: MATCHING until `matched_at`, then its size decides. */
  async shown(login: string, audience: StoredAudience, now: number): Promise<Audience> {
    const { matched_at, ...rest } = audience;
    if (now < Date.parse(matched_at)) return { ...rest, status: 'MATCHING', size: null };
    const size = (await this.kv.smembers(this.k.audienceMembers(userKey(login), audience.id))).length;
    return { ...rest, status: size >= AUDIENCE_MIN_SIZE ? 'READY' : 'TOO_SMALL', size };
  }

  /** What the sandbox received for the audience (a test control): hashes held, removed, each call's size. */
  async received(login: string, id: string) {
    const u = userKey(login);
    const [hashes, removed, batches] = await Promise.all([
      this.kv.smembers(this.k.audienceMembers(u, id)),
      this.kv.smembers(this.k.audienceRemoved(u, id)),
      this.kv.zrangeLex(this.k.audienceBatches(u, id), { limit: 10_000 }),
    ]);
    return { hashes, removed, batches: batches.map((b) => Number(b.slice(b.indexOf('|') + 1))) };
  }
}
