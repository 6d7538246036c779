import { randomBytes } from 'node:crypto';
import {
  GIFT_LINK_DAYS,
  GIFT_LINK_UNOPENED_DAYS,
  GIFT_LINK_READERS,
  GIFT_LINKS_PER_MONTH,
  type CreatedGiftLink,
  type GiftAllowance,
  type GiftLink,
  type GiftRead,
  type GiftRefusal,
  type MyGiftLinks,
  type OpenGiftLink,
} from '@newsroom/common';
import type { ArticleAccess } from '../articles/service.js';
import { toCard, type Article } from '../articles/types.js';
import type { Clock } from '../clock.js';
import { Conflict, HttpError, NeedPremium, NotFound } from '../errors.js';
import type { DomainEvents } from '../events/domain.js';
import { monthOf } from '../meter/service.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';
import { isAdmin, isPremium, publicName, type User } from '../users/types.js';
import { createGiftRepository, type GiftLinkRecord } from './repository.js';

export type GiftService = ReturnType<typeof createGiftService>;

const DAY_MS = 24 * 3600_000;
/** The newest links the dashboard lists. */
export const GIFT_LINKS_LISTED = 50;
const GIFT_MESSAGES: Record<GiftRefusal, string> = {
  revoked: 'This gift link was revoked',
  expired: 'This gift link has expired',
  full: 'This gift link has reached its 10 readers',
  crawler: 'Gift links are for readers',
};

/** The article a link gives, as the articles' cached public answer holds it (approved only). */
export interface GiftableArticle {
  article: unknown;
  access: ArticleAccess;
}

/** A token or a reader key: 32 random bytes, base64url (43 characters). */
const secret = () => randomBytes(32).toString('base64url');

/** What a link is now: ended (revoked, expired), full, or still giving. */
function statusOf(link: GiftLinkRecord, at: Date): GiftLink['status'] {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= at.getTime()) return 'expired';
  // A link nobody opened does not wait in an inbox for ever (its seven days start at the first open).
  const unopenedUntil = new Date(link.createdAt).getTime() + GIFT_LINK_UNOPENED_DAYS * DAY_MS;
  if (!link.firstOpenedAt && unopenedUntil <= at.getTime()) return 'expired';
  if (link.readers >= GIFT_LINK_READERS) return 'full';
  return link.firstOpenedAt ? 'active' : 'unopened';
}

/** A link as its creator sees it. */
function toLink(link: GiftLinkRecord, at: Date): GiftLink {
  return {
    _id: link._id,
    articleId: link.articleId,
    articleTitle: link.articleTitle,
    token: link.token,
    createdAt: link.createdAt,
    readers: link.readers,
    maxReaders: GIFT_LINK_READERS,
    firstOpenedAt: link.firstOpenedAt,
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
    status: statusOf(link, at),
  };
}

/** 402 with the teaser: the link does not read in full (any more) for this reader. */
function refused(why: GiftRefusal, link: GiftLinkRecord, article: GiftableArticle): HttpError {
  return new HttpError(402, GIFT_MESSAGES[why], {
    needPremium: true,
    teaser: toCard(article.article as Article),
    gift: { giftedBy: link.creatorName, refused: why },
  });
}

interface GiftServiceDeps {
  store: Store;
  clock: Clock;
  events: DomainEvents;
  /** The approved article of that id as anyone may see it, with who may read it; null else. */
  article: (id: string) => Promise<GiftableArticle | null>;
}

type GiftRepository = ReturnType<typeof createGiftRepository>;

/**
 * Gift links (docs/decisions/gift-links-and-meter.md): a premium reader, an admin or the writer of a
 * premium article gives a link to that one article; it reads in full for GIFT_LINK_DAYS from its
 * first open, for up to GIFT_LINK_READERS readers, until its creator revokes it. Everything is
 * counted here: the link, its readers, the creator's links per calendar month (UTC).
 */
export function createGiftService(deps: GiftServiceDeps) {
  const repo = createGiftRepository(deps.store);
  return { ...giftLinksOfCreators(deps, repo), ...giftReading(deps, repo) };
}

