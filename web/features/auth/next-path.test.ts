import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path.ts';

describe('nextPath (where a sign-in goes back to)', () => {
  it('takes a path on this site, with its query', () => {
    expect(nextPath('/voting/abc')).toBe('/voting/abc');
    expect(nextPath('/admin/histori?q=budi')).toBe('/admin/histori?q=budi');
  });

  it.each([
    null,
    '',
    'https://jahat.test/',
    'jahat.test',
    '//jahat.test',
    '/\\jahat.test',
    '/\t/jahat.test',
    '/\n/jahat.test',
    'javascript:alert(1)',
  ])('refuses %j', (lanjut) => {
    expect(nextPath(lanjut)).toBeUndefined();
  });
});
