// The whole database schema, one import for the server and drizzle: the core tables (users, offers, site
// content) in schema-core.ts, each area's tables in a file of its own that imports the core tables it refers to.
export * from './schema-core';
export * from './schema-content';
export * from './schema-accounts';
export * from './schema-orders';
export * from './schema-documents';
export * from './schema-cache';
export * from './schema-backoffice';
export * from './schema-payments';
export * from './schema-offer-files';
export * from './schema-payouts';
export * from './schema-protection';
