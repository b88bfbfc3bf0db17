import { MAX_PASSWORD_LENGTH } from '../people.ts';
import { z } from '../validation.ts';

/*
 * What the two-factor and passkey endpoints (better-auth's plugins) accept, with Indonesian
 * messages: the server checks every body against these before the plugin reads it
 * (server/auth/second-factor.ts), and the screens validate with the same rules.
 */

/** A six-digit code from an authenticator app. */
export const totpCodeField = z
  .string({ error: 'Kode autentikator wajib diisi.' })
  .min(1, { error: 'Kode autentikator wajib diisi.' })
  .regex(/^\d{6}$/, { error: 'Kode autentikator terdiri dari 6 angka.' });

/** A recovery code as shown once at enrolment: five letters or digits, a dash, five more. */
export const recoveryCodeField = z
  .string({ error: 'Kode pemulihan wajib diisi.' })
  .min(1, { error: 'Kode pemulihan wajib diisi.' })
  .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, {
    error: 'Kode pemulihan terdiri dari 10 huruf atau angka, seperti AbC12-dE3f4.',
  });

/** The current password, which proves it is the person and not someone at their open screen. */
export const currentPasswordField = z
  .string({ error: 'Kata sandi wajib diisi.' })
  .min(1, { error: 'Kata sandi wajib diisi.' })
  .max(MAX_PASSWORD_LENGTH, { error: `Kata sandi maksimal ${MAX_PASSWORD_LENGTH} karakter.` });

/** A name a person gives their passkey ("Laptop kantor", "HP"). */
export const passkeyNameField = z
  .string({ error: 'Nama passkey wajib diisi.' })
  .trim()
  .min(1, { error: 'Nama passkey wajib diisi.' })
  .max(60, { error: 'Nama passkey maksimal 60 karakter.' })
  .regex(/^[^<>\p{Cc}]*$/u, {
    error: 'Nama passkey tidak boleh berisi < , > atau karakter kontrol.',
  });

/** The 30-day "trust this device" of better-auth is not offered: every sign-in asks for the code. */
const noTrustDevice = z
  .literal(false, { error: 'Mengingat perangkat tidak tersedia: kode diminta setiap masuk.' })
  .optional();

const body = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Kolom tidak dikenal: ${issue.keys.join(', ')}.`
        : 'Isi permintaan harus berupa objek JSON.',
  });

const passkeyId = z
  .string({ error: 'Passkey tidak valid.' })
  .min(1, { error: 'Passkey tidak valid.' })
  .max(200, { error: 'Passkey tidak valid.' });

/** A WebAuthn response as the browser produced it (the plugin verifies its contents). */
const webAuthnResponse = z
  .object(
    {
      id: z.string({ error: 'Respons passkey tidak valid.' }).min(1).max(1024),
      response: z.record(z.string(), z.unknown(), { error: 'Respons passkey tidak valid.' }),
    },
    { error: 'Respons passkey tidak valid.' },
  )
  .loose();

/** The body of each endpoint the product uses, by better-auth path. */
export const secondFactorBodies = {
  '/two-factor/enable': body({
    password: currentPasswordField,
    method: z
      .literal('totp', { error: 'Hanya aplikasi autentikator (TOTP) yang didukung.' })
      .optional(),
  }),
  '/two-factor/disable': body({ password: currentPasswordField }),
  '/two-factor/generate-backup-codes': body({ password: currentPasswordField }),
  '/two-factor/verify-totp': body({ code: totpCodeField, trustDevice: noTrustDevice }),
  '/two-factor/verify-backup-code': body({ code: recoveryCodeField, trustDevice: noTrustDevice }),
  '/passkey/verify-registration': body({
    response: webAuthnResponse,
    name: passkeyNameField.optional(),
  }),
  '/passkey/verify-authentication': body({ response: webAuthnResponse }),
  '/passkey/update-passkey': body({ id: passkeyId, name: passkeyNameField }),
  '/passkey/delete-passkey': body({ id: passkeyId }),
} as const;

/** The query of the passkey registration options (its name; nothing else). */
export const passkeyRegisterQuery = body({
  name: passkeyNameField.optional(),
  authenticatorAttachment: z
    .enum(['platform', 'cross-platform'], { error: 'Jenis perangkat passkey tidak valid.' })
    .optional(),
});

export type SecondFactorPath = keyof typeof secondFactorBodies;
