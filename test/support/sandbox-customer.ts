import { type Company, connectSandbox, enter, newCustomer, newLink } from './connect-helpers.js';
import { FlowClient } from './flow-client.js';
import type { Harness } from './harness.js';

/** A customer of `company` who connected two sandbox ad accounts through the real hosted flow. */
export async function sandboxCustomer(h: Harness, company: Company, name = 'Bakery'): Promise<string> {
  const customer = await newCustomer(h, company, name);
  const link = await newLink(h, company, customer);
  const browser = new FlowClient(h.baseUrl);
  await enter(browser, link.connect_url);
  await connectSandbox(h, browser);
  return customer;
}

/** The platform access token adlink holds for the customer (decrypted from the store), to act on the sandbox directly. */
export async function sandboxAccessToken(h: Harness, company: Company, customer: string): Promise<string> {
  const credentials = await h.store.connections.credentials(company.id, customer, 'sandbox');
  if (!credentials) throw new Error('not connected');
  return credentials.access_token;
}
