import { isIP } from 'node:net';
import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';

/** The kinds of values adlink's variables take, and the documentation each variable carries. */

/** What docs/configuration.md says of one variable. */
export interface VariableDoc {
  /** The Meaning column (markdown): what the value does, its range, how it interacts with others. */
  meaning: string;
  /** The Default column where the schema's default is not a literal (computed, generated or derived). */
  shownDefault?: string;
  /** The name a variable of every platform is listed under, such as `<PLATFORM>_CLIENT_ID`. */
  family?: string;
}

/** Each variable's documentation; the page lists variables with the same meaning in one row. */
export const variableDocs = z.registry<VariableDoc>();

export const keyList = (what: string, decodedBytes?: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return [];
      const keys: { kid: string; secret: string }[] = [];
      for (const entry of raw.split(',')) {
        const at = entry.indexOf(':');
        const kid = entry.slice(0, at).trim();
        const secret = entry.slice(at + 1).trim();
        if (at < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(kid) || !secret) {
          ctx.addIssue({
            code: 'custom',
            message: `each ${what} entry must look like <key id>:<base64 key>`,
          });
          return z.NEVER;
        }
        if (decodedBytes && Buffer.from(secret, 'base64').length !== decodedBytes) {
          ctx.addIssue({
            code: 'custom',
            message: `key "${kid}" must be ${decodedBytes} bytes, base64-encoded`,
          });
          return z.NEVER;
        }
        if (keys.some((k) => k.kid === kid)) {
          ctx.addIssue({ code: 'custom', message: `key id "${kid}" appears twice` });
          return z.NEVER;
        }
        keys.push({ kid, secret });
      }
      return keys;
    });

/** An IP address with an optional port: `1.1.1.1`, `1.1.1.1:53`, `::1`, `[::1]:53`. */
export const isDnsServer = (entry: string) => {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const [address, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : isIP(entry)
      ? [entry, undefined]
      : (entry.match(/^([^:]+):(\d{1,5})$/)?.slice(1) ?? ['', undefined]);
  return isIP(address!) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65_535));
};

/** `host:port` or `redis[s]://[user:password@]host:port` entries, comma-separated, as URLs. */
export const redisNodeList = (name: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const urls: string[] = [];
      for (const entry of (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const href = /^[a-z]+:\/\//i.test(entry) ? entry : `redis://${entry}`;
        const url = URL.canParse(href) ? new URL(href) : null;
        if (
          !url ||
          !/^rediss?:$/.test(url.protocol) ||
          !url.hostname ||
          !url.port ||
          url.pathname.length > 1
        ) {
          ctx.addIssue({ code: 'custom', message: `${name} entries are host:port or redis[s]://host:port` });
          return z.NEVER;
        }
        urls.push(url.href.replace(/\/$/, ''));
      }
      return urls;
    });

export const REAL_PLATFORMS = PLATFORM_IDS.filter((id) => id !== 'sandbox');
export const envName = (id: PlatformId, what: string) => `${id.toUpperCase()}_${what}`;

/** `<ID>_<what>` for every platform but the sandbox: one family, documented once. */
export const perPlatform = (what: string, value: () => z.ZodType<string | undefined>, doc: VariableDoc) =>
  Object.fromEntries(
    REAL_PLATFORMS.map((id) => [
      envName(id, what),
      value().register(variableDocs, { ...doc, family: `<PLATFORM>_${what}` }),
    ]),
  );

export const nonEmpty = () => z.string().min(1).optional();

export const oauthApp: VariableDoc = {
  meaning: `The deployment's OAuth app per platform (${REAL_PLATFORMS.map((id) => `\`${id.toUpperCase()}\``).join(', ')}); both or neither. Register \`PUBLIC_BASE_URL/connections/oauth/<platform>/callback\` as its redirect URI.`,
};

export const sentinels: VariableDoc = {
  meaning:
    "Redis behind Sentinel instead: the Sentinels (`host:port` or `redis[s]://[user:password@]host:port`, comma-separated; credentials and TLS apply to the Sentinels and the master) and the master's name.",
};
