import { describe, expect, it } from 'vitest';
import { changePasswordSchema, registerVoterSchema, resetPasswordSchema } from './account.ts';

const valid = {
  namaLengkap: "Dewi Ayu Lestari-Nur'aini",
  nim: '021900123',
  prodi: 'Elektro Mekanika',
  email: '  Dewi@Mahasiswa.Test ',
  password: 'rahasia-123',
  confirmPassword: 'rahasia-123',
};

describe('registerVoterSchema', () => {
  it('accepts a valid registration and normalises the email', () => {
    const r = registerVoterSchema.parse(valid);
    expect(r.email).toBe('dewi@mahasiswa.test');
    expect(r.namaLengkap).toBe("Dewi Ayu Lestari-Nur'aini");
  });

  it.each(['Teknokimia Nuklir', 'Elektronika Instrumentasi', 'Elektro Mekanika'])(
    'accepts the prodi %s',
    (prodi) => {
      expect(registerVoterSchema.safeParse({ ...valid, prodi }).success).toBe(true);
    },
  );

  it.each([
    [{ prodi: 'Kedokteran' }, 'prodi'],
    [{ nim: '1234567' }, 'nim'],
    [{ nim: '1234567890123' }, 'nim'],
    [{ nim: '12345678a' }, 'nim'],
    [{ password: '1234567', confirmPassword: '1234567' }, 'password'],
    [{ confirmPassword: 'lain' }, 'confirmPassword'],
    [{ namaLengkap: 'A' }, 'namaLengkap'],
    [{ namaLengkap: 'Budi <b>' }, 'namaLengkap'],
    [{ email: 'a@' }, 'email'],
  ])('refuses %o on %s with an Indonesian message', (override, field) => {
    const r = registerVoterSchema.safeParse({ ...valid, ...override });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(/[a-z]/);
    expect(issue?.message).not.toMatch(/Invalid|expected/);
  });
});

describe('Konfirmasi Kata Sandi', () => {
  // An empty confirmation is named on the first send, beside the password's own message, not
  // only after the password has been fixed.
  it.each([
    ['registration', registerVoterSchema, { ...valid, password: '', confirmPassword: '' }],
    ['reset', resetPasswordSchema, { password: '', confirmPassword: '' }],
    ['change', changePasswordSchema, { currentPassword: 'x', password: '', confirmPassword: '' }],
  ] as const)('is required at once in the %s form', (_name, schema, input) => {
    const r = schema.safeParse(input);
    const messages = r.error!.issues.filter((i) => i.path[0] === 'confirmPassword');
    expect(messages.map((i) => i.message)).toEqual(['Konfirmasi kata sandi wajib diisi.']);
    expect(r.error!.issues.some((i) => i.path[0] === 'password')).toBe(true);
  });

  it('still refuses two different passwords', () => {
    const r = resetPasswordSchema.safeParse({
      password: 'rahasia-123',
      confirmPassword: 'lain-123',
    });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'Konfirmasi kata sandi tidak sama dengan kata sandi.',
    ]);
  });
});
