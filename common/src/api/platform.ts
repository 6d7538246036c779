/** The platform's own operations: health, the document, live events, uploads, stats, payments, publishers. */
import { z } from 'zod';
import {
  addPublisherBodySchema,
  createPaymentIntentBody,
  eventsQuerySchema,
  makePremiumUserBody,
  MAX_UPLOAD_BYTES,
  UPLOAD_FILE_PATTERN,
  VIEW_HISTORY_DEFAULT_DAYS,
  VIEW_HISTORY_MAX_DAYS,
  viewStatsQuerySchema,
} from '../index.js';
import { defineOperations } from './define.js';
import * as R from './responses.js';

/** The API reference page's scripts and styles (server/src/openapi/assets.ts serves them). */
export const DOCS_ASSET_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js'] as const;

const int = z.number().int();
const VIEW_DAYS = R.wholeNumber(VIEW_HISTORY_MAX_DAYS, VIEW_HISTORY_DEFAULT_DAYS);
const binary = (types: string[]) => Object.fromEntries(types.map((t) => [t, { type: 'string' }]));

export const metaOperations = defineOperations('Meta', {
  health: {
    summary:
      'Liveness: ok, which storage engine runs and whether instances share state (Redis), when the database (and Redis) answer; 503 when not',
    security: 'none',
    access: 'anyone',
    ok: z.object({
      status: z.literal('ok'),
      store: z.enum(['embedded', 'mongodb']),
      shared: z.literal('redis').optional(),
    }),
    errors: [503],
  },
  openApiDocument: {
    summary: 'This OpenAPI 3.1 document',
    security: 'none',
    access: 'anyone',
    ok: z.looseObject({ openapi: z.literal('3.1.1') }),
  },
  apiReference: {
    summary: 'The API reference page',
    security: 'none',
    access: 'anyone',
    responses: { 200: { description: 'HTML page', content: { 'text/html': { type: 'string' } } } },
  },
  apiReferenceAsset: {
    summary: 'A script or style sheet of the reference page',
    security: 'none',
    access: 'anyone',
    params: z.object({ file: z.string() }),
    paramHints: { file: { enum: [...DOCS_ASSET_FILES] } },
    responses: { 200: { description: 'The file', content: binary(['text/css', 'text/javascript']) } },
    errors: [404],
    unknownParamIs404: true,
  },
});

export const statsOperations = defineOperations('Stats', {
  userCounts: {
    summary: 'Users, normal and premium',
    security: 'none',
    access: 'anyone',
    ok: R.UserCountsSchema,
    cached: true,
  },
  activeUsers: {
    summary: 'Users seen in the last five minutes',
    security: 'none',
    access: 'anyone',
    ok: z.object({ activeUsers: int }),
    cached: true,
  },
  myArticleViews: {
    summary: "Views per day of the caller's articles, their followers and each article's comments",
    security: 'session',
    access: 'signed-in',
    query: viewStatsQuerySchema,
    paramHints: { days: VIEW_DAYS },
    ok: R.MyArticleViewsSchema,
  },
  publisherViews: {
    summary: 'Views per day per publisher, most viewed first',
    security: 'session',
    access: 'admin',
    query: viewStatsQuerySchema,
    paramHints: { days: VIEW_DAYS },
    ok: R.PublisherViewsSchema,
  },
});

export const paymentOperations = defineOperations('Payments', {
  plans: {
    summary: 'The plan catalog',
    security: 'none',
    access: 'anyone',
    ok: z.array(R.PlanSchema),
  },
  createPaymentIntent: {
    summary: 'Start paying for a plan (amount: a catalog price, in dollars)',
    security: 'session',
    access: 'signed-in',
    body: createPaymentIntentBody,
    ok: R.CreatedIntentSchema,
    errors: [502, 503],
    limited: true,
  },
  redeemPayment: {
    summary: "Redeem the caller's succeeded payment (idempotent: granted false the second time)",
    description:
      "Only a PaymentIntent that POST /create-payment-intent made is asked of Stripe: any other id is refused with 404 from our own records, another account's with 403.",
    security: 'session',
    access: 'self',
    body: makePremiumUserBody,
    ok: R.GrantSchema,
    errors: [404, 502, 503],
    limited: true,
  },
  stripeWebhook: {
    summary:
      "Stripe's events: payment_intent.succeeded grants a pass; invoice.*, customer.subscription.*, charge.refunded and charge.dispute.created keep subscriptions and taken-back time (docs/decisions/subscriptions.md)",
    security: 'stripe',
    access: 'anyone',
    body: { contentType: 'application/json', schema: { type: 'object', description: 'A Stripe event' } },
    ok: z.object({ received: z.literal(true) }),
    errors: [400, 503],
  },
});

