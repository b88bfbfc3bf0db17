import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../../scripts/build-if-needed.ts';
import { createAdmin } from '../../server/people/admins/create-admin.ts';
import { openDatabase } from '../../server/db/client.ts';
import { voters } from '../../server/db/schema/index.ts';
import { startSmtpCatcher } from '../../server/test/smtp.ts';
import { E2E_ADMIN, E2E_DUAL, E2E_MASTER } from './accounts.ts';
import { freePort } from './own-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the web app, then runs the real server (its own embedded database, a real SMTP server on
 * loopback catching its mail into a folder the tests read) for the whole end-to-end run.
 */
export default async function globalSetup() {
  buildIfNeeded();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-e2e-'));
  const mailDir = path.join(work, 'caught-mail');
  fs.mkdirSync(mailDir);
  const smtp = await startSmtpCatcher({ saveTo: mailDir });
  const dataDir = path.join(work, 'data');
  await seedAccounts(dataDir);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtp.url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ADMIN_EMAIL: E2E_MASTER.email,
      ADMIN_PASSWORD: E2E_MASTER.password,
      ADMIN_NAME: E2E_MASTER.name,
      // Every spec asks for its elections from this one address.
      ELECTION_REQUESTS_PER_HOUR: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server not ready within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}

/** People the journeys need that no screen creates yet: a plain admin, and an admin who is also a voter. */
async function seedAccounts(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await createAdmin(database.db, { ...E2E_ADMIN, role: 'admin' });
    const dual = await createAdmin(database.db, { ...E2E_DUAL, role: 'admin' });
    await database.db.insert(voters).values({
      userId: dual.account.id,
      namaLengkap: E2E_DUAL.name,
      nim: E2E_DUAL.nim,
      prodi: E2E_DUAL.prodi,
    });
  } finally {
    await database.close();
  }
}
