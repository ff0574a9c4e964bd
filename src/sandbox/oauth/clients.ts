import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { OAuthError } from '../errors.js';

export interface SandboxClient {
  id: string;
  secret: string;
  name: string;
  redirectUris: string[];
}

export const findClient = (clients: SandboxClient[], id: string | undefined) =>
  id === undefined ? undefined : clients.find((c) => c.id === id);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Digests have one length, so the comparison takes the same time whatever the secrets are. */
const secretMatches = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const BASIC = /^Basic ([A-Za-z0-9+/]+={0,2})$/i;
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

function basicCredentials(header: string): { id: string; secret: string } {
  const match = BASIC.exec(header);
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic.');
  try {
    // RFC 6749 §2.3.1: the client id and secret are form-encoded before base64.
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic.');
  }
}

/** client_secret_basic or client_secret_post (RFC 6749 §2.3.1), never both at once. */
export function authenticateClient(
  req: Request,
  params: Record<string, string>,
  clients: SandboxClient[],
): SandboxClient {
  const header = req.get('authorization');
  let credentials: { id: string; secret: string };
  if (header !== undefined) {
    if (params.client_secret !== undefined) {
      throw new OAuthError('invalid_request', 'Authenticate the client with one method only.');
    }
    credentials = basicCredentials(header);
    if (params.client_id !== undefined && params.client_id !== credentials.id) {
      throw new OAuthError('invalid_client', 'client_id does not match the authenticated client.');
    }
  } else if (params.client_id !== undefined && params.client_secret !== undefined) {
    credentials = { id: params.client_id, secret: params.client_secret };
  } else {
    throw new OAuthError('invalid_client', 'Client authentication is required.');
  }
  const client = findClient(clients, credentials.id);
  // The secret is compared even for an unknown client, so both failures take as long.
  const matches = secretMatches(credentials.secret, client?.secret ?? '');
  if (!client || !matches) throw new OAuthError('invalid_client', 'Client authentication failed.');
  return client;
}
