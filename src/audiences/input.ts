import { z } from 'zod';
import { objectId } from '../adsets/input.js';
import { displayName } from '../names.js';

/** At most this many entries (emails, phones and hashes together) in one members request. */
export const MAX_MEMBERS = 10_000;

const description = z.string().trim().max(500, 'must be at most 500 characters');

export const newAudienceSchema = z.strictObject({
  name: displayName,
  advertiser: objectId,
  description: description.optional(),
});

export const audienceChangesSchema = z
  .strictObject({ name: displayName.optional(), description: description.optional() })
  .refine((c) => c.name !== undefined || c.description !== undefined, {
    message: 'give name or description',
    path: ['name'],
  });

/** An entry is any string up to 320 characters: its validity is per entry (an `invalid` item), not per request. */
const entries = z.array(z.string().max(320, 'must be at most 320 characters')).optional();

export const membersSchema = z
  .strictObject({
    emails: entries,
    phones: entries,
    sha256: z.strictObject({ emails: entries, phones: entries }).optional(),
  })
  .superRefine((m, ctx) => {
    const count =
      (m.emails?.length ?? 0) +
      (m.phones?.length ?? 0) +
      (m.sha256?.emails?.length ?? 0) +
      (m.sha256?.phones?.length ?? 0);
    if (count === 0)
      ctx.addIssue({ code: 'custom', message: 'give emails, phones or sha256 hashes', path: ['emails'] });
    if (count > MAX_MEMBERS) {
      ctx.addIssue({
        code: 'custom',
        message: `at most ${MAX_MEMBERS} entries a request (${count} given)`,
        path: ['emails'],
      });
    }
  });
