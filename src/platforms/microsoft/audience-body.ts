import type { AudienceChanges, NewAudience } from '../../audiences/model.js';

/**
 * AddAudiences' CustomerList, scoped to the ad account (ParentId): a list shared with the customer's
 * other accounts would answer for several advertisers at once.
 */
export const addCustomerListBody = (input: NewAudience, accountId: string) => ({
  Audiences: [
    {
      Type: 'CustomerList',
      Name: input.name,
      Description: input.description ?? null,
      Scope: 'Account',
      ParentId: accountId,
    },
  ],
});

/** UpdateAudiences: the fields left out are not changed. */
export const updateCustomerListBody = (id: string, changes: AudienceChanges) => ({
  Audiences: [
    {
      Type: 'CustomerList',
      Id: id,
      ...(changes.name === undefined ? {} : { Name: changes.name }),
      ...(changes.description === undefined ? {} : { Description: changes.description }),
    },
  ],
});

/** ApplyCustomerListUserData: hashed emails, Email being the only sub type Microsoft takes. */
export const customerListUserDataBody = (id: string, emails: string[], remove: boolean) => ({
  CustomerListUserData: {
    AudienceId: id,
    ActionType: remove ? 'Remove' : 'Add',
    CustomerListItemSubType: 'Email',
    CustomerListItems: emails,
  },
});
