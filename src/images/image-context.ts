// Templates look photos up in the image manifest through this context (the page renderer
// provides layout.images), so an <Img src="/images/x.jpg"> anywhere in the tree can render a
// <picture> without the manifest being passed down by hand.
import { createContext, useContext } from 'react';
import type { ImageEntry, ImageManifest } from './image-manifest.ts';

export const ImageManifestContext = createContext<ImageManifest>({});

/** The manifest entry of a photo; undefined when it has none (then use the original file). */
export function useImage(src: string): ImageEntry | undefined {
  return useContext(ImageManifestContext)[src];
}
