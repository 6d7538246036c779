/**
 * A Stripe-API-compatible test server on loopback: the one edge we cannot reach from here is
 * api.stripe.com, so tests point the REAL `stripe` SDK at this (STRIPE_API_BASE) instead.
 *
 * It implements the small part of Stripe's v1 API the product uses, the way Stripe answers it in
 * test mode:
 * - POST /v1/payment_intents (form-encoded like the SDK sends it; Idempotency-Key honoured: a
 *   replay answers the first response, different parameters under the same key → 400
 *   idempotency_error)
 * - GET  /v1/payment_intents/:id
 * - POST /v1/payment_intents/:id/cancel (secret key; refused once succeeded or canceled)
 * - POST /v1/payment_intents/:id/confirm with a secret key, or with a publishable key plus the
 *   intent's client_secret (what Stripe.js does). Test payment methods behave like Stripe's:
 *   `pm_card_visa` (or card 4242…) succeeds, `pm_card_chargeDeclined` (or card 4000000000000002)
 *   is declined with 402 card_error.
 * Plus, for tests only, `markSucceeded(id)` and `succeededEvent(id)` in-process.
 * Customers, Prices, Subscriptions, Invoices, SetupIntents, Refunds, Disputes and a test clock are
 * in `billing` (./stripe-billing-fake.ts).
 *
 * Run standalone for the browser e2e: `tsx server/src/test/stripe-test-server.ts --port 12111`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createBillingFake, FakeApiError, type BillingFake } from './stripe-billing-fake.js';

type FormValue = string | FormObject;
interface FormObject {
  [key: string]: FormValue;
}

export interface TestPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  payment_method_types: string[];
  payment_method: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  /** The charge made when it succeeded. */
  latest_charge: string | null;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form body as parsed (nested like Stripe's bracket notation). */
  body: FormObject;
}

export interface StripeTestServer {
  /** e.g. http://127.0.0.1:54321: give it to the app as STRIPE_API_BASE. */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  intent(id: string): TestPaymentIntent | undefined;
  /** Test-only: what a successful card confirmation does, without going through /confirm. */
  markSucceeded(id: string): TestPaymentIntent;
  /** A `payment_intent.succeeded` event for the intent as it is now (sign it with generateTestHeaderString). */
  succeededEvent(id: string): Record<string, unknown>;
  /** Customers, subscriptions, invoices, refunds... and the test clock (./stripe-billing-fake.ts). */
  readonly billing: BillingFake;
  /** Resolves once every event sent to the webhook so far was answered. */
  webhooksDelivered(): Promise<void>;
  /**
   * From now on, POSTs billing's events there, signed (like `options.webhook`). Several endpoints
   * (the browser e2e's stacks, which share this server) each get every event, as several Stripe
   * webhook endpoints of one account would.
   */
  sendWebhooksTo(...webhooks: Array<{ url: string; secret: string }>): void;
  close(): Promise<void>;
}

export interface StripeTestServerOptions {
  port?: number;
  host?: string;
  /** When set, only this secret key is accepted; otherwise any `sk_test_…` key. */
  secretKey?: string;
  /**
   * Where to POST billing's events, signed with `secret` like Stripe does (the browser e2e); without
   * it, tests take them with `billing.takeEvents()` and deliver them in the order they choose.
   */
  webhook?: { url: string; secret: string };
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const DECLINED_METHODS = new Set(['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined']);
const DECLINED_NUMBERS = new Set(['4000000000000002']);
/** Stripe's test card numbers whose payment method the billing fake knows (the card on file). */
const TEST_CARD_METHODS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
};

