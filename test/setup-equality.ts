// toEqual compares typed arrays element by element through its generic walk: about 9 s per MB,
// which made byte-for-byte output comparisons the slowest part of several files. Two byte
// arrays of the same class are equal when their bytes are; anything else goes to the usual rules.
import { expect } from 'vitest';

expect.addEqualityTesters([
  function sameBytes(a: unknown, b: unknown): boolean | undefined {
    if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array) || a.constructor !== b.constructor) return undefined;
    return Buffer.compare(a, b) === 0;
  },
]);
