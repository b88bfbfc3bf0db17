import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createAdmin } from '../people/admins/create-admin.ts';
import { loadEnv } from '../runtime/env.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Mail, MailTransport } from '../mail/mailer.ts';
import type { OutboxOptions } from '../mail/outbox.ts';
import { startServer, type RunningServer } from '../server.ts';
import { createPostgresDatabase, pgliteTemplate, testDbKind } from './database.ts';

/** The scrypt cost of test servers' new password hashes (production: PRODUCTION_SCRYPT_N). */
export const TEST_SCRYPT_N = 1024;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export type TestApp = RunningServer & {
  dataDir: string;
  /**
   * Every mail the app has accepted into its outbox so far (the outbox then sends it as configured:
   * SMTP or files).
   */
  sentMail: Mail[];
  /** A new HTTP client with its own cookie jar, as one browser would be. */
  client: () => TestClient;
};

/**
 * Starts the real app on loopback over a fresh database: a clone of the migrated PGlite
 * template, or a new PostgreSQL database when the suite runs on PostgreSQL (dropped on stop).
 */
export async function startTestApp(
  envOverrides: Record<string, string> = {},
  opts: {
    logger?: Logger;
    minuteJobs?: boolean;
    /** Where the outbox hands mail (default: files under DATA_DIR/mail, or SMTP_URL). */
    mailTransport?: MailTransport;
    outbox?: OutboxOptions;
    /**
     * A DATA_DIR kept on disk: its embedded database (made from the migrated template when there
     * is none yet) is used in place, and the folder is left as it is at stop.
     */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bem-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (testDbKind === 'postgres' && !envOverrides.DATABASE_URL) {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  // The free port is chosen before the server binds it, and another process can take it in
  // between: the start is then tried again on another one (unless the test fixed the port).
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const vars: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...envOverrides,
    };
    const env = loadEnv(vars);
    fs.mkdirSync(env.webDist, { recursive: true });
    try {
      const running = await startServer(env, {
        loadDataDir: env.databaseUrl ? undefined : await pgliteTemplate(),
        inMemory: !opts.dataDir,
        logger: opts.logger,
        // A sixteenth of the production scrypt cost: the suite signs hundreds of people up.
        passwordScryptN: TEST_SCRYPT_N,
        minuteJobs: opts.minuteJobs,
        mailTransport: opts.mailTransport,
        outbox: opts.outbox,
      });
      return withTestHelpers(running, env.publicUrl, dataDir, async () => {
        await dropDatabase?.();
        if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      });
    } catch (err) {
      const taken = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (taken && !envOverrides.PORT && attempt < 5) continue;
      await dropDatabase?.();
      throw err;
    }
  }
}

function withTestHelpers(
  running: RunningServer,
  publicUrl: string,
  dataDir: string,
  cleanUp: () => Promise<void>,
): TestApp {
  const sentMail: Mail[] = [];
  const mailer = running.services.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (mail, tx) => {
    sentMail.push(...[mail].flat());
    await send(mail, tx);
  };
  return {
    ...running,
    dataDir,
    sentMail,
    // Each request returns once the work it started in the background is done too (a
    // registration's account and mails), so tests see its whole effect.
    client: () =>
      new TestClient(running.url, publicUrl, sentMail, () => running.services.background.settled()),
    stop: async () => {
      await running.stop();
      await cleanUp();
    },
  };
}

/** A fetch wrapper that keeps cookies and sends the site's Origin, as a browser on the site does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  readonly origin: string;
  readonly #sentMail: Mail[];
  readonly #settled: () => Promise<void>;
  constructor(
    base: string,
    origin: string,
    sentMail: Mail[] = [],
    settled: () => Promise<void> = async () => {},
  ) {
    this.base = base;
    this.origin = origin;
    this.#sentMail = sentMail;
    this.#settled = settled;
  }

  async request(
    method: string,
    urlPath: string,
    init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', this.origin);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.base + urlPath, { method, headers, body, redirect: 'manual' });
    await this.#settled();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/max-age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The Cookie header this client sends (for requests made without it, such as streams). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get = (p: string, headers?: Record<string, string>) => this.request('GET', p, { headers });
  post = (p: string, json?: unknown) => this.request('POST', p, { json: json ?? {} });

  /**
   * Registers a voter through the API and opens the confirmation link mailed to them, as the
   * student would: this client is then signed in as them.
   */
  async registerVoter(overrides: Partial<VoterInput> = {}) {
    const input = voterInput(overrides);
    const res = await this.post('/api/voters/register', input);
    if (res.status !== 202) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    const confirmed = await this.confirmEmail(input.email);
    if (confirmed.status !== 200)
      throw new Error(`confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
    return input;
  }

  /** The confirmation link mailed to `email` (the newest one), waiting for it to be sent. */
  async confirmationLink(email: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.#sentMail.findLast(
        (m) => m.to === email.toLowerCase() && /konfirmasi-email\?token=/.test(m.text),
      );
      if (mail) return /(\S*\/konfirmasi-email\?token=\S+)/.exec(mail.text)![1]!;
      if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Opens the confirmation link mailed to `email` as the confirmation page does. */
  async confirmEmail(email: string) {
    const token = new URL(await this.confirmationLink(email)).searchParams.get('token')!;
    return this.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  }

  async signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  /**
   * The private credential mailed to this account for a verifiable election (from the booth link
   * in the mail, as the voter's browser gets it), waiting for the mail to be sent.
   */
  async credentialFor(electionId: string, timeoutMs = 10_000): Promise<string> {
    const email = (await this.me()).user?.email.toLowerCase();
    if (!email) throw new Error('credentialFor: not signed in');
    const link = new RegExp(`/voting/${electionId}#kredensial=([1-9A-HJ-NP-Za-km-z-]{19})`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.#sentMail.findLast((m) => m.to === email && link.test(m.text));
      if (mail) return link.exec(mail.text)![1]!;
      if (Date.now() > deadline) throw new Error(`no credential mail to ${email}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async me() {
    return (await (await this.get('/api/me')).json()) as {
      user: { email: string; name: string } | null;
      voter: { nim: string; status: string } | null;
      admin: { role: string } | null;
      abilities: Record<string, boolean> & { committeeOf: string[] };
    };
  }
}

/** An admin or master account made as the operator's command makes it, signed in on a new client. */
export async function signedInStaff(
  app: TestApp,
  account: { email: string; password: string; name: string; role: 'admin' | 'master' },
): Promise<TestClient> {
  await createAdmin(app.services.database.db, account, app.services.passwords);
  const client = app.client();
  const res = await client.signIn(account.email, account.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return client;
}

export type VoterInput = {
  namaLengkap: string;
  nim: string;
  prodi: string;
  email: string;
  password: string;
  confirmPassword: string;
};

let seq = 0;

/** A valid, unique voter registration. */
export function voterInput(overrides: Partial<VoterInput> = {}): VoterInput {
  seq++;
  // Never a leading zero: the stored form of a NIM has none (shared/nim.ts).
  const n = `${Date.now() % 1_000_000}${process.pid % 100}${seq}`
    .padStart(10, '0')
    .slice(-10)
    .replace(/^0/, '9');
  return {
    namaLengkap: 'Siti Rahmawati',
    nim: n,
    prodi: 'Teknokimia Nuklir',
    email: `pemilih${n}@mahasiswa.test`,
    password: 'rahasia-123',
    confirmPassword: overrides.password ?? 'rahasia-123',
    ...overrides,
  };
}
