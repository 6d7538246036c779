/** Shapes of the article calls; declared with the calls. */
export type { ApprovedFilter, Article, ArticleStatus, ArticleTeaser, Publisher } from '@/lib/api/types';
