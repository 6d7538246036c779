/**
 * Mail preferences and history (signed in), and the signed links of mails (no session): the confirm
 * link of the digest and the one-click unsubscribe (RFC 8058). A GET of a link only shows a page
 * with one button; the POST does it, so a mail scanner that follows links changes nothing
 * (docs/decisions/email.md).
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { MailPreferencesInputSchema, mailTokenQuerySchema } from '@newsroom/common';
import type { RouteContext } from '../context.js';
import { HttpError } from '../errors.js';
import { parseInput } from '../http/input.js';

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
 * error; a mail client's one-click POST (which asks for no HTML) still gets the JSON error.
 */
function linkPage(handler: (req: Request, res: Response) => void | Promise<void>): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 400 || req.accepts(['json', 'html']) !== 'html')
        throw err;
      page(
        res,
        'This link does not work',
        `<p>${escapeHtml(err.message)}. It may have been cut short by your mail program, or it is from an old mail.</p>` +
          '<p>Sign in to Newsroom and open <strong>E-mail</strong> in your dashboard to choose what we send you.</p>',
        400,
      );
    }
  };
}

export function mailRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { mail } = ctx.services;
  const { requireUserRecord } = ctx.guards;
  const tokenOf = (query: unknown) => parseInput(mailTokenQuerySchema, query, 'This link is not valid').token;

  router.get('/me/mail-preferences', requireUserRecord, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache');
    res.json(await mail.preferences(req.currentUser!.email));
  });

  router.put('/me/mail-preferences', requireUserRecord, ctx.limits.mailPreferences, async (req, res) => {
    const input = parseInput(MailPreferencesInputSchema, req.body);
    const user = req.currentUser!;
    res.json(await mail.savePreferences(user.email, user.name ?? '', input));
  });

  router.get('/me/mails', requireUserRecord, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache');
    res.json(await mail.history(req.currentUser!.email));
  });

  /**
   * The GET of a mail's link: a page asking `question` with one button that POSTs the same link
   * (mail scanners follow links with GET: it changes nothing). A link that does not work says so.
   */
  const askPage = (purpose: 'confirm' | 'unsubscribe', title: string, question: string, label: string) =>
    linkPage((req, res) => {
      const token = tokenOf(req.query);
      mail.checkLink(token, purpose);
      page(res, title, `<p>${question}</p>${button(`/mail/${purpose}`, token, label)}`);
    });

  router.get(
    '/mail/confirm',
    ctx.limits.mailLinks,
    askPage('confirm', 'Confirm your digest', 'Start the Newsroom digest at this address?', 'Confirm'),
  );

  router.post(
    '/mail/confirm',
    ctx.limits.mailLinks,
    linkPage(async (req, res) => {
      const prefs = await mail.confirm(tokenOf(req.query));
      page(
        res,
        'Digest confirmed',
        `<p>Your ${escapeHtml(prefs.digest)} digest is on. You can stop it from any digest in one click.</p>`,
      );
    }),
  );

  router.get(
    '/mail/unsubscribe',
    ctx.limits.mailLinks,
    askPage('unsubscribe', 'Unsubscribe', 'Stop these mails?', 'Unsubscribe'),
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here; our page's button posts too.
  router.post(
    '/mail/unsubscribe',
    ctx.limits.mailLinks,
    linkPage(async (req, res) => {
      const { list } = await mail.unsubscribe(tokenOf(req.query));
      page(
        res,
        'Unsubscribed',
        `<p>${list === 'digest' ? 'The digest is off.' : 'You will get no more notices about your articles and premium.'}</p>`,
      );
    }),
  );

  return router;
}
