/** The contract test's calls of the comment routes (see openapi-cases.ts; docs/decisions/comments.md). */
import type request from 'supertest';
import { signInAs, type SignedIn } from './app.js';
import { insertComment } from './comment-fixtures.js';
import type { Answer } from './openapi.js';
import type { World } from './openapi-world.js';

type Case = [status: number, call: () => Promise<Answer | request.Response> | request.Test];
type Who = 'admin' | 'reader' | 'other' | 'premium' | SignedIn | null;

export interface CommentCaseKit {
  w: World;
  get: (path: string, who?: Who) => request.Test;
  post: (path: string, body: object, who?: Who) => request.Test;
  patch: (path: string, body: object, who: Who) => request.Test;
  put: (path: string, body: object, who: Who) => request.Test;
  del: (path: string, who: Who) => request.Test;
  /** A PATCH by a user of the app whose edit budget is 0 (429). */
  editOverBudget: (path: string, body: object) => request.Test;
  newUserId: () => Promise<string>;
}

export function commentContractCases(k: CommentCaseKit): Record<string, Case[]> {
  const { w, get, post, patch, put, del } = k;
  const { approved, premium, pending } = w.articles;
  const unknownId = 'f'.repeat(24);
  const on = approved._id;
  const by = (who: 'reader' | 'other' | 'premium' | 'admin', extra = {}) =>
    insertComment(w.t.store, { articleId: on, authorEmail: w[who].email, ...extra });
  const old = { createdAt: new Date(Date.now() - 3600_000).toISOString() };

  return {
    articleComments: [
      [200, () => get(`/articles/${on}/comments`)],
      [200, () => get(`/articles/${premium._id}/comments?sort=oldest`, 'premium')],
      [402, () => get(`/articles/${premium._id}/comments`, 'other')],
      [404, () => get(`/articles/${pending._id}/comments`, 'other')],
      [400, () => get(`/articles/${on}/comments?limit=7`)],
    ],
    commentCounts: [
      [200, () => get(`/comments/counts?articles=${on},${premium._id}`)],
      [400, () => get('/comments/counts?articles=nope')],
    ],
    postComment: [
      [201, () => post(`/articles/${on}/comments`, { body: 'Contract comment' }, 'other')],
      [402, () => post(`/articles/${premium._id}/comments`, { body: 'Let me in' }, 'reader')],
      [404, () => post(`/articles/${pending._id}/comments`, { body: 'Hidden' }, 'premium')],
      [
        409,
        async () => (
          await by('admin', { body: 'Said once' }),
          post(`/articles/${on}/comments`, { body: 'Said once' }, 'admin')
        ),
      ],
      [400, () => post(`/articles/${on}/comments`, { body: '' }, 'reader')],
      [401, () => post(`/articles/${on}/comments`, { body: 'Anonymous' })],
      [
        429,
        async () => {
          const fresh = await signInAs(w.t);
          await post(`/articles/${on}/comments`, { body: 'One' }, fresh);
          return post(`/articles/${on}/comments`, { body: 'Two' }, fresh);
        },
      ],
    ],
    editComment: [
      [200, async () => patch(`/comments/${(await by('reader'))._id}`, { body: 'Edited' }, 'reader')],
      [403, async () => patch(`/comments/${(await by('reader'))._id}`, { body: 'Mine now' }, 'other')],
      [
        402,
        async () => {
          const c = await insertComment(w.t.store, { articleId: premium._id, authorEmail: w.premium.email });
          return patch(`/comments/${c._id}`, { body: 'Edited' }, 'reader');
        },
      ],
      [404, () => patch(`/comments/${unknownId}`, { body: 'Edited' }, 'reader')],
      [409, async () => patch(`/comments/${(await by('reader', old))._id}`, { body: 'Late' }, 'reader')],
      [400, async () => patch(`/comments/${(await by('reader'))._id}`, { body: ' ' }, 'reader')],
      [429, () => k.editOverBudget(`/comments/${unknownId}`, { body: 'Edited' })],
    ],
    deleteComment: [
      [200, async () => del(`/comments/${(await by('reader'))._id}`, 'reader')],
      [403, async () => del(`/comments/${(await by('reader'))._id}`, 'other')],
      [404, () => del(`/comments/${unknownId}`, 'reader')],
    ],
    pinComment: [
      [200, async () => put(`/comments/${(await by('reader'))._id}/pin`, {}, 'admin')],
      [403, async () => put(`/comments/${(await by('reader'))._id}/pin`, {}, 'other')],
      [
        409,
        async () =>
          put(
            `/comments/${(await by('reader', { parentId: (await by('other'))._id }))._id}/pin`,
            {},
            'admin',
          ),
      ],
      [404, () => put(`/comments/${unknownId}/pin`, {}, 'admin')],
    ],
    unpinComment: [
      [200, async () => del(`/comments/${(await by('reader'))._id}/pin`, 'admin')],
      [403, async () => del(`/comments/${(await by('reader'))._id}/pin`, 'other')],
    ],
    reportComment: [
      [200, async () => post(`/comments/${(await by('reader'))._id}/reports`, { reason: 'spam' }, 'other')],
      [409, async () => post(`/comments/${(await by('reader'))._id}/reports`, { reason: 'spam' }, 'reader')],
      [400, async () => post(`/comments/${(await by('reader'))._id}/reports`, { reason: 'meh' }, 'other')],
      [404, () => post(`/comments/${unknownId}/reports`, { reason: 'spam' }, 'other')],
    ],
    moderationComments: [
      [200, () => get('/admin/comments?filter=recent', 'admin')],
      [200, () => get('/admin/comments', 'admin')],
      [400, () => get('/admin/comments?filter=lost', 'admin')],
      [403, () => get('/admin/comments', 'reader')],
    ],
    moderationCommentCounts: [
      [200, () => get('/admin/comments/counts', 'admin')],
      [403, () => get('/admin/comments/counts', 'reader')],
    ],
    moderateComment: [
      [200, async () => patch(`/admin/comments/${(await by('reader'))._id}`, { hidden: true }, 'admin')],
      [
        409,
        async () =>
          patch(
            `/admin/comments/${(await by('reader', { state: 'removed' }))._id}`,
            { hidden: true },
            'admin',
          ),
      ],
      [404, () => patch(`/admin/comments/${unknownId}`, { hidden: false }, 'admin')],
      [403, async () => patch(`/admin/comments/${(await by('reader'))._id}`, { hidden: true }, 'reader')],
    ],
    stopCommenting: [
      [200, async () => put(`/admin/comment-bans/${await k.newUserId()}`, { reason: 'Spam' }, 'admin')],
      [404, () => put(`/admin/comment-bans/${unknownId}`, { reason: 'Spam' }, 'admin')],
      [400, async () => put(`/admin/comment-bans/${await k.newUserId()}`, { reason: '' }, 'admin')],
      [403, async () => put(`/admin/comment-bans/${await k.newUserId()}`, { reason: 'Spam' }, 'reader')],
    ],
    allowCommenting: [
      [200, async () => del(`/admin/comment-bans/${await k.newUserId()}`, 'admin')],
      [404, () => del(`/admin/comment-bans/${unknownId}`, 'admin')],
    ],
  };
}
