/** Shapes of the admin calls (docs/product.md §3, docs/api-contract.md); declared with the calls. */
export type {
  AdminArticle,
  AdminUser,
  ArticleStatus,
  ModerationCounts,
  ModerationFilter,
  PublisherArticleCount,
  PublisherViews,
  UserCounts,
} from '@/lib/api/types';
