/**
 * Mail preferences and history (signed in), and the signed links of mails (no session): the confirm
 * link of the digest and the one-click unsubscribe (RFC 8058). A GET of a link only shows a page
 * with one button; the POST does it, so a mail scanner that follows links changes nothing
 * (docs/decisions/email.md).
 */
import { Router, type ErrorRequestHandler, type Response } from 'express';
import { routeOf } from '@newsroom/common/api/define';
import { mailOperations as op } from '@newsroom/common/api/mail';
import type { RouteContext } from '../context.js';
import { HttpError } from '../errors.js';
import { serve } from '../http/operation.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: Response, title: string, body: string, status = 200): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Newsroom</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

const button = (action: string, token: string, label: string) =>
  `<form method="post" action="${action}?token=${escapeHtml(encodeURIComponent(token))}">` +
  `<button type="submit">${escapeHtml(label)}</button></form>`;

/**
 * A mail's link opened in a browser that cannot be followed (cut short by a mail client, forged, too
 * old, or for an address whose account is gone) answers a page saying so and what to do, not a JSON
 * error; a mail client's one-click POST (which asks for no HTML) still gets the JSON error. Mounted
 * as an error handler after the link routes, so it also answers a token the declaration refuses
 * (that 400 comes before the route's handler runs).
 */
const linkFailurePage: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof HttpError) || err.status !== 400 || req.accepts(['json', 'html']) !== 'html')
    return next(err);
  page(
    res,
    'This link does not work',
    `<p>${escapeHtml(err.message)}. It may have been cut short by your mail program, or it is from an old mail.</p>` +
      '<p>Sign in to Newsroom and open <strong>E-mail</strong> in your dashboard to choose what we send you.</p>',
    400,
  );
};

export function mailRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { mail } = ctx.services;
  const { requireUserRecord } = ctx.guards;

  serve(router, op.myMailPreferences, requireUserRecord, async (_input, req, res) => {
    res.set('Cache-Control', 'private, no-cache');
    res.json(await mail.preferences(req.currentUser!.email));
  });

  serve(
    router,
    op.saveMailPreferences,
    requireUserRecord,
    ctx.limits.mailPreferences,
    async ({ body }, req, res) => {
      const user = req.currentUser!;
      res.json(await mail.savePreferences(user.email, user.name ?? '', body));
    },
  );

  serve(router, op.myMails, requireUserRecord, async (_input, req, res) => {
    res.set('Cache-Control', 'private, no-cache');
    res.json(await mail.history(req.currentUser!.email));
  });

  /**
   * The GET of a mail's link: a page asking `question` with one button that POSTs the same link
   * (mail scanners follow links with GET: it changes nothing). A link that does not work says so.
   */
  const askPage =
    (purpose: 'confirm' | 'unsubscribe', title: string, question: string, label: string) =>
    ({ query: { token } }: { query: { token: string } }, _req: unknown, res: Response) => {
      mail.checkLink(token, purpose);
      page(res, title, `<p>${question}</p>${button(`/mail/${purpose}`, token, label)}`);
    };

  serve(
    router,
    op.confirmDigestPage,
    ctx.limits.mailLinks,
    askPage('confirm', 'Confirm your digest', 'Start the Newsroom digest at this address?', 'Confirm'),
  );

  serve(router, op.confirmDigest, ctx.limits.mailLinks, async ({ query }, _req, res) => {
    const prefs = await mail.confirm(query.token);
    page(
      res,
      'Digest confirmed',
      `<p>Your ${escapeHtml(prefs.digest)} digest is on. You can stop it from any digest in one click.</p>`,
    );
  });

  serve(
    router,
    op.unsubscribePage,
    ctx.limits.mailLinks,
    askPage('unsubscribe', 'Unsubscribe', 'Stop these mails?', 'Unsubscribe'),
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here; our page's button posts too.
  serve(router, op.unsubscribe, ctx.limits.mailLinks, async ({ query }, _req, res) => {
    const { list } = await mail.unsubscribe(query.token);
    page(
      res,
      'Unsubscribed',
      `<p>${list === 'digest' ? 'The digest is off.' : 'You will get no more notices about your articles and premium.'}</p>`,
    );
  });

  // Only the link routes' failures (their paths are no other router's).
  router.use(
    [op.confirmDigest, op.unsubscribe].map((link) => routeOf(link.route).path),
    linkFailurePage,
  );

  return router;
}
