// sharp: the facts of a source photo (size, placeholder) and its encoded variants.
import type { OutputInfo, Sharp } from 'sharp';
import { loadSharp } from './lazy-sharp.ts';
import { fallbackWidth, IMAGE_OPTIONS, variantWidths } from './image-options.ts';

export interface ImageFacts {
  width: number;
  height: number;
  /** data: URL of the blurred placeholder. */
  placeholder: string;
}

export interface Variant {
  /** File name inside the cache entry, e.g. "800.avif". */
  name: string;
  type: 'image/avif' | 'image/jpeg';
  width: number;
  height: number;
}

/** Orientation applied, so width and height are what a browser shows. */
export async function imageFacts(source: Buffer): Promise<ImageFacts> {
  const sharp = await loadSharp();
  const meta = await sharp(source).metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  const { placeholder } = IMAGE_OPTIONS;
  const tiny = await sharp(source).rotate().resize({ width: placeholder.width }).blur(placeholder.blur).webp({ quality: placeholder.quality }).toBuffer();
  return { width, height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
}

/** The variants a source of this size gets (names, types, sizes), before encoding. */
export function plannedVariants(width: number, height: number): Variant[] {
  const at = (w: number) => Math.max(1, Math.round((height * w) / width));
  const out: Variant[] = [];
  for (const w of variantWidths(width)) out.push({ name: `${w}.avif`, type: 'image/avif', width: w, height: at(w) });
  const jpeg = fallbackWidth(width);
  out.push({ name: `${jpeg}.jpg`, type: 'image/jpeg', width: jpeg, height: at(jpeg) });
  return out;
}

/** A photo decoded once (orientation applied), for all its variants. */
export interface Decoded {
  data: Buffer;
  info: OutputInfo;
}

export async function decodeSource(source: Buffer): Promise<Decoded> {
  const sharp = await loadSharp();
  return sharp(source).rotate().raw().toBuffer({ resolveWithObject: true });
}

/**
 * Encodes `variants` (all of one width) from the decoded photo: one resize, then each format.
 * Always from the full-size decode, so a variant's bytes depend only on the photo and the
 * options, not on which other variants a build asks for.
 */
export async function encodeWidth(decoded: Decoded, variants: Variant[]): Promise<[Variant, Buffer][]> {
  const sharp = await loadSharp();
  const raw = (d: Decoded) => sharp(d.data, { raw: { width: d.info.width, height: d.info.height, channels: d.info.channels } });
  const { width, height } = variants[0];
  const resized = width === decoded.info.width && height === decoded.info.height ? decoded : await raw(decoded).resize({ width, height, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return Promise.all(variants.map(async (variant): Promise<[Variant, Buffer]> => [variant, await encodeRaw(raw(resized), variant)]));
}

function encodeRaw(image: Sharp, variant: Variant): Promise<Buffer> {
  if (variant.type === 'image/avif') return image.avif(IMAGE_OPTIONS.avif).toBuffer();
  const { width: _w, ...jpeg } = IMAGE_OPTIONS.jpeg;
  return image.jpeg(jpeg).toBuffer();
}
