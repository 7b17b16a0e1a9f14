// Cross references: ids must resolve between collections. The spec's one dropped reference
// (a detailing service related to a non-detailing id) is dropped with a warning.
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { ContentGraph } from './types.ts';

export function linkContent(graph: ContentGraph): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const serviceOrigin = new Map<string, string>();

  for (const category of graph.categories) {
    category.services.forEach((service, i) => {
      const other = serviceOrigin.get(service.id);
      if (other) {
        diagnostics.push(errors.duplicateId({ file: category.origin.file, field: `services[${i}].id` }, 'service id', service.id, other));
        return;
      }
      serviceOrigin.set(service.id, category.origin.file);
      graph.services.set(service.id, { ...service, categoryId: category.id });
    });
  }

  const serviceIds = [...graph.services.keys()];
  for (const category of graph.categories) {
    category.services.forEach((service, i) => {
      service.relatedServices.forEach((id, j) => {
        if (!graph.services.has(id) || id === service.id) {
          diagnostics.push(errors.unknownReference({ file: category.origin.file, field: `services[${i}].relatedServices[${j}]` }, 'service id', id, serviceIds));
        }
      });
    });
  }

  const detailingIds = new Set(graph.detailing.map((d) => d.id));
  for (const item of graph.detailing) {
    const kept: string[] = [];
    item.relatedServices.forEach((id, j) => {
      if (detailingIds.has(id) && id !== item.id) kept.push(id);
      else diagnostics.push(errors.droppedReference({ file: item.origin.file, field: `relatedServices[${j}]` }, 'detailing', id));
    });
    item.relatedServices = kept;
  }

  const categoryIds = graph.categories.map((c) => c.id);
  const homeFile = graph.files.home;
  graph.home.serviceCards.forEach((card, i) => {
    if (!categoryIds.includes(card.category)) {
      diagnostics.push(errors.unknownReference({ file: homeFile, field: `serviceCards[${i}].category` }, 'service category', card.category, categoryIds));
    }
  });
  graph.home.recentWork.forEach((id, i) => {
    if (!graph.services.has(id)) diagnostics.push(errors.unknownReference({ file: homeFile, field: `recentWork[${i}]` }, 'service id', id, serviceIds));
  });

  const locationIds = graph.locations.map((l) => l.id);
  graph.site.areas.forEach((area, i) => {
    if (!locationIds.includes(area.id)) {
      diagnostics.push(errors.unknownReference({ file: graph.files.site, field: `areas[${i}].id` }, 'location (content/locations/<id>.yaml)', area.id, locationIds));
    }
  });

  diagnostics.push(...checkAssets(graph));
  return diagnostics;
}

/** Every image and video a content file names must exist in site-assets/. */
function checkAssets(graph: ContentGraph): Diagnostic[] {
  const out: Diagnostic[] = [];
  const need = (path: string | undefined, file: string, field: string) => {
    if (path && !graph.assets.has(path)) out.push(errors.missingAsset({ file, field }, path));
  };
  need(graph.site.logo, graph.files.site, 'logo');
  need(graph.site.image, graph.files.site, 'image');
  for (const c of graph.categories) {
    need(c.image, c.origin.file, 'image');
    c.services.forEach((s, i) => need(s.image, c.origin.file, `services[${i}].image`));
  }
  for (const d of graph.detailing) need(d.image, d.origin.file, 'image');
  graph.gallery.forEach((g, i) => need(g.src, graph.files.gallery, `items[${i}].src`));
  need(graph.home.hero.poster, graph.files.home, 'hero.poster');
  graph.home.hero.videos.forEach((v, i) => need(v, graph.files.home, `hero.videos[${i}]`));
  graph.home.serviceCards.forEach((c, i) => need(c.image, graph.files.home, `serviceCards[${i}].image`));
  need(graph.home.craftsmanship.image, graph.files.home, 'craftsmanship.image');
  need(graph.detailingPage.hero.image, graph.files.detailingPage, 'hero.image');
  for (const p of graph.posts) need(p.coverImage, p.origin.file, 'coverImage');
  return out;
}
