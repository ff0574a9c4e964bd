/**
 * Every key adlink writes. Company-owned keys carry the hash tag `{co:<id>}` so multi-key batches
 * stay in one slot on Redis Cluster; ids are validated (UUIDs or our own random ids) before they get
 * here, so a brace in user input can never move a key to another slot.
 */
export function keys(prefix: string) {
  const co = (companyId: string) => `${prefix}{co:${companyId}}`;
  /** Where a spender's records start: the company's (its company tokens'), or one customer's access tokens'. */
  const spender = (companyId: string, customerId: string | undefined) =>
    customerId === undefined ? co(companyId) : `${co(companyId)}:customer:${customerId}`;
  return {
    prefix,
    companies: () => `${prefix}companies`,
    company: (companyId: string) => `${co(companyId)}:company`,
    tokenByHash: (sha256: string) => `${prefix}tokhash:${sha256}`,
    tokenOwner: (tokenId: string) => `${prefix}tokowner:${tokenId}`,
    token: (companyId: string, tokenId: string) => `${co(companyId)}:token:${tokenId}`,
    tokenLastUsed: (companyId: string, tokenId: string) => `${co(companyId)}:token:${tokenId}:last_used`,
    tokens: (companyId: string) => `${co(companyId)}:tokens`,
    accessToken: (companyId: string, tokenId: string) => `${co(companyId)}:access_token:${tokenId}`,
    /** A customer's access tokens, in creation order (`<created_at>|<id>`); expired ones are pruned when listed. */
    accessTokens: (companyId: string, customerId: string) =>
      `${co(companyId)}:customer:${customerId}:access_tokens`,
    customer: (companyId: string, customerId: string) => `${co(companyId)}:customer:${customerId}`,
    customers: (companyId: string) => `${co(companyId)}:customers`,
    /** The company's customers by name for prefix search: `<lowercased NFKC name>|<id>`. */
    customerNames: (companyId: string) => `${co(companyId)}:customer_names`,
    customerPlatforms: (companyId: string, customerId: string) =>
      `${co(companyId)}:customer:${customerId}:platforms`,
    /** A company token's idempotency record, or (with `customerId`) one of that customer's access tokens. */
    idempotency: (companyId: string, keyHash: string, customerId?: string) =>
      `${spender(companyId, customerId)}:idem:${keyHash}`,
    settings: (companyId: string) => `${co(companyId)}:settings`,
    /** What the hosted pages show of the company: display name, accent colour, the logo's hash; the logo apart. */
    branding: (companyId: string) => `${co(companyId)}:branding`,
    brandLogo: (companyId: string) => `${co(companyId)}:brand_logo`,
    /** Platforms the company does not offer its customers (every available one is offered by default). */
    hiddenPlatforms: (companyId: string) => `${co(companyId)}:platforms_hidden`,
    /** The company's own OAuth app for a platform, its secrets sealed. */
    oauthApp: (companyId: string, platform: string) => `${co(companyId)}:oauth_app:${platform}`,
    signingSecrets: (companyId: string) => `${co(companyId)}:signing_secrets`,
    /**
     * The live expiring records of one kind (for a quota): `<expiry ms>|<id>`, capped; the company
     * tokens', or (with `customerId`) that customer's access tokens'.
     */
    ledger: (companyId: string, kind: string, customerId?: string) =>
      `${spender(companyId, customerId)}:ledger:${kind}`,
    session: (companyId: string, jti: string) => `${co(companyId)}:session:${jti}`,
    sessionUsed: (companyId: string, jti: string) => `${co(companyId)}:session_used:${jti}`,
    customerSessions: (companyId: string, customerId: string) =>
      `${co(companyId)}:customer:${customerId}:sessions`,
    connection: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:conn:${customerId}:${platform}`,
    refreshLock: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:lock:refresh:${customerId}:${platform}`,
    adSet: (companyId: string, customerId: string, platform: string, adSetId: string) =>
      `${co(companyId)}:adset:${customerId}:${platform}:${adSetId}`,
    /** All cached ad sets of a customer on a platform, in creation order; `status` narrows to one status. */
    adSetIndex: (companyId: string, customerId: string, platform: string, status?: string) =>
      `${co(companyId)}:adsets:${customerId}:${platform}${status ? `:status:${status}` : ''}`,
    adSetsFilled: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:adsets:${customerId}:${platform}:filled`,
    campaign: (companyId: string, customerId: string, platform: string, campaignId: string) =>
      `${co(companyId)}:campaign:${customerId}:${platform}:${campaignId}`,
    /** All cached campaigns of a customer on a platform, by id; `status` narrows to one status. */
    campaignIndex: (companyId: string, customerId: string, platform: string, status?: string) =>
      `${co(companyId)}:campaigns:${customerId}:${platform}${status ? `:status:${status}` : ''}`,
    campaignsFilled: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:campaigns:${customerId}:${platform}:filled`,
    ad: (companyId: string, customerId: string, platform: string, adId: string) =>
      `${co(companyId)}:ad:${customerId}:${platform}:${adId}`,
    /** All cached ads of a customer on a platform, in creation order; `status` narrows to one status. */
    adIndex: (companyId: string, customerId: string, platform: string, status?: string) =>
      `${co(companyId)}:ads:${customerId}:${platform}${status ? `:status:${status}` : ''}`,
    adsFilled: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:ads:${customerId}:${platform}:filled`,
    /** The ids of one ad set's cached ads. */
    adSetAds: (companyId: string, customerId: string, platform: string, adSetId: string) =>
      `${co(companyId)}:adset_ads:${customerId}:${platform}:${adSetId}`,
    /** An image adlink uploaded for a customer on a platform (its record, not its bytes). */
    media: (companyId: string, customerId: string, platform: string, mediaId: string) =>
      `${co(companyId)}:media:${customerId}:${platform}:${mediaId}`,
    /** A customer's images on a platform, in upload order. */
    mediaIndex: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:media_index:${customerId}:${platform}`,
    /** The image of an ad account with these bytes (their SHA-256), so an upload is made once. */
    mediaBySha: (
      companyId: string,
      customerId: string,
      platform: string,
      advertiser: string,
      sha256: string,
    ) => `${co(companyId)}:media_sha:${customerId}:${platform}:${advertiser}:${sha256}`,
    /** The sealed bytes of an image a platform takes only inside an ad (Pinterest), for a day. */
    mediaFile: (companyId: string, customerId: string, platform: string, mediaId: string) =>
      `${co(companyId)}:media_file:${customerId}:${platform}:${mediaId}`,
    /**
     * A customer's cached report on a platform, by the SHA-256 of its normalized query: where its rows
     * are, then its description.
     */
    report: (companyId: string, customerId: string, platform: string, queryHash: string) =>
      `${co(companyId)}:report_cache:${customerId}:${platform}:${queryHash}`,
    /** A segment of a cached report's rows, serialized and ordered for paging (`report` names them). */
    reportRows: (companyId: string, customerId: string, platform: string, segment: string) =>
      `${co(companyId)}:report_rows:${customerId}:${platform}:${segment}`,
    /** The report cache keys of a customer's platform, so a disconnect can forget them. */
    reportIndex: (companyId: string, customerId: string, platform: string) =>
      `${co(companyId)}:reports:${customerId}:${platform}`,
    /** A report that was still running when its request answered 202. */
    reportRun: (companyId: string, runId: string) => `${co(companyId)}:report_run:${runId}`,
    /** The ids of a customer's report runs, so they are deleted with the customer. */
    customerReportRuns: (companyId: string, customerId: string) =>
      `${co(companyId)}:report_runs:${customerId}`,
    /** A members upload that answered 202: its progress (counts only, never a member). */
    audienceJob: (companyId: string, jobId: string) => `${co(companyId)}:audience_job:${jobId}`,
    /** The company's connect attempts, newest last; capped. */
    connectAttempts: (companyId: string) => `${co(companyId)}:attempts`,
    connectAttempt: (companyId: string, attemptId: string) => `${co(companyId)}:attempt_log:${attemptId}`,
    /** Vendor sign-in: one-time links and sessions, found by the SHA-256 of their secret. */
    loginLink: (sha256: string) => `${prefix}login:${sha256}`,
    vendorSession: (sha256: string) => `${prefix}vsess:${sha256}`,
    vendorSessions: (companyId: string) => `${co(companyId)}:vsessions`,
    /** Browser-bound records are found by an unguessable id alone, so they have no company tag. */
    flow: (flowId: string) => `${prefix}flow:${flowId}`,
    attempt: (state: string) => `${prefix}attempt:${state}`,
    rateLimit: (bucket: string, subject: string) => `${prefix}rl:${bucket}:${subject}`,
  };
}

export type Keys = ReturnType<typeof keys>;
