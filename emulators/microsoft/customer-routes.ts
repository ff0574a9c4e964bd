import { Router } from 'express';
import { CODES, operationFault } from './faults.js';
import type { MicrosoftAdsState } from './model.js';
import { type Body, CUSTOMER_BASE, CUSTOMER_OPERATIONS, fieldsOf, idField, serve } from './operations.js';

/** The Campaign Manager role (RoleId 41), which the emulated user holds on every account. */
const CAMPAIGN_MANAGER_ROLE = 41;
const MAX_PAGE_SIZE = 1000;

/** Customer Management: the signed-in user, their accounts (searched by user, paged) and one account. */
export function customerRoutes(state: MicrosoftAdsState): Router {
  const router = Router();
  const refuse = (message: string) => operationFault(CODES.inputValidation, message, 'customer');
  const accounts = () => [...state.accounts.values()].map((a) => a.account);

  serve(
    router,
    CUSTOMER_BASE,
    CUSTOMER_OPERATIONS.getUser,
    (body) => {
      if (body.UserId !== undefined && body.UserId !== null && body.UserId !== state.user.Id) {
        throw operationFault(
          CODES.userIsNotAuthorized,
          'The user is not authorized to perform this action.',
          'customer',
        );
      }
      const customers = [...new Set(accounts().map((a) => a.ParentCustomerId))];
      return {
        User: state.user,
        CustomerRoles: customers.map((customerId) => ({
          RoleId: CAMPAIGN_MANAGER_ROLE,
          CustomerId: customerId,
          AccountIds: accounts()
            .filter((a) => a.ParentCustomerId === customerId)
            .map((a) => a.Id),
          LinkedAccountIds: [],
          CustomerLinkPermission: null,
        })),
      };
    },
    'customer',
  );

  serve(
    router,
    CUSTOMER_BASE,
    CUSTOMER_OPERATIONS.getAccount,
    (body) => {
      const found = state.accounts.get(idField(body, 'AccountId', 'customer'));
      if (!found)
        throw operationFault(CODES.invalidAccountId, 'The account identifier is not valid.', 'customer');
      return { Account: found.account };
    },
    'customer',
  );

  serve(
    router,
    CUSTOMER_BASE,
    CUSTOMER_OPERATIONS.searchAccounts,
    (body) => {
      const predicates = body.Predicates;
      if (!Array.isArray(predicates) || predicates.length === 0) throw refuse('Predicates are required.');
      for (const raw of predicates) {
        const predicate = fieldsOf(raw, ['Field', 'Operator', 'Value'], 'A predicate', 'customer');
        if (predicate.Field !== 'UserId' || predicate.Operator !== 'Equals') {
          throw refuse('The emulator searches accounts by UserId Equals only.');
        }
        if (predicate.Value !== state.user.Id) {
          throw operationFault(
            CODES.userIsNotAuthorized,
            'The user is not authorized to perform this action.',
            'customer',
          );
        }
      }
      const { Index, Size } = pageInfo(body, refuse);
      return { Accounts: accounts().slice(Index * Size, (Index + 1) * Size) };
    },
    'customer',
  );
  return router;
}

/** `PageInfo` is required: a page index from 0 and a size of at most 1,000. */
function pageInfo(body: Body, refuse: (message: string) => Error): { Index: number; Size: number } {
  const page = fieldsOf(body.PageInfo, ['Index', 'Size'], 'PageInfo', 'customer');
  const { Index, Size } = page;
  if (!Number.isInteger(Index) || (Index as number) < 0) throw refuse('PageInfo.Index must be 0 or more.');
  if (!Number.isInteger(Size) || (Size as number) < 1 || (Size as number) > MAX_PAGE_SIZE) {
    throw refuse(`PageInfo.Size must be from 1 to ${MAX_PAGE_SIZE}.`);
  }
  return { Index: Index as number, Size: Size as number };
}
