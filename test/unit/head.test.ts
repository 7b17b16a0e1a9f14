import { describe, expect, it } from 'vitest';
import { ALBUQUERQUE_SUFFIX, absoluteUrl, describe as describeMeta, pageTitle } from '../../src/routes/head.ts';

describe('page metadata', () => {
  it('adds the Albuquerque suffix to a description that lacks the word', () => {
    expect(describeMeta('Sofa repair in Rio Rancho.')).toBe(`Sofa repair in Rio Rancho. ${ALBUQUERQUE_SUFFIX}`);
    expect(describeMeta('Sofa repair in Rio Rancho')).toBe(`Sofa repair in Rio Rancho. ${ALBUQUERQUE_SUFFIX}`);
  });

  it('leaves a description that mentions Albuquerque (any case) alone', () => {
    expect(describeMeta('Sofa repair in albuquerque.')).toBe('Sofa repair in albuquerque.');
  });

  it('suffixes titles with the business name unless already branded', () => {
    expect(pageTitle('Gallery', 'Shop')).toBe('Gallery | Shop');
    expect(pageTitle('Sofa | Shop', 'Shop')).toBe('Sofa | Shop');
    const long = 'DIY vs. Professional Leather Seat Repair: Which Is Right';
    expect(pageTitle(long, 'Sandia Custom Upholstery')).toBe(long);
  });

  it('builds canonical URLs without trailing slashes except the home page', () => {
    expect(absoluteUrl('https://x.com', '/about')).toBe('https://x.com/about');
    expect(absoluteUrl('https://x.com', '/')).toBe('https://x.com/');
  });
});
