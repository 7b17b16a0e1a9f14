// An image that fades in once loaded (the head script marks it), inside a placeholder frame.
// Always sized (no layout shift), lazy unless it is above the fold.
export interface ImgProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Above the fold: load at once. */
  eager?: boolean;
  /** The largest image of the first screen. */
  priority?: boolean;
  sizes?: string;
  /** Class of the frame. */
  className?: string;
}

/** Content photos are 1600x1000 unless told otherwise. */
export const PHOTO = { width: 1600, height: 1000 };

export function Img({ src, alt, width = PHOTO.width, height = PHOTO.height, eager = false, priority = false, sizes, className }: ImgProps) {
  return (
    <span className={className ? `img-frame ${className}` : 'img-frame'}>
      <img
        className="fade-img"
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager || priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchpriority: 'high' } : {})}
        {...(sizes ? { sizes } : {})}
      />
    </span>
  );
}
