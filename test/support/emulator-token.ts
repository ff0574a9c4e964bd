import { DEFAULT_CLIENT, type RunningEmulator } from '../../emulators/toolkit/emulator.js';

/** An access token an emulator issued to its emulated user for `scope`, without the browser flow. */
export function emulatorToken(emulator: RunningEmulator, scope: string[]): string {
  const redirectUri = 'http://127.0.0.1/callback';
  const code = emulator.oauth.issueCode({
    user: 'emulated-user',
    scope,
    clientId: DEFAULT_CLIENT.clientId,
    redirectUri,
    challenge: null,
  });
  const issued = emulator.oauth.redeemCode({ code, ...DEFAULT_CLIENT, redirectUri, verifier: undefined });
  if (typeof issued === 'string') throw new Error(issued);
  return issued.access_token;
}
