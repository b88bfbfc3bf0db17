import { describe, expect, it } from 'vitest';
import { formatSize, typeLabel } from './format.ts';

describe('document sizes and types as people read them', () => {
  it('uses the Indonesian decimal comma and binary units', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(1_258_291)).toBe('1,2 MB');
    expect(formatSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(typeLabel('pdf')).toBe('PDF');
  });
});
