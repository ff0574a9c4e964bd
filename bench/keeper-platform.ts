import { googleEmulator } from '../emulators/google/index.js';
import { ADWORDS_SCOPE } from '../emulators/google/oauth-routes.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../emulators/toolkit/emulator.js';
import type { IssuedTokens } from '../emulators/toolkit/oauth.js';

const REDIRECT_URI = 'http://127.0.0.1/connections/oauth/google/callback';

/**
 * S8's platform: the Google Ads emulator (its OAuth server: refresh grants that keep the refresh
 * token, one-hour access tokens), run in the bench's process so that it can count the refreshes it
 * answers per refresh token. Its token endpoint does no work beyond the grant, so thousands of
 * refreshes cost it little next to adlink.
 */
export interface KeeperPlatform {
  emulator: RunningEmulator;
  /** A grant as a customer's consent gives it: the tokens adlink stores for the connection. */
  grant(): IssuedTokens;
  /** Refreshes answered per refresh token (refused ones not counted). */
  refreshes: Map<string, number>;
  /** The time of each refresh answered (ms since epoch), in order. */
  refreshTimes: number[];
  /** The time each refresh token was first refreshed, in order. */
  firstRefreshTimes: number[];
  close(): Promise<void>;
}

export async function startKeeperPlatform(): Promise<KeeperPlatform> {
  const emulator = await startEmulator(googleEmulator, DEFAULT_CLIENT);
  const { oauth } = emulator;
  const refreshes = new Map<string, number>();
  const refreshTimes: number[] = [];
  const firstRefreshTimes: number[] = [];
  const refreshGrant = oauth.refreshGrant.bind(oauth);
  oauth.refreshGrant = (request) => {
    const answer = refreshGrant(request);
    if (typeof answer !== 'string') {
      const count = (refreshes.get(request.refreshToken!) ?? 0) + 1;
      refreshes.set(request.refreshToken!, count);
      refreshTimes.push(Date.now());
      if (count === 1) firstRefreshTimes.push(Date.now());
    }
    return answer;
  };
  return {
    emulator,
    grant() {
      const code = oauth.issueCode({
        user: 'emulated-user',
        scope: [ADWORDS_SCOPE],
        clientId: DEFAULT_CLIENT.clientId,
        redirectUri: REDIRECT_URI,
        challenge: null,
      });
      const tokens = oauth.redeemCode({
        code,
        ...DEFAULT_CLIENT,
        redirectUri: REDIRECT_URI,
        verifier: undefined,
      });
      if (typeof tokens === 'string') throw new Error(`the emulator refused its own code: ${tokens}`);
      return tokens;
    },
    refreshes,
    refreshTimes,
    firstRefreshTimes,
    close: () => emulator.close(),
  };
}

/** adlink's environment for the Google Ads emulator as its platform. */
export const keeperPlatformEnv = (platform: KeeperPlatform): Record<string, string> => ({
  GOOGLE_BASE_URL: platform.emulator.url,
  GOOGLE_CLIENT_ID: DEFAULT_CLIENT.clientId,
  GOOGLE_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
  GOOGLE_DEVELOPER_TOKEN: 'bench-developer-token',
});
