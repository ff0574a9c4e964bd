/**
 * The shapes adlink answers with, as components of the OpenAPI document, one module a resource area
 * (registered in this order).
 */

export * from './resources/ads.js';
export * from './resources/audiences.js';
export * from './resources/connections.js';
export * from './resources/creatives.js';
export * from './resources/registry.js';
export * from './resources/reports.js';
export * from './resources/service.js';
