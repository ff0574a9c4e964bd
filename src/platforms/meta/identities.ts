import type { IdentityAdapter } from '../../identities/port.js';
import { fields, type GraphClient } from './client.js';
import { FIELDS } from './model.js';

/** The Facebook Pages an ad account may promote (`/act_{id}/promote_pages`): who its ads are posted as. */
export function metaIdentities(graph: GraphClient): IdentityAdapter {
  return {
    async list(call, account) {
      const pages = await graph.all<{ id: string; name: string }>(
        call,
        `/${account.id}/promote_pages`,
        fields(FIELDS.page),
      );
      return pages.map(({ id, name }) => ({ id, name, kind: 'FacebookPage' }));
    },
  };
}
