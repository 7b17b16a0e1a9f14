// A responsive photo from plain variant data: <picture> with an AVIF source and a JPEG
// fallback, intrinsic size, over its tiny blurred placeholder. No manifest lookup, so the
// client-side islands can use it too (they get the data in their props; see Img for pages).
// Its srcsets should list only the widths the slot (`sizes`) can pick: the server trims them
// (slotImage) before they reach it, so the slot parser stays out of island bundles. The page
// records what it emitted (src/images/image-context.ts), which is what the build encodes.
import type { CSSProperties } from 'react';
import { useImageRecorder } from '../../src/images/image-context.ts';
import type { ImageEntry } from '../../src/images/image-manifest.ts';
import { srcsetForSlot } from '../../src/images/slot-width.ts';

/** What a responsive photo needs, light enough for island props. */
export interface ResponsiveImage {
  width: number;
  height: number;
  /** A tiny blurred version as a data: URL. */
  placeholder: string;
  avif?: string;
  /** The JPEG fallback's srcset ("url 800w"). */
  jpeg: string;
  /** The JPEG fallback's URL. */
  src: string;
}

/** The light form of a manifest entry. */
export function responsiveImage(entry: ImageEntry): ResponsiveImage {
  const of = (type: string) => entry.sources.find((s) => s.type === type)?.srcset;
  return {
    width: entry.width,
    height: entry.height,
    placeholder: entry.placeholder,
    avif: of('image/avif'),
    jpeg: `${entry.fallback.src} ${entry.fallback.width}w`,
    src: entry.fallback.src,
  };
}

/**
 * `image` with only the widths a slot of these `sizes` can pick (every width any of them can
 * pick, for an image an island shows in several slots).
 */
export function slotImage(image: ResponsiveImage, ...sizes: string[]): ResponsiveImage {
  const trim = (srcset: string | undefined) => {
    if (!srcset) return srcset;
    const kept = new Set(sizes.flatMap((s) => srcsetForSlot(srcset, s).split(', ')));
    return srcset.split(', ').filter((c) => kept.has(c)).join(', ');
  };
  return { ...image, avif: trim(image.avif) };
}

export interface PictureProps {
  image: ResponsiveImage;
  alt: string;
  /** The slot's width in the layout (a `sizes` value). */
  sizes: string;
  loading: 'eager' | 'lazy';
  /** The page's LCP image: high fetch priority, decoded at once. */
  priority?: boolean;
  /** Class of the frame. */
  className?: string;
  /** Public path of the photo, recorded with the page's image facts. */
  photo?: string;
}

export function Picture({ image, alt, sizes, loading, priority = false, className, photo }: PictureProps) {
  const record = useImageRecorder();
  const { avif } = image;
  record({ photo: photo ?? image.src, src: image.src, avif, jpeg: image.jpeg, sizes, loading, priority, shown: true });
  const frame: CSSProperties = { backgroundImage: `url(${image.placeholder})` };
  return (
    <span className={className ? `img-frame ${className}` : 'img-frame'} style={frame}>
      <picture>
        {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
        <img
          className="fade-img"
          src={image.src}
          srcSet={image.jpeg}
          sizes={sizes}
          alt={alt}
          width={image.width}
          height={image.height}
          loading={loading}
          decoding={priority ? undefined : 'async'}
          fetchPriority={priority ? 'high' : undefined}
        />
      </picture>
    </span>
  );
}
