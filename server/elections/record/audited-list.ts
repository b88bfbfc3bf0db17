import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditedBallots } from '../../db/schema/index.ts';
import { serializeAuditedList } from '../../../shared/crypto/audit.ts';
import type { Question } from '../../../shared/crypto/ballot.ts';
import { parseElection } from '../../../shared/crypto/election.ts';

/** The public list of the ballots voters opened (shared/crypto/audit.ts), in the order opened. */
export async function auditedList(db: Db, electionId: string): Promise<string> {
  const rows = await db
    .select({ body: auditedBallots.body })
    .from(auditedBallots)
    .where(eq(auditedBallots.electionId, electionId))
    .orderBy(asc(auditedBallots.position));
  return serializeAuditedList(rows.map((r) => r.body));
}

/** What an opened answer chose, in the words of the election object. */
function chosen(question: Question, plaintext: readonly number[]): string {
  if (question.blank && plaintext[0] === 1) return 'Abstain (tidak memilih kandidat)';
  const answers = plaintext.slice(question.blank ? 1 : 0);
  return question.answers.filter((_, i) => answers[i] === 1).join(', ');
}

/**
 * The opened ballots for people: how many, the newest `limit` (tracker and what each held), and
 * the one whose tracker is `search`, if any. No time is shown: when a ballot was opened could be
 * matched with when its voter cast.
 */
export async function auditedSummary(
  db: Db,
  electionId: string,
  electionText: string,
  opts: { limit: number; search?: string | undefined },
) {
  const election = parseElection(electionText);
  const questions = 'problem' in election ? [] : election.questions;
  const present = (r: { tracker: string; body: string }) => {
    const { plaintexts } = JSON.parse(r.body) as { plaintexts: number[][] };
    return {
      tracker: r.tracker,
      isi: plaintexts.map((p, i) => (questions[i] ? chosen(questions[i], p) : '')),
    };
  };
  const mine = eq(auditedBallots.electionId, electionId);
  const [[all], newest, found] = await Promise.all([
    db.select({ n: count() }).from(auditedBallots).where(mine),
    db
      .select({ tracker: auditedBallots.tracker, body: auditedBallots.body })
      .from(auditedBallots)
      .where(mine)
      .orderBy(desc(auditedBallots.position))
      .limit(opts.limit),
    opts.search
      ? db
          .select({ tracker: auditedBallots.tracker, body: auditedBallots.body })
          .from(auditedBallots)
          .where(and(mine, eq(auditedBallots.tracker, opts.search)))
      : Promise.resolve([]),
  ]);
  return {
    total: Number(all?.n ?? 0),
    found: found[0] ? present(found[0]) : null,
    items: newest.map(present),
  };
}
