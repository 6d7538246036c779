/**
 * Article revisions (docs/decisions/revisions.md): every submitted version of an article — its
 * submission, each edit, each restore — numbered 1, 2, … per article, the last REVISIONS_KEPT kept.
 * The articles service records them as it writes and answers them to the writer and moderators; this
 * service knows only the records.
 */
import { REVISIONS_KEPT, type RevisionReason } from '@newsroom/common';
import type { Clock } from '../clock.js';
import { newId } from '../store/ids.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import { createRevisionRepository, type RevisionFields, type RevisionRecord } from './repository.js';

export type { RevisionRecord } from './repository.js';
export type RevisionService = ReturnType<typeof createRevisionService>;

/** What a revision copies of the article. */
export interface RevisedContent {
  _id: string;
  articleTitle: string;
  articleDescription: string;
  articleImage: string;
  Tags?: string[];
  publisher: string;
}

/** Numbers taken by other writers of the same article in a row before giving up (never seen). */
const MAX_NUMBER_RACES = 20;

const contentOf = (a: RevisedContent) => ({
  articleId: a._id,
  articleTitle: a.articleTitle,
  articleDescription: a.articleDescription,
  articleImage: a.articleImage,
  Tags: a.Tags ?? [],
  publisher: a.publisher,
});

export function createRevisionService(deps: { store: Store; clock: Clock; kept?: number }) {
  const repo = createRevisionRepository(deps.store);
  const kept = deps.kept ?? REVISIONS_KEPT;

  /**
   * Inserts the next number: the highest one plus one. Two writes of the same article at once may
   * read the same highest number; the unique index {articleId, n} refuses the second, which reads
   * again and takes the next.
   */
  const insertNext = async (fields: RevisionFields): Promise<RevisionRecord> => {
    for (let attempt = 0; ; attempt++) {
      const n = (await repo.latestNumber(fields.articleId)) + 1;
      const revision: RevisionRecord = { ...fields, _id: newId(), n };
      try {
        await repo.insert(revision);
        return revision;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError) || attempt >= MAX_NUMBER_RACES) throw err;
      }
    }
  };

  return {
    imageUrls: () => repo.imageUrls(),

    /**
     * Records `article` as it now stands, made by `by` for `reason`; the oldest beyond the kept number
     * go. Answers the new revision.
     */
    async record(
      article: RevisedContent,
      by: { email: string; name: string },
      reason: RevisionReason,
      restoredFrom?: number,
    ): Promise<RevisionRecord> {
      const revision = await insertNext({
        ...contentOf(article),
        by: { email: by.email, name: by.name },
        at: deps.clock.now().toISOString(),
        reason,
        ...(restoredFrom !== undefined && { restoredFrom }),
      });
      if (revision.n > kept) await repo.deleteUpTo(article._id, revision.n - kept);
      return revision;
    },

    /**
     * Before an article's first recorded edit: when it has no revision (it predates revisions, or came
     * from the seed), its state as submitted becomes revision 1, so its history never starts at an edit.
     */
    async recordOriginal(
      article: RevisedContent & { createdAt: string; userInfo?: { email?: string; name?: string } },
    ): Promise<void> {
      if ((await repo.latestNumber(article._id)) > 0) return;
      try {
        await repo.insert({
          ...contentOf(article),
          _id: newId(),
          n: 1,
          by: { email: article.userInfo?.email ?? '', name: article.userInfo?.name ?? '' },
          at: article.createdAt,
          reason: 'submitted',
        });
      } catch (err) {
        // Another edit of the same article recorded it first.
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },

    /** The article's revisions, newest first (at most the kept number). */
    list(articleId: string): Promise<RevisionRecord[]> {
      return repo.newest(articleId, kept);
    },

    find(articleId: string, n: number): Promise<RevisionRecord | null> {
      return repo.findOne(articleId, n);
    },

    /** An article deleted takes its revisions; answers the images they showed (to release). */
    removeAll(articleId: string): Promise<string[]> {
      return repo.deleteAll(articleId);
    },
  };
}
