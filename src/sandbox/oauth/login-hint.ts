import { timingSafeEqual } from 'node:crypto';
import { loginHintMac } from '../../platforms/sandbox/login-hint.js';
import type { SandboxClient } from './clients.js';

/** What a client may vouch for: adlink's customer ids (UUIDs) and the like. */
const SUBJECT = /^[A-Za-z0-9-]{1,100}$/;
const SIGNED = /^signed:([^.]*)\.([A-Za-z0-9_-]{43})$/;

/**
 * The sandbox user an authorization request is for. A signed hint (signedLoginHint, beside the
 * adapter) names a user of the client's own (`signed:<client>:<subject>`), reachable only through
 * that client's signature; any other hint is a shared demo user (free text, which can never start
 * with `signed:`). Null: a signed hint that does not verify.
 */
export function sandboxUser(client: SandboxClient, hint: string, challenge: string): string | null {
  const signed = SIGNED.exec(hint);
  if (!signed) return hint.startsWith('signed:') ? null : hint;
  const [, subject = '', given = ''] = signed;
  const expected = loginHintMac(client, subject, challenge);
  const valid = SUBJECT.test(subject) && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  return valid ? `signed:${client.id}:${subject}` : null;
}
