// What the image pipeline makes of every content photo (site-assets/images/**/*.jpg): AVIF at
// several widths up to the source's width, one JPEG fallback, and a tiny blurred placeholder.
// No WebP: every current browser decodes AVIF (Chrome 85+, Firefox 93+, Safari 16.4+) and the
// JPEG serves the rest; WebP was ~1/3 of a first build's encoding CPU. Part of every cache key:
// changing a value here re-encodes the images.
export const IMAGE_OPTIONS = {
  /**
   * Widths of the AVIF variants (never wider than the source; the source's own width is added
   * when it is narrower than the widest). The 1200 stays although it is ~30 % of the AVIF CPU:
   * without it the slots that pick it (801–1200 device px: a 3x phone's hero, a post's cover on
   * a desktop) load the 1600, +35–50 % bytes for a visitor to save ~3 s of one first build.
   */
  widths: [400, 800, 1200, 1600],
  /**
   * AVIF: effort 0 is ~10x faster than the default for a few per cent more bytes; 4:2:0 chroma
   * (as JPEG) is ~6 % less CPU than sharp's 4:4:4 and 1.3 % smaller (all 66 photos).
   */
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  /**
   * The one JPEG for browsers without AVIF (next to none): libjpeg-turbo, baseline with
   * optimised Huffman tables, ~5x faster than mozjpeg's trellis for 24 % more bytes, and half
   * the CPU of progressive (7.7 vs 15.5 ms a photo) for 3 % more, on a file hardly anyone loads.
   */
  jpeg: { quality: 78, optimizeCoding: true, width: 800 },
  /** Placeholder: this many pixels wide, blurred, inlined as a data URL. */
  placeholder: { width: 16, blur: 0.6, quality: 40 },
  /** Content photos: JPEGs under site-assets/images/ that the content names. */
  pattern: 'images/**/*.{jpg,jpeg}',
} as const;

/** Variant widths for a source `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const below = IMAGE_OPTIONS.widths.filter((w) => w < width);
  const top = Math.min(width, IMAGE_OPTIONS.widths[IMAGE_OPTIONS.widths.length - 1]);
  return [...below.filter((w) => w < top), top];
}

/** Width of the JPEG fallback. */
export function fallbackWidth(width: number): number {
  return Math.min(width, IMAGE_OPTIONS.jpeg.width);
}
