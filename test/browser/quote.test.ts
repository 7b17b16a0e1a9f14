// The quote form in its three homes (home hero dialog, contact page, 404 page): consent
// gating, validation messages, the exact request, 'Sending...', success and failure toasts,
// the honeypot, and the dialogs' open/close/focus behaviour, at 390 and 1280 px.
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { API_KEY, DESKTOP, fillForm, MOBILE, resetHook, setUpSuite, type Suite } from './harness.ts';

const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FAILURE = 'Failed to send message. Please try again or call us directly.';
const CONSENT = 'Please agree to the terms and conditions to continue.';
const REQUIRED = 'Please fill in all required fields.';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });
afterEach(() => resetHook(suite.hook));

const quoteDialog = (page: Page) => page.getByRole('dialog', { name: 'Get Your Free Quote' });

async function openHomeDialog(viewport = DESKTOP) {
  const t = await suite.open('/', { viewport });
  await t.page.getByRole('button', { name: 'Request a Quote' }).click();
  const dialog = quoteDialog(t.page);
  await dialog.waitFor();
  // The dialog opens at once; the form's code loads on approach and may still be arriving.
  await dialog.locator('input[name="name"]').waitFor();
  return { ...t, dialog };
}

const consentBox = (form: Locator) => form.getByRole('checkbox');
const submit = (form: Locator) => form.getByRole('button', { name: /Request Free Quote|Sending\.\.\./ });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });
const isVisible = (l: Locator) => l.isVisible();

