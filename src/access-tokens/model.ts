import { z } from 'zod';
import { ACCESS_SCOPES } from '../domain/access-scopes.js';

/** An access token's lifetime in seconds: at least a minute, at most a year, 30 days unless asked. */
export const ACCESS_TOKEN_LIFETIME = { min: 60, max: 365 * 86_400, default: 30 * 86_400 } as const;

/** `POST /customers/:id/access_tokens`. */
export const newAccessTokenBody = z.strictObject({
  scope: z.enum(ACCESS_SCOPES).describe('`read`: GET and HEAD only; `write`: every customer endpoint.'),
  expires_in: z
    .int('must be an integer')
    .min(ACCESS_TOKEN_LIFETIME.min, `must be at least ${ACCESS_TOKEN_LIFETIME.min}`)
    .max(ACCESS_TOKEN_LIFETIME.max, `must be at most ${ACCESS_TOKEN_LIFETIME.max}`)
    .optional()
    .describe(
      `Seconds until the token expires: ${ACCESS_TOKEN_LIFETIME.min}–${ACCESS_TOKEN_LIFETIME.max} (a year), default ${ACCESS_TOKEN_LIFETIME.default} (30 days).`,
    ),
});
export type NewAccessToken = z.infer<typeof newAccessTokenBody>;
