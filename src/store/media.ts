import type { EncryptionKey } from '../crypto/keys.js';
import { open, seal } from '../crypto/sealed.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import type { CacheScope } from './resource-cache.js';

const CHUNK = 1000;

/** What the store indexes an image by; the rest is the media service's record, kept as its JSON. */
export interface StoredMedia {
  id: string;
  advertiser: string;
  sha256: string | null;
  createdAt: string;
}

/**
 * The images adlink uploaded for a customer on a platform: their records (sizes, hash), found by id or
 * by an ad account's SHA-256, and — where the platform takes images only inside an ad — their bytes,
 * sealed, for a limited time. Forgotten with the connection's other caches.
 */
export class MediaStore<Media extends StoredMedia = StoredMedia> {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly encryption: EncryptionKey[],
  ) {}

  private aad = (s: CacheScope, id: string) => `media:${s.company}:${s.customer}:${s.platform}:${id}`;

  async get(s: CacheScope, id: string): Promise<Media | null> {
    const raw = await this.kv.get(this.k.media(s.company, s.customer, s.platform, id));
    return raw ? (JSON.parse(raw) as Media) : null;
  }

  /** The ad account's image with these bytes, if adlink uploaded it. */
  async bySha(s: CacheScope, advertiser: string, sha256: string): Promise<Media | null> {
    const id = await this.kv.get(this.k.mediaBySha(s.company, s.customer, s.platform, advertiser, sha256));
    return id === null ? null : this.get(s, id);
  }

  /** Keeps the record; with `bytes`, keeps them sealed for `ttlMs` (the record lives as long). */
  async save(s: CacheScope, media: Media, file?: { bytes: Buffer; ttlMs: number }): Promise<void> {
    const { company, customer, platform } = s;
    const ttl = file ? { ttlMs: file.ttlMs } : {};
    const batch = this.kv.batch();
    if (file) {
      const sealed = seal(this.encryption, file.bytes.toString('base64'), this.aad(s, media.id));
      batch.set(this.k.mediaFile(company, customer, platform, media.id), sealed, ttl);
    }
    if (media.sha256 !== null) {
      batch.set(
        this.k.mediaBySha(company, customer, platform, media.advertiser, media.sha256),
        media.id,
        ttl,
      );
    }
    await batch
      .set(this.k.media(company, customer, platform, media.id), JSON.stringify(media), ttl)
      .zaddLex(this.k.mediaIndex(company, customer, platform), `${media.createdAt}|${media.id}`)
      .exec();
  }

  /** The sealed bytes of an inline image, opened; null once they expired. */
  async bytes(s: CacheScope, id: string): Promise<Buffer | null> {
    const sealed = await this.kv.get(this.k.mediaFile(s.company, s.customer, s.platform, id));
    return sealed === null ? null : Buffer.from(open(this.encryption, sealed, this.aad(s, id)), 'base64');
  }

  /** Every image of the ad account adlink still holds, oldest first. */
  async list(s: CacheScope, advertiser: string): Promise<Media[]> {
    return (await this.records(s)).filter((m) => m.advertiser === advertiser);
  }

  /** The records of every image of the scope, oldest first (expired ones are gone). */
  private async records(s: CacheScope): Promise<Media[]> {
    const members = await this.members(s);
    const found: Media[] = [];
    for (let i = 0; i < members.length; i += CHUNK) {
      const ids = members.slice(i, i + CHUNK).map((m) => m.slice(m.indexOf('|') + 1));
      const raws = await this.kv.mget(ids.map((id) => this.k.media(s.company, s.customer, s.platform, id)));
      for (const raw of raws) if (raw) found.push(JSON.parse(raw) as Media);
    }
    return found;
  }

  private async members(s: CacheScope): Promise<string[]> {
    let members: string[] = [];
    let after: string | undefined;
    for (;;) {
      const chunk = await this.kv.zrangeLex(this.k.mediaIndex(s.company, s.customer, s.platform), {
        limit: CHUNK,
        ...(after ? { after } : {}),
      });
      members = members.concat(chunk);
      if (chunk.length < CHUNK) return members;
      after = chunk.at(-1);
    }
  }

  /** Forgets the connection's images (records, hashes and bytes), in chunks. */
  async clear(s: CacheScope): Promise<void> {
    const { company, customer, platform } = s;
    const batch = this.kv.batch();
    for (const media of await this.records(s)) {
      batch.del(
        this.k.media(company, customer, platform, media.id),
        this.k.mediaFile(company, customer, platform, media.id),
      );
      if (media.sha256)
        batch.del(this.k.mediaBySha(company, customer, platform, media.advertiser, media.sha256));
    }
    await batch.del(this.k.mediaIndex(company, customer, platform)).exec();
  }
}
