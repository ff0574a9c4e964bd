import i18next from 'i18next';
import de from './de.js';
import en, { type MessageKey, type Translation } from './en.js';

/**
 * The pages' languages, with i18next: English (en.ts, the source of the keys) and one `<language>.ts`
 * in this folder for each other, imported here (so the production bundle holds them); adding a
 * language is adding its file and its line in `translations`. Messages
 * write variables as `{name}` and format them per language with Intl: `{n, number}`,
 * `{at, datetime(timeStyle: short)}`, `{items, list}`.
 */

const translations: Record<string, Translation> = { en, de };

/** The languages the hosted pages are offered in, English first. */
export const LANGUAGES: readonly string[] = Object.keys(translations);
export const DEFAULT_LANGUAGE = 'en';

const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(Object.entries(translations).map(([lang, t]) => [lang, { translation: t }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Keys contain dots ("error.link_used.title") and are flat: no nesting, no namespaces in keys.
  keySeparator: false,
  nsSeparator: false,
  // EJS escapes what the views print; escaping here too would double it.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
});

export type MessageVars = Record<string, string | number | Date | readonly string[]>;

export interface Locale {
  /** The BCP 47 tag for `<html lang>`. */
  lang: string;
  t(key: MessageKey, vars?: MessageVars): string;
}

const locales = new Map<string, Locale>(
  LANGUAGES.map((lang) => {
    const fixed = i18n.getFixedT(lang);
    return [lang, { lang, t: (key, vars = {}) => fixed(key, vars) as string }];
  }),
);

export const isLanguage = (value: unknown): value is string =>
  typeof value === 'string' && locales.has(value);

/** The locale of a language; English for any language the pages are not offered in. */
export function locale(lang: string | null | undefined = DEFAULT_LANGUAGE): Locale {
  return locales.get(lang ?? DEFAULT_LANGUAGE) ?? locales.get(DEFAULT_LANGUAGE)!;
}

/** What picks a page's language, strongest first: the link's choice, the browser's, the company's default. */
export interface LanguageChoice {
  chosen?: string | null | undefined;
  /** Express's `req.acceptsLanguages`, and whether the browser sent Accept-Language at all. */
  accepts?: { header: string | undefined; best: (languages: string[]) => string | false };
  companyDefault?: string | null | undefined;
}

export function pickLocale({ chosen, accepts, companyDefault }: LanguageChoice): Locale {
  if (isLanguage(chosen)) return locale(chosen);
  if (accepts?.header) {
    const best = accepts.best([...LANGUAGES]);
    if (best && isLanguage(best)) return locale(best);
  }
  return locale(companyDefault);
}

/** The name of a language in that language, for choosing among them ("Deutsch"). */
export const languageName = (lang: string): string =>
  new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
