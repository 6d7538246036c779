import { Router } from 'express';
import jwt from 'jsonwebtoken';
import { bearerToken, verifySession } from '../auth/tokens.js';
import type { RouteContext } from '../context.js';
import { Unauthorized } from '../errors.js';
import { serve } from '../http/operation.js';
import { isAdmin, isPremium } from '../users/types.js';
import { liveOperations as op } from '@newsroom/common/api/platform';
import type { EventStreams } from './streams.js';
import type { Viewer } from './types.js';

/** When a verified token expires, in ms (null when it carries no exp). */
function expiryOf(token: string): number | null {
  const payload = jwt.decode(token);
  return payload && typeof payload === 'object' && typeof payload.exp === 'number'
    ? payload.exp * 1000
    : null;
}

/**
 * GET /events: a Server-Sent Events stream. Anonymous streams get the public events; with our JWT
 * (`Authorization: Bearer` or `?token=`) the user's own events too, and admins the moderation ones.
 * A bad token answers 401 JSON before any stream starts. Mounted ahead of the limiters and
 * compression: it is one long request that must reach the browser as each event is written.
 */
export function eventRoutes(ctx: RouteContext, streams: EventStreams): Router {
  const router = Router();
  const { users } = ctx.services;

  serve(router, op.events, async ({ query }, req, res) => {
    const token = query.token ?? bearerToken(req.header('authorization'));
    let viewer: Viewer = { email: null, admin: false };
    let expiresAt: number | null = null;
    if (token) {
      const claims = verifySession(ctx.config.jwtSecret, token);
      const user = await users.findByEmail(claims.email);
      if (!user) throw new Unauthorized('Account not found');
      // As every guard: a session of the account the record belonged to before is over.
      if (user.uid !== claims.uid) throw new Unauthorized('This session belongs to another account');
      viewer = {
        email: user.email,
        admin: isAdmin(user),
        editor: user.editor === true,
        premium: isPremium(user, ctx.clock.now()),
      };
      expiresAt = expiryOf(token);
    }
    const header = req.header('last-event-id');
    const lastEventId = header && header.length <= 64 ? header : query.lastEventId;
    streams.open(req, res, viewer, { lastEventId, expiresAt });
  });

  return router;
}
