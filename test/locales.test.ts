import { describe, expect, it } from 'vitest';
import en, { type HostedKey } from '../src/locales/en.js';
import { LANGUAGES, locale, pickLocale } from '../src/locales/i18n.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
const hostedKeys = (Object.keys(en) as (keyof typeof en)[]).filter(
  (key): key is HostedKey => !key.startsWith('integrations.'),
);

describe('locales', () => {
  it('offers English and German, each customer-facing message with the same variables', () => {
    expect(LANGUAGES).toEqual(['en', 'de']);
    for (const lang of LANGUAGES) {
      const l = locale(lang);
      for (const key of hostedKeys) {
        const text = l.t(key);
        expect(text, `${lang} ${key}`).not.toBe(key);
      }
    }
  });

  it('formats numbers, dates and lists per language with Intl', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 10, 5));
    expect(locale('de').t('landing.valid_until', { expires: at })).toBe(
      'Dieser Link funktioniert einmal, bis 22.11.2026, 10:05 UTC.',
    );
    expect(locale('en').t('landing.valid_until', { expires: at })).toBe(
      'This link works once, until Nov 22, 2026, 10:05 AM UTC.',
    );
    expect(
      locale('de').t('done.success', { vendor: 'Acme', platforms: ['Meta', 'TikTok', 'Sandbox Ads'] }),
    ).toBe('Acme kann jetzt Ihre Anzeigen auf Meta, TikTok und Sandbox Ads verwalten.');
    expect(locale('en').t('error.rate_limited.body', { seconds: 1200 })).toBe(
      'Please wait 1,200 seconds and try again.',
    );
  });

  it('keeps the variables of each German message as in English', async () => {
    const de = (await import('../src/locales/de.js')).default;
    for (const key of hostedKeys) expect(placeholders(de[key]), key).toEqual(placeholders(en[key]));
  });

  it('picks the link’s language, else the browser’s, else the company default, else English', () => {
    const browser = (header: string | undefined, best: string | false) => ({ header, best: () => best });
    expect(pickLocale({ chosen: 'de', accepts: browser('en', 'en') }).lang).toBe('de');
    expect(pickLocale({ chosen: 'fr', accepts: browser('de-DE,de', 'de') }).lang).toBe('de');
    expect(pickLocale({ accepts: browser('fr', false), companyDefault: 'de' }).lang).toBe('de');
    expect(pickLocale({ accepts: browser(undefined, 'en'), companyDefault: 'de' }).lang).toBe('de');
    expect(pickLocale({}).lang).toBe('en');
    expect(locale('xx').lang).toBe('en');
  });

  it('never interpolates a value twice (a name with braces stays as written)', () => {
    expect(locale('en').t('connections.just_connected', { platform: '{vendor}' })).toBe(
      '{vendor} is connected.',
    );
  });
});
