import type { ImgHTMLAttributes } from 'react';
import { imageVariants } from '@newsroom/common/images';

type NativeProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'alt'
>;

export interface ResponsiveImageProps extends NativeProps {
  src: string;
  alt: string;
  /** How wide the image is shown, as in the `sizes` attribute (e.g. "(min-width: 768px) 50vw, 100vw"). */
  sizes: string;
  /**
   * The slot's shape, used for the width/height attributes when the URL does not tell the image's
   * own size (external or older images). The slot's CSS sets the rendered size either way.
   */
  width: number;
  height: number;
  /** The page's largest image (LCP): fetched first and never lazily. */
  priority?: boolean;
  /** Above the fold but not the LCP image: 'eager'. Default 'lazy'. */
  loading?: 'lazy' | 'eager';
}

/**
 * An image with width/height attributes (no layout shift) and, for our stored images, a WebP srcset
 * with a JPEG/PNG srcset for older browsers, so each screen fetches the smallest variant that fits.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  width,
  height,
  priority = false,
  loading = 'lazy',
  decoding,
  ...rest
}: ResponsiveImageProps) {
  const variants = imageVariants(src);
  const img = (
    <img
      {...rest}
      src={src}
      srcSet={variants?.fallback}
      sizes={variants ? sizes : undefined}
      alt={alt}
      width={variants?.width ?? width}
      height={variants?.height ?? height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={decoding ?? (priority ? undefined : 'async')}
    />
  );
  if (!variants) return img;
  return (
    // display: contents, so the picture element adds no box around the image.
    <picture className="contents">
      <source type="image/webp" srcSet={variants.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
