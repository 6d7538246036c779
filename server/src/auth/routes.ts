import { Router, type Request, type Response } from 'express';
import type { RouteContext } from '../context.js';
import { Forbidden, Unauthorized } from '../errors.js';
import { emailBodySchema, emailQuerySchema, registerBodySchema } from '@newsroom/common';
import { parseInput, requiredBody } from '../http/input.js';
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

  router.post('/jwt', limited, async (req, res) => {
    const identity = await firebaseIdentity(req);
    const { email } = parseInput(emailBodySchema, req.body);
    if (email !== identity.email) throw new Forbidden('Email does not match the signed-in account');
    const user = await users.signIn(identity);
    const claims = { uid: identity.uid, email: user.email };
    res.json({
      token: signSession(ctx.config.jwtSecret, claims, { ttlSeconds: ctx.config.sessionTtlSeconds }),
    });
  });

  router.post('/users', limited, async (req, res) => {
    const { email } = parseInput(emailBodySchema, req.body);
    const free = await users.isEmailFree(email);
    res.json({ message: free ? 'Email is available' : null });
  });

  const register = (provider: 'password' | 'google') =>
    async function registerUser(req: Request, res: Response) {
      const identity = await firebaseIdentity(req);
      const body = parseInput(registerBodySchema, requiredBody(req));
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
  router.post('/users/new', limited, register('password'));
  router.post('/users/new/google', limited, register('google'));

  const emailQuery = (req: Request) => parseInput(emailQuerySchema, req.query).email;
  /** ?email= of the caller (admins may ask about others); a malformed query is a 400 before any 403. */
  const selfOrAdminByQuery = [
    requireUser,
    (req: Request, _res: Response, next: () => void) => {
      emailQuery(req);
      next();
    },
    requireSelf('query', { adminMayRead: true }),
  ];

  router.get('/check/isAdmin', ...selfOrAdminByQuery, async (req, res) => {
    res.json({ isAdmin: await users.isAdmin(emailQuery(req)) });
  });

  router.get('/isPremium', ...selfOrAdminByQuery, async (req, res) => {
    res.json(await users.isPremium(emailQuery(req)));
  });

  router.patch('/remove/subscription', requireUser, async (req, res) => {
    const { email } = parseInput(emailBodySchema, req.body);
    if (email !== req.auth?.email) throw new Forbidden('Forbidden access');
    const removed = await users.removeExpiredSubscription(email);
    res.json({
      message: removed ? 'Expired subscription removed' : 'Nothing to remove',
      modifiedCount: removed ? 1 : 0,
    });
  });

  return router;
}
