import { MSADS_SCOPE } from '../../emulators/microsoft/access.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import type { PlatformAdapter } from '../../src/ports/platform-adapter.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { adapterAtEmulator, emulatorToken } from '../support/emulator-call.js';

/** Reaching the Microsoft emulator directly: a token it issued, its Campaign Management calls, the adapter on it. */

export const REDIRECT_URI = 'http://127.0.0.1/callback';
/** The scope adlink sends, as the SDK's UriOAuthService does for msads.manage. */
export const SCOPE = platformCatalog('http://localhost').microsoft.oauth.scopes.join(' ');

/** What the emulated user consented to. */
export const USER_SCOPE = [MSADS_SCOPE, 'offline_access'];

/** A code for the emulated user, as its consent page would hand out. */
export const issueCode = (emulator: RunningEmulator) =>
  emulator.oauth.issueCode({
    user: 'emulated-user',
    scope: USER_SCOPE,
    clientId: emulator.oauth.options.clientId,
    redirectUri: REDIRECT_URI,
    challenge: null,
  });

/** A form POST to the token endpoint with the client's credentials (and the scope, unless replaced). */
export const tokenCall = (emulator: RunningEmulator, params: Record<string, string>) => {
  const { clientId, clientSecret } = emulator.oauth.options;
  return fetch(`${emulator.url}/common/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, scope: SCOPE, ...params }),
  });
};

/** One Campaign Management call for an account of the seeded customer; the answer's JSON. */
export async function campaignManagement<T = Record<string, unknown>>(
  emulator: RunningEmulator,
  path: string,
  body: object,
  account: string = SEED.usAccount,
  method = 'POST',
): Promise<T> {
  const res = await fetch(`${emulator.url}/CampaignManagement/v13${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${emulatorToken(emulator, USER_SCOPE)}`,
      DeveloperToken: 'dev',
      CustomerId: SEED.customer,
      CustomerAccountId: account,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** The emulator's stored campaign and ad group (in Microsoft's own units and shapes). */
export async function storedCampaign(
  emulator: RunningEmulator,
  id: string,
  account: string = SEED.usAccount,
) {
  const { Campaigns } = await campaignManagement<{ Campaigns: (Record<string, unknown> | null)[] }>(
    emulator,
    '/Campaigns/QueryByIds',
    { AccountId: account, CampaignIds: [id], CampaignType: 'Search,Audience' },
    account,
  );
  return Campaigns[0] ?? null;
}

export async function storedAdGroup(
  emulator: RunningEmulator,
  campaign: string,
  id: string,
  account: string = SEED.usAccount,
) {
  const { AdGroups } = await campaignManagement<{ AdGroups: (Record<string, unknown> | null)[] }>(
    emulator,
    '/AdGroups/QueryByIds',
    { CampaignId: campaign, AdGroupIds: [id] },
    account,
  );
  return AdGroups[0] ?? null;
}

/** The keywords the emulator holds for an ad group (GetKeywordsByAdGroupId). */
export async function storedKeywords(
  emulator: RunningEmulator,
  adGroup: string,
  account: string = SEED.usAccount,
): Promise<Record<string, unknown>[]> {
  const { Keywords } = await campaignManagement<{ Keywords: Record<string, unknown>[] }>(
    emulator,
    '/Keywords/QueryByAdGroupId',
    { AdGroupId: adGroup },
    account,
  );
  return Keywords;
}

/** The ad the emulator holds (GetAdsByIds), in Microsoft's shape, or null. */
export async function storedAd(
  emulator: RunningEmulator,
  adGroup: string,
  id: string,
  account: string = SEED.usAccount,
): Promise<Record<string, unknown> | null> {
  const { Ads } = await campaignManagement<{ Ads: (Record<string, unknown> | null)[] }>(
    emulator,
    '/Ads/QueryByIds',
    { AdGroupId: adGroup, AdIds: [id], AdTypes: ['ResponsiveSearch', 'ResponsiveAd'] },
    account,
  );
  return Ads[0] ?? null;
}

/** The texts of an ad's asset links (Headlines, Descriptions, LongHeadlines). */
export const assetTexts = (links: unknown) =>
  (links as { Asset: { Text?: string } }[]).map((link) => link.Asset.Text);

/** The outcome of an ad's editorial review, through the emulator's control. */
export async function setAdReview(
  emulator: RunningEmulator,
  adId: string,
  editorialStatus: string,
  reasons: object[] = [],
): Promise<void> {
  const res = await fetch(`${emulator.url}/_emulator/ad-review`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ adId, editorialStatus, reasons }),
  });
  if (res.status !== 200) throw new Error(`ad-review: ${res.status} ${await res.text()}`);
}

/** The Microsoft adapter built from its catalog entry against the emulator, and a call as the seeded user. */
export function adapterOn(emulator: RunningEmulator): { adapter: PlatformAdapter; call: PlatformCall } {
  const accounts = [
    { id: SEED.usAccount, name: 'Trail Bikes US', currency: 'USD' },
    { id: SEED.euAccount, name: 'Trail Bikes EU', currency: 'EUR' },
  ];
  return adapterAtEmulator('microsoft', emulator, accounts, USER_SCOPE, { developerToken: 'dev' });
}
