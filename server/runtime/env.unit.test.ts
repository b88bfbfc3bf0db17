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
});
