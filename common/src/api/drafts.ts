/** The drafts' operations: a writer's autosaved forms (how one is declared: define.ts). */
import { DraftListSchema, DraftSchema, draftBodySchema, draftKeyParamSchema } from '../index.js';
import { defineOperations } from './define.js';
import * as R from './responses.js';

const own = { security: 'session', access: 'signed-in' } as const;

export const draftOperations = defineOperations('Drafts', {
  myDrafts: {
    summary: "The caller's drafts, the last saved first (at most 50)",
    ...own,
    ok: DraftListSchema,
  },
  myDraft: {
    summary: 'One of the caller’s drafts',
    ...own,
    params: draftKeyParamSchema,
    invalid: { params: 'Malformed draft key' },
    ok: DraftSchema,
    errors: [404],
  },
  saveDraft: {
    summary:
      'Save the form as it stands (autosave; the client names the draft, so a retry meets the same one)',
    description:
      'Fields may be empty but no longer than an article allows. `articleId` names the article an update draft edits: it must be the caller’s and not declined (403, 404, 409). A new draft past the 50th is refused (409). A draft is never an article: submitting is POST /articles or PATCH /my-articles/update/{id}, as before.',
    ...own,
    params: draftKeyParamSchema,
    invalid: { params: 'Malformed draft key' },
    body: draftBodySchema,
    ok: DraftSchema,
    errors: [403, 404, 409],
    limited: true,
  },
  discardDraft: {
    summary: 'Discard a draft (or drop it once submitted)',
    ...own,
    params: draftKeyParamSchema,
    invalid: { params: 'Malformed draft key' },
    ok: R.message({}),
    errors: [404],
  },
});
