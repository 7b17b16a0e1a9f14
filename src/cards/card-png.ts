// A card's PNG, written here rather than by sharp: a card differs from the backdrop under it only
// in the rows its text covers (about half of them), and those are all that is compressed per
// card. The backdrop is compressed once, in bands of BAND rows, each ending in a full flush (so a
// band's compressed bytes stand on their own and can be put between any others); a card's PNG is
// the backdrop's bands where its rows are the backdrop's and its own rows compressed where they
// are not. The pixels are the same as sharp's PNG of the same canvas (RGB, 8 bits, filter None,
// zlib level 3 as CARD_PNG had); the bytes differ (another zlib, and the bands' flushes).
//
// The canvas is kept in the layout PNG compresses: each row of RGB led by its filter byte (0).
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** Rows per band of a prepared backdrop: smaller bands compress fewer clean rows with a card's own, each flush costs ~6 bytes. */
export const BAND = 8;
/** zlib level: 3, as the cards had with sharp (docs/performance.md, "Social cards"). */
const LEVEL = 3;

/** A canvas: RGB rows of `width` pixels, each led by its filter byte. */
export interface RowCanvas {
  width: number;
  height: number;
  /** (width * 3 + 1) * height bytes. */
  rows: Buffer;
}

export const strideOf = (width: number) => width * 3 + 1;

/** A canvas of the RGB pixels `rgb` (width × height × 3). */
export function toRowCanvas(rgb: Buffer, width: number, height: number): RowCanvas {
  const stride = strideOf(width);
  const rows = Buffer.alloc(stride * height); // filter bytes 0: None
  for (let y = 0; y < height; y++) rgb.copy(rows, y * stride + 1, y * width * 3, (y + 1) * width * 3);
  return { width, height, rows };
}

/** A backdrop compressed once: each band's raw deflate bytes (full-flushed) and its rows' adler-32. */
export interface PreparedBands {
  bands: Buffer[];
  adlers: number[];
}

export function prepareBands(canvas: RowCanvas): PreparedBands {
  const bands: Buffer[] = [];
  const adlers: number[] = [];
  for (let b = 0; b * BAND < canvas.height; b++) {
    const part = bandBytes(canvas, b, b + 1);
    bands.push(deflateRawSync(part, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH }));
    adlers.push(adler32(part));
  }
  return { bands, adlers };
}

/**
 * The PNG of `canvas`. With `prepared` (the bands of the backdrop it was drawn on) and `touched`
 * (a flag per row: 1 where the card changed that row), only the bands with a touched row are
 * compressed; without them, the whole canvas. With `changes` (what the card changed in each band
 * of the backdrop, `Changes`), the touched bands' adler-32 is the backdrop's updated by those
 * changes rather than summed over every byte again (~1.2 ms a card).
 */
export function encodePng(canvas: RowCanvas, prepared?: PreparedBands, touched?: Uint8Array, changes?: Changes): Buffer {
  let idat: Buffer;
  if (!prepared || !touched) idat = deflateSync(canvas.rows, { level: LEVEL });
  else {
    const parts: Buffer[] = [ZLIB_HEADER];
    let adler = 1;
    const count = prepared.bands.length;
    for (let b = 0; b < count;) {
      if (!bandTouched(touched, b)) {
        parts.push(prepared.bands[b]);
        adler = adler32Combine(adler, prepared.adlers[b], bandLength(canvas, b, b + 1));
        b++;
        continue;
      }
      // A run of touched bands, compressed in one go.
      let end = b + 1;
      while (end < count && bandTouched(touched, end)) end++;
      const part = bandBytes(canvas, b, end);
      parts.push(deflateRawSync(part, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH }));
      adler = adler32Combine(adler, changes ? changedAdler(canvas, prepared, changes, b, end) : adler32(part), part.length);
      b = end;
    }
    const trailer = Buffer.alloc(6);
    trailer[0] = 0x03; // an empty final block (fixed Huffman): the bands end in full flushes
    trailer.writeUInt32BE(adler, 2);
    parts.push(trailer);
    idat = Buffer.concat(parts);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering method, no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * What a card changed in each band of its backdrop: at 2b the sum of the changes to its bytes
 * (new value − old), at 2b + 1 the sum of each change times its byte's offset in the canvas.
 * adler-32 is linear in the bytes (A = 1 + Σ d, B = n + Σ (n − i) d, mod 65521), so these two sums
 * update a band run's adler-32 from the backdrop's. The sums stay below 2^53 (2.3 MB × 255 × 2.3 MB).
 */
export type Changes = Float64Array;

export function changesFor(canvas: RowCanvas): Changes {
  return new Float64Array(2 * Math.ceil(canvas.height / BAND));
}

/** Adds a row's changes (their sum, and the sum of each times its byte's offset) to its band's. */
export function addChanges(changes: Changes, y: number, sum: number, weighted: number): void {
  const band = Math.floor(y / BAND);
  changes[2 * band] += sum;
  changes[2 * band + 1] += weighted;
}

/** The adler-32 of bands [from, to) of the card: the backdrop's, updated by the card's changes. */
function changedAdler(canvas: RowCanvas, prepared: PreparedBands, changes: Changes, from: number, to: number): number {
  let adler = 1;
  let sum = 0;
  let weighted = 0;
  for (let b = from; b < to; b++) {
    adler = adler32Combine(adler, prepared.adlers[b], bandLength(canvas, b, b + 1));
    sum += changes[2 * b];
    weighted += changes[2 * b + 1];
  }
  const start = from * BAND * strideOf(canvas.width);
  const length = bandLength(canvas, from, to);
  // A += Σ δ; B += Σ (length − (offset − start)) δ = (length + start) Σ δ − Σ offset δ.
  const a = mod((adler & 0xffff) + mod(sum));
  const b = mod((adler >>> 16) + mod(mod(length + start) * mod(sum)) - mod(weighted));
  return (b * 65536 + a) >>> 0;
}

const mod = (x: number) => ((x % BASE) + BASE) % BASE;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** zlib header: deflate, 32 KB window, level 3's "fast" flag; the check bits make it a multiple of 31. */
const ZLIB_HEADER = Buffer.from([0x78, 0x5e]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function bandBytes(canvas: RowCanvas, from: number, to: number): Buffer {
  const stride = strideOf(canvas.width);
  return canvas.rows.subarray(from * BAND * stride, Math.min(canvas.height, to * BAND) * stride);
}

function bandLength(canvas: RowCanvas, from: number, to: number): number {
  return (Math.min(canvas.height, to * BAND) - from * BAND) * strideOf(canvas.width);
}

function bandTouched(touched: Uint8Array, b: number): boolean {
  for (let y = b * BAND, end = Math.min(touched.length, y + BAND); y < end; y++) if (touched[y]) return true;
  return false;
}

const BASE = 65521;

/** adler-32 of `bytes` (zlib's checksum; node:zlib has crc32 but not this). */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0, length = bytes.length; i < length;) {
    // 2048 bytes at most between reductions: the sums stay below 2^31, small integers to V8.
    const end = Math.min(length, i + 2048);
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  return (b * 65536 + a) >>> 0;
}

/** adler-32 of two byte runs one after the other, from theirs and the second's length (zlib's adler32_combine). */
export function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const rem = length2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += (adler1 >>> 16) + (adler2 >>> 16) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= 2 * BASE) sum2 -= 2 * BASE;
  if (sum2 >= BASE) sum2 -= BASE;
  return (sum2 * 65536 + sum1) >>> 0;
}
