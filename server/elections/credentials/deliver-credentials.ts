import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { electionCredentials, elections } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { credentialMail } from '../../mail/templates/ballots.ts';
import type { Logger } from '../../runtime/logger.ts';
import { closedForGood } from '../results/box-closed.ts';

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };

/** Credentials handed to the outbox per transaction. */
const BATCH = 50;

/** The booth's link carrying the private credential in its fragment (never sent to a server). */
export const boothLink = (publicUrl: string, electionId: string, credential: string) =>
  `${publicUrl}/voting/${electionId}#kredensial=${credential}`;

type Due = {
  election_id: string;
  nim: string;
  credential: string;
  email: string;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
};

/**
 * Mails each voter of a locked verifiable election their private credential, then erases it: the
 * row is taken with `for update skip locked` (so instances share the work and nobody gets two
 * mails), and the mail enters the outbox in the transaction that sets the credential to null; the
 * outbox sends it, retries while the mail server fails, and keeps the body only until it is sent.
 * A voter on the roll without a verified account waits until they have one (this runs every
 * minute). When the polls have closed, credentials never delivered are erased, here and from the
 * outbox, and so are the sealed copies kept for a resend. `electionId` limits the run to one
 * election (right after its lock). Returns the number of credentials handed to the outbox.
 */
export async function deliverCredentials(deps: Deps, electionId?: string): Promise<number> {
  const { db } = deps;
  await db
    .update(electionCredentials)
    .set({ credential: null, sealedCredential: null })
    .where(
      and(
        or(
          isNotNull(electionCredentials.credential),
          isNotNull(electionCredentials.sealedCredential),
        ),
        inArray(
          electionCredentials.electionId,
          db.select({ id: elections.id }).from(elections).where(closedForGood),
        ),
      ),
    );
  // A credential mail still in the outbox when the polls close can no longer be used: gone too.
  await db.execute(sql`
    update mail_outbox set body_text = null, body_html = null,
      state = case when state = 'pending' then 'failed'::mail_state else state end,
      last_error = case when state = 'pending' then 'Pemungutan suara sudah ditutup.' else last_error end
    where kind = 'credential' and body_text is not null
      and election_id in (select id from elections where ${closedForGood})`);
  let delivered = 0;
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const due = await queryRows<Due>(
        tx,
        sql`
          select ec.election_id, ec.nim, ec.credential, u.email, e.title, e.starts_at, e.ends_at
          from election_credentials ec
          join elections e on e.id = ec.election_id
          join voters vo on vo.nim = ec.nim and vo.status = 'verified'
          join "user" u on u.id = vo.user_id
          where ec.credential is not null and ec.mailed_at is null
            and e.status = 'ready' and e.ends_at > now()
            ${electionId ? sql`and ec.election_id = ${electionId}::uuid` : sql``}
          order by ec.election_id, ec.nim
          limit ${BATCH}
          for update of ec skip locked`,
      );
      for (const row of due) {
        // The mail enters the outbox in the transaction that erases the credential: it exists
        // exactly when the credential is gone from here (the outbox erases it once sent).
        await deps.mailer.send(
          {
            to: row.email,
            ...credentialMail({
              namaPemilihan: row.title,
              startsAt: new Date(row.starts_at),
              endsAt: new Date(row.ends_at),
              credential: row.credential,
              link: boothLink(deps.publicUrl, row.election_id, row.credential),
            }),
            about: { kind: 'credential', electionId: row.election_id, nim: row.nim },
          },
          tx,
        );
        await tx
          .update(electionCredentials)
          .set({ credential: null, mailedAt: sql`now()`, mailError: null })
          .where(
            and(
              eq(electionCredentials.electionId, row.election_id),
              eq(electionCredentials.nim, row.nim),
            ),
          );
      }
      return { ok: due.length, taken: due.length };
    });
    delivered += sent.ok;
    if (sent.taken < BATCH) return delivered;
  }
}
