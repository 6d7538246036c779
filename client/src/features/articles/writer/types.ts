/** Shapes of the writer's calls; declared with the calls. */
export type { ArticleSubmission, ArticleUpdate, OwnArticle } from '@/lib/api/types';
