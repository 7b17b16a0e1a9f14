// An image that fades in once loaded (the head script marks it), inside a placeholder frame.
// Always sized (no layout shift), lazy unless it is above the fold. A photo with responsive
// variants in the image manifest renders as a <picture> (AVIF, WebP, JPEG fallback) over its
// tiny blurred placeholder; anything else (an SVG, images disabled) as the original file.
import { useImage, useImageRecorder } from '../../src/images/image-context.ts';
import { Picture, responsiveImage, slotImage } from './Picture.tsx';

export interface ImgProps {
  src: string;
  alt: string;
  /** Size of a file without variants (a photo with variants has its intrinsic size). */
  width?: number;
  height?: number;
  /** Above the fold: load at once. */
  eager?: boolean;
  /** The largest image of the first screen: eager, high fetch priority. */
  priority?: boolean;
  /** The slot's width in the layout, so the browser picks the right variant; 100vw by default. */
  sizes?: string;
  /** Class of the frame. */
  className?: string;
}

/** Content photos are 1600x1000 unless told otherwise. */
export const PHOTO = { width: 1600, height: 1000 };

export function Img({ src, alt, width = PHOTO.width, height = PHOTO.height, eager = false, priority = false, sizes = '100vw', className }: ImgProps) {
  const entry = useImage(src);
  const record = useImageRecorder();
  const loading = eager || priority ? 'eager' : 'lazy';
  if (entry) return <Picture image={slotImage(responsiveImage(entry), sizes)} alt={alt} sizes={sizes} loading={loading} priority={priority} className={className} photo={src} />;
  record({ photo: src, src, loading, priority, shown: true });
  // The bare <picture> keeps React from adding a preload of its own for an eager image (the
  // page head already preloads its LCP image).
  return (
    <span className={className ? `img-frame ${className}` : 'img-frame'}>
      <picture>
        <img
          className="fade-img"
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={loading}
          decoding={priority ? undefined : 'async'}
          fetchPriority={priority ? 'high' : undefined}
        />
      </picture>
    </span>
  );
}
