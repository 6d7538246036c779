import { DRAFTS_MAX, type Draft, type DraftInput } from '@newsroom/common';
import type { ArticleRepository } from '../articles/repository.js';
import type { Clock } from '../clock.js';
import { Conflict, Forbidden, NotFound } from '../errors.js';
import type { Store } from '../store/port.js';
import type { User } from '../users/types.js';
import { createDraftRepository, type DraftRecord } from './repository.js';

export type DraftService = ReturnType<typeof createDraftService>;

export const DRAFTS_FULL_MESSAGE = `You have ${DRAFTS_MAX} drafts; submit or discard one first`;

const answer = (d: DraftRecord): Draft => ({
  key: d.key,
  articleId: d.articleId,
  title: d.title,
  description: d.description,
  publisher: d.publisher,
  formatedTags: d.Tags as Draft['formatedTags'],
  photoURL: d.photoURL,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/**
 * A writer's drafts (docs/roles.md, "Drafts"): saved as they type, private to them, never an article
 * and never counted by the free plan until they submit it (which POST /articles or the update call
 * does, as before). A draft of an update names its article, which must be theirs and not declined.
 */
export function createDraftService(deps: { store: Store; clock: Clock; articles: ArticleRepository }) {
  const repo = createDraftRepository(deps.store);

  const assertEditable = async (articleId: string, caller: User) => {
    const article = await deps.articles.findById(articleId);
    if (!article) throw new NotFound('Article not found');
    if (article.userInfo?.email !== caller.email)
      throw new Forbidden('Only the author may edit this article');
    if (article.status === 'Declined') throw new Conflict('A declined article cannot be updated');
  };

  return {
    imageUrls: () => repo.imageUrls(),

    /** An article was deleted: its writer's unsent update of it goes too (it could never be sent). */
    dropForArticle: (articleId: string) => repo.deleteForArticle(articleId),

    /** PUT /me/drafts/{key}: saves the form as it stands (idempotent: a retry saves the same). */
    async save(caller: User, key: string, input: DraftInput): Promise<Draft> {
      const existing = await repo.findOne(caller.email, key);
      const articleId = input.articleId ?? null;
      if (existing && existing.articleId !== articleId) {
        throw new Conflict('This draft belongs to another article');
      }
      if (!existing && (await repo.countByOwner(caller.email)) >= DRAFTS_MAX) {
        throw new Conflict(DRAFTS_FULL_MESSAGE);
      }
      if (articleId && !existing) await assertEditable(articleId, caller);
      const saved = await repo.save(caller.email, key, {
        articleId,
        title: input.title,
        description: input.description,
        publisher: input.publisher,
        Tags: input.formatedTags,
        photoURL: input.photoURL ?? null,
        updatedAt: deps.clock.now().toISOString(),
      });
      return answer(saved);
    },

    /** GET /me/drafts/{key}. */
    async get(caller: User, key: string): Promise<Draft> {
      const draft = await repo.findOne(caller.email, key);
      if (!draft) throw new NotFound('Draft not found');
      return answer(draft);
    },

    /** GET /me/drafts: the caller's drafts, the last saved first. */
    async list(caller: User): Promise<Draft[]> {
      return (await repo.listByOwner(caller.email, DRAFTS_MAX)).map(answer);
    },

    /** DELETE /me/drafts/{key}: discarded (or submitted); a second discard finds nothing (404). */
    async discard(caller: User, key: string): Promise<void> {
      if (!(await repo.delete(caller.email, key))) throw new NotFound('Draft not found');
    },
  };
}
