/**
 * The shapes our API answers and accepts, as the client reads them. The wire types and the input
 * schemas live in @newsroom/common (type-only imports here: no zod in the bundle); the few shapes
 * below narrow or widen them for one screen. Features re-export what they show; every call in
 * lib/api/ is typed with these.
 */
import type {
  ArticleCard,
  Article as ArticleRecord,
  createArticleBodySchema,
  makePremiumUserBody,
  ModerationStatus,
  profileUpdateSchema,
  registerBodySchema,
  updateArticleBodySchema,
  User,
} from '@newsroom/common';
import type { z } from 'zod';

export type {
  ArticleStatus,
  BillingPayment,
  BillingSummary,
  Subscribed,
  SubscriptionPlanId,
  SubscriptionState,
  SubscriptionStatus,
  SwitchPreview,
  ArticleTeaser,
  CreatedIntent as PaymentIntentAnswer,
  ModerationCounts,
  MyArticleViews,
  Plan,
  PostingAllowance,
  Publisher,
  PublisherArticleCount,
  PublisherViews,
  UserCounts,
} from '@newsroom/common';

/** An article as the API answers it (public answers carry userInfo without email). */
export type Article = ArticleCard &
  Partial<
    Pick<ArticleRecord, 'decliningReason' | 'updatedAt' | 'reviewNote' | 'reviewNoteAt' | 'publishAt'>
  > & {
    userInfo: { email?: string };
  };

/** GET /all-articles/approved filters ("All Articles"). */
export interface ApprovedFilter {
  search: string;
  /** Publisher name; '' for all publishers. */
  publisher: string;
  tags: string[];
}

/** An article as its owner sees it (GET /articles/{email}: with email and decliningReason). */
export type OwnArticle = Article;

/** POST /articles?email body (docs/product.md §3 "Article submission payload"). */
export type ArticleSubmission = z.input<typeof createArticleBodySchema>;

/** PATCH /my-articles/update/{id} body (docs/product.md §3 "Article update payload"). */
export type ArticleUpdate = z.input<typeof updateArticleBodySchema>;

/** An article in the admin's moderation table (GET /all-articles/data). */
export type AdminArticle = Omit<Article, 'articleDescription' | 'userInfo'> & {
  userInfo: Partial<ArticleRecord['userInfo']>;
};

export type AdminUser = Pick<
  User,
  | '_id'
  | 'email'
  | 'displayName'
  | 'photoURL'
  | 'role'
  | 'editor'
  | 'premiumEndAt'
  | 'emailVerified'
  | 'subscription'
> & {
  name?: string;
};

/** The moderation table's filter: a status, or every article (Pending first). */
export type ModerationFilter = ModerationStatus | 'All';

/** The user record of GET /users/{email} (docs/product.md §3 "User"). */
export type Profile = Omit<User, 'name' | 'createdAt'> & { name?: string };

/** PATCH /users/{email} body; '' clears an optional field. */
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /users/new and /users/new/google body. */
export type NewUser = z.input<typeof registerBodySchema>;

/** PATCH /make-premium-user body. */
export type MakePremiumUserInput = z.input<typeof makePremiumUserBody>;
