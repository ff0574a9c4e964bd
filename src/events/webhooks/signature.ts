import { createHmac } from 'node:crypto';

/**
 * `Adlink-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one v1 per secret that
 * signs now (two during a rotation), the newest first.
 */
export function signatureHeader(secrets: string[], body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  const v1 = secrets.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...v1].join(',');
}
