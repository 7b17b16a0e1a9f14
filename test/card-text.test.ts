// A card's title is drawn by resvg from text (src/cards/card-text.ts): the template's WOFF fonts
// are unwrapped into the OpenType files resvg reads, and the <text> per word satori writes are
// joined into one per line, so resvg kerns across words as satori's glyph outlines did.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { toSfnt } from '../src/cards/card-fonts.ts';
import { joinLines } from '../src/cards/card-text.ts';
import { ROOT } from './helpers/build-site.ts';

const dir = mkdtempSync(join(ROOT, '.stitch', 'test-card-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const woffFile = createRequire(`${ROOT}/package.json`).resolve('@fontsource/fraunces/files/fraunces-latin-600-normal.woff');
const svgOf = (body: string) => `<svg width="400" height="100" viewBox="0 0 400 100" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
const inked = (svg: string, fontFile: string) => {
  const pixels = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: [fontFile] } }).render().pixels;
  let n = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i]) n++;
  return n;
};

describe('a WOFF font', () => {
  it('is unwrapped into the OpenType font resvg draws with; resvg draws nothing from the WOFF itself', () => {
    const woff = readFileSync(woffFile);
    const sfnt = toSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000); // TrueType outlines
    const count = woff.readUInt16BE(12);
    expect(sfnt.readUInt16BE(4)).toBe(count);
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // the WOFF header's totalSfntSize
    for (let i = 0; i < count; i++) {
      // Each table's tag, checksum and its original (uncompressed) length, in the WOFF's order.
      expect(sfnt.readUInt32BE(12 + i * 16)).toBe(woff.readUInt32BE(44 + i * 20));
      expect(sfnt.readUInt32BE(12 + i * 16 + 4)).toBe(woff.readUInt32BE(44 + i * 20 + 16));
      expect(sfnt.readUInt32BE(12 + i * 16 + 12)).toBe(woff.readUInt32BE(44 + i * 20 + 12));
    }
    const ttf = join(dir, 'fraunces.ttf');
    writeFileSync(ttf, sfnt);
    const svg = svgOf('<text x="10" y="70" font-size="60" font-family="fraunces">Quality</text>');
    expect(inked(svg, ttf)).toBeGreaterThan(1000);
    expect(inked(svg, woffFile)).toBe(0);
    expect(toSfnt(sfnt)).toBe(sfnt); // an OpenType font is taken as it is
  });
});

describe("satori's words", () => {
  const face = 'font-weight="600" font-style="normal" font-size="68" font-family="fraunces" fill="#f6efe4"';
  const word = (x: number, y: number, width: number, text: string, attributes = face) => `<text x="${x}" y="${y}" width="${width}" height="77.52" ${attributes}>${text}</text>`;

  it('are joined into one <text> per line, at the line\'s start', () => {
    const svg = svgOf(`<mask id="m"><rect x="0" y="0" width="9" height="9" fill="#fff"/></mask>${word(72, 275, 256.156, 'Leather')}${word(328.156, 275, 18.632, ':')}${word(346.788, 275, 14.79, ' ')}`
      + `${word(72, 353, 66.946, 'A&amp;B')}${word(138.946, 353, 14.79, ' ')}${word(153.736, 353, 100, 'Wins')}`);
    const { svg: joined, face: found } = joinLines(svg);
    expect(joined).toBe(svgOf(`<mask id="m"><rect x="0" y="0" width="9" height="9" fill="#fff"/></mask><text x="72" y="275" ${face}>Leather: </text><text x="72" y="353" ${face}>A&amp;B Wins</text>`));
    expect(found).toEqual({ family: 'fraunces', weight: 600, style: 'normal' });
  });

  it('are not joined across a gap, another element or another face; several faces are told', () => {
    const other = face.replace('fraunces', 'dm sans');
    const svg = svgOf(`${word(72, 275, 100, 'gap')}${word(180, 275, 50, 'here')}<path d="M0 0"/>${word(230, 275, 50, 'path')}${word(280, 275, 50, 'face', other)}`);
    const { svg: joined, face: found } = joinLines(svg);
    expect(joined.match(/<text /g)).toHaveLength(4);
    expect(found).toBeUndefined();
  });
});
