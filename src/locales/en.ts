import { integrations } from './en-integrations.js';

/**
 * Every string of adlink's pages, in English: the source of the keys. Each other language is one file
 * beside this one (`de.ts`): a `Translation`, found at startup by src/locales/i18n.ts.
 */
export const en = {
  'layout.skip': 'Skip to content',
  'layout.vendor_fallback': 'your provider',
  'footer.secured': 'Connections are made securely with each ad platform. Your passwords are never shared.',
  'steps.label': 'Progress',
  'steps.connect': 'Connect',
  'steps.choose': 'Choose ad accounts',
  'steps.done': 'Done',
  'landing.title': 'Connect your ad accounts',
  'landing.intro': '{vendor} asks you to connect your advertising accounts.',
  'landing.valid_until':
    'This link works once, until {expires, datetime(dateStyle: medium; timeStyle: short; timeZone: UTC)} UTC.',
  'landing.continue': 'Continue',
  'landing.noscript': 'Select Continue to start.',
  'landing.replaces':
    'This browser is in the middle of another connection visit. Continuing ends that visit and starts this one.',
  'connections.title': 'Connect your ad accounts',
  'connections.intro': 'Choose the ad platforms {vendor} should manage for you. You can connect several.',
  'connections.list': 'Ad platforms',
  'connections.next.title': 'What happens next',
  'connections.next.sign_in': 'You sign in at the ad platform you choose, on its own website.',
  'connections.next.choose': 'You choose the ad accounts {vendor} may manage there.',
  'connections.next.back': 'You come back here to connect another platform or to finish.',
  'connections.status.not_connected': 'Not connected',
  'connections.status.connected': 'Connected — {accounts}',
  'connections.status.needs_reauth': 'Needs reconnection',
  'connections.connect': 'Connect',
  'connections.connect_label': 'Connect {platform}',
  'connections.reconnect': 'Reconnect',
  'connections.reconnect_label': 'Reconnect {platform}',
  'connections.done': 'Done',
  'connections.leave': 'Leave without connecting',
  'connections.none_offered': 'No ad platform is available right now. Please contact {vendor}.',
  'connections.just_connected': '{platform} is connected.',
  'done.title': 'All set',
  'done.title_partial': 'Partly connected',
  'done.success': '{vendor} can now manage your ads on {platforms, list}.',
  'done.partial':
    '{vendor} can now manage your ads on {platforms, list}. The other platforms you tried were not connected; {vendor} can send you a new link for them.',
  'done.redirecting': 'Taking you back to {vendor} in {seconds, number} seconds…',
  'done.continue': 'Continue to {vendor}',
  'done.close': 'You can close this tab.',
  'done.own': 'Back to your own ad accounts',
  'done.stay': 'Stay on this page',
  'done.stopped': 'Automatic redirect stopped. Continue when you are ready.',
  'choose.title': 'Choose ad accounts',
  'choose.intro':
    'Your {platform} sign-in reaches more than one ad account. Choose the ones {vendor} may manage; you can change this later.',
  'choose.legend': 'Ad accounts on {platform} ({count})',
  'choose.filter': 'Filter by name or ID',
  'choose.filter_one': '{shown} of {total} ad accounts shown',
  'choose.filter_many': '{shown} of {total} ad accounts shown',
  'choose.account_id': 'ID {id}',
  'choose.submit': 'Use the chosen ad accounts',
  'choose.none': 'Choose at least one ad account.',
  'choose.changed':
    'The ad accounts your {platform} connection reaches changed since this page was shown. Check your choice and submit it again.',
  'leave.title': 'Leave without connecting?',
  'leave.body':
    '{vendor} can manage your ads only on the platforms you connect. You can connect later with a new link from {vendor}.',
  'leave.stay': 'Connect an ad account',
  'leave.confirm': 'Leave without connecting',
  'leave.close': 'If you do not want to connect now, you can close this tab.',
  'error.title': 'Something went wrong',
  'error.link_used.title': 'This link was already used',
  'error.link_used.body': 'For your security, a connection link works only once. Ask {vendor} for a new one.',
  'error.link_revoked.title': 'This link was cancelled',
  'error.link_revoked.body': '{vendor} cancelled this connection link. Ask {vendor} for a new one.',
  'error.link_expired.title': 'This link has expired',
  'error.link_expired.body': 'Connection links are valid for a short time only. Ask {vendor} for a new one.',
  'error.link_invalid.title': 'This link is not valid',
  'error.link_invalid.body':
    'The link is incomplete or was changed. Copy the whole link again, or ask for a new one.',
  'error.redirect_not_allowed.title': 'This link is not valid',
  'error.redirect_not_allowed.body':
    'The link points to a return address that is not allowed. Ask {vendor} for a new link.',
  'error.session_missing.title': 'Your session has ended',
  'error.session_missing.body': 'Open the connection link you received again, or ask for a new one.',
  'error.oauth_denied.title': 'Connection cancelled',
  'error.oauth_denied.body': 'You did not allow access on {platform}. Nothing was connected.',
  'error.oauth_failed.title': 'The connection did not work',
  'error.oauth_failed.body':
    '{platform} did not complete the connection. Nothing was stored. Please try again.',
  'error.oauth_state.title': 'This connection attempt is no longer valid',
  'error.oauth_state.body':
    'It was already used, has expired or was started in another browser. Please start again.',
  'error.no_accounts.title': 'No ad account found',
  'error.no_accounts.body':
    'Your {platform} login gives access to no ad account. Sign in with another account and try again.',
  'error.platform_unavailable.title': 'Platform not available',
  'error.platform_unavailable.body': 'This ad platform is not offered here.',
  'error.flow_replaced.title': 'This page is out of date',
  'error.flow_replaced.body':
    'Another connection visit was started in this browser since this page was shown. Go back to the current visit, or open your connection link again.',
  'error.forbidden.title': 'Request refused',
  'error.forbidden.body': 'This request did not come from this site. Please open your connection link again.',
  'error.rate_limited.title': 'Too many attempts',
  'error.rate_limited.body': 'Please wait {seconds, number} seconds and try again.',
  'error.not_found.title': 'Page not found',
  'error.not_found.body': 'There is nothing at this address.',
  'error.unavailable.title': 'Temporarily unavailable',
  'error.unavailable.body': 'We could not complete your request. Please try again in a moment.',
  'error.internal.body': 'An unexpected error occurred. Please try again. Reference: {request_id}',
  'error.try_again': 'Try again',
  'error.back': 'Back to your connections',
  ...integrations,
  'sandbox.title': 'Allow {app} to manage your ads?',
  'sandbox.brand': 'Sandbox Ads',
  'sandbox.badge': 'Test platform',
  'sandbox.intro': '{app} asks for access to the ad accounts you select below.',
  'sandbox.signed_in_as': 'Signed in as {user}',
  'sandbox.test_user': 'Test user',
  'sandbox.choose': 'Choose the ad accounts to share',
  'sandbox.scopes': 'Requested access: {scopes}',
  'sandbox.allow': 'Allow',
  'sandbox.deny': 'Deny',
  'sandbox.footer':
    'Sandbox Ads is a test ad platform built into adlink. Its accounts, campaigns and numbers are made up.',
  'sandbox.error.title': 'Authorization request refused',
  'sandbox.account_id': 'ID {id}',
  'sandbox.scope.ads_read': 'See your ad accounts, campaigns, ad sets and ads',
  'sandbox.scope.ads_management': 'Create, change and delete your ad sets',
  'sandbox.error.no_account': 'Choose at least one ad account, or select Deny.',
  'sandbox.error.foreign_account': 'Choose only among the ad accounts listed here.',
  'sandbox.error.unknown_client': 'The application asking for access is not registered with Sandbox Ads.',
  'sandbox.error.redirect_uri': 'The return address of this request is not registered for this application.',
  'sandbox.error.repeated': 'The request gives a parameter more than once. Start again from the application.',
  'sandbox.error.request_used':
    'This authorization request has expired or was already answered. Start again from the application.',
  'sandbox.error.invalid_form': 'The form was incomplete or changed. Start again from the application.',
  'sandbox.error.internal': 'Something went wrong on our side. Please try again.',
  'sandbox.error.unavailable': 'Sandbox Ads is temporarily unavailable. Please try again in a moment.',
} as const;

export type MessageKey = keyof typeof en;

/** The keys every language translates: what customers see. The vendor's pages may stay in English. */
export type HostedKey = Exclude<MessageKey, `integrations.${string}`>;

/** A language file (src/locales/<language>.ts): every hosted key, and any vendor page key it translates. */
export type Translation = Record<HostedKey, string> & Partial<Record<MessageKey, string>>;

export default en;
