import { sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';

type FailedRow = {
  id: number;
  to_address: string;
  subject: string;
  last_error: string | null;
  created_at: Date | string;
  attempts: number;
  retryable: boolean;
};

/**
 * The outbox as the master admin sees it: how much waits (and since when), what was sent in the
 * last day, and every mail given up, newest first, a page at a time. Never a mail's body.
 */
export async function outboxReport(db: Db, opts: { page: number; pageSize: number }) {
  const [counts] = await queryRows<{
    pending: number;
    retrying: number;
    oldest: Date | string | null;
    sent_day: number;
    failed: number;
  }>(
    db,
    sql`select
      count(*) filter (where state = 'pending')::int as pending,
      count(*) filter (where state = 'pending' and last_error is not null)::int as retrying,
      min(created_at) filter (where state = 'pending') as oldest,
      count(*) filter (where state = 'sent' and sent_at > now() - interval '1 day')::int as sent_day,
      count(*) filter (where state = 'failed')::int as failed
    from mail_outbox`,
  );
  const failed = await queryRows<FailedRow>(
    db,
    sql`select id, to_address, subject, last_error, created_at, attempts,
        (body_text is not null) as retryable
      from mail_outbox where state = 'failed'
      order by created_at desc, id desc
      limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`,
  );
  return {
    pending: counts!.pending,
    retrying: counts!.retrying,
    oldestPendingAt: counts!.oldest ? new Date(counts!.oldest).toISOString() : null,
    sentLastDay: counts!.sent_day,
    totalFailed: counts!.failed,
    failed: failed.map((r) => ({
      id: Number(r.id),
      to: r.to_address,
      subject: r.subject,
      error: r.last_error ?? 'Surat belum dapat dikirim.',
      createdAt: new Date(r.created_at).toISOString(),
      attempts: r.attempts,
      retryable: r.retryable,
    })),
  };
}

/** Puts a mail given up back in the queue (its body is still kept), recorded in the history. */
export async function retryMail(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ state: string; retryable: boolean; to_address: string }>(
      tx,
      sql`select state, (body_text is not null) as retryable, to_address
        from mail_outbox where id = ${id} for update`,
    );
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'Surat tidak ditemukan.');
    if (row.state !== 'failed')
      throw new ApiError(409, 'NOT_FAILED', 'Surat ini tidak gagal: tidak perlu dikirim ulang.');
    if (!row.retryable)
      throw new ApiError(
        409,
        'NOT_RETRYABLE',
        'Isi surat ini sudah dihapus (misalnya kredensial setelah pemungutan suara ditutup), jadi tidak dapat dikirim ulang.',
      );
    await tx.execute(
      sql`update mail_outbox set state = 'pending', attempts = 0, next_attempt_at = now(),
        last_error = null, lease_until = null, created_at = now()
        where id = ${id}`,
    );
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'mail.retried',
      entityType: 'mail',
      entityId: String(id),
      summary: `Mengirim ulang surat ke ${row.to_address}`,
    });
  });
}
