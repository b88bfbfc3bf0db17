import { NIM_INPUT_PATTERN, normalizeNim } from '../nim.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PRODI } from '../people.ts';
import { z } from '../validation.ts';

/** Email as people type it; stored lower-case so uniqueness ignores case. */
export const emailField = z
  .string({ error: 'Email wajib diisi.' })
  .trim()
  .min(1, { error: 'Email wajib diisi.' })
  .max(254, { error: 'Email terlalu panjang.' })
  .pipe(z.email({ error: 'Format email tidak valid.' }))
  .transform((s) => s.toLowerCase());

export const passwordField = z
  .string({ error: 'Kata sandi wajib diisi.' })
  .min(1, { error: 'Kata sandi wajib diisi.' })
  .min(MIN_PASSWORD_LENGTH, { error: `Kata sandi minimal ${MIN_PASSWORD_LENGTH} karakter.` })
  .max(MAX_PASSWORD_LENGTH, { error: `Kata sandi maksimal ${MAX_PASSWORD_LENGTH} karakter.` });

/**
 * A person's name: letters with spaces and the punctuation names use; `label` names the field in
 * its messages ("Nama lengkap", "Nama ketua", …).
 */
export const personNameField = (label: string) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, { error: `${label} wajib diisi.` })
    .min(2, { error: `${label} minimal 2 karakter.` })
    .max(100, { error: `${label} maksimal 100 karakter.` })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’,-]*$/u, {
      error: `${label} hanya boleh berisi huruf, spasi, titik, koma, tanda hubung dan apostrof.`,
    });

/** A person's full name (namaLengkap). */
export const namaLengkapField = personNameField('Nama lengkap');

/**
 * A student number (NIM), parsed to its one stored form by `normalizeNim` (spaces dropped,
 * leading zeros not significant, anything ambiguous refused with the reason).
 */
export const nimField = z
  .string({ error: 'NIM wajib diisi.' })
  .regex(NIM_INPUT_PATTERN, {
    error: (iss) => {
      const r = normalizeNim(typeof iss.input === 'string' ? iss.input : '');
      return r.ok ? 'NIM harus berupa 8 sampai 12 digit angka.' : r.error;
    },
  })
  .transform((s, ctx) => {
    const r = normalizeNim(s);
    if (r.ok) return r.nim;
    ctx.issues.push({ code: 'custom', message: r.error, input: s });
    return z.NEVER;
  });

export const prodiField = z.enum(PRODI, { error: 'Pilih salah satu Program Studi yang tersedia.' });

/** Konfirmasi Kata Sandi: flagged on the first send when empty, not only once the two differ. */
const confirmPasswordField = z
  .string({ error: 'Konfirmasi kata sandi wajib diisi.' })
  .min(1, { error: 'Konfirmasi kata sandi wajib diisi.' });

/** A signed-in account's student data, when it has no voter record yet (POST /api/voters/me). */
export const voterDataSchema = z.object({
  namaLengkap: namaLengkapField,
  nim: nimField,
  prodi: prodiField,
});
export type VoterDataInput = z.input<typeof voterDataSchema>;

/** The fields a voter registers with (Konfirmasi Kata Sandi is checked in the form and at the server). */
export const registerVoterSchema = z
  .object({
    namaLengkap: namaLengkapField,
    nim: nimField,
    prodi: prodiField,
    email: emailField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Konfirmasi kata sandi tidak sama dengan kata sandi.',
  });
export type RegisterVoterInput = z.input<typeof registerVoterSchema>;

/** What registration answers, whatever it finds: the outcome goes to the address by mail. */
export const REGISTRATION_ANSWER =
  'Pendaftaran diterima. Kami mengirim email ke alamat yang Anda masukkan: buka tautan konfirmasi di dalamnya untuk mengaktifkan akun dan masuk. Tidak menerima email dalam beberapa menit? Periksa folder spam.';

export const registrationAnswerSchema = z.object({
  status: z.literal('confirmation-sent'),
  message: z.string(),
});

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: 'Kata sandi wajib diisi.' }),
});

export const requestResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: confirmPasswordField })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Konfirmasi kata sandi tidak sama dengan kata sandi.',
  });

/** Changing one's own password while signed in: the current one, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Kata sandi saat ini wajib diisi.' })
      .min(1, { error: 'Kata sandi saat ini wajib diisi.' }),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Konfirmasi kata sandi tidak sama dengan kata sandi.',
  });

/** A profile photo: empty (no photo) or a JPEG data URL; the server decodes and checks it. */
export const fotoField = z
  .string()
  .max(210_000, { error: 'Ukuran foto maksimal 150 KB.' })
  .refine((s) => s === '' || s.startsWith('data:image/jpeg;base64,'), {
    error: 'Foto harus berupa gambar JPEG.',
  });

/** What a voter may change of their own record; every other field is kept as it is. */
export const voterProfileSchema = z.object({
  namaLengkap: namaLengkapField,
  nim: nimField,
  prodi: prodiField,
  foto: fotoField,
});
export type VoterProfileInput = z.input<typeof voterProfileSchema>;

/** A display name: optional, short, plain text. */
export const namaTampilanField = z
  .string()
  .trim()
  .max(50, { error: 'Nama tampilan maksimal 50 karakter.' })
  .regex(/^[^<>]*$/, { error: 'Nama tampilan tidak boleh berisi < atau >.' });

/** What an admin may change of their own record. */
export const adminProfileSchema = z.object({
  namaTampilan: namaTampilanField,
  namaLengkap: namaLengkapField,
  foto: fotoField,
});
export type AdminProfileInput = z.input<typeof adminProfileSchema>;
