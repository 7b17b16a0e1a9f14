// A card's PNG is put together from the backdrop's bands compressed once and the card's own
// rows compressed per card (src/cards/card-png.ts): whatever rows a card changes, the file must
// decode to exactly its canvas (the checksums right, no band lost, doubled or stale).
import { deflateSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adler32, BAND, changesFor, encodePng, prepareBands, strideOf, toRowCanvas, type RowCanvas } from '../src/cards/card-png.ts';
import { layOver } from '../src/cards/card-renderer.ts';

const WIDTH = 120;
const HEIGHT = 63; // the last band is short (63 = 7 × 8 + 7)

/** A backdrop: flat colour with a noisy stripe, as RGB. */
function backdrop(): Buffer {
  const rgb = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0; i < rgb.length; i += 3) rgb.set([0x23, 0x16, 0x0f], i);
  for (let y = 20; y < 30; y++) for (let x = 0; x < WIDTH * 3; x++) rgb[y * WIDTH * 3 + x] = (x * 7 + y * 13) & 255;
  return rgb;
}

/** Paints the rows `rows` of the canvas and marks them touched. */
function paint(canvas: RowCanvas, rows: number[], touched: Uint8Array, seed: number): void {
  const stride = strideOf(canvas.width);
  for (const y of rows) {
    for (let x = 1; x < stride; x++) canvas.rows[y * stride + x] = (x * seed + y) & 255;
    touched[y] = 1;
  }
}

async function decoded(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([WIDTH, HEIGHT, 3]);
  return data;
}

/** The canvas's RGB pixels (its rows without their filter bytes). */
function rgbOf(canvas: RowCanvas): Buffer {
  const stride = strideOf(canvas.width);
  return Buffer.concat(Array.from({ length: canvas.height }, (_, y) => canvas.rows.subarray(y * stride + 1, (y + 1) * stride)));
}

describe('a card PNG from prepared bands', () => {
  const cases: [string, number[]][] = [
    ['no row changed', []],
    ['the first row', [0]],
    ['a band boundary', [BAND - 1, BAND]],
    ['two runs apart', [3, 4, 5, 40, 41]],
    ['the short last band', [HEIGHT - 1]],
    ['every row', Array.from({ length: HEIGHT }, (_, y) => y)],
  ];
  it.each(cases)('decodes to the card drawn: %s', async (_, rows) => {
    const ground = toRowCanvas(backdrop(), WIDTH, HEIGHT);
    const bands = prepareBands(ground);
    const card = { ...ground, rows: Buffer.from(ground.rows) };
    const touched = new Uint8Array(HEIGHT);
    paint(card, rows, touched, 31);
    const png = encodePng(card, bands, touched);
    expect((await decoded(png)).equals(rgbOf(card))).toBe(true);
    // The zlib stream itself checks out (inflate verifies its adler-32).
    const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
    expect(inflateSync(idat).equals(card.rows)).toBe(true);
  });

  it('without bands, the whole canvas is compressed', async () => {
    const card = toRowCanvas(backdrop(), WIDTH, HEIGHT);
    expect((await decoded(encodePng(card))).equals(backdrop())).toBe(true);
  });

  it('adler-32 is zlib\'s, also past the reduction interval', () => {
    const bytes = Buffer.alloc(100_000, 255);
    const zlib = deflateSync(bytes).readUInt32BE(deflateSync(bytes).length - 4);
    expect(adler32(bytes)).toBe(zlib);
  });

  // The touched bands' adler-32 is the backdrop's updated by what layOver changed (not summed again):
  // text over the noisy stripe and across band boundaries, opaque and half-covered pixels, twice
  // over the same pixels (two layers).
  it('decodes with its adler-32 updated from what the text changed', async () => {
    const ground = toRowCanvas(backdrop(), WIDTH, HEIGHT);
    const bands = prepareBands(ground);
    const region = (left: number, top: number, width: number, height: number, seed: number) => {
      const pixels = Buffer.alloc(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        const alpha = [0, 255, 128, 7][(i * seed) % 4];
        // Premultiplied: no channel above alpha.
        pixels.set([(i * 31) % (alpha + 1), (i * 17) % (alpha + 1), (i * 7) % (alpha + 1), alpha], i * 4);
      }
      return { left, top, width, height, pixels };
    };
    for (const layers of [[region(5, 6, 50, 20, 3)], [region(60, 18, 40, 30, 5), region(70, 25, 10, 4, 7)]]) {
      const card = { ...ground, rows: Buffer.from(ground.rows) };
      const touched = new Uint8Array(HEIGHT);
      const changes = changesFor(card);
      for (const layer of layers) layOver(card, layer, touched, changes);
      const png = encodePng(card, bands, touched, changes);
      const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
      expect(inflateSync(idat).equals(card.rows)).toBe(true); // inflate checks the adler-32
      expect(png.equals(encodePng(card, bands, touched))).toBe(true); // the same as summed
    }
  });
});
