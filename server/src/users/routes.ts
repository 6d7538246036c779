import { Router } from 'express';
import { userOperations as op } from '@newsroom/common/api/accounts';
import type { RouteContext } from '../context.js';
import { Invalid } from '../errors.js';
import { serve } from '../http/operation.js';

/** Profiles (the user named by email; admins may read others) and the admin's user management. */
export function usersRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { users } = ctx.services;
  const { requireUser, requireAdmin, requireSelf } = ctx.guards;

  serve(
    router,
    op.getProfile,
    requireUser,
    requireSelf('params', { adminMayRead: true }),
    async ({ params }, _req, res) => {
      res.json(await users.profile(params.email));
    },
  );

  serve(
    router,
    op.updateProfile,
    requireUser,
    requireSelf('params'),
    ctx.limits.edits,
    async ({ params: { email }, body }, _req, res) => {
      if (body.email !== undefined && body.email !== email) {
        throw new Invalid('Email is read-only', [{ path: 'email', message: 'Email cannot be changed' }]);
      }
      res.json(await users.updateProfile(email, body));
    },
  );

  serve(router, op.listUsers, requireAdmin, async ({ query: { page, limit } }, _req, res) => {
    res.json(await users.list(page, limit));
  });

  serve(router, op.makeAdmin, requireAdmin, async ({ params: { id } }, _req, res) => {
    const { modified } = await users.makeAdmin(id);
    res.json({
      message: modified ? 'Changed to admin' : 'Already an admin',
      modifiedCount: modified ? 1 : 0,
    });
  });

  // Admins give and take back the editor role (docs/roles.md); editors themselves may not.
  for (const [operation, editor] of [
    [op.makeEditor, true],
    [op.removeEditor, false],
  ] as const) {
    serve(router, operation, requireAdmin, async ({ params: { id } }, _req, res) => {
      const { modified } = await users.setEditor(id, editor);
      const done = editor ? 'Changed to editor' : 'No longer an editor';
      const already = editor ? 'Already an editor' : 'Not an editor';
      res.json({ message: modified ? done : already, modifiedCount: modified ? 1 : 0 });
    });
  }

  return router;
}
