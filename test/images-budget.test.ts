// The largest image a page loads on a 390 px phone (DPR 2), as a browser would pick it, and
// how the image budget treats it.
import { describe, expect, it } from 'vitest';
import { checkBudgets, largestOf, phoneLoads, resolveBudgets, weighPages } from '../src/budgets/budgets.ts';
import { pick, slotWidth } from '../src/images/slot-width.ts';
import type { ImageUse } from '../src/images/image-context.ts';
import type { PageRoute } from '../src/routes/types.ts';

const largestImage = (images: ImageUse[], sizes: ReadonlyMap<string, number>, preloads: string[] = []) => largestOf(phoneLoads(images, preloads), sizes);

const bytes = new Map<string, number>([
  ['/images/a.jpg', 200_000],
  ['/assets/img/a-400.avif', 20_000], ['/assets/img/a-800.avif', 60_000], ['/assets/img/a-1200.avif', 110_000], ['/assets/img/a-1600.avif', 150_000],
  ['/assets/img/a-800.jpg', 130_000],
  ['/images/b.jpg', 90_000],
]);
const avif = '/assets/img/a-400.avif 400w, /assets/img/a-800.avif 800w, /assets/img/a-1200.avif 1200w, /assets/img/a-1600.avif 1600w';
/** A recorded <picture> of photo a. */
const picture = (sizes: string, loading: 'eager' | 'lazy' = 'eager'): ImageUse =>
  ({ photo: '/images/a.jpg', src: '/assets/img/a-800.jpg', avif, jpeg: '/assets/img/a-800.jpg 800w', sizes, loading, priority: false, shown: true });
/** A recorded plain <img> of an original file. */
const plain = (src: string, loading: 'eager' | 'lazy' = 'eager', priority = false): ImageUse => ({ photo: src, src, loading, priority, shown: true });

describe('the largest image at 390 px', () => {
  it('evaluates sizes at a 390 px viewport', () => {
    expect(slotWidth(undefined, 390)).toBe(390);
    expect(slotWidth('100vw', 390)).toBe(390);
    expect(slotWidth('(min-width: 64rem) 33vw, (min-width: 40rem) 50vw, 100vw', 390)).toBe(390);
    expect(slotWidth('(max-width: 600px) 50vw, 800px', 390)).toBe(195);
    expect(slotWidth('calc(100vw - 2rem)', 390)).toBe(358);
    expect(slotWidth('(min-width: 30em) and (max-width: 50em) 10px, 300px', 390)).toBe(300);
  });

  it('picks the smallest candidate at least 780 device pixels wide', () => {
    expect(pick(avif, '100vw', 390, 2)).toBe('/assets/img/a-800.avif');
    expect(pick(avif, '(max-width: 600px) 50vw, 800px', 390, 2)).toBe('/assets/img/a-400.avif');
    expect(pick(avif, '100vw', 390, 3)).toBe('/assets/img/a-1200.avif');
    expect(pick('/x.jpg 1x, /y.jpg 2x', undefined, 390, 2)).toBe('/y.jpg');
    expect(pick('/assets/img/a-400.avif 400w', '100vw', 390, 2)).toBe('/assets/img/a-400.avif');
  });

  it('takes a picture\'s AVIF source, skips lazy and unshown images, counts plain images and preloads', () => {
    expect(largestImage([picture('100vw')], bytes)).toEqual({ url: '/assets/img/a-800.avif', bytes: 60_000 });
    expect(largestImage([picture('100vw', 'lazy')], bytes)).toBeUndefined();
    expect(largestImage([{ ...picture('100vw'), shown: false }], bytes)).toBeUndefined();
    expect(largestImage([picture('100vw'), plain('/images/b.jpg')], bytes)).toEqual({ url: '/images/b.jpg', bytes: 90_000 });
    expect(largestImage([plain('/images/a.jpg', 'lazy'), plain('/images/b.jpg', 'eager', true)], bytes)).toEqual({ url: '/images/b.jpg', bytes: 90_000 });
    // A preload of a photo the page does not show is its original; of a shown one, its picked variant.
    expect(largestImage([], bytes, ['/images/a.jpg'])).toEqual({ url: '/images/a.jpg', bytes: 200_000 });
    expect(largestImage([picture('100vw', 'lazy')], bytes, ['/images/a.jpg'])).toEqual({ url: '/assets/img/a-800.avif', bytes: 60_000 });
    expect(largestImage([plain('/images/unknown.jpg')], bytes)).toBeUndefined();
    expect(largestImage([{ ...picture('100vw'), avif: '/assets/img/a-400.avif 400w, /assets/img/a-1600.avif 1600w' }], bytes)).toEqual({ url: '/assets/img/a-1600.avif', bytes: 150_000 });
  });

  it('is an error for a variant over budget, a warning for an original whose variants go unused', () => {
    const route = (path: string) => ({ type: 'page', path, kind: 'home', output: 'x', template: 'home', props: {}, head: {} } as unknown as PageRoute);
    const weights = weighPages([
      { route: route('/uses-variant'), facts: { islands: [], scripts: [], bytes: 100, image: { url: '/assets/img/a-1600.avif', bytes: 150_000 } } },
      { route: route('/uses-original'), facts: { islands: [], scripts: [], bytes: 100, image: { url: '/images/a.jpg', bytes: 200_000 } } },
      { route: route('/fine'), facts: { islands: [], scripts: [], bytes: 100, image: { url: '/assets/img/a-800.avif', bytes: 60_000 } } },
    ], new Map(), []);
    const found = checkBudgets(weights, resolveBudgets(), new Set(['/images/a.jpg']));
    expect(found.map((d) => [d.code, d.severity, d.message.split(':')[0]])).toEqual([
      ['BudgetExceededError', 'error', '/uses-variant'],
      ['OriginalImageWarning', 'warning', '/uses-original'],
    ]);
  });
});
