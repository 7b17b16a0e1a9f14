// The image manifest templates receive (layout.images): per public source path, what an <img>
// or <picture> needs — intrinsic size, an inline placeholder, an AVIF srcset and a JPEG
// fallback. Plain data: it travels to render workers and into page keys.

export interface ImageSource {
  type: 'image/avif';
  /** "url 400w, url 800w, …" */
  srcset: string;
}

export interface ImageEntry {
  /** Intrinsic size of the source (the widest variant keeps its aspect ratio). */
  width: number;
  height: number;
  /** A tiny blurred version as a data: URL, for the background while the image loads. */
  placeholder: string;
  /** In order of preference (AVIF only: every current browser decodes it). */
  sources: ImageSource[];
  /** For browsers without AVIF: one JPEG. */
  fallback: { src: string; type: 'image/jpeg'; width: number; height: number };
}

/** Public source path (e.g. /images/gallery/sofa.jpg) → its entry. */
export type ImageManifest = Record<string, ImageEntry>;
