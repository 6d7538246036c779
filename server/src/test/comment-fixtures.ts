/** Comments written straight into a test store, counted as the service counts them. */
import { createHash } from 'node:crypto';
import { createCommentRepository, type CommentRecord } from '../comments/repository.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';

export async function insertComment(
  store: Store,
  fields: Pick<CommentRecord, 'articleId' | 'authorEmail'> & Partial<CommentRecord>,
): Promise<CommentRecord> {
  const body = fields.body ?? `Comment ${newId()}`;
  const comment: CommentRecord = {
    _id: newId(),
    parentId: null,
    body,
    bodyKey: createHash('sha256').update(body.toLowerCase()).digest('hex'),
    state: 'published',
    createdAt: new Date().toISOString(),
    editedAt: null,
    replyCount: 0,
    reports: 0,
    reportReasons: [],
    lastReportedAt: null,
    ...fields,
  };
  await createCommentRepository(store).insert(comment);
  return comment;
}
