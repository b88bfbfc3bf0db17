import { asc, eq } from 'drizzle-orm';
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

/** The opened ballots for people: each tracker, what it held, and when it was opened. */
export async function auditedSummary(db: Db, electionId: string, electionText: string) {
  const election = parseElection(electionText);
  const questions = 'problem' in election ? [] : election.questions;
  const rows = await db
    .select({
      tracker: auditedBallots.tracker,
      body: auditedBallots.body,
      auditedAt: auditedBallots.auditedAt,
    })
    .from(auditedBallots)
    .where(eq(auditedBallots.electionId, electionId))
    .orderBy(asc(auditedBallots.position));
  return rows.map((r) => {
    const { plaintexts } = JSON.parse(r.body) as { plaintexts: number[][] };
    return {
      tracker: r.tracker,
      isi: plaintexts.map((p, i) => (questions[i] ? chosen(questions[i], p) : '')),
      auditedAt: r.auditedAt.toISOString(),
    };
  });
}
