import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { electionCredentials, elections } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { credentialMail } from '../../mail/templates/ballots.ts';
import type { Logger } from '../../runtime/logger.ts';
import { closedForGood } from '../results/box-closed.ts';

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };

/** Credentials mailed per transaction (each row stays locked only while its mail is sent). */
const BATCH = 20;
/**
 * Failed attempts after which a credential is no longer retried (one attempt per run, a run a
 * minute: about an hour of a mail server that refuses); the roll tab shows why.
 */
export const MAX_ATTEMPTS = 60;

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
 * mails), the mail sent, and only once the mail server has accepted it is the credential set to
 * null. A voter on the roll without a verified account waits until they have one (this runs
 * every minute); a failed send is counted and retried. When the polls have closed, credentials
 * never delivered are erased too, and so are the sealed copies kept for a resend. `electionId` limits the run to one election (right after its
 * lock). Returns the number of credentials delivered.
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
            and ec.mail_attempts < ${MAX_ATTEMPTS}
            and e.status = 'ready' and e.ends_at > now()
            ${electionId ? sql`and ec.election_id = ${electionId}::uuid` : sql``}
          order by ec.election_id, ec.nim
          limit ${BATCH}
          for update of ec skip locked`,
      );
      let ok = 0;
      for (const row of due) {
        const where = and(
          eq(electionCredentials.electionId, row.election_id),
          eq(electionCredentials.nim, row.nim),
        );
        try {
          await deps.mailer.send({
            to: row.email,
            ...credentialMail({
              namaPemilihan: row.title,
              startsAt: new Date(row.starts_at),
              endsAt: new Date(row.ends_at),
              credential: row.credential,
              link: boothLink(deps.publicUrl, row.election_id, row.credential),
            }),
          });
        } catch (err) {
          deps.logger.warn({ err, electionId: row.election_id }, 'credential mail failed');
          await tx
            .update(electionCredentials)
            .set({
              mailAttempts: sql`${electionCredentials.mailAttempts} + 1`,
              mailError: err instanceof Error ? err.message.slice(0, 300) : 'gagal mengirim',
            })
            .where(where);
          continue;
        }
        await tx
          .update(electionCredentials)
          .set({ credential: null, mailedAt: sql`now()`, mailError: null })
          .where(where);
        ok++;
      }
      return { ok, taken: due.length };
    });
    delivered += sent.ok;
    // A batch that was not all delivered waits for the next run (one attempt per row per run).
    if (sent.taken < BATCH || sent.ok < sent.taken) return delivered;
  }
}
