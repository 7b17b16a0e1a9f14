// Templates look photos up in the image manifest through this context (the page renderer
// provides layout.images), so an <Img src="/images/x.jpg"> anywhere in the tree can render a
// <picture> without the manifest being passed down by hand.
//
// The image components also record what they emit into a per-render collector (as islands
// are recorded): the page's image facts. The build reads them instead of the HTML — for the
// image preload, the largest-image budget and the variants it must encode.
import { createContext, useContext } from 'react';
import type { ImageEntry, ImageManifest } from './image-manifest.ts';

export const ImageManifestContext = createContext<ImageManifest>({});

/** The manifest entry of a photo; undefined when it has none (then use the original file). */
export function useImage(src: string): ImageEntry | undefined {
  return useContext(ImageManifestContext)[src];
}

/** One image a page shows (or, `shown: false`, may show later from an island's props). */
export interface ImageUse {
  /** Public path of the photo (e.g. /images/gallery/sofa.jpg). */
  photo: string;
  /** The URL of the <img> (the JPEG fallback, or the original file without variants). */
  src: string;
  /** The AVIF srcset as emitted (only the widths this slot can pick). */
  avif?: string;
  /** The <img>'s srcset (the JPEG fallback). */
  jpeg?: string;
  sizes?: string;
  loading: 'eager' | 'lazy';
  /** High fetch priority: the page's LCP image. */
  priority: boolean;
  /** False for variants an island may render in the browser (not in the page's HTML). */
  shown: boolean;
}

/** Collects the images of the page being rendered; null outside a page render. */
export const ImageCollector = createContext<ImageUse[] | null>(null);

/** A function that records an image use into the current page's collector (a no-op without one). */
export function useImageRecorder(): (use: ImageUse) => void {
  const collector = useContext(ImageCollector);
  return (use) => collector?.push(use);
}
