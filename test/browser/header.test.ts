// The head script: header scrolled state, the mobile menu as a dialog-like panel (scroll lock,
// Escape, focus trap, close on link click), the Services button, image fade-in, and the
// floating mobile buttons.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, MOBILE, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });

const header = (page: Page) => page.locator('.site-header');
/** Waits until the page's CSS transitions have finished (reading them starts the ones a style change just asked for). */
const transitionsDone = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'));
const scrollPage = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.abs(scrollY - top) < 1, y);
  await page.evaluate(() => new Promise(requestAnimationFrame));
};

describe('header', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`transparent at the top of a non-blog page, white and blurred past 20 px (${viewport.width} px)`, async () => {
      const { page, errors } = await suite.open('/about', { viewport });
      expect(await header(page).getAttribute('data-scrolled')).toBe('false');
      expect(await header(page).getAttribute('data-solid')).toBe('false');
      await scrollPage(page, 20);
      expect(await header(page).getAttribute('data-scrolled')).toBe('false');
      await scrollPage(page, 21);
      await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'true');
      await transitionsDone(page);
      const style = await header(page).evaluate((h) => ({ bg: getComputedStyle(h).backgroundColor, blur: getComputedStyle(h).backdropFilter }));
      expect(style.blur).toContain('blur');
      expect(style.bg).toMatch(/^rgba?\(255, 255, 255/);
      await scrollPage(page, 0);
      await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'false');
      expect(errors).toEqual([]);
    });
  }

  test('always solid on blog pages', async () => {
    for (const path of ['/blog', '/blog/importance-professional-leather-repair']) {
      const { page } = await suite.open(path);
      expect(await header(page).getAttribute('data-solid')).toBe('true');
      expect(await header(page).evaluate((h) => getComputedStyle(h).backdropFilter)).toContain('blur');
    }
  });

  test('a page loaded already scrolled gets the scrolled state at once', async () => {
    const { page } = await suite.open('/about');
    await scrollPage(page, 400);
    await page.reload();
    await page.waitForFunction(() => scrollY > 20);
    await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'true');
  });

  test('1280 px: the Services button toggles its menu and says so; Escape closes it', async () => {
    const { page } = await suite.open('/about');
    const button = page.locator('.nav-dropdown > button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const submenu = page.locator('.nav-submenu');
    expect(await submenu.isVisible()).toBe(true);
    expect(await submenu.getByRole('link').count()).toBe(9);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.closest('.nav-dropdown') !== null)).toBe(true);
  });
});

