// Pages record the images they emit (src/images/image-context.ts) instead of the build reading
// its HTML back: the facts match the HTML, the head's preload is the recorded slot, and only
// the variants a slot can pick are in its srcset and encoded.
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderContext, type BuildState } from '../src/build.ts';
import type { ServerModule } from '../src/render/bundle-templates.ts';
import { renderPageDocument } from '../src/render/render-documents.ts';
import { planImages } from '../src/images/build-images.ts';
import { encodeImages } from '../src/images/encode-variants.ts';
import { ImageCollector, ImageManifestContext, type ImageUse } from '../src/images/image-context.ts';
import { maxSlotWidth, srcsetForSlot } from '../src/images/slot-width.ts';
import type { PageRoute } from '../src/routes/types.ts';
import { Img } from '../templates/components/Img.tsx';
import { SIZES } from '../templates/components/image-sizes.ts';
import { buildSite, type SiteBuild } from './helpers/build-site.ts';
import { perfProject } from './perf-project.ts';

/** One page rendered as the document pass renders it (the Markdown bodies left empty: they hold no photos). */
function renderRoute(state: BuildState, server: ServerModule, route: PageRoute) {
  return { route, ...renderPageDocument(server, renderContext(state), new Map(state.client!.entries), route) };
}

/** An attribute by its name in any case (React writes srcSet, fetchPriority). */
const attr = (el: Element | null | undefined, name: string) => (el ? [...el.attributes].find((a) => a.name.toLowerCase() === name)?.value : undefined);
const widths = (srcset: string | undefined) => (srcset ?? '').split(', ').map((c) => Number.parseInt(c.split(' ')[1], 10));

describe('the widths a slot can pick (DPR up to 2)', () => {
  const all = '/a-400.avif 400w, /a-800.avif 800w, /a-1200.avif 1200w, /a-1600.avif 1600w';

  it('keeps every width up to the first that covers the widest slot at 2x', () => {
    expect(maxSlotWidth('400px')).toBe(400);
    expect(widths(srcsetForSlot(all, '400px'))).toEqual([400, 800]);
    expect(widths(srcsetForSlot(all, '(min-width: 960px) 300px, 190px'))).toEqual([400, 800]);
    // A grid card is 400 px on a desktop but 567 px just below the two-column breakpoint
    // (607 px wide viewport, calc(100vw - 2.5rem)): 1134 device pixels need the 1200.
    expect(Math.round(maxSlotWidth(SIZES.card))).toBe(567);
    expect(widths(srcsetForSlot(all, SIZES.card))).toEqual([400, 800, 1200]);
    // A full-bleed slot grows with the screen: every width.
    expect(widths(srcsetForSlot(all, SIZES.full))).toEqual([400, 800, 1200, 1600]);
    expect(widths(srcsetForSlot(all, undefined))).toEqual([400, 800, 1200, 1600]);
  });
});

describe('a photo shown only in small slots', { timeout: 120_000 }, () => {
  it('gets no wider variants, in its srcset or in the cache', async () => {
    const p = await perfProject(0);
    const plan = await planImages(join(p.root, 'site-assets'), join(p.root, '.stitch'), ['/images/og-default.jpg'], { encode: true });
    const entry = plan.manifest['/images/og-default.jpg'];
    expect(widths(entry.sources[0].srcset)).toEqual([400, 800, 1200]);
    const images: ImageUse[] = [];
    const html = renderToString(
      <ImageManifestContext.Provider value={plan.manifest}>
        <ImageCollector.Provider value={images}>
          <Img src="/images/og-default.jpg" alt="" sizes="(min-width: 608px) 400px, 50vw" />
          <Img src="/images/og-default.jpg" alt="" sizes="300px" eager />
        </ImageCollector.Provider>
      </ImageManifestContext.Provider>,
    );
    const { document } = parseHTML(html);
    for (const source of document.querySelectorAll('source')) expect(widths(attr(source, 'srcset'))).toEqual([400, 800]);
    expect(images.map((i) => widths(i.avif))).toEqual([[400, 800], [400, 800]]);
    expect(document.querySelectorAll('source[type="image/webp"]')).toHaveLength(0);

    const urls = images.flatMap((i) => [i.src, ...[i.avif, i.jpeg].flatMap((s) => (s ?? '').split(', ').map((c) => c.split(' ')[0]))]);
    const result = await encodeImages(plan, urls);
    expect(result.encoded).toBe(3);
    expect(result.files.map((f) => f.path.replace(/-[0-9a-f]{8}-/, '-')).sort()).toEqual([
      'assets/img/og-default-400.avif', 'assets/img/og-default-800.avif', 'assets/img/og-default-800.jpg',
    ]);
  });
});

describe('the recorded images of the real site\'s pages', { timeout: 120_000 }, () => {
  let site: SiteBuild;
  let rendered: { route: PageRoute; html: string; images: ImageUse[] }[];
  beforeAll(async () => {
    site = await buildSite();
    if (!site.ok) throw new Error(site.state.diagnostics.map((d) => d.message).join('\n'));
    const routes = site.state.routes.filter((r): r is PageRoute => r.type === 'page');
    const server = await site.state.server!.load();
    rendered = routes.map((route) => renderRoute(site.state, server, route));
  });

  it('are the images in the HTML, in document order', () => {
    let pictures = 0;
    for (const { route, html, images } of rendered) {
      const { document } = parseHTML(html);
      const inHtml = [...document.querySelectorAll('img')].map((img) => {
        const avif = img.parentElement?.querySelector('source[type="image/avif"]');
        // One <source> per picture: AVIF (no WebP).
        expect(img.parentElement?.querySelectorAll('source').length ?? 0, route.path).toBe(avif ? 1 : 0);
        return { src: img.getAttribute('src'), avif: attr(avif, 'srcset'), jpeg: attr(img, 'srcset'), sizes: attr(img, 'sizes'), loading: img.getAttribute('loading'), priority: attr(img, 'fetchpriority') === 'high' };
      });
      const recorded = images.filter((i) => i.shown).map((i) => ({ src: i.src, avif: i.avif, jpeg: i.jpeg, sizes: i.sizes, loading: i.loading, priority: i.priority }));
      expect(recorded, route.path).toEqual(inHtml);
      pictures += inHtml.filter((i) => i.avif).length;
    }
    expect(pictures).toBeGreaterThan(100);
  });

  it('give the head\'s image preload: the recorded srcset and sizes of the priority picture', () => {
    let preloads = 0;
    for (const { route, html, images } of rendered) {
      const { document } = parseHTML(html);
      for (const link of document.querySelectorAll('link[rel="preload"][as="image"]')) {
        const use = images.find((i) => i.shown && i.priority && i.src === link.getAttribute('href'));
        expect(use, `${route.path} ${link.getAttribute('href')}`).toBeDefined();
        expect([link.getAttribute('imagesrcset'), link.getAttribute('imagesizes'), link.getAttribute('type')]).toEqual([use!.avif, use!.sizes, 'image/avif']);
        preloads++;
      }
    }
    expect(preloads).toBeGreaterThanOrEqual(3);
  });

  it('are all the site writes: every variant a page references is in the output, and no other', () => {
    const written = new Set(site.state.images!.files.map((f) => `/${f.path}`));
    const referenced = new Set(rendered.flatMap(({ images }) => images.flatMap((i) => [i.avif, i.jpeg].flatMap((s) => (s ?? '').split(', ').map((c) => c.split(' ')[0]).filter(Boolean)))));
    expect([...referenced].filter((u) => !written.has(u))).toEqual([]);
    expect([...written].filter((u) => !referenced.has(u))).toEqual([]);
  });
});
