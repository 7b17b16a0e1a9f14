import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { serializeJson } from '../../src/islands/serialize.ts';

describe('JSON inside <script>', () => {
  const evil = { title: '</script><script>alert(1)</script>', other: '<!-- & \u2028' };

  it('never contains a closing script tag or comment opener', () => {
    const text = serializeJson(evil);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    expect(JSON.parse(text)).toEqual(evil);
  });

  it('survives an HTML parser as a single script element', () => {
    const { document } = parseHTML(`<html><body><script type="application/json">${serializeJson(evil)}</script></body></html>`);
    const scripts = document.querySelectorAll('script');
    expect(scripts.length).toBe(1);
    expect(JSON.parse(scripts[0].textContent ?? '')).toEqual(evil);
  });
});
