/** localStorage keys of the session, in a module of their own: the first-paint code needs only these. */

/** Our session JWT. */
export const TOKEN_KEY = 'token';

/** Set while Firebase reports a signed-in user, so the next visit knows there is a sign-in to restore. */
export const SIGNED_IN_HINT_KEY = 'signed-in';
