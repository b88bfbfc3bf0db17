import type { Db } from '../db/client.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailDigest, hitWindow } from './counters.ts';

/**
 * How many mails of one kind, started by someone who is not signed in, one address receives per
 * hour at most. The request is answered the same either way: a capped mail is silently not sent,
 * so neither the cap nor the answer tells whether an account exists.
 */
export const MAIL_PER_RECIPIENT_PER_HOUR = {
  'reset-password': 3,
  'confirm-registration': 5,
  'registration-notice': 3,
  'election-request-received': 5,
  /** To each master admin: a new request to decide (anyone may ask, so a flood stays small). */
  'election-request-for-masters': 10,
} as const;

export type QuotaMailKind = keyof typeof MAIL_PER_RECIPIENT_PER_HOUR;

/** Takes one mail of `kind` to `to` from its hourly quota; false when the quota is used up. */
export async function takeMailQuota(db: Db, kind: QuotaMailKind, to: string): Promise<boolean> {
  const { count } = await hitWindow(db, `mail-${kind}|${emailDigest(to)}`, 3_600_000, Date.now());
  return count <= MAIL_PER_RECIPIENT_PER_HOUR[kind];
}

/** Sends a mail of `kind` unless the recipient's hourly quota of that kind is used up. */
export async function sendCappedMail(
  deps: { db: Db; mailer: Mailer; logger: Logger },
  kind: QuotaMailKind,
  to: string,
  build: () => { subject: string; text: string; html: string },
) {
  if (!(await takeMailQuota(deps.db, kind, to))) {
    deps.logger.warn({ kind }, 'registration mail not sent: the address had its hourly share');
    return;
  }
  await deps.mailer.send({ to, ...build() });
}
