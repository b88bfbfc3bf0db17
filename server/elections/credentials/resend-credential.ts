import { and, eq, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Actor } from '../../auth/actor.ts';
import { openSealedCredential } from '../../crypto/credential-recovery.ts';
import type { Db } from '../../db/client.ts';
import { electionCredentials, participation } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { publicCredential } from '../../../shared/crypto/credentials.ts';
import { recordRow } from '../record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { electionForUpdate } from '../setup/guard.ts';

const WRONG_CODE = 'Kode pemulihan salah: bukan kode yang disimpan saat pemilihan dikunci.';

/**
 * Kirim Ulang Kredensial: a voter on the roll who lost the mail gets the same credential again.
 * The committee's browser derives that voter's key from the recovery code and gives only the key;
 * the server opens that one voter's sealed copy with it (checked against the public credential in
 * the record) and puts it back in the delivery queue; the mail goes within the minute and the
 * credential is erased again once it is accepted. Only before the polls close, and only for a
 * voter who has not voted. Nothing in the record changes: the credential is the one already
 * published. Audit-logged with the reason.
 */
export async function resendCredential(
  db: Db,
  actor: Actor,
  electionId: string,
  nim: string,
  input: { kunciPemulihan: string; alasan: string },
) {
  await db.transaction(async (tx) => {
    const election = await electionForUpdate(tx, electionId);
    if (election.ballotFormat !== ENCRYPTED_BALLOT_FORMAT)
      throw new ApiError(409, 'NOT_ENCRYPTED', 'Pemilihan ini tidak memakai kredensial.');
    if (election.status !== 'ready' || election.endsAt.getTime() <= Date.now())
      throw new ApiError(
        409,
        'NOT_OPEN',
        'Kredensial hanya dapat dikirim ulang setelah pemilihan dikunci dan sebelum pemungutan suara ditutup.',
      );
    const record = await recordRow(tx, electionId);
    if (!record) throw new Error(`verifiable election ${electionId} has no record`);
    const [row] = await tx
      .select()
      .from(electionCredentials)
      .where(and(eq(electionCredentials.electionId, electionId), eq(electionCredentials.nim, nim)))
      .for('update');
    if (!row)
      throw new ApiError(
        404,
        'NOT_ON_ROLL',
        'NIM ini tidak ada dalam daftar pemilih pemilihan ini.',
      );
    const [voted] = await tx
      .select({ nim: participation.nim })
      .from(participation)
      .where(and(eq(participation.electionId, electionId), eq(participation.nim, nim)));
    if (voted)
      throw new ApiError(
        409,
        'ALREADY_VOTED',
        'Pemilih ini sudah memberikan suara: kredensialnya tidak dikirim ulang.',
      );
    if (row.credential !== null)
      throw new ApiError(
        409,
        'NOT_SENT_YET',
        'Kredensial pemilih ini belum terkirim: server masih mencoba mengirimnya setiap menit (lihat status pengirimannya).',
      );
    if (!row.sealedCredential)
      throw new ApiError(
        409,
        'NO_RECOVERY',
        'Pemilihan ini dikunci tanpa kode pemulihan, jadi kredensial tidak dapat dikirim ulang.',
      );
    const credential = openSealedCredential(
      input.kunciPemulihan,
      record.uuid,
      nim,
      row.sealedCredential,
    );
    if (!credential || String(publicCredential(credential, record.uuid)) !== row.publicCredential)
      throw new ApiError(400, 'WRONG_RECOVERY_CODE', WRONG_CODE, { kunciPemulihan: WRONG_CODE });
    await tx
      .update(electionCredentials)
      .set({ credential, mailedAt: null, mailError: null })
      .where(and(eq(electionCredentials.electionId, electionId), eq(electionCredentials.nim, nim)));
    // An earlier mail that failed for good is replaced by this one: its copy of the credential goes.
    await tx.execute(sql`update mail_outbox set body_text = null, body_html = null
      where kind = 'credential' and election_id = ${electionId}::uuid and nim = ${nim}
        and state = 'failed'`);
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'credential.resent',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengirim ulang kredensial pemilih NIM ${nim}`,
      details: { nim, alasan: input.alasan },
    });
  });
}