export async function startStripeTestServer(
  options: StripeTestServerOptions = {},
): Promise<StripeTestServer> {
  const intents = new Map<string, TestPaymentIntent>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];

  const newIntentId = () => `pi_${randomBytes(12).toString('hex')}`;

  const checkSecretKey = (key: string | undefined) => {
    if (!key) throw new ApiError(401, 'invalid_request_error', 'You did not provide an API key.');
    const ok = options.secretKey ? key === options.secretKey : key.startsWith('sk_test_');
    if (!ok)
      throw new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}***`);
  };

  const getIntent = (id: string): TestPaymentIntent => {
    const intent = intents.get(id);
    if (!intent) {
      throw new ApiError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    }
    return intent;
  };

  const succeed = (intent: TestPaymentIntent, paymentMethod: string) => {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = paymentMethod;
    intent.last_payment_error = null;
    billing.onIntentSucceeded(intent);
  };

  const createIntent = (body: FormObject): TestPaymentIntent => {
    const amount = Number(str(body.amount));
    if (!Number.isInteger(amount) || amount < 1) {
      throw new ApiError(400, 'invalid_request_error', 'Invalid integer: amount', { param: 'amount' });
    }
    if (amount < 50) {
      throw new ApiError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    const currency = str(body.currency);
    if (!currency)
      throw new ApiError(400, 'invalid_request_error', 'Missing required param: currency.', {
        param: 'currency',
      });
    const metadata: Record<string, string> = {};
    if (body.metadata && typeof body.metadata === 'object') {
      for (const [k, v] of Object.entries(body.metadata)) if (typeof v === 'string') metadata[k] = v;
    }
    const apm = body.automatic_payment_methods;
    const automatic =
      apm && typeof apm === 'object'
        ? {
            enabled: str(apm.enabled) === 'true',
            ...(str(apm.allow_redirects) ? { allow_redirects: str(apm.allow_redirects) } : {}),
          }
        : null;
    const types =
      body.payment_method_types && typeof body.payment_method_types === 'object'
        ? Object.values(body.payment_method_types).filter((v): v is string => typeof v === 'string')
        : ['card'];
    const id = newIntentId();
    const intent: TestPaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata,
      automatic_payment_methods: automatic,
      payment_method_types: types,
      payment_method: null,
      last_payment_error: null,
      latest_charge: null,
      created: Math.floor(billing.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  };

  const confirmIntent = (
    intent: TestPaymentIntent,
    body: FormObject,
    key: string | undefined,
  ): TestPaymentIntent => {
    if (key?.startsWith('pk_test_')) {
      if (str(body.client_secret) !== intent.client_secret) {
        throw new ApiError(
          400,
          'invalid_request_error',
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
          { param: 'client_secret' },
        );
      }
    } else {
      checkSecretKey(key);
    }
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new ApiError(
        400,
        'invalid_request_error',
        `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    const method = str(body.payment_method);
    const data = body.payment_method_data;
    const card =
      data && typeof data === 'object' && data.card && typeof data.card === 'object' ? data.card : undefined;
    const number = card ? str(card.number)?.replace(/\s/g, '') : undefined;
    if (!method && !(data && typeof data === 'object' && str(data.type) === 'card')) {
      throw new ApiError(
        400,
        'invalid_request_error',
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    if ((method && DECLINED_METHODS.has(method)) || (number && DECLINED_NUMBERS.has(number))) {
      const error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      throw new ApiError(402, 'card_error', error.message, {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: { ...intent },
      });
    }
    succeed(
      intent,
      method ?? (number && TEST_CARD_METHODS[number]) ?? `pm_${randomBytes(12).toString('hex')}`,
    );
    return intent;
  };

  const cancelIntent = (intent: TestPaymentIntent): TestPaymentIntent => {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new ApiError(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    intent.status = 'canceled';
    return intent;
  };

  let deliveries = Promise.resolve();
  let webhooks = options.webhook ? [options.webhook] : [];
  const deliver = (event: unknown) => {
    const payload = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    for (const hook of webhooks) {
      const signature = createHmac('sha256', hook.secret).update(`${timestamp}.${payload}`).digest('hex');
      // One at a time, in order, as a quiet Stripe endpoint would get them.
      deliveries = deliveries.then(() =>
        fetch(hook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': `t=${timestamp},v1=${signature}`,
          },
          body: payload,
        }).then(
          (res) => {
            if (!res.ok) console.error(`[stripe-test-server] webhook ${hook.url} answered ${res.status}`);
          },
          (err: unknown) => console.error(`[stripe-test-server] webhook ${hook.url} failed: ${String(err)}`),
        ),
      );
    }
  };
  const billing = createBillingFake(
    {
      create: ({ amount, currency }) => createIntent({ amount: String(amount), currency }),
      get: (id) => intents.get(id),
    },
    deliver,
  );

  /** Test helpers over HTTP (the browser e2e): move the clock, make a card fail, dispute a charge. */
  const testHelper = (path: string, body: FormObject): unknown => {
    if (path === '/_test/clock') {
      billing.advanceTo(Number(str(body.to)));
      return { now: billing.now() };
    }
    if (path === '/_test/fail-payments') {
      billing.failPayments(str(body.customer) ?? '', str(body.fail) !== 'false');
      return { ok: true };
    }
    if (path === '/_test/dispute') return billing.dispute(str(body.payment_intent) ?? '');
    return undefined;
  };

  const confirmSetupIntent = (id: string, body: FormObject, key: string | undefined) => {
    if (key?.startsWith('pk_test_')) {
      if (!billing.setupClientSecret(id) || str(body.client_secret) !== billing.setupClientSecret(id)) {
        throw new ApiError(400, 'invalid_request_error', 'The client_secret provided does not match.', {
          param: 'client_secret',
        });
      }
    } else checkSecretKey(key);
    return billing.route('POST', `/v1/setup_intents/${id}/confirm`, body);
  };

  const route = (method: string, path: string, body: FormObject, key: string | undefined): unknown => {
    const helped = method === 'POST' && path.startsWith('/_test/') ? testHelper(path, body) : undefined;
    if (helped !== undefined) return helped;
    if (method === 'POST' && path === '/v1/payment_intents') {
      checkSecretKey(key);
      return createIntent(body);
    }
    const cancel = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      checkSecretKey(key);
      return cancelIntent(getIntent(cancel[1]!));
    }
    const confirm = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) return confirmIntent(getIntent(confirm[1]!), body, key);
    const one = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && one) {
      checkSecretKey(key);
      return billing.expandIntent(getIntent(one[1]!), body);
    }
    const confirmSetup = /^\/v1\/setup_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirmSetup) return confirmSetupIntent(confirmSetup[1]!, body, key);
    checkSecretKey(key);
    const answer = billing.route(method, path, body);
    if (answer !== undefined) return answer;
    throw new ApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Stripe.js calls come from the browser page (other origin).
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader(
      'access-control-allow-headers',
      'authorization, content-type, idempotency-key, stripe-version',
    );
    res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    const send = (status: number, body: unknown, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const method = req.method ?? 'GET';
      const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
      const body = parseForm(raw);
      const key = bearer(req.headers.authorization) ?? str(body.key);
      const idempotencyKey = header(req.headers['idempotency-key']);
      requests.push({ method, path: url.pathname, idempotencyKey, body });

      if (method === 'POST' && idempotencyKey) {
        const fingerprint = JSON.stringify([url.pathname, key, body]);
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            throw new ApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          send(seen.status, seen.body, true);
          return;
        }
        try {
          const result = structuredClone(route(method, url.pathname, body, key));
          idempotent.set(idempotencyKey, { fingerprint, status: 200, body: result });
          send(200, result);
        } catch (err) {
          if ((err instanceof ApiError || err instanceof FakeApiError) && err.status !== 401) {
            const errBody = errorBody(err, requestId);
            idempotent.set(idempotencyKey, { fingerprint, status: err.status, body: errBody });
          }
          throw err;
        }
        return;
      }
      send(200, route(method, url.pathname, body, key));
    } catch (err) {
      if (err instanceof ApiError || err instanceof FakeApiError) send(err.status, errorBody(err, requestId));
      else send(500, { error: { type: 'api_error', message: String(err) } });
    }
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url,
    port: address.port,
    requests,
    billing,
    webhooksDelivered: () => deliveries,
    sendWebhooksTo(...to) {
      webhooks = to;
    },
    intent: (id) => intents.get(id),
    markSucceeded(id) {
      const intent = getIntent(id);
      succeed(intent, 'pm_card_visa');
      return intent;
    },
    succeededEvent(id) {
      const intent = getIntent(id);
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: null,
        created: Math.floor(billing.now() / 1000),
        type: 'payment_intent.succeeded',
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(intent) },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function errorBody(err: ApiError | FakeApiError, requestId: string) {
  return {
    error: {
      type: err.type,
      message: err.message,
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      ...err.extra,
    },
  };
}

