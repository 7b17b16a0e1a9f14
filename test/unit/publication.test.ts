// Which posts a build shows: selectPublished decides every post as publicationStatus does, by
// the business's day (America/Denver), around midnight and DST changes included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDay, publicationStatus, selectPublished } from '../../src/content/publication.ts';
import type { ContentGraph, Post } from '../../src/content/types.ts';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function graphOf(posts: Pick<Post, 'date' | 'draft'>[]): ContentGraph {
  return { posts: posts.map((p, i) => ({ ...p, slug: `p${i}` })) } as unknown as ContentGraph;
}

describe('selectPublished', () => {
  it('shows, withholds and marks every post as its date and the business day say', () => {
    // Build times over 2020–2030 (DST changes included), posts dated from 3 days before to 3 days after.
    const start = Date.UTC(2020, 0, 1);
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 11 * 365 * DAY_MS }),
      fc.array(fc.record({ offset: fc.integer({ min: -3, max: 3 }), draft: fc.boolean() }), { minLength: 1, maxLength: 8 }),
      fc.boolean(),
      (at, specs, showDrafts) => {
        const buildTime = start + at;
        const posts = specs.map(({ offset, draft }) => ({ date: iso(buildTime + offset * DAY_MS), ...(draft ? { draft } : {}) }));
        const graph = graphOf(posts);
        selectPublished(graph, buildTime, showDrafts);
        const expected = posts.map((p) => publicationStatus(p, buildTime));
        const shown = expected.flatMap((status, i) => (!status || showDrafts ? [`p${i}:${status ?? ''}`] : []));
        const withheld = expected.flatMap((status, i) => (status && !showDrafts ? [`p${i}:${status}`] : []));
        expect(graph.posts.map((p) => `${p.slug}:${p.status ?? ''}`)).toEqual(shown);
        expect(graph.withheld.map((p) => `${p.slug}:${p.status ?? ''}`)).toEqual(withheld);
      },
    ), { numRuns: 2000 });
  });

  it('a post dated on the business day is shown from midnight in Denver, not in UTC', () => {
    // 2026-12-01 03:00 UTC is 2026-11-30 20:00 in Denver (MST, UTC−7).
    const buildTime = Date.UTC(2026, 11, 1, 3);
    expect(businessDay(buildTime)).toBe('2026-11-30');
    const graph = graphOf([{ date: '2026-12-01' }, { date: '2026-11-30' }]);
    selectPublished(graph, buildTime, false);
    expect(graph.posts.map((p) => p.date)).toEqual(['2026-11-30']);
    expect(graph.withheld.map((p) => [p.date, p.status])).toEqual([['2026-12-01', 'scheduled']]);
  });
});
