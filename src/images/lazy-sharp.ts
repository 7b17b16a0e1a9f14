// sharp, loaded when a photo is described or encoded, or a card's photo measured. Not a static
// import: the modules that name it stay cheap to load for what needs no image work.
// (encode-image.ts imports it; its text is part of the variants' key: see build-images.ts.)

/**
 * sharp, on first use (Node keeps the module), with libvips' operation cache off for the whole
 * process: stitch never asks for the same operation twice, so the cache (up to 50 MB and 100
 * operations) only held memory.
 */
export async function loadSharp(): Promise<typeof import('sharp').default> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
}