function str(v: FormValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function bearer(h: string | undefined): string | undefined {
  const m = h ? /^Bearer (.+)$/.exec(h) : null;
  return m ? m[1] : undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parses Stripe's form encoding (`metadata[uid]=…&automatic_payment_methods[enabled]=true`) into nested objects. */
export function parseForm(raw: string): FormObject {
  const out: FormObject = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const path = name.replace(/\]/g, '').split('[');
    let node: FormObject = out;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next === 'object') node = next;
      else node = node[segment] = {};
    });
  }
  return out;
}

// Standalone: `tsx server/src/test/stripe-test-server.ts --port 12111` (browser e2e). With
// STRIPE_TEST_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET set, billing's events are POSTed there, signed;
// POST /_test/clock {to: <ms>}, /_test/fail-payments {customer}, /_test/dispute {payment_intent}
// drive the test clock, failing cards and disputes.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const portArg = process.argv.indexOf('--port');
  const port =
    portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env.STRIPE_TEST_PORT ?? 12111);
  const webhookUrl = process.env.STRIPE_TEST_WEBHOOK_URL;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  const server = await startStripeTestServer({
    port,
    ...(webhookUrl && webhookSecret ? { webhook: { url: webhookUrl, secret: webhookSecret } } : {}),
  });
  console.log(`Stripe test server listening on ${server.url}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
