import type { Audience } from '../../audiences/model.js';
import type { AudienceAdapter } from '../../audiences/port.js';
import type { SandboxApi } from './client.js';
import { orNull } from './errors.js';
import { AUDIENCE_BATCH, AUDIENCE_MIN_SIZE, type Audience as SandboxAudience } from './model.js';

const STATUS = { MATCHING: 'Matching', READY: 'Ready', TOO_SMALL: 'TooSmall' } as const;

const toAudience = (a: SandboxAudience): Audience => ({
  id: a.id,
  name: a.name,
  description: a.description,
  platform: 'sandbox',
  advertiser: a.account_id,
  kind: 'CustomerList',
  size: a.size,
  status: STATUS[a.status],
  updatedAt: a.updated_time,
});

/** The sandbox's customer lists (`/ad_accounts/:id/audiences`, `/audiences/:id/users`). */
export function sandboxAudiences({ request }: SandboxApi): AudienceAdapter {
  const path = (id: string) => `/audiences/${encodeURIComponent(id)}`;
  return {
    capabilities: { batchSize: AUDIENCE_BATCH, minSize: AUDIENCE_MIN_SIZE, gmailDots: false, phones: 'e164' },

    async list(call, account) {
      const body = (await request(call, `/ad_accounts/${encodeURIComponent(account.id)}/audiences`)) as {
        data: SandboxAudience[];
      };
      return body.data.map(toAudience);
    },

    async get(call, id) {
      const audience = await orNull(request(call, path(id)));
      return audience ? toAudience(audience as SandboxAudience) : null;
    },

    async create(call, input, account) {
      const created = await request(call, `/ad_accounts/${encodeURIComponent(account.id)}/audiences`, {
        method: 'POST',
        body: JSON.stringify({
          name: input.name,
          ...(input.description ? { description: input.description } : {}),
        }),
      });
      return toAudience(created as SandboxAudience);
    },

    async update(call, audience, changes) {
      const updated = await request(call, path(audience.id), {
        method: 'PATCH',
        body: JSON.stringify(changes),
      });
      return toAudience(updated as SandboxAudience);
    },

    async delete(call, audience) {
      await request(call, path(audience.id), { method: 'DELETE' });
    },

    async changeMembers(call, audience, members, remove) {
      // One kind of hash a call: a batch with both is sent as two.
      for (const [schema, hashes] of [
        ['EMAIL_SHA256', members.emails],
        ['PHONE_SHA256', members.phones],
      ] as const) {
        if (hashes.length === 0) continue;
        await request(call, `${path(audience.id)}/users`, {
          method: remove ? 'DELETE' : 'POST',
          body: JSON.stringify({ schema, hashes }),
        });
      }
    },
  };
}
