import type { AdminArticle } from '@/features/admin/types';
import { HistoryButton } from '@/features/articles/history/HistoryButton';

/** The moderation table's History control: the articles feature's, composed here (a feature imports no other). */
export const historyOf = (a: AdminArticle) => (
  <HistoryButton
    articleId={a._id}
    articleTitle={a.articleTitle}
    className="btn btn-outline col-span-2 px-2 py-1 text-xs"
  />
);
