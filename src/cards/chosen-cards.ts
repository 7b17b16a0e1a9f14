// The social images editors choose, read before the routes are made (a page names its image's size).
// The site card: site.yaml's `image`, on every page without a card of its own (its size from the
// images stage's plan when there, else from its header). A page's card: `card.title` and `card.image`
// (or `none`) are in the card's key (build-cards.ts), so a change redraws that card only; `ogImage`
// replaces the drawn card with the editor's image (JPEG, PNG, WebP or GIF, at least the card's
// size), output under a name with its content hash (assets/og/) like the other assets.
import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { ContentGraph, Post, SiteData } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { ImageManifest } from '../images/image-manifest.ts';
import { loadSharp } from '../images/lazy-sharp.ts';
import type { CardRequest } from '../routes/types.ts';

/** `path`: public path of the image. */
export type SiteCard = { path: string; width?: number; height?: number };

/** An editor's image that fits, and where the output has it. */
export type OgImage = NonNullable<CardRequest['ogImage']> & { output: string };

type CardFields = Pick<Post, 'card' | 'ogImage'>;

export async function siteCardOf(assetsDir: string, site: SiteData, photos: ImageManifest = {}): Promise<SiteCard> {
  const planned = Object.hasOwn(photos, site.image) ? photos[site.image] : undefined;
  if (planned) return { path: site.image, width: planned.width, height: planned.height };
  const { width, height } = await (await loadSharp())(`${assetsDir}${site.image}`).metadata().catch(() => ({ width: undefined, height: undefined }));
  return { path: site.image, width, height };
}

/** `page`: what the card shows unless the editor chose otherwise. */
export function chosenCard(path: string, entry: CardFields, page: Omit<CardRequest, 'output' | 'ogImage'>, ogImages: ReadonlyMap<string, OgImage>): CardRequest {
  const own = entry.ogImage === undefined ? undefined : ogImages.get(entry.ogImage);
  if (own) return { output: own.output, ...page, ogImage: { source: own.source, width: own.width, height: own.height } };
  const image = entry.card?.image;
  return { output: `cards${path}.png`, title: entry.card?.title ?? page.title, category: page.category, photo: image === 'none' ? undefined : image ?? page.photo };
}

/** Every `ogImage` that fits, by public path; an error at each field naming a missing image (`card.image` too) or one that does not fit. */
export async function readChosenCards(graph: ContentGraph, assetsDir: string): Promise<{ ogImages: Map<string, OgImage>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const named: { path: string; file: string; field: string }[] = [];
  // Every entry whose page has a card it may choose, with its file and where its fields are in it.
  const entries: { entry: CardFields; file: string; at: string }[] = [
    ...graph.categories.flatMap((c) => c.services.map((entry, i) => ({ entry, file: c.origin.file, at: `services[${i}].` }))),
    ...[...graph.detailing, ...graph.locations, ...graph.posts].map((entry) => ({ entry, file: entry.origin.file, at: '' })),
  ];
  for (const { entry, file, at } of entries) {
    const photo = entry.card?.image === 'none' ? undefined : entry.card?.image;
    for (const [path, field, own] of [[photo, `${at}card.image`, false], [entry.ogImage, `${at}ogImage`, true]] as const) {
      if (path && !graph.assets.has(path)) diagnostics.push(errors.missingAsset({ file, field }, path));
      else if (path && own) named.push({ path, file, field });
    }
  }
  const ogImages = new Map<string, OgImage>();
  const unfit = new Map<string, string>();
  const sharp = named.length > 0 ? await loadSharp() : undefined; // loaded only when an editor names an image
  for (const source of new Set(named.map((f) => f.path))) {
    try {
      const bytes = await readFile(join(assetsDir, source));
      const { format = 'unknown', width = 0, height = 0 } = await sharp!(bytes).metadata();
      if (!['jpeg', 'png', 'webp', 'gif'].includes(format)) unfit.set(source, `a file of type ${format}`);
      else if (width < 1200 || height < 630) unfit.set(source, `${width}×${height} pixels`); // smaller than the drawn card
      else ogImages.set(source, { source, width, height, output: `assets/og/${basename(source, extname(source))}-${hash('sha256', bytes).slice(0, 8)}${extname(source)}` });
    } catch (error) {
      unfit.set(source, `a file that cannot be read as an image (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  for (const f of named) if (unfit.has(f.path)) diagnostics.push(errors.ogImageUnfit({ file: f.file, field: f.field }, f.path, unfit.get(f.path)!));
  return { ogImages, diagnostics };
}
