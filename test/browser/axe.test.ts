// axe-core in Chromium, WCAG 2.2 AA, on one page of each route kind at 390 and 1280 px wide:
// no violation. axe runs as the page is once loaded, with the islands that hydrate at once
// mounted and the ones that wait for the viewport or idle time not yet (their server HTML is
// what a visitor meets first). Its source is evaluated through the DevTools protocol, which
// a Content-Security-Policy of the page does not block (a <script> tag it would).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';
import { DESKTOP, MOBILE, setUpSuite, type Suite } from './harness.ts';

const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One page per route kind (the blog article has a code block wider than a phone). */
const PAGES: [kind: string, path: string][] = [
  ['home', '/'],
  ['about', '/about'],
  ['gallery', '/gallery'],
  ['service-category', '/services/automotive-upholstery'],
  ['service', '/services/automotive-upholstery/headliner-replacement'],
  ['detailing-list', '/detailing-services'],
  ['detailing', '/detailing-services/automotive-detailing'],
  ['locations', '/locations'],
  ['location', '/locations/albuquerque'],
  ['contact', '/contact'],
  ['blog-list', '/blog'],
  ['blog-post', '/blog/custom-automotive-upholstery-near-me'],
  ['legal', '/privacy'],
  ['admin-rebuild', '/admin/rebuild'],
  ['not-found', '/no-such-page'],
];

interface Violation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

let suite: Suite;
beforeAll(async () => {
  suite = await setUpSuite();
});
afterAll(async () => {
  await suite?.close();
});

describe.each([['390 px', MOBILE], ['1280 px', DESKTOP]] as const)('axe at %s', (_, viewport) => {
  it.each(PAGES)('%s (%s): no WCAG 2.2 AA violation', async (_kind, path) => {
    const { page } = await suite.open(path, { viewport });
    await page.waitForLoadState('load');
    await page.evaluate(AXE);
    const violations = await page.evaluate((tags) => (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: Violation[] }> } })
      .axe.run(document, { runOnly: { type: 'tag', values: tags } }).then((r) => r.violations), TAGS);
    expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
