/**
 * An in-process identity provider for route tests: it issues opaque ID tokens and its verifier accepts
 * exactly those, as Firebase Auth accepts the tokens it issued. Route tests then sign users in without
 * a round trip to the Auth emulator, so their files can run side by side. What Firebase itself decides
 * (signatures, revocation, deleted or disabled accounts, Google sign-in) stays with the tests in
 * src/auth/, the seed and the OpenAPI contract and fuzz tests, which use the real emulator
 * (makeTestApp({ identity: 'firebase' })); docs/decisions/test-identity-provider.md.
 */
import { randomBytes } from 'node:crypto';
import type { Identity, IdentityVerifier } from '../auth/identity.js';
import { Unauthorized } from '../errors.js';

/** Tokens issued in this test process; a token is valid in every app made by makeTestApp. */
const issued = new Map<string, Identity>();
/** One uid per address, as Firebase keeps one account per email. */
const uids = new Map<string, string>();

/** Signs an account in (creating it on first use) and returns a fresh ID token for it. */
export function fakeSignIn(
  email: string,
  profile: { name?: string; emailVerified?: boolean; provider?: string } = {},
): { uid: string; idToken: string } {
  const address = email.toLowerCase();
  let uid = uids.get(address);
  if (!uid) {
    uid = randomBytes(14).toString('base64url');
    uids.set(address, uid);
  }
  const idToken = `fake-id-token.${randomBytes(18).toString('base64url')}`;
  issued.set(idToken, {
    uid,
    email: address,
    emailVerified: profile.emailVerified ?? false,
    provider: profile.provider ?? 'password',
    ...(profile.name && { name: profile.name }),
  });
  return { uid, idToken };
}

export const fakeIdentityVerifier: IdentityVerifier = {
  async verifyIdToken(idToken) {
    const identity = issued.get(idToken);
    if (!identity) throw new Unauthorized('Invalid identity token');
    return { ...identity };
  },
};
