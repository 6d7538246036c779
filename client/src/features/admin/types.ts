/** Shapes of the admin calls (docs/product.md §3, docs/api-contract.md). */
export type ArticleStatus = 'Pending' | 'Accepted' | 'Approved' | 'Declined';

export interface AdminArticle {
  _id: string;
  articleTitle: string;
  articleImage: string;
  publisher: string;
  Tags: string[];
  status: ArticleStatus;
  isPremium: 'Yes' | 'No';
  decliningReason?: string | null;
  createdAt: string;
  totalViewCount: number;
  userInfo: { name?: string; image?: string; email?: string };
}

export interface AdminUser {
  _id: string;
  email: string;
  name?: string;
  displayName?: string;
  photoURL?: string;
  role?: 'Admin';
  premiumEndAt: string | null;
}

export interface UserCounts {
  allUserCount: number;
  normalUsersCount: number;
  premiumUsersCount: number;
}

export interface PublisherArticleCount {
  publisherName: string;
  articleCount: number;
}

/** The moderation table's filter: a status, or every article (Pending first). */
export type ModerationFilter = 'Pending' | 'All' | 'Approved' | 'Declined';

/** GET /all-articles/counts ('Accepted' counted as Approved). */
export interface ModerationCounts {
  Pending: number;
  Approved: number;
  Declined: number;
  total: number;
}

/** GET /stats/publisher-views: views per UTC day (oldest first), per publisher. */
export interface PublisherViews {
  days: string[];
  publishers: { publisher: string; views: number[]; periodViews: number }[];
  periodViews: number;
}
