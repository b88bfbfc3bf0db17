import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { elections } from '../../db/schema/index.ts';

/**
 * How long after the end the box is sealed at the earliest. A cast checks the window when its
 * statement starts and commits a moment later; the pause lets every cast that started before the
 * end commit first, so the sealed head can never miss a ballot that was legitimately cast.
 */
export const SEAL_GRACE_SECONDS = 2;

/** The box is closed for good: published, archived after being held, or ended (plus the grace) by the database's clock. */
export const closedForGood = or(
  eq(elections.status, 'published'),
  and(eq(elections.status, 'archived'), isNotNull(elections.lockedAt)),
  and(
    eq(elections.status, 'ready'),
    sql`${elections.endsAt} <= now() - make_interval(secs => ${SEAL_GRACE_SECONDS})`,
  ),
);
