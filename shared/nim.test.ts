import { describe, expect, it } from 'vitest';
import { CANONICAL_NIM, NIM_INPUT_PATTERN, normalizeNim } from './nim.ts';
import { nimField } from './schemas/account.ts';

describe('hardening 5: normalizeNim, the one NIM rule', () => {
  it.each([
    ['011500012', '11500012'],
    ['11500012', '11500012'],
    ['0115 00012', '11500012'],
    ['  011500012\t', '11500012'],
    ['0000 1234 5678', '12345678'],
    ['123456789012', '123456789012'],
  ])('reads %j as %s', (raw, nim) => {
    expect(normalizeNim(raw)).toEqual({ ok: true, nim });
    expect(CANONICAL_NIM.test(nim)).toBe(true);
    // The schema the API publishes accepts what the rule accepts.
    expect(NIM_INPUT_PATTERN.test(raw)).toBe(true);
    expect(nimField.parse(raw)).toBe(nim);
  });

  it.each([
    ['', /wajib diisi/],
    ['1,23457E+11', /notasi ilmiah/],
    ['1.2E11', /notasi ilmiah/],
    ['11500012.0', /Titik atau koma/],
    ['11.500.012', /Titik atau koma/],
    ['O11500012', /Huruf/],
    ['115-00012', /Huruf dan tanda baca/],
    ['１１５０００１２', /Huruf dan tanda baca/],
    ['1150001', /8 sampai 12 digit/],
    ['1234567890123', /8 sampai 12 digit/],
    ['00000000', /8 sampai 12 digit/],
  ])('refuses %j with the reason', (raw, reason) => {
    const r = normalizeNim(raw);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(reason);
    const parsed = nimField.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(reason);
  });

  it('gives one stored form for every spelling of a number, so two spellings are one student', () => {
    const spellings = ['021900123', '21900123', '0 2190 0123', '0021900123'];
    const stored = spellings.map((s) => {
      const r = normalizeNim(s);
      return r.ok ? r.nim : r.error;
    });
    expect(new Set(stored)).toEqual(new Set(['21900123']));
  });
});