export const publisherOperations = defineOperations('Publishers', {
  listPublishers: {
    summary: 'Every publisher, by name',
    security: 'none',
    access: 'anyone',
    ok: z.array(R.PublisherSchema),
    cached: true,
  },
  addPublisher: {
    summary: 'Add a publisher',
    security: 'session',
    access: 'admin',
    body: addPublisherBodySchema,
    responses: {
      201: {
        description: 'Added',
        json: R.message({ insertedId: z.string(), publisher: R.PublisherSchema }),
      },
    },
    errors: [409],
  },
  publisherArticleCounts: {
    summary: 'Articles per publisher (publishers without articles at 0)',
    security: 'session',
    access: 'admin',
    ok: z.array(R.PublisherArticleCountSchema),
    responses: { 304: { description: 'Not modified (If-None-Match matched the ETag)' } },
  },
});

/**
 * One event of GET /events as an EventSource reads it. OpenAPI 3.2 would put this under `itemSchema`;
 * 3.1 has no keyword for one event of a stream, so the media type's schema stands for each event.
 */
const LIVE_EVENT_FRAME = {
  type: 'object',
  description:
    'Each event of the stream (`id:` and `data:` lines). `: ping` comments and the opening `retry:` are not events.',
  properties: {
    id: { type: 'string', description: 'Where the stream stands: Last-Event-ID resumes after it.' },
    event: { const: 'message', description: 'Events carry no name: each is a message.' },
    data: {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { $ref: '#/components/schemas/LiveEvent' },
    },
  },
  required: ['id', 'data'],
};

export const liveOperations = defineOperations('Live', {
  events: {
    summary: 'Live events (Server-Sent Events)',
    description:
      "Anonymous streams get the public events; with a session (Authorization, or `?token=` since EventSource cannot send headers) the caller's own events too, and admins the moderation ones. Each `data:` line is a LiveEvent (see components). Replays from Last-Event-ID (or `?lastEventId=`). At most 64 open streams per client address (IPv6: per /56) or, signed in, per account; 10 000 per process, a quarter of them kept for signed-in streams: beyond, 429 with Retry-After.",
    security: 'optionalSession',
    access: 'anyone',
    query: eventsQuerySchema,
    responses: {
      200: {
        description: 'The event stream',
        content: { 'text/event-stream': LIVE_EVENT_FRAME },
      },
    },
    errors: [401, 429],
  },
});

export const uploadOperations = defineOperations('Uploads', {
  uploadImage: {
    summary: 'Upload an image (JPEG, PNG, WebP or GIF); anonymous callers have a stricter limit',
    security: 'optionalSession',
    access: 'anyone',
    body: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        properties: { image: { type: 'string', contentMediaType: 'image/*', maxLength: MAX_UPLOAD_BYTES } },
        required: ['image'],
      },
    },
    responses: {
      201: {
        description: "Stored (the image host's answer shape)",
        json: z.object({
          data: z.object({ display_url: z.string(), url: z.string() }),
          success: z.literal(true),
          status: z.literal(201),
        }),
      },
    },
    errors: [400, 413, 415],
    limited: true,
  },
  getUpload: {
    summary: 'An uploaded image (immutable)',
    security: 'none',
    access: 'anyone',
    params: z.object({ file: z.string().regex(UPLOAD_FILE_PATTERN) }),
    responses: {
      200: { description: 'The image', content: binary(['image/webp', 'image/jpeg', 'image/png']) },
    },
    errors: [404],
    unknownParamIs404: true,
  },
});
