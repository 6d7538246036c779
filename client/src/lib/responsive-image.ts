/**
 * Our stored images come with responsive variants, told apart by their name (the server's
 * uploads/variants.ts; docs/decisions/responsive-images.md): a display URL `…/uploads/<base>--<W>x<H>.jpg`
 * (or .png) has WebP variants `<base>--<W>x<H>-<w>.webp` for w in 400, 800, 1600 below W and W itself,
 * and JPEG/PNG ones `-<w>.jpg` below W (the display file is the W one). Any other URL (older uploads,
 * Google avatars, external images) has no variants and is shown as it is.
 */
export const RESPONSIVE_WIDTHS = [400, 800, 1600] as const;

const DISPLAY_PATH = /\/uploads\/[a-z0-9][a-z0-9-]*?--([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.(jpg|png)$/;

export interface ImageVariants {
  /** Intrinsic size of the display image (for width/height attributes). */
  width: number;
  height: number;
  /** srcset of the WebP variants. */
  webp: string;
  /** srcset of the JPEG/PNG variants, for browsers without WebP. */
  fallback: string;
}

/** The variants of one of our stored image URLs, or null when the URL has none. */
export function imageVariants(url: string | null | undefined): ImageVariants | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search || parsed.hash) {
    return null;
  }
  const match = DISPLAY_PATH.exec(parsed.pathname);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const ext = match[3]!;
  const display = parsed.href;
  const stem = display.slice(0, -(ext.length + 1));
  const widths = [...RESPONSIVE_WIDTHS.filter((w) => w < width), width];
  return {
    width,
    height,
    webp: widths.map((w) => `${stem}-${w}.webp ${w}w`).join(', '),
    fallback: widths.map((w) => `${w === width ? display : `${stem}-${w}.${ext}`} ${w}w`).join(', '),
  };
}
