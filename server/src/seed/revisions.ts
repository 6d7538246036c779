/** The demo article with a history: its earlier versions and its text as revisions 1, 2, … */
import { REVISIONS_COLLECTION, type RevisionRecord } from '../revisions/repository.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import type { DemoArticle } from './content.js';

const DAY_MS = 24 * 3600_000;
/** Fixed ids (valid 24-hex), per article and number, so a re-run finds them. */
const revisionId = (article: number, n: number) =>
  `5eed000000000000d0${article.toString(16).padStart(4, '0')}${n.toString(16).padStart(2, '0')}`;

/** When the article was last changed: the last of its earlier versions was replaced then. */
export function editedAt(a: DemoArticle, now: number): string | undefined {
  const last = a.earlierVersions?.at(-1);
  return last && new Date(now - last.replacedDaysAgo * DAY_MS).toISOString();
}

/**
 * Writes the revisions of demo article `index` (1-based; its `_id` is `articleId`): each earlier
 * version, then the text it carries, all by its writer. Nothing for an article without a history.
 */
export async function seedRevisions(
  store: Store,
  seeded: { index: number; articleId: string; createdAt: string; image: string; now: number },
  a: DemoArticle,
  by: { email: string; name: string },
): Promise<void> {
  if (!a.earlierVersions?.length) return;
  const versions = [...a.earlierVersions, { title: a.title, paragraphs: a.paragraphs }];
  const revisions = store.collection<RevisionRecord>(REVISIONS_COLLECTION);
  for (const [i, version] of versions.entries()) {
    const n = i + 1;
    const replacedBefore = a.earlierVersions[i - 1]?.replacedDaysAgo;
    const revision: RevisionRecord = {
      _id: revisionId(seeded.index, n),
      articleId: seeded.articleId,
      n,
      articleTitle: version.title,
      articleDescription: version.paragraphs.join('\n\n'),
      articleImage: seeded.image,
      Tags: a.tags,
      publisher: a.publisher,
      by: { email: by.email, name: by.name },
      at:
        replacedBefore === undefined
          ? seeded.createdAt
          : new Date(seeded.now - replacedBefore * DAY_MS).toISOString(),
      reason: n === 1 ? 'submitted' : 'edited',
    };
    if (await revisions.findOne({ _id: revision._id })) continue;
    try {
      await revisions.insertOne(revision);
    } catch (err) {
      // The article was edited before a re-run reached it: its own history stands.
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
}
