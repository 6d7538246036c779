import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Config } from '../config.js';
import { Unauthorized } from '../errors.js';
import { httpUrl, nameSchema } from '@newsroom/common';
import { firebaseAuth } from './firebase-admin.js';

/** What a verified Firebase ID token tells us about its holder. */
export interface Identity {
  uid: string;
  email: string;
  /** The token's `email_verified`: Firebase has proof the holder owns the address. */
  emailVerified: boolean;
  /** How the holder signed in (`firebase.sign_in_provider`): 'password', 'google.com', ... */
  provider: string;
  /** The `name` claim if it passes the profile rules, else absent. */
  name?: string;
  /** The `picture` claim if it is an http(s) URL within the profile limits, else absent. */
  picture?: string;
}

export interface IdentityVerifier {
  /** Verifies a Firebase ID token (signature, expiry, revocation); throws Unauthorized otherwise. */
  verifyIdToken(idToken: string): Promise<Identity>;
}

/**
 * firebase-admin verifier. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts the
 * emulator's tokens, which are unsigned; otherwise it needs real credentials
 * (GOOGLE_APPLICATION_CREDENTIALS) for the project, and only RS256-signed tokens get that far.
 */
export function firebaseVerifier(config: Config): IdentityVerifier {
  const auth = firebaseAuth(config);
  const trustsEmulator = !!config.firebaseAuthEmulatorHost;
  return {
    async verifyIdToken(idToken) {
      // Defense in depth: whatever mode firebase-admin is in, an unsigned (alg: none) or otherwise
      // signed token never counts unless the emulator is trusted explicitly.
      if (!trustsEmulator && headerAlg(idToken) !== 'RS256') {
        throw new Unauthorized('Invalid identity token');
      }
      let decoded: DecodedIdToken;
      try {
        decoded = await auth.verifyIdToken(idToken, true);
      } catch {
        throw new Unauthorized('Invalid identity token');
      }
      if (!decoded.email) throw new Unauthorized('Token has no email');
      return toIdentity(decoded);
    },
  };
}

/** The claims we use; a name or picture that a profile update would refuse is dropped. */
export function toIdentity(decoded: DecodedIdToken): Identity {
  const name = nameSchema.safeParse(decoded.name);
  const picture = httpUrl.safeParse(decoded.picture);
  return {
    uid: decoded.uid,
    email: decoded.email!.toLowerCase(),
    emailVerified: decoded.email_verified === true,
    provider: typeof decoded.firebase?.sign_in_provider === 'string' ? decoded.firebase.sign_in_provider : '',
    ...(name.success && { name: name.data }),
    ...(picture.success && { picture: picture.data }),
  };
}

/** The `alg` of a JWT's header, or null when it is not a readable JWT. */
function headerAlg(token: string): string | null {
  try {
    const header = JSON.parse(
      Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as unknown;
    return header && typeof header === 'object' && 'alg' in header && typeof header.alg === 'string'
      ? header.alg
      : null;
  } catch {
    return null;
  }
}
