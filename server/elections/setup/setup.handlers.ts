import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { candidates, committeeMembers, elections } from '../../db/schema/index.ts';
import { computeTurnout } from '../turnout.ts';
import {
  addCandidate as addCandidateCommand,
  removeCandidate as removeCandidateCommand,
  updateCandidate as updateCandidateCommand,
} from './candidates.ts';
import {
  setupStepsOf,
  extendElection as extendCommand,
  lockElection as lockCommand,
} from './lock.ts';
import {
  applyRoll as applyRollCommand,
  listRoll as listRollQuery,
  previewRoll as previewRollQuery,
} from './roll.ts';
import { updateSettings as updateSettingsCommand } from './settings.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { can, authorize } from '../../access/authorize.ts';
import { committeeAbilities, overviewRole } from '../policy.ts';
import { witnessesOf } from '../witnesses/witnesses.ts';
import { deliverCredentials } from '../credentials/deliver-credentials.ts';
import { electionMailProblems } from './mail-problems.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { resendCredential as resendCommand } from '../credentials/resend-credential.ts';
import { normalizeRecoveryCode } from '../../../shared/crypto/recovery-code.ts';
import { presentCandidate, presentElection, presentMember } from '../present.ts';
import {
  addCandidate,
  applyRoll,
  extendElection,
  getOverview,
  listMailProblems,
  listRoll,
  lockElection,
  previewRoll,
  resendCredential,
  removeCandidate,
  updateCandidate,
  updateSettings,
} from './setup.routes.ts';

type Election = typeof elections.$inferSelect;

/** The election's credential mails go out now (the minute's run would take them otherwise). */
function mailCredentialsNow(c: Context<AppEnv>, electionId: string) {
  const services = c.get('services');
  services.background.run('credential mail', async () => {
    await deliverCredentials(
      {
        db: services.database.db,
        mailer: services.mailer,
        logger: services.logger,
        publicUrl: services.env.publicUrl,
      },
      electionId,
    );
  });
}

const presentSettings = (e: Election) => ({
  ...presentElection(e),
  kotakKosong: e.kotakKosong,
  abstain: e.abstain,
  rollMode: e.rollMode,
  rollProdi: e.rollProdi,
  rollYears: e.rollYears,
  resultsRelease: e.resultsRelease,
  reminderEnabled: e.reminderEnabled,
  lockedAt: e.lockedAt?.toISOString() ?? null,
  rollSize: e.rollSize,
  extendedAt: e.extendedAt?.toISOString() ?? null,
  extensionReason: e.extensionReason,
  verifiable: e.ballotFormat === ENCRYPTED_BALLOT_FORMAT,
});

/** Loads the election and checks the actor may do `action` on it (404 before 403 only for those who may see it). */
async function electionFor(
  c: Context<AppEnv>,
  id: string,
  action: 'viewCommittee' | 'viewOverview' | 'prepare',
) {
  const actor = await actorOf(c);
  authorize(actor, 'election', action, { id });
  const [election] = await c
    .get('services')
    .database.db.select()
    .from(elections)
    .where(eq(elections.id, id));
  if (!election) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  return { actor, election };
}

