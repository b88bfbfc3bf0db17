import { uuidSchema } from '../ids.ts';
import { trackerSearch, trackerSearchError } from '../tracker-search.ts';
import { plainText, z } from '../validation.ts';
import { emailField, namaLengkapField, passwordField } from './account.ts';

const text = plainText;

/** A moment with its offset, e.g. 2026-12-01T08:00:00+07:00 (the forms send WIB). */
export const instantField = (label: string) =>
  z.iso
    .datetime({
      offset: true,
      error: (issue) =>
        issue.input === '' || issue.input === undefined
          ? `${label} wajib diisi.`
          : `${label} tidak valid.`,
    })
    .transform((s) => new Date(s));

/** What anyone submits to ask for an election (/request-pemilihan). */
export const electionRequestSchema = z
  .object({
    namaPemilihan: text('Nama pemilihan', 5, 120),
    penyelenggara: text('Penyelenggara', 3, 120),
    deskripsi: text('Deskripsi', 10, 2000),
    waktuMulai: instantField('Waktu mulai'),
    waktuSelesai: instantField('Waktu selesai'),
    namaPemohon: namaLengkapField,
    emailPemohon: emailField,
  })
  // Object checks can run even when a field failed, so each looks at real dates only.
  .refine(
    (v) =>
      !(v.waktuMulai instanceof Date && v.waktuSelesai instanceof Date) ||
      v.waktuSelesai > v.waktuMulai,
    {
      path: ['waktuSelesai'],
      error: 'Waktu selesai harus setelah waktu mulai.',
    },
  )
  .refine((v) => !(v.waktuMulai instanceof Date) || v.waktuMulai.getTime() > Date.now(), {
    path: ['waktuMulai'],
    error: 'Waktu mulai harus di masa depan.',
  });
export type ElectionRequestInput = z.input<typeof electionRequestSchema>;

export const rejectSchema = z.object({
  alasan: text('Alasan penolakan', 5, 500),
});

/**
 * An invitation code as typed, case and spaces ignored: a committee member's (PNT-) or a
 * witness's (SKS-).
 */
export const invitationCodeField = z
  .string({ error: 'Kode undangan wajib diisi.' })
  .trim()
  .toUpperCase()
  .regex(/^(PNT|SKS)-[0-9A-Z]{4}-[0-9A-Z]{4}$/, {
    error: 'Format kode undangan: PNT-XXXX-XXXX. Kode saksi: SKS-XXXX-XXXX.',
  });

/** Committee registration with an invitation code (/register-panitia). */
export const registerCommitteeSchema = z
  .object({
    kodeUndangan: invitationCodeField,
    namaLengkap: namaLengkapField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: 'Konfirmasi kata sandi wajib diisi.' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Konfirmasi kata sandi tidak sama dengan kata sandi.',
  });
export type RegisterCommitteeInput = z.input<typeof registerCommitteeSchema>;

export const joinCommitteeSchema = z.object({ kodeUndangan: invitationCodeField });

/** The master adds an existing account to an election's committee by its email. */
export const addCommitteeMemberSchema = z.object({ email: emailField });

/** A new invitation code; mailed to `email` when one is given. */
export const issueInvitationSchema = z.object({ email: emailField });

/** The committee invites one witness (saksi) for a candidate pair, by email. */
export const inviteWitnessSchema = z.object({
  candidateId: uuidSchema('ID kandidat tidak valid.'),
  email: emailField,
});
export type InviteWitnessInput = z.input<typeof inviteWitnessSchema>;

/**
 * The public ballot box's page: `cari` the beginning of a Kode Bukti (spaces ignored, as the
 * code is shown in groups), `halaman` from 1.
 */
export const ballotBoxQuerySchema = z.object({
  cari: z
    .string()
    .transform(trackerSearch)
    .superRefine((search, ctx) => {
      const message = trackerSearchError(search);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .optional(),
  halaman: z.coerce
    .number({ error: 'Halaman tidak valid.' })
    .int({ error: 'Halaman tidak valid.' })
    .min(1, { error: 'Halaman tidak valid.' })
    .max(100_000, { error: 'Halaman tidak valid.' })
    .default(1),
});

/** A Kode Bukti to look up in an election's counted ballots (never the choice). */
export const receiptCheckSchema = z.object({
  receipt: z
    .string({ error: 'Kode Bukti wajib diisi.' })
    .trim()
    .min(1, 'Kode Bukti wajib diisi.')
    .max(64, 'Format Kode Bukti tidak valid (contoh: ABCD-EFGH-JKMN-PQRS).'),
});
