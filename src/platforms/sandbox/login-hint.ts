import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxClient } from './clients.js';

/** What a client may vouch for: adlink's customer ids (UUIDs) and the like. */
const SUBJECT = /^[A-Za-z0-9-]{1,100}$/;
const SIGNED = /^signed:([^.]*)\.([A-Za-z0-9_-]{43})$/;

const mac = (client: Pick<SandboxClient, 'id' | 'secret'>, subject: string, challenge: string) =>
  createHmac('sha256', client.secret).update(`${client.id}\n${subject}\n${challenge}`).digest('base64url');

/**
 * A `login_hint` the client vouches for: `signed:<subject>.<mac>`, the MAC keyed with the client's
 * secret over the client, the subject and this request's PKCE challenge. A browser can neither forge
 * one nor move one to another authorization request (whose code would need another verifier).
 */
export function signedLoginHint(
  client: Pick<SandboxClient, 'id' | 'secret'>,
  subject: string,
  challenge: string,
) {
  return `signed:${subject}.${mac(client, subject, challenge)}`;
}

/**
 * The sandbox user an authorization request is for. A signed hint names a user of the client's own
 * (`signed:<client>:<subject>`), reachable only through that client's signature; any other hint is a
 * shared demo user (free text, which can never start with `signed:`). Null: a signed hint that does
 * not verify.
 */
export function sandboxUser(client: SandboxClient, hint: string, challenge: string): string | null {
  const signed = SIGNED.exec(hint);
  if (!signed) return hint.startsWith('signed:') ? null : hint;
  const [, subject = '', given = ''] = signed;
  const expected = mac(client, subject, challenge);
  const valid = SUBJECT.test(subject) && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  return valid ? `signed:${client.id}:${subject}` : null;
}
