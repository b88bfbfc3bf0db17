import { plainText, z } from '../validation.ts';

/** The number of trustees needed to open the result, out of n (checked against n by the server). */
export const thresholdField = z
  .number({ error: 'Ambang wajib berupa bilangan bulat.' })
  .int({ error: 'Ambang wajib berupa bilangan bulat.' })
  .min(2, { error: 'Ambang minimal 2.' })
  .max(100, { error: 'Ambang maksimal 100.' });

/** Starting the key ceremony (committee). */
export const startCeremonySchema = z.object({ ambang: thresholdField });

/** Why a step that changes who holds the key was taken: kept in the audit log. */
export const reasonField = plainText('Alasan', 5, 500);

/** Starting it again because a trustee is gone (committee): the reason goes to the audit log. */
export const restartCeremonySchema = z.object({ ambang: thresholdField, alasan: reasonField });

/** Removing a witness who joined (committee, before lock): the reason goes to the audit log. */
export const removeWitnessSchema = z.object({ alasan: reasonField });

/** A ceremony message made in the trustee's browser: Belenios JSON, checked by the server. */
const message = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .min(2, { error: `${label} wajib diisi.` })
    .max(max, { error: `${label} terlalu panjang.` });

/**
 * The attempt of the ceremony a step was made for: a message made before a restart and arriving
 * after it is refused rather than taken for the new attempt.
 */
const attemptField = z
  .number({ error: 'Nomor percobaan upacara wajib diisi.' })
  .int({ error: 'Nomor percobaan upacara tidak valid.' })
  .min(1, { error: 'Nomor percobaan upacara tidak valid.' })
  .max(10_000, { error: 'Nomor percobaan upacara tidak valid.' });

export const certSchema = z.object({
  cert: message('Sertifikat', 4_000),
  percobaan: attemptField,
});
export const polynomialSchema = z.object({
  polynomial: message('Polinomial', 400_000),
  percobaan: attemptField,
});
export const voutputSchema = z.object({
  voutput: message('Kunci verifikasi', 8_000),
  percobaan: attemptField,
});

const decimal = z
  .string({ error: 'Bukti wajib berupa bilangan desimal.' })
  .regex(/^(0|[1-9][0-9]{0,77})$/, { error: 'Bukti wajib berupa bilangan desimal.' });

/** The key check: a proof of knowledge of the trustee's private key for this challenge. */
export const keyCheckSchema = z.object({
  bukti: z.object({ challenge: decimal, response: decimal }),
});

/** A trustee's partial decryption (Belenios partial_decryption JSON). */
export const decryptionSchema = z.object({
  dekripsiParsial: message('Dekripsi parsial', 200_000),
});
