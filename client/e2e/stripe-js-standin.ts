/**
 * A stand-in for Stripe.js, served at the network layer of the browser test only
 * (page.route('https://js.stripe.com/**')): js.stripe.com is unreachable here. It implements the
 * tiny subset the payment page uses — Stripe(pk), elements(), create('card'), mount, on('ready' |
 * 'change'), off, update, destroy, confirmCardPayment, confirmCardSetup — and confirms for real against the
 * Stripe-API-compatible test server (POST /v1/payment_intents/:id/confirm with the publishable key
 * and the client secret, as Stripe.js does), so the server then sees a succeeded PaymentIntent.
 */
import type { Page } from 'playwright-core';

function standInSource(stripeApiBase: string): string {
  return `(() => {
  const API = ${JSON.stringify(stripeApiBase)};
  function createCard(options) {
    const handlers = {};
    let input = null;
    let ready = false;
    const emit = (event, payload) => (handlers[event] || []).slice().forEach((cb) => cb(payload));
    const digits = () => (input ? input.value.replace(/\\D/g, '') : '');
    const card = {
      __digits: digits,
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        input = document.createElement('input');
        input.type = 'text';
        input.inputMode = 'numeric';
        input.autocomplete = 'cc-number';
        input.placeholder = 'Card number';
        input.setAttribute('aria-label', 'Card number');
        input.style.cssText = 'all:unset;display:block;width:100%;font-size:16px;';
        input.style.color = (options && options.style && options.style.base && options.style.base.color) || 'inherit';
        input.addEventListener('input', () => {
          const n = digits();
          const complete = n.length === 16;
          const error = n.length > 16
            ? { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' }
            : undefined;
          emit('change', { elementType: 'card', empty: n.length === 0, complete, error, brand: n.startsWith('4') ? 'visa' : 'unknown', value: {} });
        });
        node.appendChild(input);
        // Stripe's iframe takes a moment to load; 'ready' comes asynchronously.
        setTimeout(() => { ready = true; emit('ready', card); }, 100);
      },
      on(event, cb) {
        (handlers[event] = handlers[event] || []).push(cb);
        if (event === 'ready' && ready) setTimeout(() => cb(card));
        return card;
      },
      off(event, cb) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== cb);
        return card;
      },
      update(opts) {
        const color = opts && opts.style && opts.style.base && opts.style.base.color;
        if (input && color) input.style.color = color;
      },
      focus() { if (input) input.focus(); },
      blur() { if (input) input.blur(); },
      clear() { if (input) input.value = ''; },
      unmount() { if (input) input.remove(); input = null; },
      destroy() { card.unmount(); },
    };
    return card;
  }

  function Stripe(key) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('Invalid publishable key: ' + key);
    let card = null;
    const elements = {
      create(type, options) {
        if (type !== 'card') throw new Error('The Stripe.js stand-in supports only the card element');
        card = createCard(options);
        return card;
      },
      // Accepts 'card' or the React component (react-stripe-js tags it with __elementType).
      getElement(type) {
        const name = typeof type === 'string' ? type : type && type.__elementType;
        return name === 'card' ? card : null;
      },
      update() {},
    };
    const unsupported = async () => ({ error: { type: 'invalid_request_error', message: 'Not supported by the stand-in' } });
    return {
      elements: () => elements,
      createToken: unsupported,
      createPaymentMethod: unsupported,
      registerAppInfo() {},
      _registerWrapper() {},
      async confirmCardPayment(clientSecret, data) {
        const used = data && data.payment_method && data.payment_method.card;
        const number = used && used.__digits ? used.__digits() : '';
        if (number.length !== 16) {
          return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        }
        const id = String(clientSecret).split('_secret_')[0];
        const body = new URLSearchParams();
        body.set('key', key);
        body.set('client_secret', clientSecret);
        body.set('payment_method_data[type]', 'card');
        body.set('payment_method_data[card][number]', number);
        const billing = (data && data.payment_method && data.payment_method.billing_details) || {};
        if (billing.name) body.set('payment_method_data[billing_details][name]', billing.name);
        if (billing.email) body.set('payment_method_data[billing_details][email]', billing.email);
        const res = await fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body });
        const json = await res.json();
        return res.ok ? { paymentIntent: json } : { error: json.error };
      },
      // A SetupIntent (a subscription's trial, a card update): the test server knows Stripe's test
      // payment methods, named here by the typed card's last four digits.
      async confirmCardSetup(clientSecret, data) {
        const used = data && data.payment_method && data.payment_method.card;
        const number = used && used.__digits ? used.__digits() : '';
        if (number.length !== 16) {
          return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        }
        const byLast4 = { '4242': 'pm_card_visa', '4444': 'pm_card_mastercard', '8431': 'pm_card_amex', '0341': 'pm_card_chargeCustomerFail' };
        const id = String(clientSecret).split('_secret_')[0];
        const body = new URLSearchParams();
        body.set('key', key);
        body.set('client_secret', clientSecret);
        body.set('payment_method', byLast4[number.slice(-4)] || 'pm_card_visa');
        const res = await fetch(API + '/v1/setup_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body });
        const json = await res.json();
        return res.ok ? { setupIntent: json } : { error: json.error };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}

/** Serves the stand-in for every js.stripe.com script request of this page; counts how often it was loaded. */
export async function serveStripeJsStandIn(
  page: Page,
  stripeApiBase: string,
): Promise<{ loads: () => number }> {
  let loads = 0;
  const source = standInSource(stripeApiBase);
  await page.route('https://js.stripe.com/**', async (route) => {
    loads += 1;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: source });
  });
  return { loads: () => loads };
}
