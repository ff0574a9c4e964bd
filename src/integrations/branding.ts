import { createHash } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { resource } from '../http/routes.js';
import { validateBody } from '../http/validate.js';
import { isUuid } from '../ids.js';
import type { MessageKey } from '../locales/en.js';
import { LANGUAGES, languageName, locale } from '../locales/i18n.js';
import type { LogoType } from '../store/company-profile.js';
import type { Store } from '../store/index.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { csrfProtected, formGuards, requireVendor, VendorPageError } from './session.js';

const t = locale().t;

// ---------------------------------------------------------------------------------------------
// Colours

export const MAX_DISPLAY_NAME = 80;
/** WCAG AA for normal text: the buttons' white text on the accent colour. */
export const MIN_CONTRAST = 4.5;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const WHITE = '#ffffff';
/** The dark theme's text on light accents, and its card and page backgrounds (public/app.css). */
const DARK_TEXT = '#0b1020';
const DARK_BACKGROUNDS = ['#1a1d23', '#101216'];

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const toHex = (channels: number[]) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The accent for the dark theme: mixed towards white until it reads on the dark backgrounds. */
function darkVariant(accent: string): string {
  const from = rgb(accent);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(from.map((c) => Math.round(c + ((255 - c) * step) / 20)));
    if (DARK_BACKGROUNDS.every((bg) => contrast(mixed, bg) >= MIN_CONTRAST)) return mixed;
  }
  return WHITE;
}

const betterText = (background: string) =>
  contrast(background, WHITE) >= contrast(background, DARK_TEXT) ? WHITE : DARK_TEXT;

/**
 * The company's stylesheet for its customers' pages: its accent as the custom properties app.css
 * uses (white text in the light theme; a lightened accent in the dark one), and the logo's size.
 * The accent was validated as #rrggbb, so nothing else can reach the CSS.
 */
