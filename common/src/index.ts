/** What the server and the client both know. Screens that must stay light import subpaths
 * (`@newsroom/common/tags`, `/limits`, `/plans`, `/events`, `/images`) or types only, so zod stays out of their bundle. */
export * from './tags.js';
export * from './limits.js';
export * from './plans.js';
export * from './wire.js';
export * from './events.js';
export * from './images.js';
export * from './schemas/fields.js';
export * from './schemas/users.js';
export * from './schemas/articles.js';
export * from './schemas/publishers.js';
export * from './schemas/payments.js';
export * from './schemas/events.js';
export * from './schemas/stats.js';
export * from './schemas/revenue.js';
export * from './revenue.js';
export * from './schemas/follows.js';
export * from './follows.js';
export * from './schemas/billing.js';
export * from './schemas/drafts.js';
export * from './mail.js';
export * from './gifts.js';
export * from './premium-ledger.js';
export * from './comments.js';
