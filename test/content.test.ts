// The real content: the counts the spec names, every reference resolved, and no copy-paste
// descriptions with a name swapped.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.ts';
import { linkContent } from '../src/content/link-content.ts';
import type { ContentGraph } from '../src/content/types.ts';
import { ROOT } from './helpers/build-site.ts';

let graph: ContentGraph;

beforeAll(async () => {
  const loaded = await loadContent(ROOT, `${ROOT}/content`, `${ROOT}/site-assets`);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  graph = loaded.graph!;
  const linked = linkContent(graph);
  expect(linked.filter((d) => d.severity === 'error')).toEqual([]);
});

const SPEC_SERVICES: Record<string, string[]> = {
  'furniture-upholstery': ['sofa-reupholstery', 'chair-upholstery', 'recliner-upholstery', 'antique-furniture-restoration', 'custom-furniture-upholstery'],
  'automotive-upholstery': ['car-seat-reupholstery', 'classic-car-interiors', 'headliner-replacement', 'door-panel-repair'],
  'motorcycle-upholstery': ['motorcycle-seat-reupholstery', 'custom-motorcycle-design', 'vintage-motorcycle-restoration', 'saddlebag-repair'],
  'airplane-upholstery': ['aircraft-seat-refurbishment', 'cabin-interior-redesign', 'aircraft-headliner-replacement', 'side-panel-restoration'],
  'commercial-upholstery': ['office-chair-upholstery', 'restaurant-booth-reupholstery', 'waiting-room-seating', 'gym-equipment-upholstery'],
  'marine-upholstery': ['boat-seat-upholstery', 'cabin-cushions', 'sun-deck-pads', 'waterproof-fabric-replacement'],
  'custom-cushions-pillows': ['indoor-bench-cushions', 'outdoor-furniture-cushions', 'custom-throw-pillows', 'window-seat-cushions'],
  'leather-specialty-materials': ['leather-furniture-repair', 'vinyl-reupholstery', 'suede-upholstery'],
};

describe('the real content', () => {
  it('has the spec counts', () => {
    expect(graph.categories.map((c) => c.id)).toEqual(Object.keys(SPEC_SERVICES));
    for (const c of graph.categories) expect(c.services.map((s) => s.id), c.id).toEqual(SPEC_SERVICES[c.id]);
    expect(graph.services.size).toBe(32);
    expect(graph.detailing.map((d) => d.id)).toEqual(['interior-upholstery-detailing', 'automotive-detailing', 'leather-detailing', 'pet-odor-removal', 'commercial-upholstery', 'allergen-sanitization']);
    expect(graph.locations.map((l) => l.id)).toEqual(['albuquerque', 'rio-rancho', 'santa-fe', 'los-lunas', 'belen', 'bernalillo', 'placitas', 'corrales', 'los-ranchos', 'tijeras']);
    expect(graph.gallery).toHaveLength(12);
    expect(graph.testimonials).toHaveLength(4);
    expect(graph.testimonials.every((t) => t.rating === 5)).toBe(true);
    expect(graph.posts).toHaveLength(26);
  });

  it('has the spec posts, the DIY post dated 2025-10-28 at 7 minutes, reading times 4-17', () => {
    const slugs = graph.posts.map((p) => p.slug);
    for (const slug of ['importance-professional-leather-repair', 'top-trends-2023-custom-automotive-upholstery', 'faqs-custom-automotive-upholstery-services']) expect(slugs).toContain(slug);
    const diy = graph.posts.find((p) => /diy/.test(p.slug))!;
    expect(diy).toMatchObject({ date: '2025-10-28', readingTime: 7 });
    for (const p of graph.posts) expect(p.readingTime, p.slug).toBeGreaterThanOrEqual(4);
    for (const p of graph.posts) expect(p.readingTime, p.slug).toBeLessThanOrEqual(17);
  });

  it('keeps the spec facts in site.yaml', () => {
    expect(graph.site.rating).toEqual({ value: 4.9, count: 127 });
    expect(graph.site.priceRange).toBe('$$');
    expect(graph.site.phone).toMatch(/^\(505\) 555-01\d\d$/);
    expect(graph.site.address.city).toBe('Rio Rancho');
    expect(graph.site.areas).toHaveLength(10);
    expect(graph.site.payment.currency).toBe('USD');
  });

  it('no two service, detailing or location descriptions are the same text, nor share a paragraph', () => {
    const paragraphs = new Map<string, string>();
    const texts = [
      ...[...graph.services.values()].map((s) => [s.id, s.description] as const),
      ...graph.detailing.map((d) => [d.id, d.description] as const),
      ...graph.locations.map((l) => [l.id, l.description.join('\n\n')] as const),
    ];
    for (const [id, text] of texts) {
      for (const p of text.split(/\n\s*\n/).map((x) => x.trim().toLowerCase()).filter(Boolean)) {
        expect(paragraphs.get(p), `${id} repeats a paragraph of ${paragraphs.get(p)}`).toBeUndefined();
        paragraphs.set(p, id);
      }
    }
  });

  it('shows no prices outside blog prose', () => {
    const nonBlog = JSON.stringify({ ...graph, posts: [], services: [...graph.services.values()], assets: [] });
    expect(nonBlog).not.toMatch(/\$\d/);
  });

  it('every service has 4 FAQs and 2-3 related services; detailing has 4 features and 4 benefits', () => {
    for (const s of graph.services.values()) {
      expect(s.faqs, s.id).toHaveLength(4);
      expect(s.relatedServices.length, s.id).toBeGreaterThanOrEqual(2);
      expect(s.relatedServices.length, s.id).toBeLessThanOrEqual(3);
    }
    for (const d of graph.detailing) {
      expect(d.features).toHaveLength(4);
      expect(d.benefits).toHaveLength(4);
    }
  });
});
