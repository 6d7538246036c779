/** The abuse limits read from the environment (the bench and browser tests raise them). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, RATE_LIMIT_DEFAULTS } from './config.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/newsroom-limits-config', JWT_SECRET: 'x'.repeat(48) };

describe('rate limit variables', () => {
  it('default to 10 intents an hour, 60 views, 30 edits and 120 draft saves a minute, 5 comments a minute and 50 a day, 100 anonymous uploads a day, 120 uncached public reads a minute, and 30 Stripe-calling requests a minute per user (120 per IP)', () => {
    expect(RATE_LIMIT_DEFAULTS).toEqual({
      paymentIntents: { windowMs: 3_600_000, max: 10 },
      viewCounts: { windowMs: 60_000, max: 60 },
      edits: { windowMs: 60_000, max: 30 },
      draftSaves: { windowMs: 60_000, max: 120 },
      comments: { windowMs: 60_000, max: 5 },
      commentsDaily: { windowMs: 86_400_000, max: 50 },
      uploadsAnonymousDaily: { windowMs: 86_400_000, max: 100 },
      publicReads: { windowMs: 60_000, max: 120 },
      stripeUser: { windowMs: 60_000, max: 30 },
      stripeIp: { windowMs: 60_000, max: 120 },
    });
    for (const env of [base, { ...base, VIEW_RATE_LIMIT_MAX: '', PAYMENT_INTENT_RATE_LIMIT_MAX: ' ' }]) {
      expect(loadConfig(env).rateLimits).toMatchObject(RATE_LIMIT_DEFAULTS);
    }
  });

  it('take the maximum from PAYMENT_INTENT_RATE_LIMIT_MAX, VIEW_RATE_LIMIT_MAX, EDIT_RATE_LIMIT_MAX, DRAFT_SAVE_RATE_LIMIT_MAX, COMMENT_*_RATE_LIMIT_MAX, UPLOAD_ANON_DAILY_MAX and the STRIPE_*_RATE_LIMIT_MAX', () => {
    const { rateLimits } = loadConfig({
      ...base,
      PAYMENT_INTENT_RATE_LIMIT_MAX: '3',
      VIEW_RATE_LIMIT_MAX: '1000000',
      EDIT_RATE_LIMIT_MAX: '4',
      DRAFT_SAVE_RATE_LIMIT_MAX: '6',
      COMMENT_RATE_LIMIT_MAX: '1000000',
      COMMENT_DAILY_RATE_LIMIT_MAX: '2000000',
      UPLOAD_ANON_DAILY_MAX: '7',
      STRIPE_USER_RATE_LIMIT_MAX: '5',
      STRIPE_IP_RATE_LIMIT_MAX: '9',
    });
    expect(rateLimits).toMatchObject({
      paymentIntents: { windowMs: 3_600_000, max: 3 },
      viewCounts: { windowMs: 60_000, max: 1_000_000 },
      edits: { windowMs: 60_000, max: 4 },
      draftSaves: { windowMs: 60_000, max: 6 },
      comments: { windowMs: 60_000, max: 1_000_000 },
      commentsDaily: { windowMs: 86_400_000, max: 2_000_000 },
      uploadsAnonymousDaily: { windowMs: 86_400_000, max: 7 },
      stripeUser: { windowMs: 60_000, max: 5 },
      stripeIp: { windowMs: 60_000, max: 9 },
    });
  });

  it('refuses a value that is not a positive whole number, naming the variable', () => {
    for (const name of [
      'PAYMENT_INTENT_RATE_LIMIT_MAX',
      'VIEW_RATE_LIMIT_MAX',
      'EDIT_RATE_LIMIT_MAX',
      'COMMENT_RATE_LIMIT_MAX',
      'COMMENT_DAILY_RATE_LIMIT_MAX',
      'UPLOAD_ANON_DAILY_MAX',
      'STRIPE_USER_RATE_LIMIT_MAX',
      'STRIPE_IP_RATE_LIMIT_MAX',
    ]) {
      for (const bad of ['0', '-1', '2.5', 'lots']) {
        expect(() => loadConfig({ ...base, [name]: bad }), `${name}=${bad}`).toThrow(ConfigError);
        expect(() => loadConfig({ ...base, [name]: bad }), `${name}=${bad}`).toThrow(name);
      }
    }
  });
});
