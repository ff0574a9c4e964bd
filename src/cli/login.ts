import { signInUrl } from '../integrations/sign-in.js';
import { json, type StoreCommand } from './command.js';
import { companyOption, findCompany } from './companies.js';

export const login: StoreCommand = {
  name: 'login',
  summary: "Print a one-time sign-in link to a company's integration settings",
  options: [companyOption],
  details: ['The link works once, within 10 minutes. The session it starts ends after 8 hours without use.'],
  store: true,
  async run({ values, json: asJson, io }, store, config) {
    const company = await findCompany(store, String(values.company));
    const url = await signInUrl(store, config, company.id);
    if (asJson) return io.out(json({ url, expires_in: 600 }));
    io.out(`Sign in to "${company.name}" (valid 10 minutes, once):\n\n  ${url}\n`);
  },
};

export const logout: StoreCommand = {
  name: 'logout',
  summary: 'Sign every session of a company out of its integration settings',
  options: [companyOption],
  store: true,
  async run({ values, json: asJson, io }, store) {
    const company = await findCompany(store, String(values.company));
    const ended = await store.vendorSessions.endAllSessions(company.id);
    if (asJson) return io.out(json({ ended }));
    io.out(`Signed out ${ended} session(s) of company ${company.id}.\n`);
  },
};
