import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { elections } from '../../db/schema/index.ts';
import type { MailKind, Mailer } from '../../mail/mailer.ts';
import { votingOpenedMail, votingReminderMail } from '../../mail/templates/ballots.ts';
import type { Logger } from '../../runtime/logger.ts';
import { castableVoterSql, openElectionSql } from '../rules/eligibility.ts';

/** How long before the close those who have not voted are reminded. */
export const REMINDER_HOURS = 3;

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };
type Due = { id: string; title: string; ends_at: Date | string };

/** Claims a notice for one election (a conditional update), so no instance sends it twice. */
async function claim(db: Tx, id: string, column: 'openingMailedAt' | 'reminderMailedAt') {
  const [claimed] = await db
    .update(elections)
    .set({ [column]: sql`now()` })
    .where(and(eq(elections.id, id), isNull(elections[column])))
    .returning({ id: elections.id });
  return claimed !== undefined;
}

/** One kind of notice: which elections are due, the column that claims it, who, and the mail. */
type Notice = {
  due: SQL;
  claimedBy: 'openingMailedAt' | 'reminderMailedAt';
  notVotedOnly: boolean;
  kind: MailKind;
  mail: typeof votingOpenedMail;
};

const NOTICES: Notice[] = [
  {
    due: sql`e.opening_mailed_at is null`,
    claimedBy: 'openingMailedAt',
    notVotedOnly: false,
    kind: 'voting-opened',
    mail: votingOpenedMail,
  },
  {
    // Not within an hour of the opening notice: a short election, or a server that was down,
    // would send both at once.
    due: sql`e.reminder_enabled and e.reminder_mailed_at is null
      and e.opening_mailed_at <= now() - interval '1 hour'
      and e.ends_at <= now() + make_interval(hours => ${REMINDER_HOURS})`,
    claimedBy: 'reminderMailedAt',
    notVotedOnly: true,
    kind: 'voting-reminder',
    mail: votingReminderMail,
  },
];

/**
 * The students of an election's roll are told by mail when its polls open (with the link), and
 * those who have not voted yet are reminded REMINDER_HOURS before the close unless the committee
 * turned the reminder off (an extension of the close re-arms it). Each notice goes once per
 * election, whichever instance claims it; runs every minute. Returns how many notices went out.
 */
export async function sendElectionNotices(deps: Deps): Promise<number> {
  let sent = 0;
  for (const notice of NOTICES) {
    const due = await queryRows<Due>(
      deps.db,
      sql`select e.id, e.title, e.ends_at from elections e
        where ${sql.raw(openElectionSql('e'))} and ${notice.due}`,
    );
    for (const e of due) {
      // The claim and every voter's mail commit together: a notice is either queued for all or
      // not claimed, whatever happens to this instance in between.
      const claimed = await deps.db.transaction(async (tx) => {
        if (!(await claim(tx, e.id, notice.claimedBy))) return false;
        const to = await rollAddresses(tx, e.id, notice.notVotedOnly);
        const mail = notice.mail({
          namaPemilihan: e.title,
          endsAt: new Date(e.ends_at),
          url: `${deps.publicUrl}/voting/${e.id}`,
        });
        for (let i = 0; i < to.length; i += 500)
          await deps.mailer.send(
            to.slice(i, i + 500).map((r) => ({
              to: r.email,
              ...mail,
              about: { kind: notice.kind, electionId: e.id, nim: r.nim },
            })),
            tx,
          );
        return true;
      });
      if (claimed) sent++;
    }
  }
  return sent;
}

/** The addresses of the verified voters on an election's roll (only those not yet voted). */
async function rollAddresses(db: Tx, electionId: string, notVoted: boolean) {
  return queryRows<{ email: string; nim: string }>(
    db,
    sql`select u.email, v.nim from (select ${electionId}::uuid as id) x
      cross join voters v join "user" u on u.id = v.user_id
      where ${sql.raw(castableVoterSql('v', 'x.id'))}
      ${
        notVoted
          ? sql`and not exists (select 1 from participation p
              where p.election_id = x.id and (p.user_id = v.user_id or p.nim = v.nim))`
          : sql``
      }
      order by v.nim`,
  );
}
