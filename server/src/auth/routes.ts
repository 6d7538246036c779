import { Router, type Request, type RequestHandler, type Response } from 'express';
import { authOperations as op } from '@newsroom/common/api/accounts';
import type { RouteContext } from '../context.js';
import { Forbidden, Unauthorized } from '../errors.js';
import { serve, validInput, type OperationHandler } from '../http/operation.js';
import type { Identity } from './identity.js';
import { bearerToken, signSession } from './tokens.js';

/**
 * Sign-in and registration (docs/api-contract.md "Auth contract"): POST /jwt, POST /users,
 * POST /users/new(/google), and the caller's own role checks.
 */
export function authRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { users } = ctx.services;
  const limited = ctx.limits.auth;
  const { requireUser, requireSelf } = ctx.guards;

  /** The Firebase ID token of `Authorization: Bearer`, verified (signature, expiry, revocation). */
  const firebaseIdentity = async (req: Request): Promise<Identity> => {
    const idToken = bearerToken(req.header('authorization'));
    if (!idToken) throw new Unauthorized('Missing identity token');
    return ctx.identity.verifyIdToken(idToken);
  };
  /** The caller's Firebase identity, verified before the body is parsed (a 401 comes before a 400). */
  const firebaseSignedIn: RequestHandler = async (req, res, next) => {
    res.locals.identity = await firebaseIdentity(req);
    next();
  };
  const identityOf = (res: Response) => res.locals.identity as Identity;

  serve(router, op.signIn, limited, firebaseSignedIn, async ({ body }, _req, res) => {
    const identity = identityOf(res);
    if (body.email !== identity.email) throw new Forbidden('Email does not match the signed-in account');
    const user = await users.signIn(identity);
    const claims = { uid: identity.uid, email: user.email };
    res.json({
      token: signSession(ctx.config.jwtSecret, claims, { ttlSeconds: ctx.config.sessionTtlSeconds }),
    });
  });

  serve(router, op.isEmailFree, limited, async ({ body }, _req, res) => {
    const free = await users.isEmailFree(body.email);
    res.json({ message: free ? 'Email is available' : null });
  });

  const register = (
    provider: 'password' | 'google',
  ): OperationHandler<typeof op.register | typeof op.registerGoogle> =>
    async function registerUser({ body }, _req, res) {
      const identity = identityOf(res);
      if (body.email && body.email !== identity.email) {
        throw new Forbidden('Email does not match the signed-in account');
      }
      const { user, created } = await users.register(identity, {
        name: body.name ?? (provider === 'google' ? identity.name : undefined),
        photoURL: body.photoURL || (provider === 'google' ? identity.picture : undefined),
      });
      res.status(created ? 201 : 200).json({
        message: created ? 'User created' : 'User already exists',
        insertedId: created ? user._id : null,
      });
    };
  serve(router, op.register, limited, firebaseSignedIn, register('password'));
  serve(router, op.registerGoogle, limited, firebaseSignedIn, register('google'));

  /** ?email= of the caller (admins may ask about others); a malformed query is a 400 before any 403. */
  const selfOrAdminByQuery = (operation: typeof op.isAdmin | typeof op.isPremium) => [
    requireUser,
    validInput(operation),
    requireSelf('query', { adminMayRead: true }),
  ];

  serve(router, op.isAdmin, ...selfOrAdminByQuery(op.isAdmin), async ({ query }, _req, res) => {
    res.json({ isAdmin: await users.isAdmin(query.email) });
  });

  serve(router, op.isPremium, ...selfOrAdminByQuery(op.isPremium), async ({ query }, _req, res) => {
    res.json(await users.isPremium(query.email));
  });

  serve(router, op.removeExpiredSubscription, requireUser, async ({ body }, req, res) => {
    if (body.email !== req.auth?.email) throw new Forbidden('Forbidden access');
    const removed = await users.removeExpiredSubscription(body.email);
    res.json({
      message: removed ? 'Expired subscription removed' : 'Nothing to remove',
      modifiedCount: removed ? 1 : 0,
    });
  });

  return router;
}
