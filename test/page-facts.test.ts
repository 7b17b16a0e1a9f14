// A page's facts (src/render/page-facts.ts) are recorded while it renders: the templates'
// elements through the templates bundle's JSX runtime, the Markdown body through its hast tree,
// the head from its parts, a shell part pasted from an earlier page with the facts it recorded.
// They must be what the page's HTML shows: every page of a fixture build is read back here with
// an HTML parser and the same rules, once with Markdown rendered and once from the Markdown cache.
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { build, type BuildState } from '../src/build.ts';
import { MemoryCaches } from '../src/cache/memory-cache.ts';
import { tagKey } from '../src/check/site-warnings.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { ansiToHtml } from '../src/dev/live-reload.ts';
import { renderMarkdownWithLinks } from '../src/markdown/render-markdown.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { hastLinkFacts } from '../src/render/page-recorder.ts';
import { ROOT } from './helpers/build-site.ts';

describe('page facts recorded while rendering', () => {
  const config = resolveConfig({ content: 'test/fixtures/mini', root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT);
  const caches = new MemoryCaches();
  const run = async () => {
    const writer = new MemoryWriter();
    const { state } = await build(config, { writer, links: true, workers: false, cache: caches });
    return { state, writer };
  };
  const builds = (async () => [await run(), await run()])();

  /**
   * Each page's facts beside what its HTML shows. Files are compared as the set the page loads:
   * React adds a preload of an island's first image (the `<img>`'s own src) in front of its HTML.
   */
  const compare = ({ state, writer }: { state: BuildState; writer: MemoryWriter }) => [...state.pages.values()].map(({ route, facts }) => {
    const shown = hastLinkFacts(fromHtml(writer.text(route.output)!));
    const files = (resources: { url: string; kind: string }[]) => [...new Set(resources.map((r) => `${r.kind} ${r.url}`))].sort();
    const { ids, links, resources } = facts.links!;
    return {
      page: route.path,
      recorded: { ids, links, files: files(resources) },
      shown: { ids: shown.ids, links: shown.links, files: files(shown.resources) },
    };
  });

  it('are what each page shows: ids and links in document order (head, shell, body, islands), the files it loads', async () => {
    const [first] = await builds;
    expect(first.state.pages.size).toBeGreaterThan(10);
    for (const { page, recorded, shown } of compare(first)) expect(recorded, page).toEqual(shown);
  });

  it('are the same when the Markdown comes from the cache', async () => {
    const [first, second] = await builds;
    expect(second.state.rendered).toBe(first.state.rendered);
    for (const { page, recorded, shown } of compare(second)) expect(recorded, page).toEqual(shown);
  });

  it('include the shell\'s links on every page, though its HTML is pasted after the first', async () => {
    const [first] = await builds;
    const pages = [...first.state.pages.values()];
    const shell = pages[0].facts.links!.links.filter((href) => href === '/about' || href === '/blog');
    expect(shell.length).toBeGreaterThan(0);
    for (const { route, facts } of pages) expect(facts.links!.links, route.path).toEqual(expect.arrayContaining(shell));
  });
});

describe('a Markdown body\'s facts', () => {
  it('come from its tree: heading ids, links, images', () => {
    const { links } = renderMarkdownWithLinks('## Caring for Leather\n\n[About](/about) and [top](#caring-for-leather)\n\n![A chair](/images/chair.jpg)', { siteUrl: 'https://example.com' });
    expect(links).toMatchObject({ ids: ['caring-for-leather'], links: ['/about', '#caring-for-leather'], resources: [{ url: '/images/chair.jpg', kind: 'image' }] });
  });
});

describe('tag spelling key', () => {
  it('ignores case, spaces, underscores and hyphens', () => {
    expect(new Set(['car-interior', 'Car Interior', 'car interior', 'car_interior', 'CarInterior'].map(tagKey)).size).toBe(1);
    expect(tagKey('leather')).not.toBe(tagKey('leather-repair'));
  });
});

describe('overlay colours', () => {
  it('turns the terminal colours of the formatter into escaped HTML', () => {
    expect(ansiToHtml('\x1b[31merror\x1b[39m <b> & \x1b[2mdim\x1b[22m')).toBe('<span style="color:#ff6b6b">error</span> &lt;b&gt; &amp; <span style="opacity:.65">dim</span>');
  });
});
