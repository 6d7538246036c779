/**
 * The billing half of the loopback Stripe-compatible test server (./stripe-test-server.ts): Customers,
 * Prices, Subscriptions, Invoices (and their InvoicePayments), Charges, SetupIntents, Refunds and
 * Disputes, shaped like Stripe's API version of the installed SDK (periods on subscription items, the
 * invoice's `confirmation_secret`, `parent.subscription_details`). It keeps state, so the app really
 * fetches a subscription and writes what it finds.
 *
 * Time is a test clock (`now`), advanced by the test (`advance`): renewals, failed renewals with
 * retries and cancellations at period end happen then, the way Stripe Billing runs them. Every change
 * records the event Stripe would send (`takeEvents`); the test signs and delivers them, in any order,
 * or loses them: GET /v1/events still lists every one (paged like Stripe's lists, `created` filters).
 */
import { randomBytes } from 'node:crypto';

type FormValue = string | FormObject;
interface FormObject {
  [key: string]: FormValue;
}

/** What the billing fake needs of the PaymentIntents the main server keeps. */
export interface IntentsPort {
  create(fields: { amount: number; currency: string; metadata?: Record<string, string> }): IntentLike;
  get(id: string): IntentLike | undefined;
}
export interface IntentLike {
  id: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  latest_charge?: string | null;
}

export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Obj = Record<string, unknown> & { id: string };
interface Card {
  brand: string;
  last4: string;
}
/** Stripe's test payment methods: the ones the tests use. */
const CARDS: Record<string, Card & { declines?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  // Attaches fine; every charge to it fails (a renewal that fails).
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: true },
};
const DAY = 86_400;
/** Stripe's Smart Retries, simplified: tries again 3 and 7 days after the first failure, then cancels. */
const RETRY_AFTER_DAYS = [3, 4];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject | undefined => (typeof v === 'object' ? v : undefined);
const list = (v: FormValue | undefined): FormValue[] => (typeof v === 'object' ? Object.values(v) : []);
const notFound = (kind: string, id: string) =>
  new FakeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing' });
const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new FakeApiError(400, 'invalid_request_error', message, extra);

