import {
  useApproveArticle,
  useDeclineArticle,
  useMakePremium,
  useRequestChanges,
  useScheduleArticle,
} from '@/lib/api/admin';
import { useDeleteArticle } from '@/lib/api/writer';
import { confirmAction, swal } from '@/lib/swal';
import { adminMessages as m } from './messages';
import { askWhen, askWriter, type SendBack } from './moderation-prompts';
import type { AdminArticle } from './types';

/** What the table does with a row the admin moderated: keep it in place, or forget it once deleted. */
interface KeptRowsUpdate {
  keep: (article: AdminArticle) => void;
  forget: (id: string) => void;
}

/**
 * The moderation table's actions on an article: each asks what it needs (a reason, a note, a time, a
 * confirmation) in a SweetAlert, says it is done in another, and keeps the row with the server's answer.
 * Refusals are toasted by the query client; here they are only logged.
 */
export function useArticleModeration({ keep, forget }: KeptRowsUpdate) {
  const approve = useApproveArticle();
  const decline = useDeclineArticle();
  const requestChanges = useRequestChanges();
  const schedule = useScheduleArticle();
  const makePremium = useMakePremium();
  const remove = useDeleteArticle();

  const run = async (action: () => Promise<void>, title: string) => {
    try {
      await action();
      void swal.fire({ icon: 'success', title });
    } catch (error) {
      console.error(error);
    }
  };

  return {
    /** One action at a time: every row's buttons wait while one runs. */
    busy:
      approve.isPending ||
      decline.isPending ||
      requestChanges.isPending ||
      schedule.isPending ||
      makePremium.isPending ||
      remove.isPending,

    approve: (a: AdminArticle) => run(async () => keep(await approve.mutateAsync(a._id)), m.approved),

    /** Back to the writer: declined with a reason, or changes requested with a note. */
    sendBack: async (a: AdminArticle, how: SendBack) => {
      const text = await askWriter(how);
      if (!text) return;
      const send =
        how === 'decline'
          ? () => decline.mutateAsync({ id: a._id, reason: text })
          : () => requestChanges.mutateAsync({ id: a._id, note: text });
      await run(async () => keep(await send()), how === 'decline' ? m.declined : m.changesRequested);
    },

    schedule: async (a: AdminArticle) => {
      const publishAt = await askWhen(a.publishAt);
      if (!publishAt) return;
      await run(async () => keep(await schedule.mutateAsync({ id: a._id, publishAt })), m.scheduled);
    },

    remove: async (a: AdminArticle) => {
      if (!(await confirmAction('Yes, delete it!'))) return;
      await run(async () => {
        await remove.mutateAsync(a._id);
        forget(a._id);
      }, m.deleted);
    },

    makePremium: (a: AdminArticle) => run(async () => keep(await makePremium.mutateAsync(a._id)), m.premium),
  };
}

export type ArticleModeration = ReturnType<typeof useArticleModeration>;
