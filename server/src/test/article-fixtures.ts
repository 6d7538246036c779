/** Articles and publishers written straight into a test store (the state a test starts from). */
import type { Article } from '../articles/types.js';
import type { Publisher } from '../publishers/repository.js';
import { REVISIONS_COLLECTION, type RevisionRecord } from '../revisions/repository.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';

let sequence = 0;

export async function insertPublisher(
  store: Store,
  publisherName: string,
  logo = 'https://example.test/logo.png',
) {
  const publisher: Publisher = { _id: newId(), publisherName, logo };
  await store.collection<Publisher>('publishers').insertOne(publisher);
  return publisher;
}

export async function insertArticle(store: Store, overrides: Partial<Article> = {}): Promise<Article> {
  sequence += 1;
  const article: Article = {
    _id: newId(),
    articleTitle: `Article ${sequence}`,
    articleImage: 'https://example.test/image.jpg',
    articleDescription: `Body of article ${sequence}. `.repeat(40),
    publisher: 'Daily Planet',
    Tags: ['technology'],
    status: 'Approved',
    isPremium: 'No',
    decliningReason: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString(),
    totalViewCount: 0,
    userInfo: { name: 'Author', image: 'https://example.test/a.png', email: 'author@example.test' },
    ...overrides,
  };
  await store.collection<Article>('articles').insertOne(article);
  return article;
}

export async function getArticle(store: Store, id: string): Promise<Article | null> {
  return store.collection<Article>('articles').findOne({ _id: id });
}

/** Revision `n` of an article as it stands (by its writer, when it was made): a history to restore. */
export async function insertRevision(store: Store, article: Article, n = 1): Promise<RevisionRecord> {
  const revision: RevisionRecord = {
    _id: newId(),
    articleId: article._id,
    n,
    articleTitle: article.articleTitle,
    articleDescription: article.articleDescription,
    articleImage: article.articleImage,
    Tags: article.Tags,
    publisher: article.publisher,
    by: { email: article.userInfo.email, name: article.userInfo.name },
    at: article.createdAt,
    reason: n === 1 ? 'submitted' : 'edited',
  };
  await store.collection<RevisionRecord>(REVISIONS_COLLECTION).insertOne(revision);
  return revision;
}
