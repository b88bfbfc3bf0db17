import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.ts';
import { IDP_CLIENT, startCampusIdp } from '../test/campus-idp.ts';

type ErrorBody = { error: { code: string; message: string } };

describe('campus SSO start', () => {
  let idp: Awaited<ReturnType<typeof startCampusIdp>>;
  let app: TestApp;
  beforeAll(async () => {
    idp = await startCampusIdp({
      redirectUri: 'http://localhost/api/auth/callback/kampus',
      accounts: [],
    });
    app = await startTestApp({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
    });
  });
  afterAll(async () => {
    await app.stop();
    await idp.stop();
  });

  it('answers the provider address for a start this site makes', async () => {
    const res = await app.client().post('/api/auth/sign-in/social', {
      provider: 'kampus',
      callbackURL: '/',
      errorCallbackURL: '/login-pemilih',
      disableRedirect: true,
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const to = new URL(url);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('state')).toBeTruthy();
  });

  it('refuses an ID token obtained elsewhere, even one the provider really signed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await idp.sign({
      iss: idp.issuer,
      aud: IDP_CLIENT.id,
      sub: 'siswa-luar',
      email: 'siswa.luar@mahasiswa.kampus.test',
      email_verified: true,
      name: 'Siswa Luar',
      iat: now,
      exp: now + 600,
    });
    const client = app.client();
    const res = await client.post('/api/auth/sign-in/social', {
      provider: 'kampus',
      idToken: { token },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Data yang dikirim tidak valid.');
    expect((await client.me()).user).toBeNull();
  });

  it('refuses extra data and overlong destinations before storing anything', async () => {
    for (const body of [
      { provider: 'kampus', callbackURL: '/', additionalData: { x: 'y'.repeat(10_000) } },
      { provider: 'kampus', callbackURL: `/${'a'.repeat(600)}` },
      { provider: 'kampus', callbackURL: '/', loginHint: 'dewi' },
    ]) {
      const res = await app.client().post('/api/auth/sign-in/social', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe('a campus provider that never answers', () => {
  let hole: net.Server;
  let app: TestApp;
  beforeAll(async () => {
    // Takes connections and says nothing, as a hung provider (or a firewall that drops) would.
    hole = net.createServer(() => {});
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const port = (hole.address() as net.AddressInfo).port;
    app = await startTestApp({
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
    });
  });
  afterAll(async () => {
    await app.stop();
    hole.close();
  });

  it('does not hold the site: sign-in with a password works, the SSO start says why it cannot', async () => {
    const client = app.client();
    expect((await client.me()).user).toBeNull();
    const registered = await client.registerVoter();
    expect(registered.email).toBeTruthy();
    const res = await client.post('/api/auth/sign-in/social', {
      provider: 'kampus',
      callbackURL: '/',
      disableRedirect: true,
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(
      /SSO kampus sedang tidak dapat dihubungi/,
    );
  });
});
