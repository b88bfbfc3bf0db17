import { parse } from 'csv-parse/sync';
import { and, eq, ne } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user, voters } from '../../db/schema/index.ts';
import type { BackgroundWork } from '../../http/background.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { voterRejectedMail, voterVerifiedMail } from '../../mail/templates/voter-verification.ts';
import type { Actor } from '../../auth/actor.ts';
import { PRODI } from '../../../shared/people.ts';
import { normalizeNim } from '../../../shared/nim.ts';
import { votersByNim } from '../../db/nim-lookup.ts';

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Pemilih tidak ditemukan.');

type MailDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  background: BackgroundWork;
};

/** The mails telling newly verified voters, written in the transaction that verified them. */
async function mailVerified(deps: MailDeps, tx: Tx, verified: { nama: string; email: string }[]) {
  if (verified.length === 0) return;
  await deps.mailer.send(
    verified.map((v) => ({
      to: v.email,
      ...voterVerifiedMail({ nama: v.nama, dashboardUrl: `${deps.publicUrl}/dashboard-pemilih` }),
    })),
    tx,
  );
}

/** Marks a registration verified and tells the voter by mail (once: verifying again is quiet). */
export async function verifyVoter(deps: MailDeps, actor: Actor, userId: string) {
  const v = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ confirmed: user.emailVerified, email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    if (account && !account.confirmed)
      throw new ApiError(
        409,
        'EMAIL_NOT_CONFIRMED',
        'Pendaftar ini belum membuka tautan konfirmasi yang dikirim ke emailnya; verifikasi setelah email dikonfirmasi.',
      );
    const [before] = await tx
      .select({ status: voters.status })
      .from(voters)
      .where(eq(voters.userId, userId))
      .for('update');
    if (!before) throw notFound();
    const [v] = await tx
      .update(voters)
      .set({ status: 'verified', rejectionReason: null })
      .where(eq(voters.userId, userId))
      .returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'voter.verified',
      entityType: 'voter',
      entityId: userId,
      summary: `Memverifikasi pemilih ${v!.namaLengkap} (${v!.nim})`,
    });
    if (before.status !== 'verified' && account)
      await mailVerified(deps, tx, [{ nama: v!.namaLengkap, email: account.email }]);
    return v!;
  });
  return v;
}

/** Rejects a registration with a reason, mailed to the voter. */
export async function rejectVoter(
  deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string },
  actor: Actor,
  userId: string,
  alasan: string,
) {
  const v = await deps.db.transaction(async (tx) => {
    const [v] = await tx
      .update(voters)
      .set({ status: 'rejected', rejectionReason: alasan })
      .where(eq(voters.userId, userId))
      .returning();
    if (!v) throw notFound();
    const [u] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'voter.rejected',
      entityType: 'voter',
      entityId: userId,
      summary: `Menolak pemilih ${v.namaLengkap} (${v.nim})`,
      details: { alasan },
    });
    await deps.mailer.send(
      {
        to: u!.email,
        ...voterRejectedMail({
          nama: v.namaLengkap,
          alasan,
          profileUrl: `${deps.publicUrl}/profil-pemilih`,
        }),
      },
      tx,
    );
    return v;
  });
  return v;
}

type Student = {
  nim: string;
  nama: string;
  prodi: string;
  angkatan: number | null;
  /** The student's address on the official list, when the list has an Email column. */
  email: string | null;
  line: number;
};

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');

/**
 * Reads the official list: columns NIM, Nama, Prodi and optionally Angkatan and Email (header row
 * required). With an Email column, a registration matches only when its confirmed address is the
 * one on the list.
 */
export function parseStudentList(csv: string): {
  students: Student[];
  invalid: { line: number; reason: string }[];
} {
  let rows: Record<string, string>[];
  try {
    rows = parse(csv, {
      columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      delimiter: [',', ';', '\t'],
    });
  } catch {
    throw new ApiError(400, 'INVALID_CSV', 'Berkas CSV tidak dapat dibaca.', {
      csv: 'Berkas CSV tidak dapat dibaca.',
    });
  }
  if (rows.length && !('nim' in rows[0]! && 'nama' in rows[0]! && 'prodi' in rows[0]!)) {
    throw new ApiError(
      400,
      'INVALID_CSV',
      'Baris pertama harus berisi kolom NIM, Nama, Prodi (dan Angkatan bila ada).',
      {
        csv: 'Kolom NIM, Nama dan Prodi wajib ada.',
      },
    );
  }
  const students: Student[] = [];
  const invalid: { line: number; reason: string }[] = [];
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const line = i + 2;
    const parsed = normalizeNim(r.nim ?? '');
    const nim = parsed.ok ? parsed.nim : '';
    const prodi = PRODI.find((p) => norm(p) === norm(r.prodi ?? ''));
    const angkatan = r.angkatan ? Number(r.angkatan) : null;
    if (!parsed.ok) invalid.push({ line, reason: parsed.error });
    else if (seen.has(nim))
      invalid.push({ line, reason: `NIM ${nim} sudah ada di baris sebelumnya (ganda).` });
    else if (!r.nama) invalid.push({ line, reason: 'Nama kosong' });
    else if (!prodi)
      invalid.push({
        line,
        reason: `Program Studi tidak dikenal: ${(r.prodi ?? '').slice(0, 40)}`,
      });
    else if (
      angkatan !== null &&
      !(Number.isInteger(angkatan) && angkatan >= 2000 && angkatan <= 2100)
    )
      invalid.push({ line, reason: 'Angkatan tidak valid' });
    else {
      seen.add(nim);
      const email = r.email?.trim().toLowerCase() || null;
      students.push({ nim, nama: r.nama, prodi, angkatan, email, line });
    }
  });
  return { students, invalid };
}

