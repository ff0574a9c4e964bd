import { isUuid } from '../ids.js';

/**
 * The id of each company's built-in customer, which holds the company's own ad accounts. It is not a
 * UUID, so no customer created through the API can have it, and it is never in the indexes behind
 * the customer list, search and count.
 */
export const OWN_CUSTOMER = 'own';

/** An id a customer of the company can have: a UUID, or the built-in customer's. */
export const isCustomerId = (id: string): boolean => id === OWN_CUSTOMER || isUuid(id);
