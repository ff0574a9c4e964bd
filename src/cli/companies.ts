import { isUuid } from '../ids.js';
import { signInUrl } from '../integrations/sign-in.js';
import { displayName } from '../names.js';
import type { Company } from '../store/companies.js';
import type { Store } from '../store/index.js';
import { CommandError, json, type OptionSpec, type StoreCommand, UsageError } from './command.js';
import { fields, oneLine, table } from './format.js';

/** The company with this id, or a CommandError naming it. */
/** `--company ID`, shared by every command that works on one company. */
export const companyOption: OptionSpec = {
  name: 'company',
  value: 'ID',
  required: true,
  description: 'the company id (see: adlink company list)',
};

export async function findCompany(store: Store, id: string): Promise<Company> {
  const company = isUuid(id) ? await store.companies.get(id) : null;
  if (!company) throw new CommandError(`no company with id ${id} (see: adlink company list)`);
  return company;
}

export const companyCreate: StoreCommand = {
  name: 'company create',
  summary: 'Create a company and its first API token',
  options: [{ name: 'name', value: 'NAME', required: true, description: 'the company name' }],
  details: ['The token secret is printed once; adlink keeps only its hash.'],
  store: true,
  async run({ values, json: asJson, io }, store, config) {
    const parsed = displayName.safeParse(values.name);
    if (!parsed.success) throw new UsageError(`--name ${parsed.error.issues[0]?.message}`, companyCreate);
    const name = parsed.data;
    const company = await store.companies.create(name);
    const { token, secret } = await store.companies.createToken(company.id);
    if (asJson) {
      io.out(
        json({
          company: { id: company.id, name: company.name, created_at: company.created_at },
          token: secret,
        }),
      );
      return;
    }
    io.out(
      `Created company "${oneLine(company.name, 200)}"\n` +
        fields([
          ['id', company.id],
          ['created', company.created_at],
          ['token id', token.id],
        ]) +
        '\nIts API token (shown once, adlink keeps only a hash; store it now):\n\n' +
        `  ${secret}\n\n` +
        `Use it as "Authorization: Bearer <token>". Revoke it with: adlink token revoke ${token.id}\n\n` +
        `Sign in to its integration settings (link valid 10 minutes, once):\n\n  ${await signInUrl(store, config, company.id)}\n`,
    );
  },
};

export const companyList: StoreCommand = {
  name: 'company list',
  summary: 'List companies, oldest first',
  store: true,
  async run({ json: asJson, io }, store) {
    const companies = await store.companies.list();
    if (asJson) {
      io.out(json({ data: companies }));
      return;
    }
    if (companies.length === 0) {
      io.out('No companies yet. Create one with: adlink company create --name NAME\n');
      return;
    }
    io.out(
      table(
        ['ID', 'NAME', 'CREATED'],
        companies.map((c) => [c.id, oneLine(c.name), c.created_at]),
      ),
    );
  },
};
