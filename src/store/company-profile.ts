import { createHash } from 'node:crypto';
import type { EncryptionKey } from '../crypto/keys.js';
import { open, reseal, seal } from '../crypto/sealed.js';
import { PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import { monotonicTimestamp } from '../ids.js';
import type { Keys } from './keys.js';
import { type Kv, type ReadPlan, readPlans } from './kv.js';
import { updateRecord } from './update-record.js';

/** What the company's customers see of it on the hosted pages. */
export interface Branding {
  /** Shown instead of the company's name; null: the company's name. */
  display_name: string | null;
  /** `#rrggbb`, readable under white text; null: adlink's colours. */
  accent: string | null;
  /** The stored logo's SHA-256 (hex), or null without a logo. */
  logo_sha256: string | null;
  /** The pages' language when neither the link nor the browser picks one; null: English. */
  language: string | null;
  updated_at: string | null;
}

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export interface Logo {
  content_type: LogoType;
  bytes: Buffer;
  sha256: string;
  updated_at: string;
}

interface StoredLogo {
  content_type: LogoType;
  /** base64 */
  data: string;
  sha256: string;
  size: number;
  updated_at: string;
}

/** A company's own OAuth app for a platform as the pages show it: never its secrets. */
export interface CompanyAppSummary {
  platform: PlatformId;
  client_id: string;
  has_developer_token: boolean;
  created_at: string;
}

/** The app with its secrets opened, for the OAuth client. */
export interface CompanyApp {
  clientId: string;
  clientSecret: string;
  developerToken?: string;
}

interface StoredApp {
  client_id: string;
  /** Sealed (AES-256-GCM) with the company, platform and purpose as associated data. */
  client_secret: string;
  developer_token: string | null;
  created_at: string;
}

const NO_BRANDING: Branding = {
  display_name: null,
  accent: null,
  logo_sha256: null,
  language: null,
  updated_at: null,
};

const brandingOf = (raw: string | null): Branding =>
  raw ? { ...NO_BRANDING, ...(JSON.parse(raw) as Partial<Branding>) } : { ...NO_BRANDING };

/** The associated data of a company app's sealed secret: a copy in another record does not open. */
const appSecretAad = (company: string, platform: PlatformId, purpose: 'client_secret' | 'developer_token') =>
  `oauth-app:${company}:${platform}:${purpose}`;

/** The available platforms a company offers: all but those it hides. */
export const offeredOf = (available: PlatformId[], hidden: PlatformId[]): PlatformId[] =>
  available.filter((id) => !hidden.includes(id));

/**
 * A company's hosted-pages profile: branding (display name, accent colour, logo), the platforms it
 * offers its customers, and its own OAuth apps, which replace the deployment's for its customers.
 */
export class CompanyProfileStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly encryption: EncryptionKey[],
  ) {}

  async branding(company: string): Promise<Branding> {
    return brandingOf(await this.kv.get(this.k.branding(company)));
  }

  /** Changes the branding from what is stored now, in one atomic step (see updateRecord). */
  private changeBranding(company: string, change: (current: Branding) => Partial<Branding> | null) {
    return updateRecord(this.kv, this.k.branding(company), (raw) => {
      const current = brandingOf(raw);
      const changed = change(current);
      const next: Branding = changed ? { ...current, ...changed, updated_at: monotonicTimestamp() } : current;
      return { value: changed && JSON.stringify(next), result: next };
    });
  }

  /** Display name, accent colour and language (null clears one, no language keeps it); not the logo. */
  setBranding(
    company: string,
    change: Pick<Branding, 'display_name' | 'accent'> & Partial<Pick<Branding, 'language'>>,
  ): Promise<Branding> {
    return this.changeBranding(company, () => ({ ...change }));
  }

  async logo(company: string): Promise<Logo | null> {
    const raw = await this.kv.get(this.k.brandLogo(company));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredLogo;
    return {
      content_type: stored.content_type,
      bytes: Buffer.from(stored.data, 'base64'),
      sha256: stored.sha256,
      updated_at: stored.updated_at,
    };
  }

  /** The logo first, then the branding that points at it: the pages never link a logo that is not there. */
  async setLogo(company: string, contentType: LogoType, bytes: Buffer): Promise<Logo> {
    const logo: Logo = {
      content_type: contentType,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      updated_at: monotonicTimestamp(),
    };
    const stored: StoredLogo = {
      content_type: logo.content_type,
      data: bytes.toString('base64'),
      sha256: logo.sha256,
      size: bytes.length,
      updated_at: logo.updated_at,
    };
    await this.kv.set(this.k.brandLogo(company), JSON.stringify(stored));
    await this.changeBranding(company, () => ({ logo_sha256: logo.sha256 }));
    return logo;
  }

  /** Returns whether there was a logo. */
  async removeLogo(company: string): Promise<boolean> {
    await this.changeBranding(company, (current) =>
      current.logo_sha256 === null ? null : { logo_sha256: null },
    );
    return (await this.kv.del(this.k.brandLogo(company))) > 0;
  }

  /** Platforms the company chose not to offer; any other available platform is offered. */
  async hiddenPlatforms(company: string): Promise<PlatformId[]> {
    const [hidden] = await readPlans(this.kv, this.hiddenPlan(company));
    return hidden;
  }

  hiddenPlan(company: string): ReadPlan<PlatformId[]> {
    return {
      reads: [{ get: this.k.hiddenPlatforms(company) }],
      decode: ([raw]) => {
        const ids = raw ? (JSON.parse(raw as string) as string[]) : [];
        return PLATFORM_IDS.filter((id) => ids.includes(id));
      },
    };
  }

  /**
   * Offers exactly `chosen` of the `available` platforms; the company's choice for the platforms not
   * available here is kept. One atomic step with the read of that choice.
   */
  async setOffered(company: string, chosen: PlatformId[], available: PlatformId[]): Promise<void> {
    await updateRecord(this.kv, this.k.hiddenPlatforms(company), (raw) => {
      const before: string[] = raw ? JSON.parse(raw) : [];
      const hidden = PLATFORM_IDS.filter((id) =>
        available.includes(id) ? !chosen.includes(id) : before.includes(id),
      );
      return { value: JSON.stringify(hidden), result: undefined };
    });
  }

  /** The platforms the company's customers may connect: the deployment's available ones it offers. */
  async offered(company: string, available: PlatformId[]): Promise<PlatformId[]> {
    return offeredOf(available, await this.hiddenPlatforms(company));
  }

  /** The company's own apps, in catalog order, without secrets. */
  async oauthApps(company: string): Promise<CompanyAppSummary[]> {
    const raws = await this.kv.mget(PLATFORM_IDS.map((id) => this.k.oauthApp(company, id)));
    return PLATFORM_IDS.flatMap((platform, i) => {
      const raw = raws[i];
      if (!raw) return [];
      const stored = JSON.parse(raw) as StoredApp;
      return [
        {
          platform,
          client_id: stored.client_id,
          has_developer_token: stored.developer_token !== null,
          created_at: stored.created_at,
        },
      ];
    });
  }

  /** The company's own app for a platform with its secrets opened, or null. */
  async oauthApp(company: string, platform: PlatformId): Promise<CompanyApp | null> {
    const raw = await this.kv.get(this.k.oauthApp(company, platform));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredApp;
    const app: CompanyApp = {
      clientId: stored.client_id,
      clientSecret: open(
        this.encryption,
        stored.client_secret,
        appSecretAad(company, platform, 'client_secret'),
      ),
    };
    if (stored.developer_token !== null) {
      app.developerToken = open(
        this.encryption,
        stored.developer_token,
        appSecretAad(company, platform, 'developer_token'),
      );
    }
    return app;
  }

  async setOAuthApp(company: string, platform: PlatformId, app: CompanyApp): Promise<CompanyAppSummary> {
    const stored: StoredApp = {
      client_id: app.clientId,
      client_secret: seal(
        this.encryption,
        app.clientSecret,
        appSecretAad(company, platform, 'client_secret'),
      ),
      developer_token:
        app.developerToken === undefined
          ? null
          : seal(this.encryption, app.developerToken, appSecretAad(company, platform, 'developer_token')),
      created_at: monotonicTimestamp(),
    };
    await this.kv.set(this.k.oauthApp(company, platform), JSON.stringify(stored));
    return {
      platform,
      client_id: stored.client_id,
      has_developer_token: stored.developer_token !== null,
      created_at: stored.created_at,
    };
  }

  /** Seals the app's secrets again under the newest encryption key; how many it re-sealed. */
  async resealOAuthApp(company: string, platform: PlatformId): Promise<number> {
    return updateRecord(this.kv, this.k.oauthApp(company, platform), (raw) => {
      if (!raw) return { value: null, result: 0 };
      const stored = JSON.parse(raw) as StoredApp;
      const secret = reseal(
        this.encryption,
        stored.client_secret,
        appSecretAad(company, platform, 'client_secret'),
      );
      const token =
        stored.developer_token === null
          ? null
          : reseal(
              this.encryption,
              stored.developer_token,
              appSecretAad(company, platform, 'developer_token'),
            );
      const next = {
        ...stored,
        client_secret: secret ?? stored.client_secret,
        developer_token: token ?? stored.developer_token,
      };
      const count = Number(secret !== null) + Number(token !== null);
      return { value: count > 0 ? JSON.stringify(next) : null, result: count };
    });
  }

  /** Returns whether there was an app. */
  async removeOAuthApp(company: string, platform: PlatformId): Promise<boolean> {
    return (await this.kv.del(this.k.oauthApp(company, platform))) > 0;
  }
}
