import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has working defaults with no configuration', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
    });
    expect(env.dataDir).toMatch(/data$/);
  });

  it('reads every documented variable', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/bem',
      DATABASE_URL: 'postgres://u@db/bem',
      PUBLIC_URL: 'https://bem.example.ac.id/',
      SMTP_URL: 'smtp://u:p@mail:587',
      ADMIN_EMAIL: 'a@b.id',
      ADMIN_PASSWORD: 'rahasia-123',
      ADMIN_NAME: 'Admin',
    });
    expect(env).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/bem',
      databaseUrl: 'postgres://u@db/bem',
      publicUrl: 'https://bem.example.ac.id',
      smtpUrl: 'smtp://u:p@mail:587',
      admin: { email: 'a@b.id', password: 'rahasia-123', name: 'Admin' },
    });
  });

  it('names every bad variable in one error', () => {
    expect(() => loadEnv({ PORT: 'x', DATABASE_URL: 'mysql://a' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.id' })).toThrow(/harus diisi bersama/);
  });

  it('reads the campus SSO settings, with defaults, only when the three required ones are set', () => {
    expect(loadEnv({}).sso).toBeUndefined();
    const env = loadEnv({
      OIDC_ISSUER: 'https://sso.kampus.ac.id/realms/kampus/',
      OIDC_CLIENT_ID: 'bem',
      OIDC_CLIENT_SECRET: 'rahasia',
      OIDC_PRODI_MAP: 'TKN=Teknokimia Nuklir; ei = elektronika instrumentasi',
      OIDC_EMAIL_DOMAINS: 'Mahasiswa.Kampus.ac.id, kampus.ac.id',
      OIDC_AUTO_VERIFY: 'false',
    });
    expect(env.sso).toMatchObject({
      issuer: 'https://sso.kampus.ac.id/realms/kampus/',
      label: 'Masuk dengan SSO Kampus',
      nimClaim: 'nim',
      prodiClaim: 'prodi',
      emailDomains: ['mahasiswa.kampus.ac.id', 'kampus.ac.id'],
      autoVerify: false,
      scopes: ['openid', 'email', 'profile'],
    });
    expect([...env.sso!.prodiMap]).toEqual([
      ['tkn', 'Teknokimia Nuklir'],
      ['ei', 'Elektronika Instrumentasi'],
    ]);
    expect(
      loadEnv({ OIDC_ISSUER: 'https://a.id', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }).sso
        ?.autoVerify,
    ).toBe(true);
  });

  it('refuses an incomplete or wrong SSO configuration in words', () => {
    expect(() => loadEnv({ OIDC_ISSUER: 'https://sso.kampus.ac.id' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID dan OIDC_CLIENT_SECRET harus diisi bersama/,
    );
    expect(() => loadEnv({ OIDC_PRODI_MAP: 'TKN=Teknik Sipil' })).toThrow(
      /OIDC_PRODI_MAP harus berupa pasangan/,
    );
    expect(() => loadEnv({ OIDC_EMAIL_DOMAINS: 'bukan domain' })).toThrow(/OIDC_EMAIL_DOMAINS/);
    expect(() => loadEnv({ OIDC_AUTO_VERIFY: 'ya' })).toThrow(
      /OIDC_AUTO_VERIFY harus true atau false/,
    );
    expect(() => loadEnv({ OIDC_ISSUER: 'ftp://sso' })).toThrow(/OIDC_ISSUER/);
    // Keys and discovery over plain HTTP only from this machine itself.
    expect(() =>
      loadEnv({
        OIDC_ISSUER: 'http://sso.kampus.ac.id',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      }),
    ).toThrow(/OIDC_ISSUER harus diawali https:\/\//);
    expect(() =>
      loadEnv({
        OIDC_ISSUER: 'http://localhost.penyerang.example',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      }),
    ).toThrow(/OIDC_ISSUER/);
    expect(
      loadEnv({
        OIDC_ISSUER: 'http://127.0.0.1:8080',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      }).sso?.issuer,
    ).toBe('http://127.0.0.1:8080');
  });
});