/** A creator's side: making links (within the month's allowance), listing and revoking them. */
function giftLinksOfCreators(deps: GiftServiceDeps, repo: GiftRepository) {
  const now = () => deps.clock.now();

  const allowance = async (creator: string, at: Date): Promise<GiftAllowance> => {
    const used = Math.min(await repo.createdIn(creator, monthOf(at)), GIFT_LINKS_PER_MONTH);
    return {
      limit: GIFT_LINKS_PER_MONTH,
      usedThisMonth: used,
      remainingThisMonth: GIFT_LINKS_PER_MONTH - used,
    };
  };

  return {
    /** POST /gift-links: 404 unknown or unapproved; 409 not premium or the month's links used up. */
    async create(caller: User, articleId: string): Promise<CreatedGiftLink> {
      const found = await deps.article(articleId);
      if (!found) throw new NotFound('Article not found');
      const { access } = found;
      const at = now();
      const own = access.authorEmail === caller.email;
      if (!own && !isAdmin(caller) && !isPremium(caller, at)) {
        throw new NeedPremium('Gift links are for premium readers and the writer of the article');
      }
      if (access.isPremium !== 'Yes') throw new Conflict('Only premium articles can be gifted');
      const month = monthOf(at);
      if (!(await repo.claimCreation(caller.email, month, GIFT_LINKS_PER_MONTH))) {
        throw new Conflict(`You have used your ${GIFT_LINKS_PER_MONTH} gift links this month`);
      }
      const link: GiftLinkRecord = {
        _id: newId(),
        token: secret(),
        articleId,
        articleTitle: (found.article as { articleTitle?: string }).articleTitle ?? '',
        creator: caller.email,
        creatorName: publicName(caller),
        createdAt: at.toISOString(),
        readers: 0,
        firstOpenedAt: null,
        expiresAt: null,
        revokedAt: null,
      };
      try {
        await repo.insert(link);
      } catch (err) {
        await repo.releaseCreation(caller.email, month);
        throw err;
      }
      await deps.events.publish({
        type: 'gift.changed',
        creator: caller.email,
        linkId: link._id,
        change: 'created',
      });
      return { link: toLink(link, at), allowance: await allowance(caller.email, at) };
    },

    /** GET /me/gift-links: the caller's newest links and what is left of this month's. */
    async mine(caller: User): Promise<MyGiftLinks> {
      const at = now();
      const links = await repo.listByCreator(caller.email, GIFT_LINKS_LISTED);
      return { links: links.map((l) => toLink(l, at)), allowance: await allowance(caller.email, at) };
    },

    /** DELETE /me/gift-links/{id}: the caller's own link only (else 404); revoking twice is harmless. */
    async revoke(caller: User, id: string): Promise<GiftLink> {
      const at = now();
      const before = await repo.findById(id);
      const link =
        before?.creator === caller.email ? await repo.revoke(id, caller.email, at.toISOString()) : null;
      if (!link) throw new NotFound('Gift link not found');
      if (!before?.revokedAt) {
        await deps.events.publish({
          type: 'gift.changed',
          creator: caller.email,
          linkId: id,
          change: 'revoked',
        });
      }
      return toLink(link, at);
    },
  };
}

/** A reader's side: opening a link, and whether it lets them in. */
function giftReading(deps: GiftServiceDeps, repo: GiftRepository) {
  const now = () => deps.clock.now();

  return {
    /**
     * Whether the link of `token` lets this reader in to `articleId` now (they opened it, and it is
     * neither revoked nor expired): its readers read the article's comments too.
     */
    async admits(
      articleId: string,
      token: string,
      caller: User | null,
      readerKey?: string,
    ): Promise<boolean> {
      const link = await repo.findByToken(token);
      if (!link || link.articleId !== articleId) return false;
      const status = statusOf(link, now());
      if (status === 'revoked' || status === 'expired') return false;
      const reader = caller ? `u:${caller.email}` : readerKey ? `k:${readerKey}` : null;
      return reader !== null && repo.knows(link._id, reader);
    },

    /**
     * POST /gift-links/open: the article in full for a reader the link lets in (an account by its
     * e-mail, a signed-out browser by the key the first open gave it), else 402 with the teaser.
     * Readers who may read it anyway (premium, admin, its writer) take no seat. `crawler`: the
     * request says it is a robot; it gets the teaser whatever the link.
     */
    async open(
      input: OpenGiftLink,
      caller: User | null,
      options: { crawler: boolean } = { crawler: false },
    ): Promise<GiftRead> {
      const found = await repo.findByToken(input.token);
      const article =
        found && found.articleId === input.articleId ? await deps.article(input.articleId) : null;
      if (!found || !article) throw new NotFound('Gift link not found');
      let link: GiftLinkRecord = found;
      const at = now();
      if (options.crawler) throw refused('crawler', link, article);
      const gift = (l: GiftLinkRecord) => ({ giftedBy: l.creatorName, expiresAt: l.expiresAt });
      const status = statusOf(link, at);
      if (status === 'revoked' || status === 'expired') throw refused(status, link, article);

      const { access } = article;
      const privileged =
        !!caller && (access.authorEmail === caller.email || isAdmin(caller) || isPremium(caller, at));
      if (privileged)
        return { article: article.article as GiftRead['article'], gift: gift(link), readerKey: null };

      const readerKey = caller ? null : (input.readerKey ?? secret());
      const reader = caller ? `u:${caller.email}` : `k:${readerKey}`;
      if (!(await repo.knows(link._id, reader))) {
        const admitted = await repo.admit(link._id, reader, GIFT_LINK_READERS, at.toISOString());
        if (admitted === 'refused') {
          const now2 = (await repo.findById(link._id)) ?? link;
          throw refused(now2.revokedAt ? 'revoked' : 'full', now2, article);
        }
        if (admitted === 'admitted') {
          await deps.events.publish({
            type: 'gift.changed',
            creator: link.creator,
            linkId: link._id,
            change: 'opened',
          });
        }
      }
      if (!link.firstOpenedAt) {
        link =
          (await repo.startClock(
            link._id,
            at.toISOString(),
            new Date(at.getTime() + GIFT_LINK_DAYS * DAY_MS).toISOString(),
          )) ?? link;
      }
      return { article: article.article as GiftRead['article'], gift: gift(link), readerKey };
    },
  };
}