export type StudentListPreview = {
  /** Registered, pending or rejected, and matching the list on NIM, name and programme: will be verified. */
  toVerify: { nim: string; namaLengkap: string }[];
  alreadyVerified: number;
  /** Registered with this NIM but another name or programme: left for a person to look at. */
  mismatched: { nim: string; terdaftar: string; daftarResmi: string }[];
  /** Matching the list, but the student has not opened the confirmation link mailed to them yet. */
  awaitingEmail: { nim: string; namaLengkap: string }[];
  /** On the list, not registered yet. */
  notRegistered: number;
  invalid: { line: number; reason: string }[];
};

async function compare(db: Db | Tx, csv: string) {
  const { students, invalid } = parseStudentList(csv);
  const registered = await votersByNim(
    db,
    students.map((s) => s.nim),
  );
  const preview: StudentListPreview = {
    toVerify: [],
    alreadyVerified: 0,
    mismatched: [],
    awaitingEmail: [],
    notRegistered: 0,
    invalid,
  };
  const matches: {
    userId: string;
    angkatan: number | null;
    namaLengkap: string;
    email: string;
  }[] = [];
  for (const s of students) {
    const v = registered.get(s.nim);
    if (!v) {
      preview.notRegistered++;
      continue;
    }
    if (
      norm(v.namaLengkap) !== norm(s.nama) ||
      v.prodi !== s.prodi ||
      (s.email !== null && s.email !== v.email.toLowerCase())
    ) {
      preview.mismatched.push({
        nim: s.nim,
        terdaftar: `${v.namaLengkap} (${v.prodi})${s.email ? `, ${v.email}` : ''}`,
        daftarResmi: `${s.nama} (${s.prodi})${s.email ? `, ${s.email}` : ''}`,
      });
      continue;
    }
    // Knowing a classmate's NIM, name and programme is not enough: the registration counts only
    // once its address is proven by the mailed link.
    if (!v.emailConfirmed && v.status !== 'verified') {
      preview.awaitingEmail.push({ nim: v.nim, namaLengkap: v.namaLengkap });
      continue;
    }
    matches.push({
      userId: v.userId,
      angkatan: s.angkatan,
      namaLengkap: v.namaLengkap,
      email: v.email,
    });
    if (v.status === 'verified') preview.alreadyVerified++;
    else preview.toVerify.push({ nim: v.nim, namaLengkap: v.namaLengkap });
  }
  return { preview, matches };
}

/** What importing the official list would do, storing nothing. */
export async function previewStudentList(db: Db, csv: string) {
  return (await compare(db, csv)).preview;
}

/**
 * Verifies every registration that matches the official list (and records entry years); each
 * newly verified voter is told by mail.
 */
export async function applyStudentList(deps: MailDeps, actor: Actor, csv: string) {
  const preview = await deps.db.transaction(async (tx) => {
    const { preview, matches } = await compare(tx, csv);
    const newly: typeof matches = [];
    for (const m of matches) {
      if (m.angkatan)
        await tx.update(voters).set({ angkatan: m.angkatan }).where(eq(voters.userId, m.userId));
      // Only a row this statement turns verified is told (an admin verifying the same student
      // at the same moment makes the other statement find it verified already).
      const turned = await tx
        .update(voters)
        .set({ status: 'verified', rejectionReason: null })
        .where(and(eq(voters.userId, m.userId), ne(voters.status, 'verified')))
        .returning({ userId: voters.userId });
      if (turned.length) newly.push(m);
    }
    await mailVerified(
      deps,
      tx,
      newly.map((m) => ({ nama: m.namaLengkap, email: m.email })),
    );
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'voter.bulk-verified',
      entityType: 'voter',
      summary: `Memverifikasi ${preview.toVerify.length} pemilih dari daftar mahasiswa resmi`,
      details: {
        verified: preview.toVerify.length,
        mismatched: preview.mismatched.length,
        invalid: preview.invalid.length,
      },
    });
    return preview;
  });
  return preview;
}
