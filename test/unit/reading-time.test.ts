import { describe, expect, it } from 'vitest';
import { countWords, readingTime } from '../../src/markdown/reading-time.ts';

describe('reading time', () => {
  it('is words / 200 rounded up, at least 1', () => {
    expect(readingTime('word '.repeat(200))).toBe(1);
    expect(readingTime('word '.repeat(201))).toBe(2);
    expect(readingTime('word '.repeat(1400))).toBe(7);
    expect(readingTime('')).toBe(1);
  });

  it('counts prose words, not markdown syntax or code', () => {
    expect(countWords('## Two words\n\n- **bold** [link text](/x)')).toBe(5);
    expect(countWords('Intro\n\n```js\nconst a = 1; const b = 2;\n```\n')).toBe(1);
  });
});
