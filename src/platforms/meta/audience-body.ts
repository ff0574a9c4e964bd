import type { AudienceChanges, HashedMembers, NewAudience } from '../../audiences/model.js';

/**
 * The parameters of `POST /act_{id}/customaudiences`: a customer-file audience (`subtype` CUSTOM) of
 * information the advertiser collected from its customers itself (`USER_PROVIDED_ONLY`).
 */
export function toMetaAudience(input: NewAudience): Record<string, string> {
  return {
    name: input.name,
    subtype: 'CUSTOM',
    customer_file_source: 'USER_PROVIDED_ONLY',
    ...(input.description === undefined ? {} : { description: input.description }),
  };
}

/** The parameters of `POST /{custom_audience_id}`: name and description. */
export function toMetaAudienceChanges(changes: AudienceChanges): Record<string, string> {
  return {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
  };
}

/**
 * The `payload` of a `/users` call: a multi-key schema of the kinds the batch has (`EMAIL`, `PHONE`),
 * one row per member with its hash under its key and "" under the other ("In case a key is unknown, it
 * should be left blank"); the hashes are single keys, so `is_raw` is true.
 */
export function usersPayload(members: HashedMembers): Record<string, string> {
  const kinds = [
    ['EMAIL', members.emails],
    ['PHONE', members.phones],
  ] as const;
  const present = kinds.filter(([, hashes]) => hashes.length > 0);
  const data = present.flatMap(([key, hashes]) =>
    hashes.map((hash) => present.map(([other]) => (other === key ? hash : ''))),
  );
  return { payload: JSON.stringify({ schema: present.map(([key]) => key), is_raw: true, data }) };
}
