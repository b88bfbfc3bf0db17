import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

// The secrets a request or the configuration carries, none of which may reach a log line.
const PASSWORD = 'sandi-rahasia-uji-77';
const SMTP_PASSWORD = 'smtp-sandi-rahasia-91';
const BEARER = 'bearer-token-rahasia-5521';
const INVITATION = 'KODE-RAHASIA-3141';
const ADMIN_EMAIL = 'admin.log@bem.test';

let cluster: PostgresCluster;
let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-log-secrets-'));
  cluster = await startPostgresCluster();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    env: {
      LOG_LEVEL: 'debug',
      SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:9`,
      // Signs in without a mailed confirmation (no mail arrives here): the operator's master.
      ADMIN_EMAIL: ADMIN_EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_NAME: 'Admin Log',
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await cluster?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function send(
  method: string,
  p: string,
  init: { cookie?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: server.url, ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(server.url + p, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

describe('hardening 11: secrets never in logs', () => {
  it('while the database is down, no log line carries a session token, password, code or credential', async () => {
    const email = 'pemilih.log@mahasiswa.test';
    const reg = await send('POST', '/api/voters/register', {
      json: {
        namaLengkap: 'Pemilih Log',
        nim: '2201234567',
        prodi: 'Teknokimia Nuklir',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(reg.status).toBeLessThan(300);
    const signIn = await send('POST', '/api/auth/sign-in/email', {
      json: { email: ADMIN_EMAIL, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    // A reset mail to an SMTP server that is not there: its failure is logged.
    await send('POST', '/api/auth/request-password-reset', {
      json: { email, redirectTo: '/lupa-sandi' },
    });

    await cluster.stop();
    const answers = await Promise.all([
      send('GET', '/api/me', { cookie }),
      send('GET', '/api/me', { cookie, headers: { authorization: `Bearer ${BEARER}` } }),
      send('POST', '/api/auth/sign-in/email', { json: { email, password: PASSWORD } }),
      send('POST', '/api/committee/register', {
        cookie,
        json: {
          kodeUndangan: INVITATION,
          namaLengkap: 'Panitia',
          email: 'p@x.test',
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
      send('POST', '/api/auth/sign-out', { cookie }),
    ]);
    for (const a of answers) expect(a.status).toBeGreaterThanOrEqual(400);
    await new Promise((r) => setTimeout(r, 500));
    const log = server.output();
    // The outage was logged at all (else the search below proves nothing).
    expect(log).toMatch(/database unavailable|failed|error/i);
    for (const [what, secret] of [
      ['session token', token],
      ['cookie', cookie.split('=')[1]!.slice(0, 20)],
      ['password', PASSWORD],
      ['SMTP password', SMTP_PASSWORD],
      ['bearer token', BEARER],
      ['invitation code', INVITATION],
    ] as const) {
      expect(log.includes(secret), `${what} found in the log`).toBe(false);
    }
  }, 120_000);
});
