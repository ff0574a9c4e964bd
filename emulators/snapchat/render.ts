import type { Ad, AdAccount, AdSquad, Campaign, Creative, Media, Organization } from './model.js';
import type { SnapState } from './state.js';

/**
 * The JSON of each entity as the Ads API answers it: the stored fields plus the derived
 * `delivery_status`; `deleted: true` appears only when the call asked for `read_deleted_entities`.
 */
export function renderers(state: SnapState, readDeleted: boolean) {
  const deleted = (entity: { deleted?: boolean }) => (readDeleted && entity.deleted ? { deleted: true } : {});

  const adAccount = (account: AdAccount) => ({ ...account });

  const organization = (org: Organization, withAdAccounts: boolean) => ({
    ...org,
    ...(withAdAccounts
      ? {
          ad_accounts: state
            .ordered(state.adAccounts.values())
            .filter((a) => a.organization_id === org.id)
            .map(adAccount),
        }
      : {}),
  });

  const campaign = (c: Campaign) => {
    const { deleted: _deleted, ...fields } = c;
    return { ...fields, delivery_status: state.campaignDelivery(c), ...deleted(c) };
  };

  const adSquad = (squad: AdSquad) => {
    const { deleted: _deleted, ...fields } = squad;
    return { ...fields, delivery_status: state.adSquadDelivery(squad), ...deleted(squad) };
  };

  const ad = (a: Ad) => {
    const { ad_account_id: _account, deleted: _deleted, ...fields } = a;
    return { ...fields, delivery_status: state.adDelivery(a), ...deleted(a) };
  };

  const creative = (c: Creative) => ({ ...c });

  /** What the emulator keeps of the uploaded file stays its own: Snap answers no dimensions. */
  const media = ({ file: _file, ...m }: Media) => m;

  return { organization, adAccount, campaign, adSquad, ad, creative, media };
}
