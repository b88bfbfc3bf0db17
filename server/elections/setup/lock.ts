import { formatWib } from '../../../shared/wib.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { candidates, electionRoll, elections } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import { rollRuleSql } from '../rules/eligibility.ts';
import { canExtend, setupSteps, type SetupStep } from '../rules/lifecycle.ts';
import { draftForUpdate, electionForUpdate } from './guard.ts';
import { ENCRYPTED_BALLOT_FORMAT, setUpRecord } from '../record/setup-record.ts';
import type { ThresholdParameters } from '../../../shared/crypto/trustees.ts';
import { ceremonyDrift, ceremonyOf, driftText, parametersOf } from '../trustees/ceremony.ts';

type Election = typeof elections.$inferSelect;

/** The number of people an election's rule would put on the roll right now. */
export async function prospectiveRollSize(db: Db | Tx, e: Election): Promise<number> {
  if (e.rollMode === 'roll') {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(electionRoll)
      .where(eq(electionRoll.electionId, e.id));
    return Number(r?.n ?? 0);
  }
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from voters v where ${rollRuleSql(e)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Trustees given by a simulation instead of a ceremony (`npm run election:simulate`): the
 * simulated Pedersen group, or 'none' for the server's key alone. Never from a request.
 */
export type SimulatedTrustees = { pedersen: ThresholdParameters } | 'none';

/**
 * A draft's steps to its lock, in order (rules/lifecycle.ts setupSteps), read from the database:
 * its candidates, the roll its rule or import would give now (returned too), its schedule and
 * its key ceremony.
 */
export async function setupStepsOf(
  db: Db | Tx,
  e: Election,
  now = new Date(),
  simulated?: SimulatedTrustees,
): Promise<{ steps: SetupStep[]; rollSize: number }> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(candidates)
    .where(eq(candidates.electionId, e.id));
  const ceremony =
    e.ballotFormat === ENCRYPTED_BALLOT_FORMAT && !simulated
      ? { problem: (await ceremonyBlocker(db, e)) ?? null }
      : undefined;
  const rollSize = await prospectiveRollSize(db, e);
  const steps = setupSteps(
    { ...e, candidateCount: Number(c?.n ?? 0), rollSize, rollMode: e.rollMode },
    now,
    ceremony,
  );
  return { steps, rollSize };
}

/** Why a draft cannot be locked yet (empty when it can). */
export async function blockersOf(
  db: Db | Tx,
  e: Election,
  now = new Date(),
  simulated?: SimulatedTrustees,
) {
  const { steps } = await setupStepsOf(db, e, now, simulated);
  return [
    ...(e.status !== 'draft' ? ['Pemilihan sudah dikunci.'] : []),
    ...steps.flatMap((s) => s.problems),
  ];
}

/**
 * Why the key ceremony keeps a verifiable election from being locked, if it does: its key must
 * be held by its trustees (the committee and the witnesses), never by the server alone.
 */
async function ceremonyBlocker(db: Db | Tx, e: Election): Promise<string | undefined> {
  if (e.ballotFormat !== ENCRYPTED_BALLOT_FORMAT) return undefined;
  const state = await ceremonyOf(db, e.id);
  if (!state)
    return 'Upacara kunci belum dimulai: kunci pemilihan harus dipegang para wali kunci (tab Wali Kunci).';
  const drift = await ceremonyDrift(db, e.id, state.trustees);
  if (drift)
    return `Wali kunci tidak lagi sama dengan panitia dan saksi pemilihan ini (${driftText(drift)}): mulai ulang upacara kunci.`;
  if (state.phase === 'ready') return undefined;
  if (state.phase === 'keycheck') {
    const waiting = state.trustees.filter((t) => !t.keyCheckedAt).map((t) => t.namaLengkap);
    return `Pemeriksaan berkas kunci belum selesai (menunggu ${waiting.join(', ')}).`;
  }
  return 'Upacara kunci belum selesai: setiap wali kunci harus menyelesaikan ketiga langkahnya.';
}

/**
 * Locks a draft (Kunci Pemilihan): the roll is fixed — from the eligibility rule, or the imported
 * NIMs — with each entry's programme for turnout; candidates, roll and ballot options can no
 * longer change. A verifiable election's record is set up in the same transaction, with the
 * trustees' Pedersen group from their key ceremony, which must be complete (or, in a simulation
 * only, the trustees it gives).
 */
export async function lockElection(
  db: Db,
  actor: Actor,
  electionId: string,
  opts: { simulated?: SimulatedTrustees; recoveryCode?: string } = {},
) {
  return db.transaction(async (tx) => {
    const election = await draftForUpdate(tx, electionId);
    // The trustees' key, when a ceremony was held (its row lock keeps a restart out meanwhile).
    const ceremony = await ceremonyOf(tx, electionId, { forUpdate: true });
    const blockers = await blockersOf(tx, election, new Date(), opts.simulated);
    if (blockers.length)
      throw new ApiError(409, 'NOT_READY', `Pemilihan belum dapat dikunci: ${blockers.join(' ')}`);
    // The voters read into the roll are share-locked until the lock commits: a profile save
    // (which locks its voter row for update) then waits, and sees this election locked when it
    // checks whether a changed NIM or programme would cost a vote.
    if (election.rollMode !== 'roll') {
      await tx.delete(electionRoll).where(eq(electionRoll.electionId, electionId));
      await tx.execute(sql`
        insert into election_roll (election_id, nim, prodi)
        select ${electionId}, v.nim, v.prodi::text from voters v where ${rollRuleSql(election)}
        for share of v`);
    } else {
      await tx.execute(sql`
        select 1 from voters v join election_roll r on r.nim = v.nim
        where r.election_id = ${electionId} for share of v`);
      await tx.execute(sql`
        update election_roll r set prodi = v.prodi::text from voters v
        where r.election_id = ${electionId} and v.nim = r.nim`);
    }
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(electionRoll)
      .where(eq(electionRoll.electionId, electionId));
    const [locked] = await tx
      .update(elections)
      .set({
        status: 'ready',
        lockedAt: new Date(),
        rollSize: Number(r?.n ?? 0),
        // Its roll is told when the polls open and reminded before the close, from now on.
        openingMailedAt: null,
        reminderMailedAt: null,
      })
      .where(eq(elections.id, electionId))
      .returning();
    // A verifiable election's record begins here: its election, key and credentials are fixed
    // with the roll, and the credentials' count and fingerprint are announced with the lock.
    const record =
      locked!.ballotFormat === ENCRYPTED_BALLOT_FORMAT
        ? await setUpRecord(tx, locked!, locked!.lockedAt!, {
            ...(ceremony && !opts.simulated
              ? { pedersen: heldKey(ceremony.ceremony), uuid: ceremony.ceremony.uuid }
              : opts.simulated && opts.simulated !== 'none'
                ? { pedersen: opts.simulated.pedersen }
                : {}),
            ...(opts.recoveryCode ? { recoveryCode: opts.recoveryCode } : {}),
          })
        : null;
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'election.locked',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengunci pemilihan "${locked!.title}" dengan ${locked!.rollSize} pemilih`,
      details: {
        rollSize: locked!.rollSize,
        ...(record
          ? {
              uuid: record.uuid,
              credentials: { count: record.count, fingerprint: record.credentialsFingerprint },
              // Whether a lost credential can be sent again (with the committee's code).
              recovery: Boolean(opts.recoveryCode),
            }
          : {}),
      },
    });
    return locked!;
  });
}

/** The trustees' parameters of a completed ceremony; never a silent fall back to the server's key. */
function heldKey(ceremony: Parameters<typeof parametersOf>[0]) {
  const params = parametersOf(ceremony);
  if (!params) throw new Error('a ready ceremony without its parameters');
  return params;
}

/** Moves the end of an upcoming or open election later, with a reason kept in the audit log. */
export async function extendElection(
  db: Db,
  actor: Actor,
  electionId: string,
  endsAt: Date,
  alasan: string,
) {
  return db.transaction(async (tx) => {
    const election = await electionForUpdate(tx, electionId);
    if (election.status !== 'ready')
      throw new ApiError(
        409,
        'NOT_LOCKED',
        'Hanya pemilihan yang sudah dikunci yang dapat diperpanjang.',
      );
    const refusal = canExtend(election, endsAt, new Date());
    if (refusal) throw new ApiError(409, 'CANNOT_EXTEND', refusal, { endsAt: refusal });
    // The database's clock decides too (the one casting and sealing use): never once it has closed.
    const [saved] = await tx
      .update(elections)
      .set({
        endsAt,
        extendedAt: sql`now()`,
        extendedFrom: election.endsAt,
        // A reminder already sent named the old close: the new one is sent before the new close.
        reminderMailedAt: null,
        extensionReason: alasan,
      })
      .where(
        and(
          eq(elections.id, electionId),
          eq(elections.status, 'ready'),
          sql`${elections.endsAt} > now()`,
          isNull(elections.ballotChainHead),
          isNull(elections.extendedAt),
        ),
      )
      .returning();
    if (!saved)
      throw new ApiError(
        409,
        'CANNOT_EXTEND',
        'Waktu selesai hanya dapat diperpanjang sebelum pemilihan berakhir.',
      );
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'election.extended',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Memperpanjang "${election.title}" sampai ${formatWib(endsAt)}`,
      details: { from: election.endsAt.toISOString(), to: endsAt.toISOString(), alasan },
    });
    return saved;
  });
}
