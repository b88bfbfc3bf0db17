import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, voterInput, type TestApp } from '../test/app.ts';
import { startSmtpCatcher } from '../test/smtp.ts';

type ErrorBody = { error: { code: string; message: string } };

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app.stop();
  await smtp.close();
});

describe('sign-in and sign-out', () => {
  it('signs a registered voter in with any case of email, and out again', async () => {
    const voter = await app.client().registerVoter();
    const client = app.client();
    expect((await client.me()).user).toBeNull();

    const res = await client.signIn(voter.email.toUpperCase(), voter.password);
    expect(res.status).toBe(200);
    expect((await client.me()).user?.email).toBe(voter.email);

    const out = await client.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect((await client.me()).user).toBeNull();
  });

  it('refuses a wrong password with an Indonesian message and no session', async () => {
    const voter = await app.client().registerVoter();
    const client = app.client();
    const res = await client.signIn(voter.email, 'salah-sandi-123');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Email atau kata sandi salah.' },
    });
    expect(client.cookies.size).toBe(0);
    expect((await client.me()).user).toBeNull();
  });

  it('refuses an unknown email with the same answer as a wrong password', async () => {
    const res = await app.client().signIn('tidak.ada@mahasiswa.test', 'apa-saja-123');
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('refuses a sign-in posted from another origin', async () => {
    const voter = await app.client().registerVoter();
    const client = app.client();
    const res = await client.request('POST', '/api/auth/sign-in/email', {
      json: { email: voter.email, password: voter.password },
      headers: { origin: 'https://evil.example', cookie: 'x=1' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/situs lain|ditolak/);
    expect(client.cookies.size).toBe(0);
  });

  it('closes the better-auth endpoints the product does not use (profile edits go through validated routes)', async () => {
    const client = app.client();
    const voter = await client.registerVoter();
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/change-email',
      '/api/auth/delete-user',
      '/api/auth/send-verification-email',
    ]) {
      const res = await client.post(path, {
        name: '<script>x</script>',
        newEmail: 'x@y.test',
        email: voter.email,
      });
      expect(res.status, path).toBe(404);
    }
    expect((await client.me()).user?.name).toBe(voter.namaLengkap);
  });

  it('closes the generic sign-up endpoint: accounts come with their role record', async () => {
    const res = await app.client().post('/api/auth/sign-up/email', {
      email: 'liar@x.test',
      password: 'rahasia-123',
      name: 'Liar',
    });
    expect(res.status).toBe(404);
    const again = await app.client().signIn('liar@x.test', 'rahasia-123');
    expect(again.status).toBe(401);
  });
});

describe('password reset through a real SMTP server', () => {
  it('mails an Indonesian link on PUBLIC_URL that sets a new password', async () => {
    const voter = await app.client().registerVoter();
    const res = await app.client().post('/api/auth/request-password-reset', { email: voter.email });
    expect(res.status).toBe(200);

    const mail = await smtp.waitFor(voter.email, /lupa-sandi/);
    expect(mail.subject).toBe('Atur ulang kata sandi akun BEM Poltek Nuklir');
    expect(mail.text).toContain('Kami menerima permintaan');
    const link = mail.text?.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    expect(url.origin).toBe(app.services.env.publicUrl);
    expect(url.pathname).toBe('/lupa-sandi');
    const token = url.searchParams.get('token');
    expect(token).toBeTruthy();

    // The link opens the web app's reset screen…
    const page = await fetch(app.url + url.pathname + url.search);
    expect(page.status).not.toBe(404);
    // …which posts the new password with the token.
    const reset = await app
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'sandi-baru-456' });
    expect(reset.status).toBe(200);

    expect((await app.client().signIn(voter.email, voter.password)).status).toBe(401);
    expect((await app.client().signIn(voter.email, 'sandi-baru-456')).status).toBe(200);

    const reuse = await app
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'sandi-ketiga-789' });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as ErrorBody).error.message).toMatch(
      /tidak valid atau sudah kedaluwarsa/,
    );
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const voter = await app.client().registerVoter();
    const known = await app
      .client()
      .post('/api/auth/request-password-reset', { email: voter.email });
    const unknown = await app
      .client()
      .post('/api/auth/request-password-reset', { email: 'siapa@tidak.ada' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await smtp.waitFor(voter.email, /lupa-sandi/);
    expect(smtp.to('siapa@tidak.ada')).toEqual([]);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const res = await app
      .client()
      .post('/api/auth/reset-password', { token: 'x', newPassword: 'pendek' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/minimal 8 karakter/);
  });
});

describe('rate limiting', () => {
  it('slows repeated sign-in attempts from one address with a 429 in Indonesian', async () => {
    const limited = await startTestApp({ SIGN_IN_PER_MINUTE: '5' });
    try {
      const client = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await client.signIn('x@y.test', 'salah-sandi-1')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.at(-1)).toBe(429);
      const res = await client.signIn('x@y.test', 'salah-sandi-1');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/Terlalu banyak percobaan/);
    } finally {
      await limited.stop();
    }
  });
});

describe('cookies behind https', () => {
  it('marks the session cookie Secure (and __Secure-) when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://bem.example.test' });
    try {
      const client = secure.client();
      const input = voterInput();
      expect((await client.post('/api/voters/register', input)).status).toBe(202);
      // The confirmation link signs the student in: its answer sets the session cookie.
      const res = await client.confirmEmail(input.email);
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.stop();
    }
  });
});
