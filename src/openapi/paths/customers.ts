import { z } from 'zod';
import { createBody, listQuery } from '../../api/customers.js';
import type { Operation } from '../operation.js';
import { Customer, CustomerList, customerId, DeletedCustomer } from '../resources.js';
import { EXAMPLE } from './examples.js';

const customerPath = z.strictObject({ id: customerId });
const customer = {
  id: EXAMPLE.customer,
  created_at: EXAMPLE.createdAt,
  name: 'Acme Bakery',
  company: EXAMPLE.company,
  platforms: ['sandbox'],
};
const idParam = { id: 'The customer’s id.' };

export const customerOperations: Operation[] = [
  {
    method: 'post',
    path: '/customers',
    operationId: 'createCustomer',
    tag: 'Customers',
    summary: 'Create a customer',
    idempotent: true,
    body: {
      required: true,
      description: 'The name: 1–200 characters after trimming, no control or bidirectional characters.',
      content: { 'application/json': { schema: createBody, example: { name: 'Acme Bakery' } } },
    },
    responses: {
      201: { description: 'The new customer.', schema: Customer, example: { ...customer, platforms: [] } },
    },
    errors: ['quota_exceeded', 'invalid_idempotency_key', 'idempotency_key_in_use', 'idempotency_key_reused'],
  },
  {
    method: 'get',
    path: '/customers',
    operationId: 'listCustomers',
    tag: 'Customers',
    summary: 'List customers, newest first',
    query: listQuery,
    params: {
      limit: 'How many to return (1–100).',
      starting_after: 'A customer id: the page starts after it (the last id of the previous page).',
    },
    responses: {
      200: {
        description: 'A page of customers.',
        schema: CustomerList,
        example: { has_more: false, data: [customer] },
      },
    },
    errors: ['customer_not_found'],
  },
  {
    method: 'get',
    path: '/customers/:id',
    operationId: 'getCustomer',
    access: 'read',
    tag: 'Customers',
    summary: 'Get a customer',
    description: 'A customer of another company is answered exactly like a missing one.',
    pathParams: customerPath,
    params: idParam,
    responses: { 200: { description: 'The customer.', schema: Customer, example: customer } },
    errors: ['customer_not_found'],
  },
  {
    method: 'delete',
    path: '/customers/:id',
    operationId: 'deleteCustomer',
    tag: 'Customers',
    summary: 'Delete a customer and everything it owns',
    description:
      'Disconnects every platform first, revoking each grant at its platform where it documents a way (all at once, best effort: the answer waits at most the platform timeout).',
    pathParams: customerPath,
    params: idParam,
    responses: {
      200: {
        description: 'Deleted.',
        schema: DeletedCustomer,
        example: { id: EXAMPLE.customer, deleted: true },
      },
    },
    errors: ['customer_not_found', 'customer_not_deletable'],
  },
  {
    method: 'get',
    path: '/customers/:id/platforms',
    operationId: 'getCustomerPlatforms',
    access: 'read',
    tag: 'Customers',
    summary: 'The customer with its connected platforms',
    pathParams: customerPath,
    params: idParam,
    responses: {
      200: {
        description: 'The customer; `platforms` lists the connected ones.',
        schema: Customer,
        example: customer,
      },
    },
    errors: ['customer_not_found'],
  },
];
