import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  ceremonyTrustees,
  electionRecords,
  elections,
  keyCeremonies,
  user,
} from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { decryptionTurnMail } from '../../mail/templates/trustees.ts';
import type { Logger } from '../../runtime/logger.ts';
import { closedForGood } from '../results/box-closed.ts';
import { decryptionStatus } from './decryption.ts';

/**
 * Calls the trustees once the polls of an election they hold the key of have closed for good:
 * the record is closed (its encrypted tally written) and each trustee who has not decrypted yet
 * gets a mail that it is their turn. Each election is claimed once, by whichever instance gets
 * there first (a conditional update), so nobody is mailed twice. Runs every minute and at start.
 * Returns the number of elections whose trustees were called.
 */
export async function callTrusteesToDecrypt(deps: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({ id: elections.id, title: elections.title })
    .from(keyCeremonies)
    .innerJoin(elections, eq(elections.id, keyCeremonies.electionId))
    .innerJoin(electionRecords, eq(electionRecords.electionId, keyCeremonies.electionId))
    .where(
      and(
        isNull(keyCeremonies.decryptionCalledAt),
        isNotNull(keyCeremonies.parameters),
        closedForGood,
      ),
    );
  let called = 0;
  for (const e of due) {
    const status = await decryptionStatus(db, e.id);
    if (!status.tallied) continue;
    const [claimed] = await db
      .update(keyCeremonies)
      .set({ decryptionCalledAt: sql`now()` })
      .where(and(eq(keyCeremonies.electionId, e.id), isNull(keyCeremonies.decryptionCalledAt)))
      .returning({ id: keyCeremonies.electionId });
    if (!claimed || status.resultReady) continue;
    const waiting = status.trustees.filter((t) => !t.decrypted).map((t) => t.position);
    const needed = status.threshold - (status.trustees.length - waiting.length);
    const rows = waiting.length
      ? await db
          .select({ email: user.email })
          .from(ceremonyTrustees)
          .innerJoin(user, eq(user.id, ceremonyTrustees.userId))
          .where(
            and(eq(ceremonyTrustees.electionId, e.id), inArray(ceremonyTrustees.position, waiting)),
          )
      : [];
    const mail = decryptionTurnMail({
      namaPemilihan: e.title,
      needed,
      url: `${deps.publicUrl}/wali-kunci/${e.id}`,
    });
    const sent = await Promise.allSettled(
      rows.map((r) => deps.mailer.send({ to: r.email, ...mail })),
    );
    for (const s of sent)
      if (s.status === 'rejected')
        deps.logger.error({ err: s.reason, electionId: e.id }, 'trustee call mail failed');
    called++;
  }
  return called;
}
