import type { Limits } from '../config.js';

/**
 * Who spends a budget: a company through its company tokens, or one of its customers through that
 * customer's access tokens, all of them together. A request's token owner is one.
 */
export interface Spender {
  company: string;
  /** Set for a customer's access tokens: a budget of that customer's own, apart from the company's. */
  customer?: string;
}

export type Budget = Limits['customerShare'];

/**
 * The limits a spender's requests count against (docs/api.md, Limits): the company's, or the share
 * each customer's access tokens have apart from them, so that no customer can spend what the company
 * token has.
 */
export const budgetOf = (limits: Limits, spender: Spender): Budget =>
  spender.customer === undefined ? limits : limits.customerShare;
