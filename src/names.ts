import { z } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A name people gave something (a customer, a company): 1–200 characters after trimming, printable. */
export const displayName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine((name) => !CONTROL_CHARACTERS.test(name), 'must not contain control characters');