describe('mobile menu (390 px)', () => {
  async function openMenu(path = '/about') {
    const t = await suite.open(path, { viewport: MOBILE });
    const toggle = t.page.locator('.menu-toggle');
    const menu = t.page.locator('#mobile-menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await t.page.waitForFunction(() => document.getElementById('mobile-menu')?.getAttribute('data-open') === 'true');
    // Focus moves in once the sliding panel is visible (after its transition starts).
    await t.page.waitForFunction(() => document.getElementById('mobile-menu')?.contains(document.activeElement) === true);
    return { ...t, toggle, menu };
  }
  const isOpen = (page: Page) => page.evaluate(() => document.getElementById('mobile-menu')?.getAttribute('data-open') === 'true');

  test('opens full screen, marks the toggle expanded, moves focus in and locks body scroll', async () => {
    const { page, toggle, menu, errors } = await openMenu();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getAttribute('role')).toBe('dialog');
    expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await transitionsDone(page);
    const box = (await menu.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: MOBILE.width });
    expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    expect(errors).toEqual([]);
  });

  test('Escape closes it, unlocks scroll and returns focus to the toggle', async () => {
    const { page, toggle } = await openMenu();
    await page.keyboard.press('Escape');
    expect(await isOpen(page)).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
  });

  test('the close button closes it without leaving a hash', async () => {
    const { page, menu } = await openMenu();
    await menu.locator('.menu-close').click();
    expect(await isOpen(page)).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('keeps focus inside while open (Tab and Shift+Tab wrap)', async () => {
    const { page, menu } = await openMenu();
    const links = await menu.locator('a[href]').count();
    for (let i = 0; i < links + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    }
    await menu.locator('.menu-close').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await menu.evaluate((m) => m.contains(document.activeElement) && document.activeElement !== m.querySelector('.menu-close'))).toBe(true);
  });

  test('closes when a link in it is followed', async () => {
    const { page, menu } = await openMenu();
    // Stop the navigation itself so the page can be inspected after the click.
    await page.evaluate(() => addEventListener('click', (e) => e.preventDefault()));
    await menu.getByRole('link', { name: 'Gallery', exact: true }).click();
    expect(await isOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(false);
  });

  test('following a link navigates with the menu closed', async () => {
    const { page, menu } = await openMenu();
    await menu.getByRole('link', { name: 'Gallery', exact: true }).click();
    await page.waitForURL(`${suite.site.url}/gallery`);
    expect(await isOpen(page)).toBe(false);
  });

  test('without JavaScript the toggle still opens the menu (:target) and the close link closes it', async () => {
    const { page } = await suite.open('/about', { viewport: MOBILE, javaScriptEnabled: false });
    await page.locator('.menu-toggle').click();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' }); // no script runs here to read the transitions
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    expect(await page.locator('#mobile-menu').getByRole('link', { name: 'About', exact: true }).isVisible()).toBe(true);
    await page.locator('#mobile-menu .menu-close').click();
    await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
  });
});

describe('floating mobile buttons', () => {
  test('390 px: call and request-quote buttons at the bottom right', async () => {
    const { page } = await suite.open('/about', { viewport: MOBILE });
    const call = page.locator('.floating-actions a[href^="tel:"]');
    const quote = page.locator('.floating-actions a[href="/contact"]');
    expect(await call.isVisible()).toBe(true);
    expect(await quote.isVisible()).toBe(true);
    const box = (await call.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(MOBILE.width - 80);
    expect(box.y + box.height).toBeGreaterThan(MOBILE.height - 160);
  });

  test('1280 px: not shown', async () => {
    const { page } = await suite.open('/about', { viewport: DESKTOP });
    expect(await page.locator('.floating-actions').isVisible()).toBe(false);
  });
});

describe('images', () => {
  test('fade in: every loaded image is marked, including images already complete (reload)', async () => {
    const { page, errors } = await suite.open('/gallery');
    await page.waitForLoadState('load');
    // Every complete image gets marked (the fade takes half a second).
    const allMarked = () => page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img.fade-img')]
      .every((i) => !(i.complete && i.naturalWidth > 0) || (i.hasAttribute('data-loaded') && getComputedStyle(i).opacity === '1')), undefined, { timeout: 5000 });
    expect(await page.locator('img.fade-img').count()).toBeGreaterThan(4);
    await allMarked();
    expect(await page.locator('img.fade-img').first().getAttribute('data-loaded')).toBe('true');
    await page.reload({ waitUntil: 'load' });
    await allMarked();
    expect(errors).toEqual([]);
  });

  test('a broken image gets data-error and the placeholder frame shows instead', async () => {
    const t = await suite.open('about:blank');
    await t.page.route(/\/(images|assets\/img)\/gallery\/.*\.(jpg|webp|avif|png)$/, (route) => route.fulfill({ status: 404, body: '' }));
    await t.page.goto(`${suite.site.url}/gallery`, { waitUntil: 'load' });
    const first = t.page.locator('img.fade-img').first();
    await t.page.waitForFunction(() => document.querySelector('img.fade-img')?.hasAttribute('data-error'));
    expect(await first.evaluate((i) => i.closest('.img-frame')?.getAttribute('data-state'))).toBe('error');
    expect(await first.evaluate((i) => getComputedStyle(i).visibility)).toBe('hidden');
  });

  test('without JavaScript images are shown as they are', async () => {
    const { page } = await suite.open('/gallery', { javaScriptEnabled: false });
    await page.waitForLoadState('load');
    expect(await page.locator('img.fade-img').first().evaluate((i) => getComputedStyle(i).opacity)).toBe('1');
  });
});
