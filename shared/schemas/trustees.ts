import { z } from '../validation.ts';

/** The number of trustees needed to open the result, out of n (checked against n by the server). */
export const thresholdField = z
  .number({ error: 'Ambang wajib berupa bilangan bulat.' })
  .int({ error: 'Ambang wajib berupa bilangan bulat.' })
  .min(2, { error: 'Ambang minimal 2.' })
  .max(100, { error: 'Ambang maksimal 100.' });

/** Starting the key ceremony (committee). */
export const startCeremonySchema = z.object({ ambang: thresholdField });

/** Starting it again because a trustee is gone (committee): the reason goes to the audit log. */
export const restartCeremonySchema = z.object({
  ambang: thresholdField,
  alasan: z
    .string()
    .trim()
    .min(5, { error: 'Alasan minimal 5 karakter.' })
    .max(500, { error: 'Alasan maksimal 500 karakter.' })
    .regex(/^[^<>]*$/, { error: 'Alasan tidak boleh berisi < atau >.' }),
});

/** A ceremony message made in the trustee's browser: Belenios JSON, checked by the server. */
const message = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .min(2, { error: `${label} wajib diisi.` })
    .max(max, { error: `${label} terlalu panjang.` });

export const certSchema = z.object({ cert: message('Sertifikat', 4_000) });
export const polynomialSchema = z.object({ polynomial: message('Polinomial', 400_000) });
export const voutputSchema = z.object({ voutput: message('Kunci verifikasi', 8_000) });

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
