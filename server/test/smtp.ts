import fs from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = Email & { envelopeTo: string[] };

/**
 * A real SMTP server on loopback that keeps every message it receives (and, with `saveTo`, writes
 * each as JSON into that folder for other processes to read).
 */
export async function startSmtpCatcher(
  opts: {
    saveTo?: string;
    /** Listen on this port (a server started again where an earlier one stopped). */
    port?: number;
    /** Recipients refused for good (550), as a mail server refuses an unknown mailbox. */
    refuse?: (address: string) => boolean;
  } = {},
) {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.(address.address.toLowerCase()))
        return callback(
          Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }),
        );
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            const caught = {
              ...mail,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            };
            messages.push(caught);
            if (opts.saveTo) {
              const file = path.join(opts.saveTo, `${Date.now()}-${messages.length}.json`);
              const { envelopeTo: to, subject, text } = caught;
              // Written whole, then renamed: a reader never sees half a message.
              fs.writeFileSync(`${file}.part`, JSON.stringify({ to, subject, text }));
              fs.renameSync(`${file}.part`, file);
            }
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  // A client that dies mid-connection (a server process killed) resets its socket: not an error
  // of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The messages sent to an address so far. */
    to: (address: string) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    /** Waits for the first message to an address (whose text matches `match`, when given). */
    async waitFor(address: string, match?: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (m) =>
            m.envelopeTo.includes(address.toLowerCase()) && (!match || match.test(m.text ?? '')),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
