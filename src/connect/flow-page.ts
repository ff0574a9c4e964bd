import type { PlatformId } from '../domain/platform-ids.js';
import type { MessageKey } from '../locales/en.js';

/** A normal end state of the hosted flow, shown as a friendly page (never a stack trace). */
export class FlowPage extends Error {
  constructor(
    readonly page: FlowPageKind,
    readonly status: number,
    readonly vars: Record<string, string> = {},
    /** Where "Try again" leads: a platform to start again, or back to the overview. */
    readonly retry?: { platform: PlatformId } | { overview: true },
    /** The company whose customer sees the page, when known: its branding is shown. */
    readonly company?: string,
  ) {
    super(page);
  }
}

export type FlowPageKind =
  | 'link_used'
  | 'link_revoked'
  | 'link_expired'
  | 'link_invalid'
  | 'redirect_not_allowed'
  | 'session_missing'
  | 'oauth_denied'
  | 'oauth_failed'
  | 'oauth_state'
  | 'no_accounts'
  | 'platform_unavailable'
  | 'forbidden'
  | 'flow_replaced'
  | 'rate_limited';

export const pageTitle = (kind: FlowPageKind) => `error.${kind}.title` as MessageKey;
export const pageBody = (kind: FlowPageKind) => `error.${kind}.body` as MessageKey;
