import { companySettingsSchema } from '../connect/redirect-uris.js';
import { CommandError, json, type StoreCommand, UsageError } from './command.js';
import { companyOption, findCompany } from './companies.js';
import { fields } from './format.js';

export const settingsGet: StoreCommand = {
  name: 'settings get',
  summary: "Show a company's allowed redirect URIs and the default one",
  options: [companyOption],
  store: true,
  async run({ values, json: asJson, io }, store) {
    const company = await findCompany(store, String(values.company));
    const settings = await store.settings.get(company.id);
    if (asJson) return io.out(json(settings));
    io.out(
      fields([
        ['company', company.id],
        ['default redirect', settings.default_redirect_uri ?? '(none)'],
      ]) +
        (settings.redirect_uris.length
          ? settings.redirect_uris.map((u) => `  ${u}\n`).join('')
          : '  (no redirect URIs)\n'),
    );
  },
};

export const settingsSet: StoreCommand = {
  name: 'settings set',
  summary: "Replace a company's allowed redirect URIs (exact match) and the default one",
  options: [
    companyOption,
    {
      name: 'redirect-uri',
      value: 'URI',
      multiple: true,
      description: 'an allowed redirect URI; repeat for several',
    },
    {
      name: 'default',
      value: 'URI',
      description: 'the redirect URI used when a link names none (one of the above)',
    },
    { name: 'clear', description: 'remove every redirect URI' },
  ],
  details: [
    'Redirect URIs are absolute https URIs (http only for localhost) without fragment, in canonical form.',
  ],
  store: true,
  async run({ values, json: asJson, io }, store) {
    const uris = (values['redirect-uri'] as string[] | undefined) ?? [];
    if (uris.length === 0 && values.clear !== true) {
      throw new UsageError('give at least one --redirect-uri, or --clear', settingsSet);
    }
    const company = await findCompany(store, String(values.company));
    const parsed = companySettingsSchema.safeParse({
      redirect_uris: values.clear === true ? [] : uris,
      default_redirect_uri: values.default ?? null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CommandError(`${issue.path.join('.')}: ${issue.message}`);
    }
    const settings = await store.settings.put(company.id, parsed.data);
    if (asJson) return io.out(json(settings));
    io.out(`Saved ${settings.redirect_uris.length} redirect URI(s) for company ${company.id}.\n`);
  },
};
