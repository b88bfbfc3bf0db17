import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { MailKind } from '../../mail/mailer.ts';

/** What each kind of voter mail is called where a committee reads it. */
export const MAIL_KIND_LABEL: Record<MailKind, string> = {
  credential: 'Kredensial',
  'voting-opened': 'Pemberitahuan pemungutan suara dibuka',
  'voting-reminder': 'Pengingat sebelum ditutup',
  tracker: 'Kode Bukti',
  other: 'Surat',
};

const label = (kind: string) => MAIL_KIND_LABEL[kind as MailKind] ?? MAIL_KIND_LABEL.other;

/**
 * The voter mails of one election that have not arrived: given up, or failing and being retried.
 * For its committee: NIM and name (as on the roll), never the address or the body.
 */
export async function electionMailProblems(db: Db, electionId: string) {
  const rows = await queryRows<{
    nim: string | null;
    nama: string | null;
    kind: string;
    state: string;
    last_error: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select o.nim, v.nama_lengkap as nama, o.kind, o.state, o.last_error, o.created_at
      from mail_outbox o left join voters v on v.nim = o.nim
      where o.election_id = ${electionId}::uuid
        and (o.state = 'failed' or (o.state = 'pending' and o.last_error is not null))
      order by o.created_at desc, o.id desc
      limit 200`,
  );
  return rows.map((r) => ({
    nim: r.nim,
    namaLengkap: r.nama,
    jenis: label(r.kind),
    givenUp: r.state === 'failed',
    error: r.last_error ?? 'Surat belum dapat dikirim.',
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
