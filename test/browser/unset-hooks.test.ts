// A site built with none of QUOTE_WEBHOOK_URL, QUOTE_WEBHOOK_KEY or VITE_VERCEL_DEPLOY_HOOK:
// the rebuild page shows the spec's configuration error and the quote form fails as if the
// network had, without sending anything.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fillForm, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite({ withHooks: false }); });
afterAll(async () => { await suite?.close(); });

test("rebuild with no deploy hook: 'Error' and the VITE_VERCEL_DEPLOY_HOOK message, then idle again", async () => {
  const { page, errors } = await suite.open('/admin/rebuild');
  const button = page.getByRole('button', { name: 'Trigger Site Rebuild' });
  await button.click();
  const result = page.locator('.rebuild-result');
  await result.waitFor();
  expect(await result.locator('.rebuild-result-title').textContent()).toBe('Error');
  expect(await result.textContent()).toContain('Vercel deploy hook URL not configured. Please set VITE_VERCEL_DEPLOY_HOOK environment variable.');
  expect(await result.getByText('Success!').count()).toBe(0);
  expect(await button.isEnabled()).toBe(true);
  // Every click gives the same error.
  await button.click();
  await result.waitFor();
  expect(await result.textContent()).toContain('VITE_VERCEL_DEPLOY_HOOK');
  expect(errors).toEqual([]);
  expect(suite.hook.requests).toEqual([]);
});

test('quote form with no webhook: the failure toast, the error logged, the data kept', async () => {
  const { page, errors } = await suite.open('/contact');
  const form = page.locator('.contact-quote-inline form');
  await fillForm(form, { name: 'Ann', email: 'ann@example.com', phone: '505' });
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Request Free Quote' }).click();
  await page.locator('.toast', { hasText: 'Failed to send message. Please try again or call us directly.' }).waitFor();
  expect(await form.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Ann');
  expect(errors.some((e) => e.includes('QUOTE_WEBHOOK_URL'))).toBe(true);
  expect(suite.hook.requests).toEqual([]);
});
