import { createEmailVerificationToken } from 'better-auth/api';
import { sendCappedMail } from '../abuse/mail-quota.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmRegistrationMail } from '../mail/templates/registration.ts';

/** How long the link that confirms a registration works; an unconfirmed registration holds its email and NIM that long. */
export const CONFIRMATION_HOURS = 24;

export type ConfirmationDeps = {
  db: Db;
  /** The auth secret: confirmation links are better-auth's own signed tokens. */
  secret: string;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
};

/**
 * Mails the link that confirms an account's address (better-auth's own token, so its
 * /verify-email accepts it) to the page that opens it; a few an hour per address at most.
 */
export async function sendConfirmation(
  deps: ConfirmationDeps,
  account: { id: string; email: string; name: string },
) {
  const token = await createEmailVerificationToken(
    deps.secret,
    account.email,
    undefined,
    CONFIRMATION_HOURS * 3600,
    { userId: account.id },
  );
  await sendCappedMail(deps, 'confirm-registration', account.email, () =>
    confirmRegistrationMail({
      nama: account.name,
      url: `${deps.publicUrl}/konfirmasi-email?token=${encodeURIComponent(token)}`,
      hours: CONFIRMATION_HOURS,
    }),
  );
}