export function themeStylesheet(accent: string | null): string {
  const lines = [
    '.brand { display: inline-flex; align-items: center; gap: 0.6rem; }',
    '.brand-logo { display: block; height: 40px; width: auto; max-width: 12rem; object-fit: contain; }',
    '@media (prefers-color-scheme: dark) { .brand-logo { background: #ffffff; border-radius: 6px; padding: 3px; } }',
  ];
  if (accent && HEX_COLOUR.test(accent)) {
    const dark = darkVariant(accent);
    lines.push(
      `:root { --accent: ${accent}; --accent-text: ${WHITE}; }`,
      `@media (prefers-color-scheme: dark) { :root { --accent: ${dark}; --accent-text: ${betterText(dark)}; } }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Floors, so a colour just under the limit never reads as "4.5:1". */
const ratioText = (ratio: number) => (Math.floor(ratio * 10) / 10).toFixed(1);

// ---------------------------------------------------------------------------------------------
// Logos

/** 200 kB (SI): what the page promises. */
export const MAX_LOGO_BYTES = 200_000;
/** The multipart body around a largest logo; larger bodies are not even read. */
const MAX_UPLOAD_BODY = '300kb';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** XML 1.0 allows tab, line feed and carriage return of the C0 controls, and neither U+FFFE nor U+FFFF. */
function hasXmlForbiddenCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      code === 0xfffe ||
      code === 0xffff
    )
      return true;
  }
  return false;
}
/** An XML declaration, then comments and a DOCTYPE without internal subset (no entity tricks). */
const SVG_PROLOG = /^(?:<\?xml\s[^<>]*\?>)?(?:\s+|<!--(?:[^-]|-(?!-))*-->|<!DOCTYPE\s+svg\b[^<>[\]]*>)*/;
const SVG_ROOT = /^<svg[\s/>]/;

function isSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    // A UTF-8 byte order mark is removed; anything that is not UTF-8 is not our SVG.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (hasXmlForbiddenCharacter(text)) return false;
  const body = text.slice(SVG_PROLOG.exec(text)?.[0].length ?? 0);
  if (!SVG_ROOT.test(body)) return false;
  // The document ends with the root element: `</svg>`, or a root that closes itself; then only
  // whitespace and comments.
  let end = body.trimEnd();
  while (end.endsWith('-->')) {
    const start = end.lastIndexOf('<!--');
    if (start < 0) return false;
    end = end.slice(0, start).trimEnd();
  }
  return /<\/svg\s*>$/.test(end) || /^<svg\b[^<>]*\/>$/.test(end);
}

/** The image type by its content (magic bytes), whatever the upload's name or Content-Type say. */
export function detectLogoType(bytes: Buffer): LogoType | null {
  if (bytes.length >= 16 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The first chunk of every PNG is IHDR.
    return bytes.subarray(12, 16).toString('latin1') === 'IHDR' ? 'image/png' : null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return isSvg(bytes) ? 'image/svg+xml' : null;
}

/**
 * A stored logo is served as an image that can do nothing else: no sniffing, and under a CSP that
 * sandboxes it and runs no script even when the SVG is opened directly.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

// ---------------------------------------------------------------------------------------------
// Form values

const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u;

export function displayNameError(name: string): string | null {
  if ([...name].length > MAX_DISPLAY_NAME) return t('integrations.branding.error.name_length');
  if (CONTROL.test(name)) return t('integrations.branding.error.name_control');
  return null;
}

export function accentError(accent: string): string | null {
  if (!HEX_COLOUR.test(accent)) return t('integrations.branding.error.accent_format');
  const ratio = contrast(accent, WHITE);
  if (ratio < MIN_CONTRAST) {
    return t('integrations.branding.error.accent_contrast', { color: accent, ratio: ratioText(ratio) });
  }
  return null;
}

const brandingForm = z.strictObject({
  _csrf: z.string(),
  display_name: z.string().max(2000),
  accent: z.string().max(200),
  // Absent (an older form): the language stays as it is; empty: English.
  language: z.enum(['', ...LANGUAGES]).optional(),
});
const csrfOnly = z.strictObject({ _csrf: z.string() });
const doneQuery = z.strictObject({ done: z.enum(['saved', 'logo', 'logo_removed']) });

interface FormState {
  status?: number;
  values?: { display_name: string; accent: string };
  errors?: { display_name?: string; accent?: string; logo?: string };
}

const kB = (bytes: number) => Math.ceil(bytes / 1000);

/** /integrations/branding: display name, accent colour and logo of the company's hosted pages. */
export function createBrandingPages(deps: IntegrationsDeps): Router {
  const { config, store, log } = deps;
  const router = Router();
  const guards = formGuards(deps);
  const vendor = requireVendor(store, config);
  const csrf = csrfProtected(config);
  const page = vendorPages(store);
  const multipart = express.raw({ type: 'multipart/form-data', limit: MAX_UPLOAD_BODY });

  const show = async (req: Request, res: Response, state: FormState = {}) => {
    const companyId = req.vendor!.company;
    const [company, profile] = await Promise.all([
      store.companies.get(companyId),
      store.profile.branding(companyId),
    ]);
    const done = req.method === 'GET' ? doneQuery.safeParse(req.query) : null;
    await page(req, res, 'branding', 'integrations/branding', {
      title: t('integrations.branding.title'),
      companyId,
      companyName: company?.name ?? '',
      profile,
      values: state.values ?? { display_name: profile.display_name ?? '', accent: profile.accent ?? '' },
      errors: state.errors ?? {},
      languages: LANGUAGES.map((lang) => ({ lang, name: languageName(lang) })),
      notice: done?.success ? t(`integrations.branding.done.${done.data.done}` as MessageKey) : null,
      ...(state.status ? { status: state.status } : {}),
    });
  };

  /** express.raw, with a body over the limit answered by the page and its message (413). */
  const readUpload: RequestHandler = (req, res, next) => {
    multipart(req, res, (err?: unknown) => {
      if (!err) return next();
      if ((err as { type?: string }).type !== 'entity.too.large') return next(err);
      const size = Number(req.get('content-length'));
      show(req, res, {
        status: 413,
        errors: {
          logo: t('integrations.branding.error.logo_size', {
            size: Number.isFinite(size) && size > 0 ? kB(size) : `more than ${kB(MAX_LOGO_BYTES)}`,
          }),
        },
      }).catch(next);
    });
  };

  /** The session's CSRF token and our Origin, checked exactly as for the other forms. */
  const checkCsrf = (req: Request, res: Response, token: unknown) =>
    new Promise<void>((resolve, reject) => {
      req.body = { _csrf: token };
      try {
        csrf(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
      } catch (err) {
        reject(err);
      }
    });

  resource(
    router,
    '/integrations/branding',
    {
      get: (req, res) => show(req, res),
      post: async (req, res) => {
        const body = validateBody(brandingForm, req.body);
        const values = { display_name: body.display_name.trim(), accent: body.accent.trim().toLowerCase() };
        const errors: FormState['errors'] = {};
        const nameError = displayNameError(values.display_name);
        if (nameError) errors.display_name = nameError;
        const colourError = values.accent === '' ? null : accentError(values.accent);
        if (colourError) errors.accent = colourError;
        if (nameError || colourError) {
          return show(req, res, { status: 400, values: { ...body, accent: body.accent.trim() }, errors });
        }
        await store.profile.setBranding(req.vendor!.company, {
          display_name: values.display_name === '' ? null : values.display_name.normalize('NFC'),
          accent: values.accent === '' ? null : values.accent,
          ...(body.language === undefined ? {} : { language: body.language || null }),
        });
        log.info({ company: req.vendor!.company }, 'branding changed');
        res.redirect(303, '/integrations/branding?done=saved');
      },
    },
    guards,
  );

  // A multipart form: its body is read (size-capped), parsed, and its `_csrf` checked before anything
  // is looked at or stored.
  resource(
    router,
    '/integrations/branding/logo',
    {
      post: async (req, res) => {
        let form: FormData | null = null;
        if (Buffer.isBuffer(req.body)) {
          try {
            const headers = { 'content-type': req.get('content-type') ?? '' };
            form = await new Response(req.body, { headers }).formData();
          } catch {
            form = null;
          }
        }
        // Without a readable form there is no token to check: refused as any form without one.
        if (!form) throw new VendorPageError('forbidden', 403);
        await checkCsrf(req, res, form.get('_csrf'));

        const file = form.get('logo');
        if (file === null || typeof file === 'string' || file.size === 0) {
          return show(req, res, {
            status: 400,
            errors: { logo: t('integrations.branding.error.logo_missing') },
          });
        }
        if (file.size > MAX_LOGO_BYTES) {
          return show(req, res, {
            status: 413,
            errors: { logo: t('integrations.branding.error.logo_size', { size: kB(file.size) }) },
          });
        }
        const bytes = Buffer.from(await file.arrayBuffer());
        const type = detectLogoType(bytes);
        if (!type) {
          return show(req, res, {
            status: 400,
            errors: { logo: t('integrations.branding.error.logo_type') },
          });
        }
        const logo = await store.profile.setLogo(req.vendor!.company, type, bytes);
        log.info(
          { company: req.vendor!.company, content_type: type, bytes: bytes.length, sha256: logo.sha256 },
          'logo uploaded',
        );
        res.redirect(303, '/integrations/branding?done=logo');
      },
    },
    [vendor, readUpload],
  );

  resource(
    router,
    '/integrations/branding/logo/remove',
    {
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        if (await store.profile.removeLogo(req.vendor!.company)) {
          log.info({ company: req.vendor!.company }, 'logo removed');
        }
        res.redirect(303, '/integrations/branding?done=logo_removed');
      },
    },
    guards,
  );

  return router;
}

// ---------------------------------------------------------------------------------------------
// Public assets of the hosted pages

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const CACHE = 'public, max-age=300';

const notFound = () => new AppError('route_not_found', 'No such brand asset.');

/** `GET /brand/:company/logo` and `GET /brand/:company/theme.css`: public, cached 5 minutes, with ETags. */
export function createBrandAssetRoutes(store: Store): Router {
  const router = Router();
  const companyOf = (req: Request): string => {
    const id = req.params.company as string;
    if (!isUuid(id)) throw notFound();
    return id;
  };

  resource(router, '/brand/:company/logo', {
    get: async (req, res) => {
      const logo = await store.profile.logo(companyOf(req));
      if (!logo) throw notFound();
      res
        .set({
          'Content-Type': logo.content_type,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': LOGO_CSP,
          'Cache-Control': CACHE,
          ETag: `"${logo.sha256}"`,
        })
        .send(logo.bytes);
    },
  });

  resource(router, '/brand/:company/theme.css', {
    get: async (req, res) => {
      const company = companyOf(req);
      const [record, branding] = await Promise.all([
        store.companies.get(company),
        store.profile.branding(company),
      ]);
      if (!record) throw notFound();
      const css = themeStylesheet(branding.accent);
      res
        .set({
          'Cache-Control': CACHE,
          'X-Content-Type-Options': 'nosniff',
          ETag: `"${sha256(css).slice(0, 32)}"`,
        })
        .type('css')
        .send(css);
    },
  });

  return router;
}
