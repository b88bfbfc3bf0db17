import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../runtime/logger.ts';

import type { Tx } from '../db/client.ts';

/** Which mails these are: a voter's mail about an election is shown to its committee if it fails. */
export type MailKind = 'credential' | 'voting-opened' | 'voting-reminder' | 'tracker' | 'other';

/** One outgoing message; text is always present, html optional. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What it is about (kept with the mail in the outbox, never sent). */
  about?: { kind: MailKind; electionId?: string; nim?: string };
};

/**
 * Accepts a mail for delivery: writes it into the outbox, in `tx` when given (so the mail exists
 * exactly when the change that caused it does); a list is written in one statement. The outbox worker sends it (server/mail/outbox.ts).
 */
export type Mailer = { send: (mail: Mail | Mail[], tx?: Tx) => Promise<void> };

/** Hands one message to the mail server now (or writes it to DATA_DIR/mail). */
export type MailTransport = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message as an .eml file under
 * DATA_DIR/mail/ and logs its subject, so a fresh installation works with no mail server.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): MailTransport {
  if (opts.smtpUrl) {
    // A mail server that accepts the connection and then says nothing is given up on well within
    // the outbox's lease, and tried again later.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 45_000,
    });
    return {
      async send({ about: _about, ...mail }) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ about: _about, ...mail }) {
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
