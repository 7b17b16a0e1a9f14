// compareText sorts as String#localeCompare does: directly for paths, slugs, dates and ids,
// through the collator for anything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareText, comparerFor } from '../../src/content/compare-text.ts';

const sign = (n: number) => Math.sign(n);
const simple = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-./'.split('')), maxLength: 12 });
const ascii = fc.string({ unit: fc.constantFrom(...' -./0123456789:_ABCZabcz~é'.split('')), maxLength: 8 });

describe('compareText', () => {
  it('orders paths, slugs, dates and ids as localeCompare does', () => {
    fc.assert(fc.property(simple, simple, (a, b) => {
      expect(sign(compareText(a, b))).toBe(sign(a.localeCompare(b)));
    }), { numRuns: 5000 });
  });

  it('orders any other text as localeCompare does (case, spaces, underscores, accents)', () => {
    fc.assert(fc.property(fc.oneof(ascii, simple), fc.oneof(ascii, simple), (a, b) => {
      expect(sign(compareText(a, b))).toBe(sign(a.localeCompare(b)));
    }), { numRuns: 3000 });
    // Where the code units' order would differ: case, '_' and spaces.
    for (const [a, b] of [['a', 'B'], ['a_b', 'a-b'], ['a b', 'a-b'], ['Zebra', 'apple'], ['é', 'f']]) {
      expect(sign(compareText(a, b)), `${a} ${b}`).toBe(sign(a.localeCompare(b)));
    }
  });

  it('sorts a route table\'s paths in the same order', () => {
    const paths = ['/', '/blog', '/blog/archive/1', '/blog/a-b', '/blog/a', '/blog/a/b', '/blog/a.b', '/services/x-1', '/services/x', '/404', '/about'];
    expect([...paths].sort(compareText)).toEqual([...paths].sort((a, b) => a.localeCompare(b)));
  });
});

describe('comparerFor', () => {
  it('sorts a list as compareText does, whether all of it is simple or not', () => {
    fc.assert(fc.property(fc.array(simple, { maxLength: 30 }), fc.array(fc.oneof(ascii, simple), { maxLength: 30 }), (paths, mixed) => {
      for (const list of [paths, mixed, [...paths, ...mixed]]) {
        expect([...list].sort(comparerFor(list))).toEqual([...list].sort(compareText));
      }
    }), { numRuns: 1000 });
  });

  it('compares by code units only when every text is simple', () => {
    expect(comparerFor(['/blog', '/about'])).not.toBe(compareText);
    expect(comparerFor(['/blog', '/About'])).toBe(compareText);
    expect(comparerFor([])).not.toBe(compareText);
  });
});
