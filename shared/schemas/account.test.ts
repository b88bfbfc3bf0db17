import { describe, expect, it } from 'vitest';
import { registerVoterSchema } from './account.ts';

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
