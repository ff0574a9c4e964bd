import type { Operation } from '../operation.js';
import { Health, OpenApiDocument } from '../resources.js';

export const serviceOperations: Operation[] = [
  {
    method: 'get',
    path: '/healthz',
    operationId: 'getLiveness',
    tag: 'Service',
    summary: 'Liveness: the process answers',
    public: true,
    responses: { 200: { description: 'Alive.', schema: Health, example: { status: 'ok', role: 'all' } } },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'getReadiness',
    tag: 'Service',
    summary: 'Readiness: the store answers too',
    public: true,
    responses: {
      200: { description: 'Ready.', schema: Health, example: { status: 'ready', role: 'all' } },
      503: {
        description: 'The store does not answer; take this instance out of the load balancer.',
        schema: Health,
        example: { status: 'unavailable', role: 'all' },
        headers: ['Retry-After'],
      },
    },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Service',
    summary: 'This OpenAPI document',
    description: 'Rendered at `/docs`.',
    public: true,
    responses: {
      200: {
        description: 'The document.',
        schema: OpenApiDocument,
        example: { openapi: '3.1.0', info: { title: 'adlink API', version: '1' }, paths: {} },
      },
    },
  },
];
