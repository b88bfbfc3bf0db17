import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../runtime/logger.ts';

/** One outgoing message; text is always present, html optional. */
export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message as an .eml file under
 * DATA_DIR/mail/ and logs its subject, so a fresh installation works with no mail server.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to file');
    },
    close: () => transport.close(),
  };
}
