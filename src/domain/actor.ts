/**
 * Who caused an event through the API: the company token or the customer access token that made the
 * request, by its public id (never its secret). Events caused by a customer on the hosted pages, by a
 * platform or by adlink itself have none.
 */
export const ACTOR_TYPES = ['company_token', 'access_token'] as const;

export interface Actor {
  type: (typeof ACTOR_TYPES)[number];
  id: string;
}

/** The actor of a request authenticated as `owner` (an access token names its customer). */
export const actorOf = (owner: { token: string; customer?: string }): Actor => ({
  type: owner.customer === undefined ? 'company_token' : 'access_token',
  id: owner.token,
});