export const setupRouter = createRouter()
  .openapi(getOverview, async (c) => {
    const { actor, election } = await electionFor(c, c.req.valid('param').id, 'viewOverview');
    const viewerRole = overviewRole(actor, election);
    if (!viewerRole) throw errors.forbidden();
    const db = c.get('services').database.db;
    const [cands, committee, witnesses, draft, turnout] = await Promise.all([
      db
        .select()
        .from(candidates)
        .where(eq(candidates.electionId, election.id))
        .orderBy(asc(candidates.nomorUrut)),
      db
        .select()
        .from(committeeMembers)
        .where(eq(committeeMembers.electionId, election.id))
        .orderBy(asc(committeeMembers.joinedAt)),
      witnessesOf(db, election.id),
      // A draft's steps, and the roll its rule or import would give now (one count for both).
      election.status === 'draft' ? setupStepsOf(db, election) : Promise.resolve(null),
      computeTurnout(db, election),
    ]);
    const steps = draft?.steps ?? null;
    const prospective = draft?.rollSize ?? election.rollSize ?? 0;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        election: presentSettings(election),
        candidates: cands.map(presentCandidate),
        committee: committee.map(presentMember),
        // No addresses here: a witness reads this too.
        witnesses: witnesses.map((w) => ({
          candidateId: w.candidateId,
          nomorUrut: w.nomorUrut,
          namaLengkap: w.namaLengkap,
          joinedAt: w.joinedAt.toISOString(),
        })),
        viewerRole,
        blockers: steps?.flatMap((s) => s.problems) ?? [],
        steps,
        prospectiveRollSize: prospective,
        turnout,
        canPrepare: can(actor, 'election', 'prepare', { id: election.id }),
        abilities: committeeAbilities(actor, election, new Date()),
      },
      200,
    );
  })
  .openapi(updateSettings, async (c) => {
    const { actor, election } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const saved = await updateSettingsCommand(
      c.get('services').database.db,
      actor,
      election.id,
      c.req.valid('json'),
    );
    return c.json(presentSettings(saved), 200);
  })
  .openapi(lockElection, async (c) => {
    const { actor, election } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const services = c.get('services');
    // The body is optional: without a recovery code no credential can be sent again.
    const code = (c.req.valid('json') as { kodePemulihan?: string } | undefined)?.kodePemulihan;
    const locked = await lockCommand(services.database.db, actor, election.id, {
      ...(code ? { recoveryCode: normalizeRecoveryCode(code) } : {}),
    });
    // Each voter's credential goes out by mail now (and the server forgets it once sent).
    mailCredentialsNow(c, election.id);
    return c.json(presentSettings(locked), 200);
  })
  .openapi(resendCredential, async (c) => {
    const { id, nim } = c.req.valid('param');
    const { actor, election } = await electionFor(c, id, 'prepare');
    const services = c.get('services');
    await resendCommand(services.database.db, actor, election.id, nim, c.req.valid('json'));
    mailCredentialsNow(c, election.id);
    return c.json({ nim, status: 'dikirim' as const }, 202);
  })
  .openapi(extendElection, async (c) => {
    const { actor, election } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const { endsAt, alasan } = c.req.valid('json');
    return c.json(
      presentSettings(
        await extendCommand(c.get('services').database.db, actor, election.id, endsAt, alasan),
      ),
      200,
    );
  })
  .openapi(addCandidate, async (c) => {
    const { actor, election } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const row = await addCandidateCommand(
      c.get('services').database.db,
      actor,
      election.id,
      c.req.valid('json'),
    );
    return c.json(presentCandidate(row), 201);
  })
  .openapi(updateCandidate, async (c) => {
    const { id, candidateId } = c.req.valid('param');
    const { actor, election } = await electionFor(c, id, 'prepare');
    const row = await updateCandidateCommand(
      c.get('services').database.db,
      actor,
      election.id,
      candidateId,
      c.req.valid('json'),
    );
    return c.json(presentCandidate(row), 200);
  })
  .openapi(removeCandidate, async (c) => {
    const { id, candidateId } = c.req.valid('param');
    const { actor, election } = await electionFor(c, id, 'prepare');
    await removeCandidateCommand(c.get('services').database.db, actor, election.id, candidateId);
    return c.body(null, 204);
  })
  .openapi(previewRoll, async (c) => {
    await electionFor(c, c.req.valid('param').id, 'prepare');
    const p = await previewRollQuery(c.get('services').database.db, c.req.valid('json').csv);
    return c.json({ ...p, nims: p.nims.length }, 200);
  })
  .openapi(applyRoll, async (c) => {
    const { actor, election } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const p = await applyRollCommand(
      c.get('services').database.db,
      actor,
      election.id,
      c.req.valid('json').csv,
    );
    return c.json({ ...p, nims: p.nims.length }, 200);
  })
  .openapi(listMailProblems, async (c) => {
    const { election } = await electionFor(c, c.req.valid('param').id, 'viewCommittee');
    c.header('Cache-Control', 'no-store');
    return c.json(
      { items: await electionMailProblems(c.get('services').database.db, election.id) },
      200,
    );
  })
  .openapi(listRoll, async (c) => {
    const { election } = await electionFor(c, c.req.valid('param').id, 'viewCommittee');
    const { q, page, pageSize } = c.req.valid('query');
    const result = await listRollQuery(c.get('services').database.db, election, {
      q,
      page,
      pageSize,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(result, 200);
  });
