export type ArticleStatus = 'Pending' | 'Accepted' | 'Approved' | 'Declined';

/** An article as the API answers it (public answers carry userInfo without email). */
export interface Article {
  _id: string;
  articleTitle: string;
  articleImage: string;
  articleDescription: string;
  publisher: string;
  Tags: string[];
  status: ArticleStatus;
  isPremium: 'Yes' | 'No';
  decliningReason?: string | null;
  createdAt: string;
  totalViewCount: number;
  userInfo: { image: string; name: string; email?: string };
}

/** GET /articles/public/{id}: what anyone may see of an approved article (description cut to 300). */
export type ArticleTeaser = Pick<
  Article,
  | '_id'
  | 'articleTitle'
  | 'articleImage'
  | 'articleDescription'
  | 'publisher'
  | 'Tags'
  | 'isPremium'
  | 'createdAt'
> & { updatedAt?: string; userInfo: { name: string; image: string } };

export interface Publisher {
  _id: string;
  publisherName: string;
  logo: string;
}
