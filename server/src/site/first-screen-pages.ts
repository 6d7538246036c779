/**
 * The first screens of the site's pages (docs/decisions/first-screen-hints.md,
 * docs/decisions/server-rendered-first-screen.md): the lists they are drawn from, read ahead; the
 * markup drawn, kept while its data is the same; and a page's HTML with its hints and first screen.
 * routes.ts serves the pages.
 */
import type { Logger } from 'pino';
import type { ArticleCard, ArticleTeaser } from '../articles/types.js';
import {
  withFirstScreen,
  type AppCode,
  type FirstScreenData,
  type RenderFirstScreen,
} from './first-screen-render.js';
import { hintTags, screenFor, withHeadTags, type LeadImageSource, type ScreenHints } from './first-screen.js';
import { readAhead, type ReadAhead } from './read-ahead.js';
import type { FirstScreenList, SiteSource } from './source.js';

/** Server-rendered pages whose markup is kept (article pages are most of them). */
const RENDERED_PAGES_MAX = 1_000;
/** How long a page waits for its first screen's list before it goes out without it (and its image hint). */
const LEAD_IMAGE_WAIT_MS = 250;

/** A first-screen list and the live-event position its read started at (null: not known yet). */
interface PositionedCards {
  cards: ArticleCard[];
  eventId: string | null;
}
/** An article page's teaser and the live-event position its read started at. */
export interface TeaserRead {
  teaser: ArticleTeaser;
  eventId: string | null;
}
/** The page data's `eventId`, when the position is known. */
const positioned = (eventId: string | null): Pick<FirstScreenData, 'eventId'> =>
  eventId === null ? {} : { eventId };

export interface FirstScreenPagesOptions {
  source: SiteSource;
  logger: Logger;
  now: () => Date;
  /** The build's hints of each screen (first-screen.json). */
  screens: ScreenHints[];
  /** The build's renderer; null when it has none. */
  render: RenderFirstScreen | null;
  /** The app's code, fetched once the first screen has painted; null when the build lists none. */
  appCode: AppCode | null;
  /** How long a list is reused when no change is announced. */
  listTtlMs: number;
  /** The live-event position now (SiteChanges.position); null when not known. */
  positionNow: () => string | null;
}

/**
 * The first screens' lists (home: trending; all articles: the first page), read at most once per
 * TTL and again on every public change; a slow or failed read only costs the page its first screen
 * and image hint. Each read keeps the event position it started at (SiteChanges.position): a list
 * served later, even while the next read runs, still names the position its own data was read at.
 */
function firstScreenLists({ source, logger, now, render, listTtlMs, positionNow }: FirstScreenPagesOptions) {
  const readList = async (list: FirstScreenList): Promise<PositionedCards> => {
    const eventId = positionNow();
    return { cards: await source.cards(list), eventId };
  };
  const readListAhead = (list: FirstScreenList) =>
    readAhead(() => readList(list), {
      ttlMs: listTtlMs,
      now: () => now().getTime(),
      onError: (err) => logger.debug({ err }, `first screen: ${list} list not refreshed`),
    });
  const lists: Record<FirstScreenList, ReadAhead<PositionedCards>> = {
    trending: readListAhead('trending'),
    approved: readListAhead('approved'),
  };
  if (render) {
    for (const list of ['trending', 'approved'] as const)
      lists[list].get().catch((err: unknown) => logger.debug({ err }, `first screen: no ${list} list yet`));
  }

  return {
    /** A public change: both lists are read again. */
    changed(): void {
      lists.trending.changed();
      lists.approved.changed();
    },

    /** The list with when it was read, or null when it is not at hand within LEAD_IMAGE_WAIT_MS. */
    async listOf(list: FirstScreenList) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), LEAD_IMAGE_WAIT_MS);
      });
      try {
        return await Promise.race([lists[list].get(), late]);
      } catch (err) {
        logger.debug({ err }, `first screen: no ${list} list`);
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Markup of the server-rendered pages, kept while what they are drawn from is the same: the list
 * pages while their list is (the same object), an article page while its teaser is (the same JSON),
 * the pages drawn from nothing for good. A render costs milliseconds of CPU; a visitor's request no
 * longer does. At most RENDERED_PAGES_MAX pages are kept, the least recently drawn go.
 */
function renderedPages(render: RenderFirstScreen | null) {
  const rendered = new Map<string, { key: unknown; markup: string | null }>();
  return async (pathname: string, key: unknown, data: FirstScreenData): Promise<string | null> => {
    const kept = rendered.get(pathname);
    if (kept && kept.key === key) {
      rendered.delete(pathname); // most recently used last
      rendered.set(pathname, kept);
      return kept.markup;
    }
    const markup = render ? await render(pathname, data) : null;
    rendered.delete(pathname);
    rendered.set(pathname, { key, markup });
    if (rendered.size > RENDERED_PAGES_MAX) rendered.delete(rendered.keys().next().value!);
    return markup;
  };
}

/** A page's first screen: its lead image, the data it is drawn from and its markup (null: none). */
interface FirstScreen {
  image?: string | null;
  data: FirstScreenData | null;
  markup: string | null;
}

export function firstScreenPages(options: FirstScreenPagesOptions) {
  const { screens, appCode, positionNow } = options;
  const lists = firstScreenLists(options);
  const renderKept = renderedPages(options.render);

  /** The first screen of the page at `pathname`, drawn from the data its screen names. */
  async function firstScreen(
    pathname: string,
    from: LeadImageSource | undefined,
    read?: TeaserRead,
  ): Promise<FirstScreen> {
    if (from === 'article') {
      const teaser = read?.teaser;
      const data = teaser ? { teaser, ...positioned(read.eventId) } : null;
      const markup = teaser && data ? await renderKept(pathname, JSON.stringify(teaser), data) : null;
      return { image: teaser?.articleImage, data, markup };
    }
    if (from) {
      const list = from === 'trending' ? 'trending' : 'approved';
      const listRead = await lists.listOf(list);
      const cards = listRead?.value.cards;
      const data = listRead
        ? { [list]: cards, fetchedAt: listRead.at, ...positioned(listRead.value.eventId) }
        : null;
      const markup = cards && data ? await renderKept(pathname, cards, data) : null;
      return { image: cards?.[0]?.articleImage, data, markup };
    }
    // Drawn from no data; still where the tab's live stream starts.
    const data = positioned(positionNow());
    return { data, markup: await renderKept(pathname, null, data) };
  }

  return {
    changed: lists.changed,

    /**
     * A page's HTML with its first-screen hints (docs/decisions/first-screen-hints.md) and, when its
     * data is at hand, its first screen (docs/decisions/server-rendered-first-screen.md).
     */
    async withHints(pathname: string, html: string, read?: TeaserRead): Promise<string> {
      const screen = screenFor(screens, pathname);
      if (!screen) return html;
      // A signed-in screen: its code only (no first screen: it needs the reader's session).
      if (screen.codeOnly) return withHeadTags(html, hintTags(screen));
      const { image, data, markup } = await firstScreen(pathname, screen.leadImage?.from, read);
      const page = withHeadTags(html, hintTags(screen, image, Boolean(markup)));
      // The app's code and the route's, fetched once the first screen has painted.
      const code = appCode && {
        ...appCode,
        modules: [...appCode.modules, ...screen.js.map((file) => `/${file}`)],
      };
      return markup && data ? withFirstScreen(page, markup, data, code) : page;
    },
  };
}
