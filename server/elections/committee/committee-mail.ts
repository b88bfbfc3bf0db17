import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { committeeMembers, elections, user } from '../../db/schema/index.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  committeeChangedMail,
  witnessesChangedMail,
} from '../../mail/templates/election-requests.ts';

/**
 * Tells the whole committee of an election (as it stands now, and `alsoTo`, e.g. someone just
 * taken off it) that its committee changed, or with `about` 'witnesses' that its witnesses did:
 * nobody joins or leaves a committee, or becomes a witness, unseen. `skip` is who made the change
 * themselves (a member who joined with a code is not told of it). Mail that fails is logged and
 * never undoes the change.
 */
export async function mailCommittee(
  deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string },
  electionId: string,
  change: string,
  {
    alsoTo = [],
    about = 'committee',
    skip = [],
  }: { alsoTo?: string[]; about?: 'committee' | 'witnesses'; skip?: string[] } = {},
) {
  try {
    const [election] = await deps.db
      .select({ title: elections.title })
      .from(elections)
      .where(eq(elections.id, electionId));
    const members = await deps.db
      .select({ email: user.email })
      .from(committeeMembers)
      .innerJoin(user, eq(user.id, committeeMembers.userId))
      .where(eq(committeeMembers.electionId, electionId));
    const to = [...new Set([...members.map((m) => m.email), ...alsoTo])].filter(
      (address) => address && !skip.includes(address),
    );
    const template = about === 'witnesses' ? witnessesChangedMail : committeeChangedMail;
    const mail = template({
      namaPemilihan: election?.title ?? '',
      change,
      url: `${deps.publicUrl}/panitia/${electionId}`,
    });
    await deps.mailer.send(to.map((address) => ({ to: address, ...mail })));
  } catch (err) {
    deps.logger.error({ err, electionId }, 'committee mail failed');
  }
}
