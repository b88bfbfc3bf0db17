// Mail that arrives (issue 20): every mail goes through the outbox table; a worker on any
// instance sends it under a lease, retries while the mail server is down, gives up what the server
// refuses for good (the master admin sees it and may send it again), and keeps no body once sent.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { auditLog, mailOutbox } from '../db/schema/index.ts';
import { startSmtpCatcher } from '../test/smtp.ts';
import { freePort, signedInStaff, startTestApp, type TestApp } from '../test/app.ts';
import { createMailer, type Mail } from './mailer.ts';
import { MailOutbox } from './outbox.ts';

let app: TestApp;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
/** Addresses the mail server refuses for good while set. */
const refused = new Set<string>();
const startSmtp = async () =>
  (smtp = await startSmtpCatcher({ port, refuse: (a) => refused.has(a) }));

beforeAll(async () => {
  port = await freePort();
  await startSmtp();
  app = await startTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}` },
    { outbox: { retryBaseMs: 150, retryMaxMs: 400, pollMs: 100 } },
  );
});
afterEach(() => refused.clear());
afterAll(async () => {
  await app.stop();
  await smtp?.close();
});

const db = () => app.services.database.db;
const mails = (tag: string, n: number): Mail[] =>
  Array.from({ length: n }, (_, i) => ({
    to: `penerima${i}@mahasiswa.test`,
    subject: `${tag} ${i}`,
    text: `Isi surat ${tag} ${i}`,
  }));
const rowsTagged = (tag: string) =>
  queryRows<{
    state: string;
    attempts: number;
    last_error: string | null;
    body_text: string | null;
  }>(
    db(),
    sql`select state, attempts, last_error, body_text from mail_outbox
      where subject like ${`${tag} %`}`,
  );
const caughtTagged = (tag: string) =>
  smtp!.messages.filter((m) => m.subject?.startsWith(`${tag} `));

describe('the mail outbox', () => {
  it('SMTP down: queued mail waits and is retried; back up: every mail arrives exactly once and its body is erased', async () => {
    await smtp!.close();
    await app.services.mailer.send(mails('padam', 25));
    // Retried against a server that is not there, none given up.
    await expect
      .poll(async () => (await rowsTagged('padam')).every((r) => r.attempts >= 2), {
        timeout: 15_000,
      })
      .toBe(true);
    const waiting = await rowsTagged('padam');
    expect(waiting).toHaveLength(25);
    expect(waiting.every((r) => r.state === 'pending')).toBe(true);
    expect(waiting[0]!.last_error).toBe('Server surat tidak dapat dihubungi.');
    const res = await (
      await signedInStaff(app, {
        email: 'master.surat@bem.test',
        password: 'sandi-master-surat-1',
        name: 'Master Surat',
        role: 'master',
      })
    ).request('GET', '/api/mail/outbox');
    const report = (await res.json()) as { pending: number; retrying: number };
    expect(report.pending).toBeGreaterThanOrEqual(25);
    expect(report.retrying).toBeGreaterThanOrEqual(25);

    await startSmtp();
    await expect
      .poll(async () => (await rowsTagged('padam')).every((r) => r.state === 'sent'), {
        timeout: 15_000,
      })
      .toBe(true);
    // A little longer: nothing arrives twice.
    await new Promise((r) => setTimeout(r, 500));
    const subjects = caughtTagged('padam').map((m) => m.subject);
    expect(subjects).toHaveLength(25);
    expect(new Set(subjects).size).toBe(25);
    expect((await rowsTagged('padam')).every((r) => r.body_text === null)).toBe(true);
  }, 60_000);

  it('two instances sending from one database hand each mail over once', async () => {
    // A second instance's worker, with its own connection to the same mail server.
    const other = new MailOutbox({
      db: db(),
      transport: createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'BEM <bem@bem.test>',
        dataDir: app.dataDir,
        logger: app.services.logger,
      }),
      logger: app.services.logger,
      metrics: app.services.metrics,
      background: app.services.background,
      options: { pollMs: 60_000 },
    });
    try {
      await db()
        .insert(mailOutbox)
        .values(
          mails('ganda', 60).map((m) => ({
            toAddress: m.to,
            subject: m.subject,
            bodyText: m.text,
          })),
        );
      const [a, b] = await Promise.all([app.services.outbox.drain(), other.drain()]);
      await app.services.background.settled();
      const subjects = caughtTagged('ganda').map((m) => m.subject);
      expect(subjects).toHaveLength(60);
      expect(new Set(subjects).size).toBe(60);
      expect(a + b).toBeLessThanOrEqual(60);
    } finally {
      await other.stop();
    }
  }, 60_000);

  it('a mail the server refuses for good is given up, shown to the master without its body, and sent again on request', async () => {
    refused.add('tidak.ada@mahasiswa.test');
    await app.services.mailer.send({
      to: 'tidak.ada@mahasiswa.test',
      subject: 'ditolak 1',
      text: 'Rahasia isi surat',
    });
    await expect
      .poll(async () => (await rowsTagged('ditolak'))[0]?.state, { timeout: 10_000 })
      .toBe('failed');
    const [row] = await rowsTagged('ditolak');
    expect(row!.attempts).toBe(1); // a 5xx is not retried
    expect(row!.last_error).toBe('Ditolak server surat (kode 550).');

    const master = await signedInStaff(app, {
      email: 'master.gagal@bem.test',
      password: 'sandi-master-gagal-1',
      name: 'Master Gagal',
      role: 'master',
    });
    const res = await master.request('GET', '/api/mail/outbox');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('Rahasia isi surat');
    const report = JSON.parse(text) as {
      failed: { id: number; to: string; subject: string; error: string; retryable: boolean }[];
    };
    const shown = report.failed.find((f) => f.subject === 'ditolak 1')!;
    expect(shown).toMatchObject({
      to: 'tidak.ada@mahasiswa.test',
      error: 'Ditolak server surat (kode 550).',
      retryable: true,
    });

    // A plain admin may not see or resend it; a mail that did not fail cannot be "retried".
    const admin = await signedInStaff(app, {
      email: 'admin.biasa@bem.test',
      password: 'sandi-admin-biasa-1',
      name: 'Admin Biasa',
      role: 'admin',
    });
    expect((await admin.request('GET', '/api/mail/outbox')).status).toBe(403);
    expect((await admin.request('POST', `/api/mail/outbox/${shown.id}/retry`)).status).toBe(403);
    expect((await master.request('POST', '/api/mail/outbox/999999999/retry')).status).toBe(404);
    const bad = await master.request('POST', '/api/mail/outbox/abc/retry');
    expect(bad.status).toBe(400);

    refused.clear();
    expect((await master.request('POST', `/api/mail/outbox/${shown.id}/retry`)).status).toBe(204);
    await expect
      .poll(async () => (await rowsTagged('ditolak'))[0]?.state, { timeout: 10_000 })
      .toBe('sent');
    expect(smtp!.to('tidak.ada@mahasiswa.test')).toHaveLength(1);
    const again = await master.request('POST', `/api/mail/outbox/${shown.id}/retry`);
    expect(again.status).toBe(409);
    const [entry] = await db()
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, 'mail.retried'));
    expect(entry!.summary).toBe('Mengirim ulang surat ke tidak.ada@mahasiswa.test');
  }, 60_000);

  it('a mail written in a transaction that rolls back is never sent', async () => {
    await db()
      .transaction(async (tx) => {
        await app.services.mailer.send(mails('batal', 1), tx);
        throw new Error('the change failed');
      })
      .catch(() => {});
    await app.services.background.settled();
    await new Promise((r) => setTimeout(r, 300));
    expect(await rowsTagged('batal')).toHaveLength(0);
    expect(caughtTagged('batal')).toHaveLength(0);
  });
});