describe('quote dialog on the home page', () => {
  test('without JavaScript the trigger is a link to /contact', async () => {
    const { page } = await suite.open('/', { javaScriptEnabled: false });
    const link = page.locator('[data-island="quote-dialog"] a', { hasText: 'Request a Quote' });
    expect(await link.getAttribute('href')).toBe('/contact');
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`opens titled 'Get Your Free Quote' and closes on Escape, focus back on the trigger (${viewport.width} px)`, async () => {
      const { page, dialog, errors } = await openHomeDialog(viewport);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(500);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Request a Quote');
      // Released by the dialog's close event, a task after it closed.
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
      expect(errors).toEqual([]);
    });
  }

  test('the close button closes it', async () => {
    const { page, dialog } = await openHomeDialog();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('focus is trapped inside: Tab from the last control wraps to the first and back', async () => {
    const { page, dialog } = await openHomeDialog();
    await fillForm(dialog, { name: 'A' });
    await consentBox(dialog).check();
    await submit(dialog).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Request Free Quote');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
  });
});

describe('quote form states (home dialog)', () => {
  test('submit is disabled and the consent message shown until consent is ticked', async () => {
    const { dialog, errors } = await openHomeDialog();
    await fillForm(dialog, { name: 'Ann', email: 'ann@example.com', phone: '505-555-0100' });
    expect(await submit(dialog).isDisabled()).toBe(true);
    expect(await dialog.getByText(CONSENT, { exact: true }).isVisible()).toBe(true);
    await consentBox(dialog).check();
    expect(await submit(dialog).isEnabled()).toBe(true);
    expect(await dialog.getByText(CONSENT, { exact: true }).count()).toBe(0);
    await consentBox(dialog).uncheck();
    expect(await submit(dialog).isDisabled()).toBe(true);
    expect(suite.hook.requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("the consent message also answers a submit that bypasses the button", async () => {
    const { dialog } = await openHomeDialog();
    await fillForm(dialog, { name: 'Ann', email: 'ann@example.com', phone: '505' });
    await dialog.locator('form').evaluate((f: HTMLFormElement) => f.requestSubmit());
    expect(await dialog.getByRole('alert').textContent()).toBe(CONSENT);
    expect(suite.hook.requests).toEqual([]);
  });

  test("missing or blank required fields show 'Please fill in all required fields.' and send nothing", async () => {
    const { dialog } = await openHomeDialog();
    await consentBox(dialog).check();
    await submit(dialog).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(REQUIRED);
    await fillForm(dialog, { name: '   ', email: 'ann@example.com', phone: '505' });
    await submit(dialog).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(REQUIRED);
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(suite.hook.requests).toEqual([]);
  });

  test('fields have the length bounds (name 100, e-mail 254, phone 30, message 5,000) and input types', async () => {
    const { dialog } = await openHomeDialog();
    const attrs = await dialog.locator('input:not([type=checkbox]), textarea').evaluateAll((els) => els.map((e) => [e.getAttribute('name'), e.getAttribute('type'), e.getAttribute('maxlength')]));
    expect(attrs).toEqual([['name', 'text', '100'], ['email', 'email', '254'], ['phone', 'tel', '30'], ['message', null, '5000'], ['website', 'text', null]]);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('x'.repeat(150));
    expect((await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).length).toBe(100);
  });

  test('sends the trimmed JSON payload with the X-API-Key header, shows Sending..., then the success toast, clears and closes', async () => {
    suite.hook.delay = 800;
    const { page, dialog, errors } = await openHomeDialog();
    await fillForm(dialog, { name: '  Ann Smith ', email: ' ann@example.com ', phone: ' 505-555-0100 ', message: '  Two dining chairs.  ' });
    await consentBox(dialog).check();
    await submit(dialog).click();
    const sending = dialog.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    await toast(page, SUCCESS).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(suite.hook.requests).toHaveLength(1);
    const [request] = suite.hook.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/quote');
    expect(request.headers['x-api-key']).toBe(API_KEY);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    const host = new URL(suite.site.url).host;
    expect(JSON.parse(request.body)).toEqual({ name: 'Ann Smith', email: 'ann@example.com', phone: '505-555-0100', message: 'Two dining chairs.', domain: host });
    // The toast sits in a live region, outside the (closed) dialog.
    expect(await toast(page, SUCCESS).evaluate((t) => t.closest('[role="status"]') !== null && t.closest('dialog') === null)).toBe(true);
    // Reopened: cleared, consent unticked.
    await page.getByRole('button', { name: 'Request a Quote' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');
    expect(await dialog.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('');
    expect(await consentBox(dialog).isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  test('a non-2xx answer shows the failure toast, logs the error and keeps the data', async () => {
    suite.hook.status = 500;
    const { page, dialog, errors } = await openHomeDialog();
    await fillForm(dialog, { name: 'Ann', email: 'ann@example.com', phone: '505', message: 'Sofa' });
    await consentBox(dialog).check();
    await submit(dialog).click();
    await toast(page, FAILURE).waitFor();
    expect(await isVisible(toast(page, FAILURE))).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Ann');
    expect(await dialog.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('Sofa');
    expect(await consentBox(dialog).isChecked()).toBe(true);
    expect(await submit(dialog).isEnabled()).toBe(true);
    expect(errors.some((e) => e.includes('Failed to send the quote request'))).toBe(true);
  });

  test('a network error shows the failure toast and keeps the data', async () => {
    suite.hook.drop = true;
    const { page, dialog, errors } = await openHomeDialog();
    await fillForm(dialog, { name: 'Ann', email: 'ann@example.com', phone: '505' });
    await consentBox(dialog).check();
    await submit(dialog).click();
    await toast(page, FAILURE).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe('ann@example.com');
    expect(errors.some((e) => e.includes('Failed to send the quote request'))).toBe(true);
  });

  test('a bot filling the hidden honeypot is dropped silently: nothing is sent', async () => {
    const { page, dialog } = await openHomeDialog();
    const honeypot = dialog.locator('input[name="website"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    // Off-screen and hidden from assistive technology, so people never fill it.
    const box = (await honeypot.boundingBox())!;
    expect(box.x + box.width).toBeLessThan(0);
    expect(await honeypot.evaluate((i) => i.closest('[aria-hidden="true"]') !== null)).toBe(true);
    await fillForm(dialog, { name: 'Bot', email: 'bot@example.com', phone: '1' });
    await honeypot.fill('http://spam.example', { force: true });
    await consentBox(dialog).check();
    await submit(dialog).click();
    await toast(page, SUCCESS).waitFor();
    expect(suite.hook.requests).toEqual([]);
  });

  test('the consent label has the wording and links to /privacy and /terms', async () => {
    const { dialog } = await openHomeDialog();
    const label = dialog.locator('.qf-consent label');
    const text = await label.textContent();
    for (const part of ['automated marketing and service text messages', 'Message and data rates may apply', 'frequency varies', 'Text STOP to opt out']) expect(text).toContain(part);
    expect(await label.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/privacy', '/terms']);
  });
});

describe('contact page', () => {
  test("1280 px: the form sits inline under 'Request a Quote', no dialog button", async () => {
    const { page, errors } = await suite.open('/contact', { viewport: DESKTOP });
    const section = page.locator('.contact-quote');
    expect(await section.getByRole('heading', { name: 'Request a Quote' }).isVisible()).toBe(true);
    expect(await section.getByRole('textbox', { name: 'Name', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request a Free Quote' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  test("390 px: 'Request a Free Quote' opens the form in a dialog at most 500 px wide; success closes it", async () => {
    const { page, errors } = await suite.open('/contact', { viewport: MOBILE });
    const section = page.locator('.contact-quote');
    expect(await section.locator('.contact-quote-inline').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Request a Free Quote' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
    await fillForm(dialog, { name: 'Ann', email: 'ann@example.com', phone: '505' });
    await consentBox(dialog).check();
    await submit(dialog).click();
    await toast(page, SUCCESS).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(suite.hook.requests).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('390 px: the form\'s code (React) loads only when the button is tapped; a wider window loads it at once', async () => {
    const { page, errors } = await suite.open('about:blank', { viewport: MOBILE });
    const loaded: string[] = [];
    page.on('request', (r) => { if (/\/assets\/islands\/(contact-quote-|chunk-)/.test(r.url())) loaded.push(r.url()); });
    await page.goto(`${suite.site.url}/contact`, { waitUntil: 'load' });
    // Past the point where a `visible` island starts (in view, or the browser idle after load).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    const marker = page.locator('[data-island="contact-quote"]');
    expect(await marker.getAttribute('data-hydrated')).toBeNull();
    expect(loaded.filter((u) => u.includes('contact-quote-'))).toEqual([]);
    await page.getByRole('button', { name: 'Request a Free Quote' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await marker.getAttribute('data-hydrated')).toBe('true');

    const wide = await suite.open('about:blank', { viewport: MOBILE });
    await wide.page.goto(`${suite.site.url}/contact`, { waitUntil: 'load' });
    await wide.page.setViewportSize(DESKTOP);
    await wide.page.locator('[data-island="contact-quote"][data-hydrated="true"]').waitFor();
    expect([...errors, ...wide.errors]).toEqual([]);
  });

  test('390 px: the dialog is dismissed with its close button', async () => {
    const { page } = await suite.open('/contact', { viewport: MOBILE });
    await page.getByRole('button', { name: 'Request a Free Quote' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('1280 px: the inline form submits and shows the success toast', async () => {
    const { page } = await suite.open('/contact', { viewport: DESKTOP });
    const form = page.locator('.contact-quote-inline form');
    await fillForm(form, { name: 'Ann', email: 'ann@example.com', phone: '505' });
    await consentBox(form).check();
    await submit(form).click();
    await toast(page, SUCCESS).waitFor();
    expect(await form.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');
  });

  test('without JavaScript the form is shown with a note to call or e-mail instead', async () => {
    const { page } = await suite.open('/contact', { viewport: MOBILE, javaScriptEnabled: false });
    const form = page.locator('.contact-quote-inline form');
    expect(await form.isVisible()).toBe(true);
    const note = form.locator('.qf-noscript');
    expect(await note.textContent()).toMatch(/call us at .*\d{4}.* or e-mail \S+@\S+ for your free quote/s);
    expect(await note.locator('a[href^="tel:+1"]').isVisible()).toBe(true);
    expect(await note.locator('a[href^="mailto:"]').isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Request Free Quote' }).isDisabled()).toBe(true);
  });
});

describe('404 page', () => {
  test("has the quote form with the button 'Request Free Quote'", async () => {
    const { page } = await suite.open('/no-such-page');
    const form = page.locator('[data-island="quote-form"] form');
    await fillForm(form, { name: 'Ann', email: 'ann@example.com', phone: '505' });
    await consentBox(form).check();
    await form.getByRole('button', { name: 'Request Free Quote' }).click();
    await toast(page, SUCCESS).waitFor();
    expect(suite.hook.requests).toHaveLength(1);
  });
});
