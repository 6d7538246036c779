import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import { Forbidden, NeedPremium, Unauthorized } from '../errors.js';
import type { UserService } from '../users/service.js';
import { isAdmin, isModerator, isPremium, type User } from '../users/types.js';
import { bearerToken, verifySession, type SessionClaims } from './tokens.js';
import { createUserRecords } from './user-records.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireUser / optionalUser from our JWT. */
    auth?: SessionClaims;
    /** Set by the middlewares that load the caller's user record. */
    currentUser?: User;
  }
}

export interface Guards {
  /** 401 unless a valid session JWT is sent; sets req.auth. */
  requireUser: RequestHandler;
  /**
   * Sets req.auth when a valid session JWT is sent. A missing, stale or invalid one counts as anonymous
   * rather than a 401 (which would log a client out mid-registration, e.g. on POST /uploads).
   */
  optionalUser: RequestHandler;
  /** Like requireUser, also loads req.currentUser (401 if the account no longer exists). */
  requireUserRecord: RequestHandler;
  /** requireUserRecord + 403 unless the caller is an admin. */
  requireAdmin: RequestHandler;
  /** requireUserRecord + 403 unless the caller moderates articles: an admin or an editor (docs/roles.md). */
  requireModerator: RequestHandler;
  /** requireUserRecord + 402 needPremium unless premium (premiumEndAt in the future) or admin. */
  requirePremium: RequestHandler;
  /** 403 unless req.auth.email equals the `email` route param or query (admins pass when `adminMayRead`). */
  requireSelf(source: 'params' | 'query', options?: { adminMayRead?: boolean }): RequestHandler;
}

export interface GuardDeps {
  jwtSecret: string;
  clock: Clock;
  /** Where the caller's record is read (nothing here writes a user). */
  users: Pick<UserService, 'findByEmail'>;
  /** Called for every authenticated request (active-user tracking); must not throw or block. */
  onSeen?: (claims: SessionClaims) => void;
  /**
   * A number that changes on every write to that user's record through `store` (the answer cache's
   * version of that key of its user-records group). Without it the caller's record is read on every
   * request.
   */
  userWrites?: (email: string) => number;
}

export function createGuards(deps: GuardDeps): Guards {
  let uncached = 0;
  const records = createUserRecords({
    find: deps.users.findByEmail,
    clock: deps.clock,
    writes: deps.userWrites ?? (() => ++uncached),
  });

  const authenticate = (req: Request): SessionClaims => {
    const token = bearerToken(req.header('authorization'));
    if (!token) throw new Unauthorized('Unauthorized access');
    const claims = verifySession(deps.jwtSecret, token);
    req.auth = claims;
    deps.onSeen?.(claims);
    return claims;
  };

  /**
   * The caller's record. A session belongs to the account it was issued to: once the record has
   * moved to another account (the uid changed, users/service.ts), the old account's sessions end.
   */
  const loadUser = async (req: Request): Promise<User> => {
    const claims = req.auth ?? authenticate(req);
    const user = await records.byEmail(claims.email);
    if (!user) throw new Unauthorized('Account not found');
    if (user.uid !== claims.uid) throw new Unauthorized('This session belongs to another account');
    req.currentUser = user;
    return user;
  };

  const wrap =
    (fn: (req: Request) => Promise<void> | void): RequestHandler =>
    (req: Request, _res: Response, next: NextFunction) => {
      Promise.resolve()
        .then(() => fn(req))
        .then(() => next(), next);
    };

  return {
    // Every session is checked against its record (cached: user-records.ts), not only its signature.
    requireUser: wrap(async (req) => {
      authenticate(req);
      await loadUser(req);
    }),
    optionalUser: wrap(async (req) => {
      const token = bearerToken(req.header('authorization'));
      req.auth = undefined;
      if (!token) return;
      let claims: SessionClaims;
      try {
        claims = verifySession(deps.jwtSecret, token);
      } catch {
        return; // anonymous: see Guards.optionalUser
      }
      // A session of an account the record no longer belongs to is anonymous too.
      const user = await records.byEmail(claims.email);
      if (user && user.uid !== claims.uid) return;
      req.auth = claims;
    }),
    requireUserRecord: wrap(async (req) => {
      await loadUser(req);
    }),
    requireAdmin: wrap(async (req) => {
      const user = await loadUser(req);
      if (!isAdmin(user)) throw new Forbidden('Admin only');
    }),
    requireModerator: wrap(async (req) => {
      const user = await loadUser(req);
      if (!isModerator(user)) throw new Forbidden('Admins and editors only');
    }),
    requirePremium: wrap(async (req) => {
      const user = await loadUser(req);
      if (!isAdmin(user) && !isPremium(user, deps.clock.now())) {
        throw new NeedPremium('Premium subscription required');
      }
    }),
    requireSelf: (source, options = {}) =>
      wrap(async (req) => {
        const claims = req.auth ?? authenticate(req);
        await loadUser(req);
        const raw = source === 'params' ? req.params.email : req.query.email;
        if (typeof raw !== 'string' || raw.trim() === '') throw new Forbidden('Forbidden access');
        if (raw.trim().toLowerCase() === claims.email) return;
        if (options.adminMayRead && isAdmin(req.currentUser)) return;
        throw new Forbidden('Forbidden access');
      }),
  };
}
