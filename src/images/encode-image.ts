// sharp: the facts of a source photo (size, placeholder) and its encoded variants.
import sharp from 'sharp';
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
  type: 'image/avif' | 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
}

/** Orientation applied, so width and height are what a browser shows. */
export async function imageFacts(source: Buffer): Promise<ImageFacts> {
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
  for (const w of variantWidths(width)) out.push({ name: `${w}.webp`, type: 'image/webp', width: w, height: at(w) });
  const jpeg = fallbackWidth(width);
  out.push({ name: `${jpeg}.jpg`, type: 'image/jpeg', width: jpeg, height: at(jpeg) });
  return out;
}

export async function encodeVariant(source: Buffer, variant: Variant): Promise<Buffer> {
  const image = sharp(source).rotate().resize({ width: variant.width, height: variant.height, fit: 'fill' });
  if (variant.type === 'image/avif') return image.avif(IMAGE_OPTIONS.avif).toBuffer();
  if (variant.type === 'image/webp') return image.webp(IMAGE_OPTIONS.webp).toBuffer();
  const { width: _w, ...jpeg } = IMAGE_OPTIONS.jpeg;
  return image.jpeg(jpeg).toBuffer();
}
