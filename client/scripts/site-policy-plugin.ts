import type { Plugin } from 'vite';
import { wantsAuthEmulator } from '../src/lib/auth-emulator-flag.ts';

/** What the site's Content-Security-Policy allows besides the site itself (server/src/site/policy.ts). */
export interface SitePolicy {
  connect: string[];
  script: string[];
  frame: string[];
  img: string[];
}

const origin = (url: string) => new URL(url).origin;

/**
 * The origins a build's pages use, from the same VITE_* settings as src/lib/env.ts: its API (calls,
 * uploaded images), the Auth emulator or Firebase's hosts, and Stripe's when payments are on.
 */
export function sitePolicy(env: Record<string, string | undefined>, production: boolean): SitePolicy {
  const api = origin(env.VITE_API_URL || 'http://localhost:5000');
  const policy: SitePolicy = { connect: [api], script: [], frame: [], img: [api] };
  if (wantsAuthEmulator(env.VITE_USE_AUTH_EMULATOR, production)) {
    const emulator = origin(env.VITE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099');
    policy.connect.push(emulator);
    policy.frame.push(emulator);
  } else {
    // Firebase Auth's REST hosts; Google sign-in's helper script and its frame on the auth domain.
    policy.connect.push(
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    );
    policy.script.push('https://apis.google.com');
    policy.frame.push(`https://${env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-newsroom.firebaseapp.com'}`);
  }
  if (env.VITE_STRIPE_PUBLISHABLE_KEY) {
    // What Stripe.js needs (its documented CSP): its script, its frames, its API.
    policy.script.push('https://js.stripe.com');
    policy.frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    policy.connect.push('https://api.stripe.com');
  }
  return policy;
}

/** Writes the build's site policy to <outDir>/.vite/site-policy.json for the site server. */
export function sitePolicyPlugin(): Plugin {
  let policy: SitePolicy | null = null;
  return {
    name: 'newsroom-site-policy',
    apply: 'build',
    configResolved(config) {
      policy = sitePolicy(config.env as Record<string, string | undefined>, config.isProduction);
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/site-policy.json',
        source: `${JSON.stringify(policy, null, 2)}\n`,
      });
    },
  };
}
