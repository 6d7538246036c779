/**
 * The method and path of every operation, by its name (the OpenAPI operationId): the one place a
 * route is written. Each tag's module (define.ts says how) declares the rest of the operation under
 * the same name; the server mounts the route from here, the client calls it from here. This table
 * has no schemas, so a screen that only calls the API bundles no zod
 * (docs/decisions/operations-declared-once.md).
 */
export const ROUTES = {
  // Meta
  health: 'GET /health',
  openApiDocument: 'GET /openapi.json',
  apiReference: 'GET /docs',
  apiReferenceAsset: 'GET /docs/assets/:file',
  // Stats
  userCounts: 'GET /users-count',
  activeUsers: 'GET /active-users',
  myArticleViews: 'GET /stats/my-article-views',
  publisherViews: 'GET /stats/publisher-views',
  // Payments
  plans: 'GET /plans',
  createPaymentIntent: 'POST /create-payment-intent',
  redeemPayment: 'PATCH /make-premium-user',
  stripeWebhook: 'POST /stripe/webhook',
  // Publishers
  listPublishers: 'GET /publisher-data',
  addPublisher: 'POST /add-publishers',
  publisherArticleCounts: 'GET /publisher/article/count',
  // Live
  events: 'GET /events',
  // Uploads
  uploadImage: 'POST /uploads',
  getUpload: 'GET /uploads/:file',
  // Auth
  signIn: 'POST /jwt',
  isEmailFree: 'POST /users',
  register: 'POST /users/new',
  registerGoogle: 'POST /users/new/google',
  isAdmin: 'GET /check/isAdmin',
  isPremium: 'GET /isPremium',
  removeExpiredSubscription: 'PATCH /remove/subscription',
  // Users
  getProfile: 'GET /users/:email',
  updateProfile: 'PATCH /users/:email',
  listUsers: 'GET /all-users',
  makeAdmin: 'PATCH /make-admin/:id',
  makeEditor: 'PATCH /make-editor/:id',
  removeEditor: 'PATCH /remove-editor/:id',
  // Billing
  subscriptionPlans: 'GET /subscription-plans',
  billingSummary: 'GET /billing',
  subscribe: 'POST /billing/subscription',
  cancelSubscription: 'POST /billing/cancel',
  resumeSubscription: 'POST /billing/resume',
  previewPlanSwitch: 'GET /billing/switch-preview',
  switchPlan: 'POST /billing/switch',
  startCardUpdate: 'POST /billing/card-setup',
  updateCard: 'POST /billing/card',
  userBilling: 'GET /admin/billing',
  revenueReport: 'GET /admin/revenue',
  refundPayment: 'POST /admin/refunds',
  grantPremium: 'POST /admin/premium-grants',
  // Follows
  followPublisher: 'POST /follows/publishers/:id',
  unfollowPublisher: 'DELETE /follows/publishers/:id',
  followWriter: 'POST /follows/writers/:id',
  unfollowWriter: 'DELETE /follows/writers/:id',
  myFollows: 'GET /me/follows',
  // Reading
  writerPage: 'GET /writers/:id',
  relatedArticles: 'GET /articles/related/:id',
  forYou: 'GET /me/for-you',
  // Drafts
  myDrafts: 'GET /me/drafts',
  myDraft: 'GET /me/drafts/:key',
  saveDraft: 'PUT /me/drafts/:key',
  discardDraft: 'DELETE /me/drafts/:key',
  // Mail
  myMailPreferences: 'GET /me/mail-preferences',
  saveMailPreferences: 'PUT /me/mail-preferences',
  myMails: 'GET /me/mails',
  confirmDigestPage: 'GET /mail/confirm',
  confirmDigest: 'POST /mail/confirm',
  unsubscribePage: 'GET /mail/unsubscribe',
  unsubscribe: 'POST /mail/unsubscribe',
  // Gift links
  createGiftLink: 'POST /gift-links',
  myGiftLinks: 'GET /me/gift-links',
  revokeGiftLink: 'DELETE /me/gift-links/:id',
  openGiftLink: 'POST /gift-links/open',
  // Comments
  articleComments: 'GET /articles/:id/comments',
  commentCounts: 'GET /comments/counts',
  postComment: 'POST /articles/:id/comments',
  editComment: 'PATCH /comments/:id',
  deleteComment: 'DELETE /comments/:id',
  pinComment: 'PUT /comments/:id/pin',
  unpinComment: 'DELETE /comments/:id/pin',
  reportComment: 'POST /comments/:id/reports',
  moderationComments: 'GET /admin/comments',
  moderationCommentCounts: 'GET /admin/comments/counts',
  moderateComment: 'PATCH /admin/comments/:id',
  stopCommenting: 'PUT /admin/comment-bans/:id',
  allowCommenting: 'DELETE /admin/comment-bans/:id',
  // Articles
  trendingArticles: 'GET /articles/trending',
  publicArticleIndex: 'GET /articles/public',
  articleTeaser: 'GET /articles/public/:id',
  approvedArticles: 'GET /all-articles/approved',
  premiumArticles: 'GET /premium/articles/only',
  articleDetails: 'GET /article/data/:id',
  countView: 'PATCH /articles/view-count/:id',
  // Writer
  postingAllowance: 'GET /me/posting',
  createArticle: 'POST /articles',
  articlesByAuthor: 'GET /articles/:email',
  updateArticle: 'PATCH /my-articles/update/:id',
  deleteArticle: 'DELETE /my-articles/:id',
  articleRevisions: 'GET /articles/:id/revisions',
  restoreArticleRevision: 'POST /articles/:id/revisions/:n/restore',
  // Admin
  moderationPage: 'GET /all-articles/data',
  moderationCounts: 'GET /all-articles/counts',
  approveArticle: 'PATCH /update/status/:id',
  declineArticle: 'PATCH /article/decline/:id',
  requestArticleChanges: 'PATCH /article/request-changes/:id',
  scheduleArticle: 'PATCH /article/schedule/:id',
  makeArticlePremium: 'PATCH /make-premium/:id',
} as const;

/** An operation's name. */
export type OperationId = keyof typeof ROUTES;
