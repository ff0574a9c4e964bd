import { z } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates: they reorder the text shown around the name (U+202E…). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** Half of a surrogate pair without the other half: not text, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A name people gave something (a customer, a company): 1–200 characters after trimming, printable. */
export const displayName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine((name) => !CONTROL_CHARACTERS.test(name), 'must not contain control characters')
  .refine((name) => !BIDI_CONTROLS.test(name), 'must not contain bidirectional override characters')
  .refine((name) => !LONE_SURROGATE.test(name), 'must be valid Unicode (no lone surrogates)');
