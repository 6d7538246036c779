import type { Store } from '../store/port.js';
import { createArticleRepository } from './repository.js';

/**
 * Who is a writer: an account with at least one approved article. Anyone else has no public page and
 * cannot be followed, and is answered exactly like an unknown id (docs/decisions/follows-and-feed.md).
 */
export function createWriterCheck(store: Store): (email: string) => Promise<boolean> {
  const repo = createArticleRepository(store);
  return (email) => repo.hasApprovedBy(email);
}

/** Which of these accounts are writers (the same rule), in one query however many. */
export function createWritersAmong(store: Store): (emails: string[]) => Promise<Set<string>> {
  const repo = createArticleRepository(store);
  return (emails) => repo.approvedAuthorsAmong(emails);
}

/** The ids of a writer's articles, whatever their status: what their statistics join counts with. */
export function createWriterArticleIds(store: Store): (email: string) => Promise<string[]> {
  const repo = createArticleRepository(store);
  return (email) => repo.idsByAuthor(email);
}
