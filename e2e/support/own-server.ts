import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now (for a server whose address must be known before it starts). */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** A server of the journey's own (its own embedded database), so the journey can stop it and inspect the data. */
export async function startOwnServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-journey-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 360; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    /**
     * The newest link matching `pattern` mailed to `email`, as path, query and fragment: with no
     * SMTP_URL the server writes each mail as an .eml file under DATA_DIR/mail.
     */
    async mailedLink(email: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
      const dir = path.join(dataDir, 'mail');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
        for (const f of files) {
          const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, f)));
          const to = mail.to?.some((a) => a.address?.toLowerCase() === email.toLowerCase());
          const link = pattern.exec(mail.text ?? '');
          if (to && link) {
            const url = new URL(link[0]);
            return url.pathname + url.search + url.hash;
          }
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${email} with ${String(pattern)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    /** How many mails to `email` hold a link matching `pattern`. */
    async mailCount(email: string, pattern: RegExp): Promise<number> {
      const dir = path.join(dataDir, 'mail');
      let n = 0;
      for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, f)));
        const to = mail.to?.some((a) => a.address?.toLowerCase() === email.toLowerCase());
        if (to && pattern.test(mail.text ?? '')) n++;
      }
      return n;
    },
    /** The confirmation link (path and query) mailed to `email`. */
    confirmationLink(email: string, timeoutMs = 15_000): Promise<string> {
      return this.mailedLink(email, /https?:\/\/\S*\/konfirmasi-email\?token=\S+/, timeoutMs);
    },
    /** The booth link with the voter's credential, mailed to `email` once `electionId` locked. */
    boothLink(email: string, electionId: string): Promise<string> {
      return this.mailedLink(
        email,
        new RegExp(`https?://\\S*/voting/${electionId}#kredensial=[1-9A-Za-z-]{19}`),
        // A voter verified after the lock is mailed by the run each minute.
        75_000,
      );
    },
  };
}
