// The first build's progress line for the photo variants: one updating line on a terminal, a
// single line in a log.
import { describe, expect, it } from 'vitest';
import { imageProgress } from '../src/cli/image-progress.ts';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('the images progress', () => {
  it('prints one line when the output is not a terminal', () => {
    const { written, stream: out } = stream(false);
    const progress = imageProgress(out);
    for (let done = 0; done <= 594; done++) progress(done, 594);
    expect(written).toEqual(['images: encoding 594 photo variants (first build; kept in .stitch/cache/images)\n']);
  });

  it('prints its line when some variants were encoded before it is first called (while the pages rendered)', () => {
    const { written, stream: out } = stream(false);
    const progress = imageProgress(out);
    for (let done = 37; done <= 264; done++) progress(done, 264);
    expect(written).toEqual(['images: encoding 264 photo variants (first build; kept in .stitch/cache/images)\n']);
  });

  it('updates one line on a terminal and clears it at the end', () => {
    const { written, stream: out } = stream(true);
    const progress = imageProgress(out);
    for (let done = 0; done <= 3; done++) progress(done, 3);
    expect(written.join('')).toBe('\r\x1b[Kimages: encoding photo variants 0/3\r\x1b[Kimages: encoding photo variants 1/3\r\x1b[Kimages: encoding photo variants 2/3\r\x1b[Kimages: encoding photo variants 3/3\r\x1b[K');
    expect(written.join('')).not.toContain('\n');
  });
});
