import { runWithRequestState } from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import type { Logger } from '../runtime/logger.ts';
import { campusSso } from './campus-sso.ts';
import { parseProdiMap, prodiOf, type CampusSso } from './campus-sso-config.ts';

const config: CampusSso = {
  issuer: 'https://sso.kampus.ac.id',
  clientId: 'bem',
  clientSecret: 'rahasia',
  label: 'Masuk dengan SSO Kampus',
  nimClaim: 'nim',
  prodiClaim: 'prodi',
  prodiMap: new Map([['tkn', 'Teknokimia Nuklir']]),
  emailDomains: ['mahasiswa.kampus.ac.id'],
  autoVerify: true,
  scopes: ['openid', 'email', 'profile'],
};
const quiet = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
} as unknown as Logger;
const { validateUserInfo } = campusSso(config, {
  db: {} as Db,
  logger: quiet,
  publicUrl: 'https://bem.kampus.ac.id',
});

/** validateUserInfo as better-auth calls it, with the issuer discovery gave. */
function check(
  email: string,
  discoveredIssuer: string,
  providerId = 'kampus',
  emailVerified = true,
) {
  const ctx = { context: { socialProviders: [{ id: 'kampus', issuer: discoveredIssuer }] } };
  return runWithRequestState(new WeakMap(), () =>
    validateUserInfo(
      {
        user: { email, emailVerified },
        source: { method: 'oauth', action: 'create-user', oauth: { providerId, profile: {} } },
      },
      ctx as never,
    ),
  );
}

describe('campus SSO gate', () => {
  it('accepts an allowed address from the configured issuer', async () => {
    expect(await check('dewi@mahasiswa.kampus.ac.id', config.issuer)).toBeUndefined();
  });

  it('refuses a provider whose discovery names another issuer', async () => {
    expect(await check('dewi@mahasiswa.kampus.ac.id', 'https://sso.penyerang.example')).toEqual({
      error: 'issuer_mismatch',
    });
    expect(await check('dewi@mahasiswa.kampus.ac.id', `${config.issuer}/`)).toEqual({
      error: 'issuer_mismatch',
    });
  });

  it('refuses an address outside the allowed domains, including look-alikes', async () => {
    for (const email of [
      'dewi@gmail.com',
      'dewi@kampus.ac.id',
      'dewi@mahasiswa.kampus.ac.id.penyerang.example',
      'dewi@xmahasiswa.kampus.ac.id',
    ])
      expect(await check(email, config.issuer)).toEqual({ error: 'email_domain_not_allowed' });
  });

  it('refuses an address the provider has not verified', async () => {
    expect(await check('dewi@mahasiswa.kampus.ac.id', config.issuer, 'kampus', false)).toEqual({
      error: 'email_not_verified',
    });
  });

  it('leaves other sign-in methods alone', async () => {
    expect(await check('siapa@saja.test', 'https://lain.example', 'lain')).toBeUndefined();
  });
});

describe('programme claims', () => {
  it('maps provider values and our own names, case-insensitively, and nothing else', () => {
    expect(prodiOf(config, 'TKN')).toBe('Teknokimia Nuklir');
    expect(prodiOf(config, ' elektro mekanika ')).toBe('Elektro Mekanika');
    expect(prodiOf(config, 'Teknik Sipil')).toBeNull();
    expect(prodiOf(config, 7)).toBeNull();
    expect(parseProdiMap('A=Teknik Sipil')).toHaveProperty('invalid');
    expect(parseProdiMap('=Elektro Mekanika')).toHaveProperty('invalid');
  });
});
