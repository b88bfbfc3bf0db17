import { signedSessionToken } from '../../auth/auth.ts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  candidates,
  electionCredentials,
  electionRecords,
  electionRoll,
  elections,
  user,
  voters,
} from '../../db/schema/index.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { trackerMail } from '../../mail/templates/ballots.ts';
import type { Db } from '../../db/client.ts';
import { electionQuestion } from '../record/ballot-question.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { castBallot } from './cast-ballot.ts';
import { castEncryptedBallot } from './cast-encrypted.ts';
import { standingIn, standingsOf } from './standing.ts';
import { ballotChoices } from '../rules/ballot.ts';
import { actorOf } from '../../http/actor.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import { presentCandidate, presentElection } from '../present.ts';
import {
  auditBallotRoute,
  castVote,
  getBallot,
  listPublicCandidates,
  listPublicElections,
  myElections,
} from './voting.routes.ts';
import { auditBallot } from './audit-ballot.ts';

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');

/**
 * What the booth needs to encrypt this voter's ballot: the stored election object, the voter's
 * public credential (the private one reaches the booth from the mailed link only; the server no
 * longer has it) and the choice each slot counts.
 */
async function boothOf(
  db: Db,
  election: typeof elections.$inferSelect,
  cands: (typeof candidates.$inferSelect)[],
  userId: string,
) {
  const [row] = await db
    .select({
      election: electionRecords.electionText,
      publicCredential: electionCredentials.publicCredential,
    })
    .from(voters)
    .innerJoin(
      electionCredentials,
      and(eq(electionCredentials.nim, voters.nim), eq(electionCredentials.electionId, election.id)),
    )
    .innerJoin(electionRecords, eq(electionRecords.electionId, election.id))
    .where(eq(voters.userId, userId));
  if (!row) return null;
  return {
    election: row.election,
    publicCredential: row.publicCredential,
    slots: electionQuestion(cands, election).slots,
  };
}

const candidatesOf = (db: Db, electionId: string) =>
  db
    .select()
    .from(candidates)
    .where(eq(candidates.electionId, electionId))
    .orderBy(asc(candidates.nomorUrut));

const PHASE_ORDER: Record<string, number> = { open: 0, upcoming: 1, closed: 2, published: 3 };

/**
 * The public list as a voter reads it: open now first (closing soonest first), then upcoming
 * (opening soonest first), then finished ones (the latest first).
 */
function byWhatComesFirst<T extends { phase: string; startsAt: string; endsAt: string }>(
  items: T[],
): T[] {
  const rank = (e: T) => PHASE_ORDER[e.phase] ?? 4;
  const time = (e: T) =>
    e.phase === 'open'
      ? Date.parse(e.endsAt)
      : e.phase === 'upcoming'
        ? Date.parse(e.startsAt)
        : -Date.parse(e.endsAt);
  return [...items].sort((a, b) => rank(a) - rank(b) || time(a) - time(b));
}

