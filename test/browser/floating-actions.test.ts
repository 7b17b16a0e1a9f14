// The floating call and quote buttons of a 390 px phone cover nothing a visitor needs: not the
// blog's last topic chip on the first screen (a stack of the two buttons sat over "Vehicle
// Customization"), and, scrolled to the end of a page, not the footer's last line (the page
// leaves room for them). Neither the buttons nor that room move anything as the page loads.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });

interface Box { x: number; y: number; width: number; height: number }

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The viewport boxes of the buttons and of the elements `selector` finds (the last one: `last`). */
async function boxes(page: Page, selector: string): Promise<{ buttons: Box[]; targets: Box[] }> {
  return page.evaluate((sel) => {
    const box = (el: Element) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
    return { buttons: [...document.querySelectorAll('.floating-actions a')].map(box), targets: [...document.querySelectorAll(sel)].map(box) };
  }, selector);
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    requestAnimationFrame(() => requestAnimationFrame(resolve));
  }));
}

/** Layout shifts of the page so far whose moved nodes are the buttons or the footer. */
async function shiftsOfButtonsAndFooter(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    let sum = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
        if (e.sources.some((s) => s.node instanceof Element && s.node.closest('.floating-actions, .site-footer'))) sum += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(sum), 100);
  }));
}

describe('floating buttons at 390 px', () => {
  test('the blog\'s last topic chip is clear of them on the first screen and at the end of the page', async () => {
    const { page } = await suite.open('/blog', { viewport: MOBILE });
    const atTop = await boxes(page, '.blog-topic');
    expect(atTop.buttons).toHaveLength(2);
    const lastChip = atTop.targets.at(-1)!;
    expect(lastChip.y + lastChip.height, 'the last chip is on the first screen').toBeLessThan(MOBILE.height);
    for (const button of atTop.buttons) expect(intersects(lastChip, button), JSON.stringify({ lastChip, button })).toBe(false);
    await scrollToEnd(page);
    const atEnd = await boxes(page, '.blog-topic');
    for (const button of atEnd.buttons) expect(intersects(atEnd.targets.at(-1)!, button)).toBe(false);
    expect(await shiftsOfButtonsAndFooter(page)).toBe(0);
  });

  for (const path of ['/blog', '/blog/diy-vs-professional-leather-seat-repair', '/contact']) {
    test(`${path}: scrolled to the end, the footer's last line is clear of them`, async () => {
      const { page } = await suite.open(path, { viewport: MOBILE });
      await scrollToEnd(page);
      const { buttons, targets } = await boxes(page, '.footer-bottom p, .footer-bottom a');
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) {
        for (const button of buttons) expect(intersects(target, button), JSON.stringify({ target, button })).toBe(false);
      }
      expect(await shiftsOfButtonsAndFooter(page)).toBe(0);
    });
  }
});
