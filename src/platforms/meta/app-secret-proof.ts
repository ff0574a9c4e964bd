import { createHmac } from 'node:crypto';

/**
 * Meta's `appsecret_proof`: the access token's HMAC-SHA256 under the app secret, in hex. Sent with
 * every call, it proves the call comes from the app's server (apps can require it).
 */
export const appSecretProof = (accessToken: string, appSecret: string): string =>
  createHmac('sha256', appSecret).update(accessToken).digest('hex');
