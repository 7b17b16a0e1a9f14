// Layout stability: a page painted in the fallback fonts does not move when the web fonts
// arrive (font-display: swap). The fonts are held back so the first paint is in the fallbacks;
// the Layout Instability API then sums every shift until the swap has happened. Checked at the
// viewports Lighthouse scores (412 px mobile, 1350 px desktop) and the 390 px phone.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });

interface Shift { value: number; sources: string[] }

/** The layout shifts of one page load whose web fonts arrive `fontDelay` ms late. */
async function shiftsWhileFontsSwap(path: string, width: number, fontDelay = 800): Promise<Shift[]> {
  const { page } = await suite.open('about:blank', { viewport: { width, height: width < 700 ? 823 : 940 } });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, sources: e.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : s.node?.nodeName ?? '?')) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/*.woff2', async (route) => {
    await new Promise((r) => setTimeout(r, fontDelay));
    await route.continue();
  });
  await page.goto(suite.site.url + path, { waitUntil: 'load' });
  const swapped = await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return document.fonts.check('600 16px "Fraunces Variable"') && document.fonts.check('16px "DM Sans Variable"');
  });
  expect(swapped, 'the web fonts loaded').toBe(true);
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

const cases: [string, number[]][] = [
  ['/', [390, 412, 1350]],
  ['/blog', [412, 1350]],
  ['/contact', [390, 412, 1350]],
  ['/gallery', [412]],
  ['/services/furniture-upholstery/antique-furniture-restoration', [412, 1350]],
  ['/blog/automotive-upholstery-transform-car-interior', [390, 412]],
];

describe('the web fonts arriving after the first paint', () => {
  for (const [path, widths] of cases) {
    test(`move nothing on ${path} (${widths.join(', ')} px)`, async () => {
      for (const width of widths) {
        const shifts = await shiftsWhileFontsSwap(path, width);
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        expect(cls, `${path} at ${width} px: ${JSON.stringify(shifts, null, 1)}`).toBeLessThan(0.005);
      }
    });
  }
});
