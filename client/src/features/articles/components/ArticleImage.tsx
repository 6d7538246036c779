import { ResponsiveImage } from '@/components/ResponsiveImage';
import { ARTICLE_IMAGE_SIZES } from '@/lib/image-sizes';

/** The article's picture, the page's largest paint: fetched first, never lazily. */
export function ArticleImage({ article }: { article: { articleImage: string; articleTitle: string } }) {
  return (
    <ResponsiveImage
      src={article.articleImage}
      alt={article.articleTitle}
      sizes={ARTICLE_IMAGE_SIZES}
      width={1600}
      height={900}
      priority
      className="aspect-[16/9] w-full rounded-lg object-cover"
    />
  );
}
