// The first build's progress line for the photo variants: one updating line with a bar on a
// terminal; in a log, a line when encoding starts and one when it ends.
import { describe, expect, it } from 'vitest';
import { imageProgress } from '../src/cli/image-progress.ts';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('the images progress', () => {
  it('prints a line when encoding starts and one when it ends, when the output is not a terminal', () => {
    const { written, stream: out } = stream(false);
    const progress = imageProgress(out);
    for (let done = 0; done <= 594; done++) progress(done, 594);
    expect(written).toEqual(['images: encoding 594 photo variants (first build; kept in .stitch/cache/images)\n', 'images: 594 photo variants encoded\n']);
  });

  it('prints its lines when some variants were encoded before it is first called (while the pages rendered)', () => {
    const { written, stream: out } = stream(false);
    const progress = imageProgress(out);
    for (let done = 37; done <= 264; done++) progress(done, 264);
    expect(written).toEqual(['images: encoding 264 photo variants (first build; kept in .stitch/cache/images)\n', 'images: 264 photo variants encoded\n']);
  });

  it('prints both lines when every variant was done while the pages rendered', () => {
    const { written, stream: out } = stream(false);
    imageProgress(out)(5, 5);
    expect(written).toEqual(['images: encoding 5 photo variants (first build; kept in .stitch/cache/images)\n', 'images: 5 photo variants encoded\n']);
  });

  it('updates one line with a bar on a terminal and clears it at the end', () => {
    const { written, stream: out } = stream(true);
    const progress = imageProgress(out);
    for (let done = 0; done <= 4; done += 2) progress(done, 4);
    expect(written.join('')).toBe(
      '\r\x1b[Kimages: encoding photo variants [--------------------] 0/4'
      + '\r\x1b[Kimages: encoding photo variants [##########----------] 2/4'
      + '\r\x1b[Kimages: encoding photo variants [####################] 4/4\r\x1b[K',
    );
    expect(written.join('')).not.toContain('\n');
  });
});
