import type { CompanyToken } from '../store/companies.js';
import { CommandError, json, type StoreCommand } from './command.js';
import { companyOption, findCompany } from './companies.js';
import { fields, oneLine, table } from './format.js';

/** Token ids are `tok_` + 16 random bytes in base64url; anything else cannot exist. */
const TOKEN_ID = /^tok_[A-Za-z0-9_-]{22}$/;

const status = (t: CompanyToken) => (t.revoked_at ? `revoked ${t.revoked_at}` : 'active');

export const tokenCreate: StoreCommand = {
  name: 'token create',
  summary: 'Issue another API token for a company',
  options: [companyOption],
  details: ['The token secret is printed once; adlink keeps only its hash.'],
  store: true,
  async run({ values, json: asJson, io }, store) {
    const company = await findCompany(store, String(values.company));
    const { token, secret } = await store.companies.createToken(company.id);
    if (asJson) {
      io.out(json({ token, secret }));
      return;
    }
    io.out(
      `Created a token for company "${oneLine(company.name)}"\n` +
        fields([
          ['token id', token.id],
          ['company', company.id],
          ['created', token.created_at],
        ]) +
        '\nThe token (shown once, adlink keeps only a hash; store it now):\n\n' +
        `  ${secret}\n\n` +
        `Revoke it with: adlink token revoke ${token.id}\n`,
    );
  },
};

export const tokenList: StoreCommand = {
  name: 'token list',
  summary: "List a company's tokens (their prefixes, never the secrets)",
  options: [companyOption],
  store: true,
  async run({ values, json: asJson, io }, store) {
    const company = await findCompany(store, String(values.company));
    const tokens = await store.companies.listTokens(company.id);
    if (asJson) {
      io.out(json({ data: tokens }));
      return;
    }
    if (tokens.length === 0) {
      io.out(
        `Company ${company.id} has no tokens. Issue one with: adlink token create --company ${company.id}\n`,
      );
      return;
    }
    io.out(
      table(
        ['ID', 'PREFIX', 'CREATED', 'LAST USED', 'STATUS'],
        tokens.map((t) => [t.id, `${t.prefix}…`, t.created_at, t.last_used_at ?? 'never', status(t)]),
      ),
    );
  },
};

export const tokenRevoke: StoreCommand = {
  name: 'token revoke',
  summary: 'Revoke a token; it stops working immediately',
  args: [{ name: 'TOKEN_ID', description: 'the token id (tok_…), see: adlink token list --company ID' }],
  store: true,
  async run({ args, json: asJson, io }, store) {
    const id = args[0]!;
    const started = new Date().toISOString();
    const token = TOKEN_ID.test(id) ? await store.companies.revokeToken(id) : null;
    if (!token) throw new CommandError(`no token with id ${id} (see: adlink token list --company ID)`);
    if (asJson) {
      io.out(json({ token }));
      return;
    }
    const already = token.revoked_at !== null && token.revoked_at < started;
    io.out(
      `${already ? 'Already revoked' : 'Revoked'}: token ${token.id} (${token.prefix}…) of company ${token.company}, ` +
        `at ${token.revoked_at}.\n`,
    );
  },
};
