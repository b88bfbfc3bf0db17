import { PRODI } from '../people.ts';
import { plainText, z } from '../validation.ts';
import { fotoField, personNameField } from './account.ts';
import { instantField } from './elections.ts';
import { normalizeRecoveryCode } from '../crypto/recovery-code.ts';

const plain = (label: string, max: number, min = 0) => plainText(label, min, max);

export const ROLL_MODES = ['all', 'prodi', 'angkatan', 'roll'] as const;

/** Everything the committee sets before locking (pengaturan). */
export const electionSettingsSchema = z
  .object({
    title: plain('Judul', 120, 5),
    description: plain('Deskripsi', 2000),
    startsAt: instantField('Waktu mulai'),
    endsAt: instantField('Waktu selesai'),
    kotakKosong: z.boolean(),
    abstain: z.boolean(),
    rollMode: z.enum(ROLL_MODES, { error: 'Pilih cara menentukan pemilih.' }),
    rollProdi: z.array(z.enum(PRODI, { error: 'Program Studi tidak dikenal.' })).max(3),
    rollYears: z.array(z.number().int().min(2000).max(2100)).max(10),
    resultsRelease: z.enum(['on-close', 'manual']),
    /** Remind those who have not voted hours before the close (kept as it was when absent). */
    reminderEnabled: z.boolean().optional(),
  })
  .refine(
    (v) => !(v.startsAt instanceof Date && v.endsAt instanceof Date) || v.endsAt > v.startsAt,
    {
      path: ['endsAt'],
      error: 'Waktu selesai harus setelah waktu mulai.',
    },
  )
  // Saved only into a draft, whose polls have not opened: a start already past could never be
  // locked, so it is refused when saved rather than at the lock.
  .refine((v) => !(v.startsAt instanceof Date) || v.startsAt.getTime() > Date.now(), {
    path: ['startsAt'],
    error: 'Waktu mulai sudah lewat; pilih waktu di masa depan.',
  })
  .refine((v) => v.rollMode !== 'prodi' || v.rollProdi.length > 0, {
    path: ['rollProdi'],
    error: 'Pilih minimal satu Program Studi.',
  })
  .refine((v) => v.rollMode !== 'angkatan' || v.rollYears.length > 0, {
    path: ['rollYears'],
    error: 'Pilih minimal satu angkatan.',
  });
export type ElectionSettingsInput = z.input<typeof electionSettingsSchema>;

/** A candidate or candidate pair (kandidat). */
export const candidateSchema = z.object({
  nomorUrut: z
    .number({ error: 'Nomor urut wajib diisi.' })
    .int()
    .min(1, { error: 'Nomor urut minimal 1.' })
    .max(99),
  namaKetua: personNameField('Nama ketua'),
  namaWakil: z.union([z.literal(''), personNameField('Nama wakil')]),
  visi: plain('Visi', 2000),
  misi: plain('Misi', 4000),
  foto: fotoField,
});
export type CandidateInput = z.input<typeof candidateSchema>;

/** A CSV of NIMs (one per line, or a NIM column) for the roll (pemilih). */
export const rollCsvSchema = z.object({
  csv: z
    .string()
    .min(1, { error: 'Berkas CSV kosong.' })
    .max(900_000, { error: 'Berkas CSV maksimal 900 KB.' }),
});

export const extendSchema = z.object({
  endsAt: instantField('Waktu selesai baru'),
  alasan: plain('Alasan', 500, 5),
});

const recoveryCodeField = z
  .string()
  .trim()
  .max(64, { error: 'Kode pemulihan terlalu panjang.' })
  .refine((v) => normalizeRecoveryCode(v) !== undefined, {
    error:
      'Kode pemulihan tidak sah: 24 karakter dalam kelompok empat. Periksa kembali setiap karakternya.',
  });

/** Kunci Pemilihan: the recovery code the committee saved, when it wants lost credentials resent. */
export const lockSchema = z.object({ kodePemulihan: recoveryCodeField.optional() });

/**
 * Kirim Ulang Kredensial: the voter's recovery key, which the committee's browser derives from
 * the recovery code (shared/crypto/recovery-code.ts, never the code itself), and why.
 */
export const resendCredentialSchema = z.object({
  kunciPemulihan: z.string().regex(/^[0-9a-f]{64}$/, {
    error: 'Kunci pemulihan harus 64 digit heksadesimal (diturunkan dari Kode Pemulihan).',
  }),
  alasan: plain('Alasan', 300, 5),
});

/** The committee's form for it: the code as saved at lock, and why. */
export const resendCredentialFormSchema = z.object({
  kodePemulihan: recoveryCodeField,
  alasan: plain('Alasan', 300, 5),
});

/** Why an admin refuses a voter's registration (mailed to them). */
export const rejectVoterSchema = z.object({ alasan: plain('Alasan penolakan', 300, 5) });

/** The official student list (NIM, nama, prodi[, angkatan]) as CSV text. */
export const studentListSchema = rollCsvSchema;
