import { describe, expect, it } from 'vitest';
import { generateRecoveryCode, normalizeRecoveryCode } from './recovery-code.ts';

describe('the committee recovery code', () => {
  it('is 24 Base58 characters in groups of four, read back however it is typed', () => {
    const code = generateRecoveryCode();
    expect(code).toMatch(/^[1-9A-HJ-NP-Za-km-z]{4}(-[1-9A-HJ-NP-Za-km-z]{4}){5}$/);
    expect(normalizeRecoveryCode(code)).toBe(code);
    expect(normalizeRecoveryCode(` ${code.replaceAll('-', ' ')} `)).toBe(code);
    expect(normalizeRecoveryCode(code.replaceAll('-', ''))).toBe(code);
    expect(generateRecoveryCode()).not.toBe(code);
  });

  it('refuses a typo, a short code and characters outside Base58', () => {
    const code = generateRecoveryCode();
    const last = code.at(-1)!;
    expect(normalizeRecoveryCode(code.slice(0, -1) + (last === 'a' ? 'b' : 'a'))).toBeUndefined();
    expect(normalizeRecoveryCode(code.slice(0, -2))).toBeUndefined();
    expect(normalizeRecoveryCode(code.replace(/.$/, '0'))).toBeUndefined();
    expect(normalizeRecoveryCode('')).toBeUndefined();
  });
});
