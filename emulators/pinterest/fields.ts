import { z } from 'zod';

/** Field shapes shared by the campaign and ad group bodies the emulator models. */
export const id = z.string().regex(/^\d{1,18}$/, 'must be a numeric id');
export const micros = z.number().int('must be an integer number of micro units').nonnegative().nullable();
export const name = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
/** Unix seconds; null clears a schedule's end (or start). */
export const time = z.number().int().nullable().optional();
