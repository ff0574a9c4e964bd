/** Every string the hosted pages show. Another language is another file with the same keys. */
export const en = {
  'layout.skip': 'Skip to content',
  'footer.secured': 'Connections are made securely with each ad platform. Your passwords are never shared.',
  'landing.title': 'Connect your ad accounts',
  'landing.intro': '{vendor} asks you to connect your advertising accounts.',
  'landing.continue': 'Continue',
  'landing.noscript': 'Select Continue to start.',
  'connections.title': 'Connect your ad accounts',
  'connections.intro': 'Connect the ad platforms {vendor} should manage for you. You can connect several.',
  'connections.status.not_connected': 'Not connected',
  'connections.status.connected': 'Connected — {accounts}',
  'connections.status.needs_reauth': 'Needs reconnection',
  'connections.connect': 'Connect',
  'connections.connect_label': 'Connect {platform}',
  'connections.reconnect': 'Reconnect',
  'connections.reconnect_label': 'Reconnect {platform}',
  'connections.done': 'Done',
  'connections.none_offered': 'No ad platform is available right now. Please contact {vendor}.',
  'connections.just_connected': '{platform} is connected.',
  'done.title': 'All set',
  'done.success': 'Your ad accounts are connected.',
  'done.partial': 'Some of your ad accounts are connected.',
  'done.cancelled': 'No ad account was connected.',
  'done.redirecting': 'Taking you back to {vendor} in {seconds} seconds…',
  'done.continue': 'Continue to {vendor}',
  'done.close': 'You can close this tab.',
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
  'error.forbidden.title': 'Request refused',
  'error.forbidden.body': 'This request did not come from this site. Please open your connection link again.',
  'error.rate_limited.title': 'Too many attempts',
  'error.rate_limited.body': 'Please wait {seconds} seconds and try again.',
  'error.not_found.title': 'Page not found',
  'error.not_found.body': 'There is nothing at this address.',
  'error.unavailable.title': 'Temporarily unavailable',
  'error.unavailable.body': 'We could not complete your request. Please try again in a moment.',
  'error.internal.body': 'An unexpected error occurred. Please try again. Reference: {request_id}',
  'error.try_again': 'Try again',
  'error.back': 'Back to your connections',
  // integrations: shared
  'integrations.nav.label': 'Integration settings',
  'integrations.nav.overview': 'Overview',
  'integrations.nav.tokens': 'Company tokens',
  'integrations.nav.redirects': 'Redirect URIs',
  'integrations.nav.platforms': 'Platforms',
  'integrations.nav.branding': 'Branding',
  'integrations.nav.signing': 'Signing secret',
  'integrations.nav.customers': 'Customers',
  'integrations.nav.activity': 'Activity',
  'integrations.nav.sign_out': 'Sign out',
  'integrations.login.title': 'Sign in to adlink',
  'integrations.login.intro': 'Continue to the integration settings of {company}.',
  'integrations.login.continue': 'Sign in',
  'integrations.signed_out.title': 'You are signed out',
  'integrations.signed_out.body':
    'To sign in again, run `npx adlink login --company <company id>` and open the link it prints.',
  'integrations.error.signed_out.title': 'Please sign in',
  'integrations.error.signed_out.body':
    'Your session has ended or you are not signed in. Run `npx adlink login --company <company id>` and open the link it prints.',
  'integrations.error.forbidden.title': 'Request refused',
  'integrations.error.forbidden.body':
    'This form expired or did not come from this site. Go back, reload the page and try again.',
  'integrations.error.not_found.title': 'Page not found',
  'integrations.error.not_found.body': 'There is nothing at this address.',
  'integrations.error.link_invalid.title': 'This sign-in link is not valid',
  'integrations.error.link_invalid.body':
    'Sign-in links work once and for 10 minutes. Run `npx adlink login --company <company id>` for a new one.',
  'integrations.overview.intro': 'Everything your developers need to integrate adlink.',
  'integrations.overview.company_id': 'Company id',
  'integrations.overview.api_base': 'API base URL',
  'integrations.overview.quickstart': 'Quick start',
  'integrations.overview.quickstart_intro':
    'Create a customer, then ask for a link that connects its ad accounts:',
  'integrations.overview.token_hint': 'a company token from the Company tokens page',
  // integrations: tokens
  // integrations: redirects
  // integrations: platforms
  // integrations: branding
  // integrations: signing
  // integrations: customers
  // integrations: activity
  'sandbox.title': 'Sandbox Ads — authorize {app}',
  'sandbox.intro': '{app} wants to manage the ad accounts you select on Sandbox Ads.',
  'sandbox.signed_in_as': 'Signed in as {user}',
  'sandbox.choose': 'Choose the ad accounts to share',
  'sandbox.scopes': 'Requested access: {scopes}',
  'sandbox.allow': 'Allow',
  'sandbox.deny': 'Deny',
  'sandbox.error.title': 'Authorization request refused',
  'sandbox.brand': 'Sandbox Ads',
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

export interface Locale {
  lang: string;
  t(key: MessageKey, vars?: Record<string, string | number>): string;
}

export function locale(messages: Record<MessageKey, string> = en, lang = 'en'): Locale {
  return {
    lang,
    t: (key, vars = {}) =>
      messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in vars ? String(vars[name]) : whole,
      ),
  };
}