export const votingRouter = createRouter()
  .openapi(listPublicElections, async (c) => {
    const rows = await c
      .get('services')
      .database.db.select()
      .from(elections)
      .where(inArray(elections.status, ['ready', 'published']))
      .orderBy(desc(elections.startsAt))
      .limit(200);
    c.header('Cache-Control', 'no-store');
    return c.json({ items: byWhatComesFirst(rows.map((e) => presentElection(e))) }, 200);
  })
  .openapi(listPublicCandidates, async (c) => {
    const db = c.get('services').database.db;
    const id = c.req.valid('param').id;
    const [election] = await db.select().from(elections).where(eq(elections.id, id));
    // The same elections as the public list: locked (candidates fixed) and not archived.
    if (!election || (election.status !== 'ready' && election.status !== 'published'))
      throw notFound();
    const cands = await candidatesOf(db, id);
    c.header('Cache-Control', 'no-store');
    return c.json(
      { election: presentElection(election), candidates: cands.map(presentCandidate) },
      200,
    );
  })
  .openapi(getBallot, async (c) => {
    const user = c.get('user');
    if (!user) throw errors.unauthenticated();
    const db = c.get('services').database.db;
    const id = c.req.valid('param').id;
    const [election] = await db.select().from(elections).where(eq(elections.id, id));
    if (!election || election.status === 'draft' || election.status === 'archived')
      throw notFound();
    const cands = await candidatesOf(db, id);
    // Where this account stands: rules/eligibility.ts, the same rule a cast is refused by.
    const { refusal, votedAt } = await standingIn(db, user.id, election);
    const verifiable =
      election.ballotFormat === ENCRYPTED_BALLOT_FORMAT && refusal === null
        ? await boothOf(db, election, cands, user.id)
        : null;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        election: presentElection(election),
        candidates: cands.map(presentCandidate),
        choices: ballotChoices(
          cands.map((x) => x.id),
          election,
        ),
        me: {
          canVote: refusal === null,
          reason: refusal?.message ?? null,
          votedAt: votedAt?.toISOString() ?? null,
        },
        verifiable,
      },
      200,
    );
  })
  .openapi(castVote, async (c) => {
    // The session is checked inside the casting statement itself (see castBallot), so a vote
    // costs one database round trip; the generic session load is skipped for this route.
    const { auth, database, turnout, metrics } = c.get('services');
    const sessionToken = await signedSessionToken(c, auth);
    if (!sessionToken) throw errors.unauthenticated();
    const electionId = c.req.valid('param').id;
    const body = c.req.valid('json');
    let cast: { receipt: string; votedAt: Date };
    if ('ballot' in body) {
      const encrypted = await castEncryptedBallot(database.db, {
        electionId,
        sessionToken,
        ballot: body.ballot,
      });
      if (!encrypted.repeated) {
        mailTracker(c, electionId, encrypted);
        metrics.ballotsCast.inc({ kind: 'encrypted' });
      }
      cast = encrypted;
    } else {
      cast = await castBallot(database.db, { electionId, sessionToken, choice: body.choice });
      metrics.ballotsCast.inc({ kind: 'plain' });
    }
    const { receipt, votedAt } = cast;
    // Live turnout pages learn of it (coalesced; nothing waits for it).
    turnout.changed(electionId);
    c.header('Cache-Control', 'no-store');
    return c.json({ receipt, votedAt: votedAt.toISOString() }, 201);
  })
  .openapi(auditBallotRoute, async (c) => {
    const { auth, database } = c.get('services');
    const sessionToken = await signedSessionToken(c, auth);
    if (!sessionToken) throw errors.unauthenticated();
    const body = c.req.valid('json');
    const { tracker, plaintexts, remaining } = await auditBallot(database.db, {
      electionId: c.req.valid('param').id,
      sessionToken,
      ballot: body.ballot,
      randomness: body.randomness,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ tracker, plaintexts, remaining }, 201);
  })
  .openapi(myElections, async (c) => {
    const actor = await actorOf(c);
    authorize(actor, 'voter', 'readOwn', null);
    const db = c.get('services').database.db;
    // The elections whose roll holds this voter's NIM; where they stand in each is the rule's.
    const rows = await db
      .select({ election: elections })
      .from(electionRoll)
      .innerJoin(elections, eq(elections.id, electionRoll.electionId))
      .where(
        and(
          eq(electionRoll.nim, actor.voter!.nim),
          inArray(elections.status, ['ready', 'published']),
        ),
      )
      .orderBy(desc(elections.startsAt));
    const standings = await standingsOf(
      db,
      actor.user.id,
      rows.map((r) => r.election),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        items: rows.map((r) => {
          const s = standings.get(r.election.id)!;
          return {
            ...presentElection(r.election),
            canVote: s.refusal === null,
            reason: s.refusal?.message ?? null,
            votedAt: s.votedAt?.toISOString() ?? null,
          };
        }),
      },
      200,
    );
  });

/** The Kode Bukti by mail to the voter who cast it (after the answer; a failure is only logged). */
function mailTracker(
  c: Context<AppEnv>,
  electionId: string,
  cast: { receipt: string; votedAt: Date; userId: string },
) {
  const { background, database, mailer, env } = c.get('services');
  background.run('tracker mail', async () => {
    const [row] = await database.db
      .select({ email: user.email, title: elections.title })
      .from(user)
      .innerJoin(elections, eq(elections.id, electionId))
      .where(eq(user.id, cast.userId));
    if (!row) return;
    await mailer.send({
      to: row.email,
      ...trackerMail({
        namaPemilihan: row.title,
        tracker: cast.receipt,
        votedAt: cast.votedAt,
        url: `${env.publicUrl}/hasil/${electionId}/kotak-suara?cari=${encodeURIComponent(cast.receipt)}`,
      }),
      about: { kind: 'tracker', electionId },
    });
  });
}
