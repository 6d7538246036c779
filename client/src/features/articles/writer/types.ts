import type { Article } from '../types';

/** An article as its owner sees it (GET /articles/{email}: with email and decliningReason). */
export type OwnArticle = Article;

/** POST /articles?email body (docs/product.md §3 "Article submission payload"). */
export interface ArticleSubmission {
  title: string;
  photoURL: string;
  publisher: string;
  formatedTags: string[];
  description: string;
  userInfo: { email: string; name: string; image: string };
}

/** PATCH /my-articles/update/{id} body (docs/product.md §3 "Article update payload"). */
export interface ArticleUpdate {
  title: string;
  publisher: string;
  description: string;
  formatedTags: string[];
  photoURL: string;
}
