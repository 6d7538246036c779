import { Router } from 'express';
import type { RouteContext } from '../context.js';
import { Invalid } from '../errors.js';
import { emailSchema, idParamSchema, pageQuerySchema, profileUpdateSchema } from '@newsroom/common';
import { parseInput } from '../http/input.js';

/** Profiles (the user named by email; admins may read others) and the admin's user management. */
export function usersRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { users } = ctx.services;
  const { requireUser, requireAdmin, requireSelf } = ctx.guards;
  const emailParam = (raw: unknown) => parseInput(emailSchema, raw, 'Invalid email');

  router.get(
    '/users/:email',
    requireUser,
    requireSelf('params', { adminMayRead: true }),
    async (req, res) => {
      res.json(await users.profile(emailParam(req.params.email)));
    },
  );

  router.patch('/users/:email', requireUser, requireSelf('params'), ctx.limits.edits, async (req, res) => {
    const email = emailParam(req.params.email);
    const input = parseInput(profileUpdateSchema, req.body);
    if (input.email !== undefined && input.email !== email) {
      throw new Invalid('Email is read-only', [{ path: 'email', message: 'Email cannot be changed' }]);
    }
    res.json(await users.updateProfile(email, input));
  });

  router.get('/all-users', requireAdmin, async (req, res) => {
    const { page, limit } = parseInput(pageQuerySchema, req.query);
    res.json(await users.list(page, limit));
  });

  router.patch('/make-admin/:id', requireAdmin, async (req, res) => {
    const { id } = parseInput(idParamSchema, req.params, 'Malformed id');
    const { modified } = await users.makeAdmin(id);
    res.json({
      message: modified ? 'Changed to admin' : 'Already an admin',
      modifiedCount: modified ? 1 : 0,
    });
  });

  // Admins give and take back the editor role (docs/roles.md); editors themselves may not.
  for (const [path, editor] of [
    ['/make-editor/:id', true],
    ['/remove-editor/:id', false],
  ] as const) {
    router.patch(path, requireAdmin, async (req, res) => {
      const { id } = parseInput(idParamSchema, req.params, 'Malformed id');
      const { modified } = await users.setEditor(id, editor);
      const done = editor ? 'Changed to editor' : 'No longer an editor';
      const already = editor ? 'Already an editor' : 'Not an editor';
      res.json({ message: modified ? done : already, modifiedCount: modified ? 1 : 0 });
    });
  }

  return router;
}