/** `onEvent`: called with each event as Stripe would send it (the server's webhook delivery). */
export function createBillingFake(intents: IntentsPort, onEvent: (event: Obj) => void = () => {}) {
  /** The test clock; null: it follows the real one (the browser e2e, the contract test). */
  let nowMs: number | null = null;
  const currentMs = () => nowMs ?? Date.now();
  const now = () => Math.floor(currentMs() / 1000);
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  /** PaymentIntent id → the invoice it pays. */
  const invoiceOfIntent = new Map<string, string>();
  const failing = new Set<string>();
  const events: Obj[] = [];
  /** Every event, oldest first: what GET /v1/events lists (Stripe lists the last 30 days). */
  const log: Obj[] = [];

  /**
   * Records an event. `send` false: listed by GET /v1/events only, as an event the webhook endpoint
   * is not subscribed to (payment_intent.succeeded: tests build and send those with `succeededEvent`).
   */
  const emit = (type: string, object: Obj, send = true) => {
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      api_version: null,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    log.push(event);
    if (!send) return;
    events.push(event);
    onEvent(event);
  };

  const get = (map: Map<string, Obj>, kind: string, id: string): Obj => {
    const found = map.get(id);
    if (!found) throw notFound(kind, id);
    return found;
  };

  const paymentMethod = (id: string) => {
    const card = CARDS[id];
    if (!card) throw notFound('payment_method', id);
    return {
      id,
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2040 },
    };
  };

  const priceOf = (sub: Obj) => (sub.items as { data: Obj[] }).data[0]!.price as Obj;
  const itemOf = (sub: Obj) => (sub.items as { data: Obj[] }).data[0]!;
  const addInterval = (start: number, price: Obj) => {
    const date = new Date(start * 1000);
    if ((price.recurring as { interval: string }).interval === 'year')
      date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  };

  /** A charge for a PaymentIntent that just succeeded (passes and invoices alike). */
  function chargeFor(intent: IntentLike): Obj {
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      paid: true,
      created: now(),
      receipt_url: `https://pay.stripe.test/receipts/${intent.id}`,
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  function newInvoice(sub: Obj, amount: number, reason: string, period: { start: number; end: number }): Obj {
    const id = newId('in');
    const invoice: Obj = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: 'usd',
      created: now(),
      billing_reason: reason,
      attempt_count: 0,
      next_payment_attempt: null,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      lines: {
        object: 'list',
        data: [{ id: newId('il'), object: 'line_item', amount, currency: 'usd', period }],
      },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
      confirmation_secret: null,
      payments: { object: 'list', data: [] as Obj[] },
      status_transitions: { paid_at: null },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  function markInvoicePaid(invoice: Obj, intent: IntentLike | null) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions = { paid_at: now() };
    // The attempt that paid (a retried invoice has one InvoicePayment per attempt).
    const attempts = (invoice.payments as { data: Obj[] }).data;
    const payment = intent
      ? attempts.find((p) => (p.payment as { payment_intent: string }).payment_intent === intent.id)
      : attempts.find((p) => p.status === 'open');
    if (payment) {
      payment.status = 'paid';
      payment.amount_paid = invoice.amount_due;
    }
    if (intent) chargeFor(intent);
    emit('invoice.paid', invoice);
  }

  /** A PaymentIntent for an invoice, linked both ways (its InvoicePayment). */
  function intentForInvoice(invoice: Obj): IntentLike {
    const intent = intents.create({ amount: invoice.amount_due as number, currency: 'usd' });
    invoiceOfIntent.set(intent.id, invoice.id);
    invoice.confirmation_secret = { type: 'payment_intent', client_secret: intent.client_secret };
    (invoice.payments as { data: Obj[] }).data.push({
      id: newId('inpay'),
      object: 'invoice_payment',
      invoice: invoice.id,
      amount_requested: invoice.amount_due,
      amount_paid: null,
      currency: 'usd',
      is_default: true,
      status: 'open',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      created: now(),
    });
    return intent;
  }

  /** Charges an invoice off-session with the subscription's card: true when it was paid. */
  function collect(sub: Obj, invoice: Obj): boolean {
    const intent = intentForInvoice(invoice);
    invoice.attempt_count = (invoice.attempt_count as number) + 1;
    const pm = (sub.default_payment_method as string | null) ?? defaultMethodOf(sub.customer as string);
    const declines = !pm || CARDS[pm]?.declines || failing.has(sub.customer as string);
    if (declines) {
      intent.status = 'requires_payment_method';
      const retry = RETRY_AFTER_DAYS[(invoice.attempt_count as number) - 1];
      invoice.next_payment_attempt = retry === undefined ? null : now() + retry * DAY;
      emit('invoice.payment_failed', invoice);
      return false;
    }
    intent.status = 'succeeded';
    intent.payment_method = pm;
    emit('payment_intent.succeeded', intent as unknown as Obj, false);
    markInvoicePaid(invoice, intent);
    return true;
  }

  const defaultMethodOf = (customerId: string) =>
    ((customers.get(customerId)?.invoice_settings as { default_payment_method: string | null } | undefined)
      ?.default_payment_method ?? null) as string | null;

  function setStatus(sub: Obj, status: string) {
    sub.status = status;
    if (status === 'canceled') {
      sub.ended_at = now();
      sub.canceled_at ??= now();
      emit('customer.subscription.deleted', sub);
    } else emit('customer.subscription.updated', sub);
  }

  /** Stripe Billing's work when time passes: period ends, renewals, retries. */
  function runBilling() {
    for (const sub of subscriptions.values()) {
      for (;;) {
        const item = itemOf(sub);
        const status = sub.status as string;
        if (status === 'past_due') {
          const invoice = invoices.get(sub.latest_invoice as string)!;
          const at = invoice.next_payment_attempt as number | null;
          if (at === null || at > now()) break;
          if (collect(sub, invoice)) setStatus(sub, 'active');
          else if (invoice.next_payment_attempt === null) {
            invoice.status = 'uncollectible';
            setStatus(sub, 'canceled');
            break;
          }
          continue;
        }
        if (status !== 'active' && status !== 'trialing') break;
        const end = item.current_period_end as number;
        if (end > now()) break;
        if (sub.cancel_at_period_end) {
          sub.ended_at = end;
          sub.canceled_at = end;
          sub.status = 'canceled';
          emit('customer.subscription.deleted', sub);
          break;
        }
        const price = priceOf(sub);
        item.current_period_start = end;
        item.current_period_end = addInterval(end, price);
        if (status === 'trialing') sub.trial_end = end;
        const invoice = newInvoice(sub, price.unit_amount as number, 'subscription_cycle', {
          start: end,
          end: item.current_period_end as number,
        });
        sub.latest_invoice = invoice.id;
        setStatus(sub, collect(sub, invoice) ? 'active' : 'past_due');
      }
    }
  }

  function createSubscription(body: FormObject): Obj {
    const customer = get(customers, 'customer', str(body.customer) ?? '');
    const itemParam = obj(list(body.items)[0] as FormValue | undefined);
    const price = get(prices, 'price', str(itemParam?.price) ?? '');
    if (str(body.payment_behavior) !== 'default_incomplete') {
      throw invalid('This test server models payment_behavior=default_incomplete only.');
    }
    const trialEnd = str(body.trial_end) ? Number(str(body.trial_end)) : null;
    if (trialEnd !== null && trialEnd <= now()) throw invalid('Invalid timestamp: must be in the future');
    const start = now();
    const end = trialEnd ?? addInterval(start, price);
    const metadata = Object.fromEntries(
      Object.entries(obj(body.metadata) ?? {}).filter(([, v]) => typeof v === 'string'),
    );
    const sub: Obj = {
      id: newId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'incomplete',
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      default_payment_method: null,
      pending_setup_intent: null,
      latest_invoice: null,
      metadata,
      created: start,
      billing_cycle_anchor: end,
    };
    subscriptions.set(sub.id, sub);
    const invoice = newInvoice(sub, trialEnd ? 0 : (price.unit_amount as number), 'subscription_create', {
      start,
      end,
    });
    sub.latest_invoice = invoice.id;
    if (trialEnd) {
      markInvoicePaid(invoice, null);
      sub.pending_setup_intent = createSetupIntent(
        { customer: customer.id, usage: 'off_session' },
        sub.id,
      ).id;
    } else {
      intentForInvoice(invoice);
    }
    emit('customer.subscription.created', sub);
    return sub;
  }

  function createSetupIntent(body: FormObject, forSubscription?: string): Obj {
    const id = newId('seti');
    const seti: Obj = {
      id,
      object: 'setup_intent',
      customer: str(body.customer) ?? null,
      status: 'requires_payment_method',
      usage: str(body.usage) ?? 'off_session',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      payment_method: null,
      metadata: obj(body.metadata) ?? {},
      created: now(),
    };
    if (forSubscription) seti.subscription = forSubscription;
    setupIntents.set(id, seti);
    return seti;
  }

  function confirmSetupIntent(seti: Obj, body: FormObject) {
    if (seti.status === 'succeeded')
      throw invalid('This SetupIntent has already succeeded.', { code: 'setup_intent_unexpected_state' });
    const pm = str(body.payment_method);
    if (!pm || !CARDS[pm]) throw invalid('Missing or unknown payment_method.', { param: 'payment_method' });
    seti.status = 'succeeded';
    seti.payment_method = pm;
    emit('setup_intent.succeeded', seti);
    const subId = seti.subscription as string | undefined;
    if (subId) {
      const sub = get(subscriptions, 'subscription', subId);
      sub.default_payment_method = pm;
      sub.pending_setup_intent = null;
      emit('customer.subscription.updated', sub);
    }
    return seti;
  }

  /** The invoice for moving `sub` to `price` now: the unused part of this period is credited. */
  function prorate(sub: Obj, price: Obj, at: number) {
    const item = itemOf(sub);
    const old = priceOf(sub);
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    const unused = sub.status === 'trialing' ? 0 : Math.max(0, end - at) / Math.max(1, end - start);
    const credit = Math.round((old.unit_amount as number) * unused);
    const charge = sub.status === 'trialing' ? 0 : (price.unit_amount as number);
    return {
      amount: Math.max(0, charge - credit),
      lines: [
        { amount: -credit, description: `Unused time on ${old.nickname ?? old.id}`, proration: true },
        { amount: charge, description: `${price.nickname ?? price.id}`, proration: false },
      ],
    };
  }

  function updateSubscription(sub: Obj, body: FormObject): Obj {
    if (sub.status === 'canceled')
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    if (str(body.cancel_at_period_end) !== undefined)
      sub.cancel_at_period_end = str(body.cancel_at_period_end) === 'true';
    const pm = str(body.default_payment_method);
    if (pm) {
      paymentMethod(pm);
      sub.default_payment_method = pm;
    }
    const itemParam = obj(list(body.items)[0] as FormValue | undefined);
    if (itemParam && str(itemParam.price)) {
      const price = get(prices, 'price', str(itemParam.price)!);
      const item = itemOf(sub);
      if (str(itemParam.id) !== item.id)
        throw invalid('The subscription item does not belong to this subscription.');
      const at = Number(str(body.proration_date) ?? now());
      const { amount } = prorate(sub, price, at);
      if (sub.status === 'trialing') {
        item.price = price;
      } else {
        const start = now();
        const end = addInterval(start, price);
        const declines =
          failing.has(sub.customer as string) || CARDS[String(sub.default_payment_method)]?.declines;
        if (declines && str(body.payment_behavior) === 'error_if_incomplete') {
          throw new FakeApiError(402, 'card_error', 'Your card was declined.', { code: 'card_declined' });
        }
        item.price = price;
        item.current_period_start = start;
        item.current_period_end = end;
        sub.billing_cycle_anchor = start;
        const invoice = newInvoice(sub, amount, 'subscription_update', { start, end });
        sub.latest_invoice = invoice.id;
        if (amount > 0) collect(sub, invoice);
        else markInvoicePaid(invoice, null);
      }
    }
    emit('customer.subscription.updated', sub);
    return sub;
  }

  function refund(body: FormObject): Obj {
    const piId = str(body.payment_intent);
    const charge = piId
      ? [...charges.values()].find((c) => c.payment_intent === piId)
      : charges.get(str(body.charge) ?? '');
    if (!charge) throw notFound('charge', piId ?? str(body.charge) ?? '');
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = str(body.amount) ? Number(str(body.amount)) : left;
    if (!(amount > 0 && amount <= left))
      throw invalid('Refund amount is greater than unrefunded amount on charge', { param: 'amount' });
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refundObject: Obj = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      metadata: obj(body.metadata) ?? {},
      created: now(),
    };
    emit('charge.refunded', charge);
    return refundObject;
  }

  function expand(object: Obj, paths: string[]): Obj {
    const out: Obj = structuredClone(object);
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (head === 'latest_invoice' && typeof out.latest_invoice === 'string') {
        out.latest_invoice = expand(
          get(invoices, 'invoice', out.latest_invoice),
          rest.length ? [rest.join('.')] : [],
        );
      } else if (head === 'pending_setup_intent' && typeof out.pending_setup_intent === 'string') {
        out.pending_setup_intent = structuredClone(
          get(setupIntents, 'setup_intent', out.pending_setup_intent),
        );
      } else if (head === 'default_payment_method' && typeof out.default_payment_method === 'string') {
        out.default_payment_method = paymentMethod(out.default_payment_method);
      } else if (head === 'invoice_settings' && rest[0] === 'default_payment_method') {
        const settings = out.invoice_settings as { default_payment_method: unknown };
        if (typeof settings.default_payment_method === 'string') {
          settings.default_payment_method = paymentMethod(settings.default_payment_method);
        }
      } else if (head === 'latest_charge' && typeof out.latest_charge === 'string') {
        out.latest_charge = structuredClone(get(charges, 'charge', out.latest_charge));
      }
    }
    return out;
  }

  const expansions = (body: FormObject) =>
    list(body.expand).filter((v): v is string => typeof v === 'string');
  const page = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  /**
   * One page of a list the way Stripe pages it: newest first, `created[gte|gt|lte|lt]` (or an exact
   * `created`), `limit` (default 10, at most 100) and `starting_after` (the last object of the page before).
   */
  function listPage(oldestFirst: Obj[], body: FormObject, url: string) {
    const created = body.created;
    const range = obj(created) ?? {};
    const bound = (key: string) => (str(range[key]) === undefined ? undefined : Number(str(range[key])));
    const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
    const exact = str(created) === undefined ? undefined : Number(str(created));
    const inRange = (o: Obj) => {
      const at = o.created as number;
      return (
        (exact === undefined || at === exact) &&
        (gte === undefined || at >= gte) &&
        (gt === undefined || at > gt) &&
        (lte === undefined || at <= lte) &&
        (lt === undefined || at < lt)
      );
    };
    let data = oldestFirst.filter(inRange).reverse();
    const after = str(body.starting_after);
    if (after) {
      const at = data.findIndex((o) => o.id === after);
      if (at < 0) throw invalid(`No such object: '${after}'`, { param: 'starting_after' });
      data = data.slice(at + 1);
    }
    const limit = str(body.limit) === undefined ? 10 : Number(str(body.limit));
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw invalid('Invalid integer: limit must be between 1 and 100', { param: 'limit' });
    return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url };
  }

  /** Answers a billing request, or undefined when the path is not one of billing's. */
  function route(method: string, path: string, body: FormObject): unknown {
    const [, , kind, id, action] = path.split('/') as [string, string, string, string?, string?];
    const ex = expansions(body);
    // Named actions on a collection (not an object id).
    const named = id === 'create_preview' ? `/${id}` : id ? '/:id' : '';
    switch (`${method} ${kind}${named}${action ? `/${action}` : ''}`) {
      case 'GET events': {
        const types = list(body.types).filter((v): v is string => typeof v === 'string');
        return listPage(
          types.length ? log.filter((e) => types.includes(e.type as string)) : log,
          body,
          '/v1/events',
        );
      }
      case 'POST customers': {
        const customer: Obj = {
          id: newId('cus'),
          object: 'customer',
          email: str(body.email) ?? null,
          metadata: obj(body.metadata) ?? {},
          invoice_settings: { default_payment_method: null },
          created: now(),
        };
        customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers/:id':
        return expand(get(customers, 'customer', id!), ex);
      case 'POST customers/:id': {
        const customer = get(customers, 'customer', id!);
        const pm = str(obj(body.invoice_settings)?.default_payment_method);
        if (pm) {
          paymentMethod(pm);
          customer.invoice_settings = { default_payment_method: pm };
        }
        return customer;
      }
      case 'GET payment_methods/:id':
        return paymentMethod(id!);
      case 'GET prices': {
        const keys = list(body.lookup_keys);
        return page(
          [...prices.values()].filter((p) => keys.includes(p.lookup_key as string)),
          '/v1/prices',
        );
      }
      case 'POST prices': {
        const recurring = obj(body.recurring);
        const price: Obj = {
          id: newId('price'),
          object: 'price',
          active: true,
          currency: str(body.currency) ?? 'usd',
          unit_amount: Number(str(body.unit_amount)),
          recurring: { interval: str(recurring?.interval) ?? 'month', interval_count: 1 },
          lookup_key: str(body.lookup_key) ?? null,
          nickname: str(body.nickname) ?? null,
          product: newId('prod'),
          type: 'recurring',
        };
        prices.set(price.id, price);
        return price;
      }
      case 'POST subscriptions':
        return expand(createSubscription(body), ex);
      case 'GET subscriptions/:id':
        return expand(get(subscriptions, 'subscription', id!), ex);
      case 'POST subscriptions/:id':
        return expand(updateSubscription(get(subscriptions, 'subscription', id!), body), ex);
      case 'DELETE subscriptions/:id': {
        const sub = get(subscriptions, 'subscription', id!);
        setStatus(sub, 'canceled');
        return sub;
      }
      case 'GET invoices/:id':
        return expand(get(invoices, 'invoice', id!), ex);
      case 'GET invoices':
        return page(
          [...invoices.values()].filter((i) => i.customer === str(body.customer)).reverse(),
          '/v1/invoices',
        );
      case 'POST invoices/create_preview': {
        const sub = get(subscriptions, 'subscription', str(body.subscription) ?? '');
        const details = obj(body.subscription_details);
        const itemParam = obj(list(details?.items)[0] as FormValue | undefined);
        const price = get(prices, 'price', str(itemParam?.price) ?? '');
        const at = Number(str(details?.proration_date) ?? now());
        const { amount, lines } = prorate(sub, price, at);
        return {
          id: null,
          object: 'invoice',
          customer: sub.customer,
          amount_due: amount,
          currency: 'usd',
          lines: { object: 'list', data: lines },
        };
      }
      case 'GET invoice_payments': {
        const pi = str(obj(body.payment)?.payment_intent);
        const found = [...invoices.values()].flatMap((i) =>
          (i.payments as { data: Obj[] }).data.filter(
            (p) => (p.payment as { payment_intent: string }).payment_intent === pi,
          ),
        );
        return page(found, '/v1/invoice_payments');
      }
      case 'GET charges/:id':
        return get(charges, 'charge', id!);
      case 'GET disputes/:id':
        return get(disputes, 'dispute', id!);
      case 'POST refunds':
        return refund(body);
      case 'POST setup_intents':
        return createSetupIntent(body);
      case 'GET setup_intents/:id':
        return get(setupIntents, 'setup_intent', id!);
      case 'POST setup_intents/:id/confirm':
        return confirmSetupIntent(get(setupIntents, 'setup_intent', id!), body);
      default:
        return undefined;
    }
  }

  return {
    route,
    /** Whether a SetupIntent confirmation may use this client_secret (Stripe.js with a publishable key). */
    setupClientSecret: (id: string) => setupIntents.get(id)?.client_secret as string | undefined,
    /** A PaymentIntent as GET /v1/payment_intents/:id answers it, with `expand[]=latest_charge`. */
    expandIntent<T extends IntentLike>(
      intent: T,
      body: FormObject,
    ): T | (Omit<T, 'latest_charge'> & { latest_charge: Obj }) {
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge || !expansions(body).includes('latest_charge')) return intent;
      return { ...intent, latest_charge: structuredClone(charge) };
    },
    /** The main server's hook: a PaymentIntent succeeded (a card confirmed it). */
    onIntentSucceeded(intent: IntentLike) {
      emit('payment_intent.succeeded', intent as unknown as Obj, false);
      const invoiceId = invoiceOfIntent.get(intent.id);
      if (!invoiceId) {
        chargeFor(intent);
        return;
      }
      const invoice = get(invoices, 'invoice', invoiceId);
      markInvoicePaid(invoice, intent);
      const sub = get(
        subscriptions,
        'subscription',
        (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
          .subscription,
      );
      if (sub.latest_invoice === invoice.id && (sub.status === 'incomplete' || sub.status === 'past_due')) {
        if (intent.payment_method && CARDS[intent.payment_method])
          sub.default_payment_method = intent.payment_method;
        setStatus(sub, 'active');
      }
    },
    now: currentMs,
    /**
     * Forgets every billing object but the prices (made once, under an idempotency key), and every
     * event, and sets the test clock to `ms` (a test's start).
     */
    reset(ms: number) {
      for (const map of [customers, subscriptions, invoices, charges, setupIntents, disputes]) map.clear();
      invoiceOfIntent.clear();
      failing.clear();
      events.length = 0;
      log.length = 0;
      nowMs = ms;
    },
    /** Moves the test clock forward to `ms` and runs what Stripe Billing would have run meanwhile. */
    advanceTo(ms: number) {
      nowMs = Math.max(currentMs(), ms);
      runBilling();
    },
    /** Every later charge to this customer fails (until `failPayments(id, false)`). */
    failPayments(customerId: string, fail = true) {
      if (fail) failing.add(customerId);
      else failing.delete(customerId);
    },
    /** The customer disputes the charge of this PaymentIntent. */
    dispute(paymentIntentId: string): Obj {
      const charge = [...charges.values()].find((c) => c.payment_intent === paymentIntentId);
      if (!charge) throw notFound('charge', paymentIntentId);
      charge.disputed = true;
      const dispute: Obj = {
        id: newId('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: paymentIntentId,
        currency: charge.currency,
        status: 'needs_response',
        reason: 'fraudulent',
        created: now(),
      };
      disputes.set(dispute.id, dispute);
      emit('charge.dispute.created', dispute);
      return dispute;
    },
    /** The dispute of this PaymentIntent's charge is decided: won gives the money back to us. */
    closeDispute(paymentIntentId: string, status: 'won' | 'lost'): Obj {
      const dispute = [...disputes.values()].find((d) => d.payment_intent === paymentIntentId);
      if (!dispute) throw notFound('dispute', paymentIntentId);
      dispute.status = status;
      emit('charge.dispute.closed', dispute);
      return dispute;
    },
    subscription: (id: string) => subscriptions.get(id),
    invoice: (id: string) => invoices.get(id),
    /** Every invoice, oldest first (the premium model test reads what was paid for). */
    allInvoices: () => [...invoices.values()],
    /** Every charge, oldest first. */
    allCharges: () => [...charges.values()],
    /** The charge of a PaymentIntent, if it was charged. */
    chargeOf: (paymentIntentId: string) =>
      [...charges.values()].find((c) => c.payment_intent === paymentIntentId),
    /** The dispute of a PaymentIntent's charge, if any. */
    disputeOf: (paymentIntentId: string) =>
      [...disputes.values()].find((d) => d.payment_intent === paymentIntentId),
    customer: (id: string) => customers.get(id),
    /** The events recorded since the last call, oldest first. */
    takeEvents(): Obj[] {
      return events.splice(0, events.length);
    },
  };
}

export type BillingFake = ReturnType<typeof createBillingFake>;
