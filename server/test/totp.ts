import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

const PERIOD_MS = 30_000;
const lastStep = new Map<string, number>();

/**
 * The code an authenticator app shows for a base32 secret, as a person would type it: never one
 * already typed (the server accepts each code once). It is the current step's code, or the next
 * step's once the current one was used (the server accepts a code from one step ahead); beyond
 * that it waits for the clock.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const key = secret.replace(/\s+/g, '').toUpperCase();
  const now = Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(now, (lastStep.get(key) ?? -1) + 1);
  if (step > now + 1)
    await new Promise((r) => setTimeout(r, (step - 1) * PERIOD_MS - Date.now() + 50));
  lastStep.set(key, step);
  return createOTP(base32.decode(key)).hotp(step);
}

/** The secret of an otpauth:// URI (what the QR code holds). */
export const secretOf = (totpURI: string) => new URL(totpURI).searchParams.get('secret')!;
