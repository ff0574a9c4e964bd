import { createHash } from 'node:crypto';

/** SHA-256 in base64url: how codes and tokens are stored and looked up. */
export const sha256 = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/**
 * A sandbox user's key, derived from the login: the login itself (any printable text, braces
 * included) never appears in a key, so it cannot move a key to another hash slot.
 */
export const userKey = (login: string): string =>
  createHash('sha256').update(login).digest('hex').slice(0, 16);

/** Every key the sandbox writes, all under `<prefix>sandbox:`; ad data per user under `{sbx:<user key>}`. */
export function sandboxKeys(prefix: string) {
  const root = `${prefix}sandbox:`;
  const user = (u: string) => `${root}{sbx:${u}}`;
  return {
    root,
    authorizationRequest: (id: string) => `${root}authz:${id}`,
    code: (hash: string) => `${root}code:${hash}`,
    codeGrant: (hash: string) => `${root}code:${hash}:grant`,
    grant: (id: string) => `${root}grant:${id}`,
    accessToken: (hash: string) => `${root}at:${hash}`,
    refreshToken: (hash: string) => `${root}rt:${hash}`,
    refreshTokenUsed: (hash: string) => `${root}rt:${hash}:used`,
    rateLimit: (hash: string) => `${root}rl:${hash}`,
    accounts: (u: string) => `${user(u)}:accounts`,
    campaign: (u: string, id: string) => `${user(u)}:campaign:${id}`,
    campaigns: (u: string, account: string) => `${user(u)}:account:${account}:campaigns`,
    adset: (u: string, id: string) => `${user(u)}:adset:${id}`,
    adsets: (u: string, account: string, deleted: boolean) =>
      `${user(u)}:account:${account}:adsets${deleted ? ':deleted' : ''}`,
    ads: (u: string, adset: string) => `${user(u)}:adset:${adset}:ads`,
    adsLock: (u: string, adset: string) => `${user(u)}:adset:${adset}:ads:lock`,
    /** The ad set an ad is in. */
    adRef: (u: string, ad: string) => `${user(u)}:ad:${ad}:adset`,
    image: (u: string, id: string) => `${user(u)}:image:${id}`,
    images: (u: string, account: string) => `${user(u)}:account:${account}:images`,
    reviewDelay: (u: string) => `${user(u)}:review_delay`,
    audience: (u: string, id: string) => `${user(u)}:audience:${id}`,
    audiences: (u: string, account: string) => `${user(u)}:account:${account}:audiences`,
    /** An audience's members (SHA-256 hashes), those removed, and the size of each upload call. */
    audienceMembers: (u: string, id: string) => `${user(u)}:audience:${id}:members`,
    audienceRemoved: (u: string, id: string) => `${user(u)}:audience:${id}:removed`,
    audienceBatches: (u: string, id: string) => `${user(u)}:audience:${id}:batches`,
    faults: (u: string) => `${user(u)}:faults`,
    fault: (u: string, id: string) => `${user(u)}:fault:${id}`,
    faultUsed: (u: string, id: string) => `${user(u)}:fault:${id}:used`,
    reportRun: (u: string, id: string) => `${user(u)}:report:${id}`,
    reportDelay: (u: string) => `${user(u)}:report_delay`,
  };
}

export type SandboxKeys = ReturnType<typeof sandboxKeys>;
