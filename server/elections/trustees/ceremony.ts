import { and, asc, eq } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  candidates,
  ceremonyTrustees,
  committeeMembers,
  electionWitnesses,
  keyCeremonies,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { draftForUpdate } from '../setup/guard.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import {
  checkCert,
  checkPolynomial,
  checkVoutput,
  readPolynomial,
  readSignedMessage,
  readVoutput,
  routeVinputs,
  serializePolynomial,
  serializeSignedMessage,
  serializeVinput,
  serializeVoutput,
  thresholdParameters,
  verifyKeyCheck,
  type Polynomial,
} from '../../../shared/crypto/ceremony.ts';
import { BASE58 } from '../../../shared/crypto/credentials.ts';
import type { Proof } from '../../../shared/crypto/proofs.ts';
import { randomChars } from '../../../shared/crypto/random.ts';
import { readTrustees } from '../../../shared/crypto/record/items.ts';
import {
  checkThresholdParameters,
  readCoefexps,
  serializeTrustees,
  type SignedMessage,
  type ThresholdParameters,
} from '../../../shared/crypto/trustees.ts';

export type CeremonyRow = typeof keyCeremonies.$inferSelect;
export type TrusteeRow = typeof ceremonyTrustees.$inferSelect;

/**
 * Where a ceremony stands: each trustee publishes a certificate, then (all certificates in) a
 * polynomial, then (all polynomials in) a voutput; then each proves their key file opens
 * (`keycheck`) and the election may be locked (`ready`).
 */
export type CeremonyPhase = 'certs' | 'polynomials' | 'voutputs' | 'keycheck' | 'ready';

export function phaseOf(trustees: readonly TrusteeRow[]): CeremonyPhase {
  if (trustees.some((t) => !t.cert)) return 'certs';
  if (trustees.some((t) => !t.polynomial)) return 'polynomials';
  if (trustees.some((t) => !t.voutput)) return 'voutputs';
  if (trustees.some((t) => !t.keyCheckedAt)) return 'keycheck';
  return 'ready';
}

/** The smallest and the default threshold for n trustees: a majority. */
export const MIN_THRESHOLD = 2;
export const defaultThreshold = (n: number) => Math.floor(n / 2) + 1;

/**
 * Who holds the key if the ceremony starts now: the committee members (in the order they
 * joined), then the witnesses who have joined (in ballot order).
 */
export async function prospectiveTrustees(db: Db | Tx, electionId: string) {
  const committee = await db
    .select({ userId: committeeMembers.userId, namaLengkap: committeeMembers.namaLengkap })
    .from(committeeMembers)
    .where(eq(committeeMembers.electionId, electionId))
    .orderBy(asc(committeeMembers.joinedAt), asc(committeeMembers.userId));
  const witnesses = await db
    .select({ userId: electionWitnesses.userId, namaLengkap: electionWitnesses.namaLengkap })
    .from(electionWitnesses)
    .innerJoin(candidates, eq(candidates.id, electionWitnesses.candidateId))
    .where(eq(electionWitnesses.electionId, electionId))
    .orderBy(asc(candidates.nomorUrut));
  // Nobody is both (committee/ and witnesses/ refuse it); were it to happen, one place each.
  const seen = new Set<string>();
  return [
    ...committee.map((m) => ({ ...m, role: 'panitia' as const })),
    ...witnesses.map((w) => ({ ...w, role: 'saksi' as const })),
  ].filter((p) => !seen.has(p.userId) && seen.add(p.userId));
}

/**
 * How the people of the election differ from the trustees of its ceremony: who joined the
 * committee or the witnesses since it started, and who has left (a member the master removed, a
 * witness the committee removed). Undefined when they are the same people.
 */
export async function ceremonyDrift(
  db: Db | Tx,
  electionId: string,
  trustees: readonly TrusteeRow[],
) {
  const people = await prospectiveTrustees(db, electionId);
  const now = new Set(people.map((p) => p.userId));
  const held = new Set(trustees.map((t) => t.userId));
  const joined = people.filter((p) => !held.has(p.userId)).map((p) => p.namaLengkap);
  const left = trustees.filter((t) => !t.userId || !now.has(t.userId)).map((t) => t.namaLengkap);
  return joined.length || left.length ? { joined, left } : undefined;
}

/** "Budi sudah tidak menjadi panitia atau saksi; Sari bergabung setelah upacara dimulai." */
export function driftText(drift: { joined: string[]; left: string[] }) {
  return [
    drift.left.length ? `${drift.left.join(', ')} sudah tidak menjadi panitia atau saksi` : '',
    drift.joined.length ? `${drift.joined.join(', ')} bergabung setelah upacara dimulai` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The ceremony of an election and its trustees by position, or undefined. */
export async function ceremonyOf(
  db: Db | Tx,
  electionId: string,
  opts: { forUpdate?: boolean } = {},
) {
  const q = db.select().from(keyCeremonies).where(eq(keyCeremonies.electionId, electionId));
  const [ceremony] = opts.forUpdate ? await q.for('update') : await q;
  if (!ceremony) return undefined;
  const trustees = await db
    .select()
    .from(ceremonyTrustees)
    .where(eq(ceremonyTrustees.electionId, electionId))
    .orderBy(asc(ceremonyTrustees.position));
  return { ceremony, trustees, phase: phaseOf(trustees) };
}

/** The Pedersen parameters of a completed ceremony. */
export function parametersOf(ceremony: CeremonyRow): ThresholdParameters | undefined {
  if (!ceremony.parameters) return undefined;
  const [item] = readTrustees(ceremony.parameters);
  return item?.kind === 'Pedersen' ? item.params : undefined;
}

const thresholdProblem = (threshold: number, n: number) => {
  if (n < MIN_THRESHOLD)
    return 'Upacara kunci memerlukan sedikitnya 2 wali kunci: undang anggota panitia atau saksi lain lebih dahulu.';
  if (!Number.isInteger(threshold) || threshold < MIN_THRESHOLD || threshold > n)
    return `Ambang harus antara ${MIN_THRESHOLD} dan ${n}.`;
  return undefined;
};

async function insertTrustees(tx: Tx, electionId: string) {
  const people = await prospectiveTrustees(tx, electionId);
  if (people.length)
    await tx.insert(ceremonyTrustees).values(
      people.map((p, i) => ({
        electionId,
        position: i + 1,
        userId: p.userId,
        role: p.role,
        namaLengkap: p.namaLengkap,
        keyCheckNonce: randomChars(BASE58, 22),
      })),
    );
  return people;
}

/**
 * Starts (or, with `restart`, starts again) the key ceremony of a draft: the trustees are the
 * committee and the witnesses of the moment, any `threshold` of whom will be able to decrypt.
 * A restart forgets every message of the attempt before and is kept in the audit log with its
 * reason.
 */
export async function startCeremony(
  db: Db,
  actor: Actor,
  electionId: string,
  input: { threshold: number; restart?: { alasan: string } },
) {
  return db.transaction(async (tx) => {
    const election = await draftForUpdate(tx, electionId);
    if (election.ballotFormat !== ENCRYPTED_BALLOT_FORMAT)
      throw new ApiError(
        409,
        'NOT_VERIFIABLE',
        'Upacara kunci hanya untuk pemilihan terverifikasi (surat suara terenkripsi).',
      );
    const existing = await ceremonyOf(tx, electionId, { forUpdate: true });
    if (existing && !input.restart)
      throw new ApiError(
        409,
        'CEREMONY_STARTED',
        'Upacara kunci sudah dimulai. Bila seorang wali kunci berhalangan, mulai ulang upacara.',
      );
    if (!existing && input.restart)
      throw new ApiError(409, 'NO_CEREMONY', 'Upacara kunci belum pernah dimulai.');
    const n = (await prospectiveTrustees(tx, electionId)).length;
    const problem = thresholdProblem(input.threshold, n);
    if (problem)
      throw new ApiError(n < MIN_THRESHOLD ? 409 : 400, 'BAD_THRESHOLD', problem, {
        ambang: problem,
      });
    let attempt = 1;
    if (existing) {
      attempt = existing.ceremony.attempt + 1;
      await tx.delete(ceremonyTrustees).where(eq(ceremonyTrustees.electionId, electionId));
      await tx
        .update(keyCeremonies)
        .set({
          threshold: input.threshold,
          attempt,
          startedBy: actor.user.id,
          startedAt: new Date(),
          parameters: null,
          completedAt: null,
        })
        .where(eq(keyCeremonies.electionId, electionId));
    } else {
      await tx.insert(keyCeremonies).values({
        electionId,
        uuid: randomChars(BASE58, 22),
        threshold: input.threshold,
        startedBy: actor.user.id,
      });
    }
    const people = await insertTrustees(tx, electionId);
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: existing ? 'ceremony.restarted' : 'ceremony.started',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: existing
        ? `Memulai ulang upacara kunci "${election.title}" (percobaan ${attempt}): ${input.restart!.alasan}`
        : `Memulai upacara kunci "${election.title}": ${input.threshold} dari ${people.length} wali kunci`,
      details: {
        threshold: input.threshold,
        attempt,
        trustees: people.map((p) => ({ namaLengkap: p.namaLengkap, role: p.role })),
        ...(input.restart ? { alasan: input.restart.alasan } : {}),
      },
    });
    return (await ceremonyOf(tx, electionId))!;
  });
}

const refuse = (status: 400 | 403 | 409, code: string, message: string) =>
  new ApiError(status, code, message);

/**
 * The caller's trustee row in the current ceremony of a draft, under the ceremony's row lock.
 * With `attempt`, the step was made for that attempt: one made before a restart is refused.
 */
async function myTrusteeRow(tx: Tx, actor: Actor, electionId: string, attempt?: number) {
  await draftForUpdate(tx, electionId);
  const state = await ceremonyOf(tx, electionId, { forUpdate: true });
  if (!state) throw refuse(409, 'NO_CEREMONY', 'Upacara kunci belum dimulai.');
  const me = state.trustees.find((t) => t.userId === actor.user.id);
  if (!me) throw refuse(403, 'NOT_TRUSTEE', 'Anda bukan wali kunci pemilihan ini.');
  if (attempt !== undefined && attempt !== state.ceremony.attempt)
    throw refuse(
      409,
      'STALE_ATTEMPT',
      'Upacara kunci sudah dimulai ulang sejak langkah ini dibuat. Muat ulang halaman dan mulai lagi dari langkah 1.',
    );
  return { ...state, me };
}

const wrongStep = (phase: CeremonyPhase) =>
  refuse(
    409,
    'WRONG_STEP',
    phase === 'certs'
      ? 'Langkah ini belum dapat dilakukan: masih menunggu sertifikat semua wali kunci.'
      : phase === 'polynomials'
        ? 'Langkah ini tidak sesuai: upacara sedang menunggu polinomial para wali kunci.'
        : phase === 'voutputs'
          ? 'Langkah ini tidak sesuai: upacara sedang menunggu pemeriksaan bagian kunci para wali kunci.'
          : 'Upacara kunci sudah selesai.',
  );

const updateTrustee = (tx: Tx, row: TrusteeRow, set: Partial<TrusteeRow>) =>
  tx
    .update(ceremonyTrustees)
    .set(set)
    .where(
      and(
        eq(ceremonyTrustees.electionId, row.electionId),
        eq(ceremonyTrustees.position, row.position),
      ),
    );

const certsOf = (trustees: readonly TrusteeRow[]): SignedMessage[] =>
  trustees.map((t) => readSignedMessage(t.cert!)!);
const polynomialsOf = (trustees: readonly TrusteeRow[]): Polynomial[] =>
  trustees.map((t) => readPolynomial(t.polynomial!)!);

/** Step 1: the trustee's certificate, made in their browser from a seed that never leaves it. */
export async function submitCert(
  db: Db,
  actor: Actor,
  electionId: string,
  certText: string,
  attempt: number,
) {
  return db.transaction(async (tx) => {
    const { trustees, phase, me } = await myTrusteeRow(tx, actor, electionId, attempt);
    if (phase !== 'certs' || me.cert)
      throw wrongStep(me.cert && phase === 'certs' ? 'polynomials' : phase);
    const cert = readSignedMessage(certText);
    const keys = cert && checkCert(cert);
    if (!cert || !keys)
      throw refuse(
        400,
        'BAD_CERT',
        'Sertifikat tidak sah: tanda tangannya tidak cocok dengan kuncinya.',
      );
    const taken = trustees.some((t) => {
      const other = t.cert ? checkCert(readSignedMessage(t.cert)!) : undefined;
      return (
        other && (other.verification === keys.verification || other.encryption === keys.encryption)
      );
    });
    if (taken) throw refuse(409, 'DUPLICATE_CERT', 'Sertifikat ini sudah dipakai wali kunci lain.');
    await updateTrustee(tx, me, { cert: serializeSignedMessage(cert) });
    return (await ceremonyOf(tx, electionId))!;
  });
}

/** Step 3: the trustee's polynomial: its commitments signed, its shares encrypted to each trustee. */
export async function submitPolynomial(
  db: Db,
  actor: Actor,
  electionId: string,
  text: string,
  attempt: number,
) {
  return db.transaction(async (tx) => {
    const { ceremony, trustees, phase, me } = await myTrusteeRow(tx, actor, electionId, attempt);
    if (phase !== 'polynomials' || me.polynomial)
      throw wrongStep(phase === 'polynomials' ? 'voutputs' : phase);
    const polynomial = readPolynomial(text);
    if (
      !polynomial ||
      !checkPolynomial(certsOf(trustees), me.position - 1, ceremony.threshold, polynomial)
    )
      throw refuse(
        400,
        'BAD_POLYNOMIAL',
        'Polinomial tidak sah: komitmennya tidak ditandatangani kunci Anda atau tidak sesuai ambang.',
      );
    await updateTrustee(tx, me, { polynomial: serializePolynomial(polynomial) });
    return (await ceremonyOf(tx, electionId))!;
  });
}

/**
 * Step 5: the trustee's voutput, checked against everyone's commitments. The last one completes
 * the ceremony: the threshold parameters are checked as a verifier will and kept.
 */
export async function submitVoutput(
  db: Db,
  actor: Actor,
  electionId: string,
  text: string,
  attempt: number,
) {
  return db.transaction(async (tx) => {
    const { ceremony, trustees, phase, me } = await myTrusteeRow(tx, actor, electionId, attempt);
    if (phase !== 'voutputs' || me.voutput)
      throw wrongStep(phase === 'voutputs' ? 'keycheck' : phase);
    const voutput = readVoutput(text);
    const polynomials = polynomialsOf(trustees);
    const lists = polynomials.map((p) => readCoefexps(p.coefexps)!);
    if (!voutput || !checkVoutput(lists, me.position, voutput))
      throw refuse(
        400,
        'BAD_VOUTPUT',
        'Kunci verifikasi tidak sah: tidak sesuai komitmen para wali kunci atau buktinya salah.',
      );
    await updateTrustee(tx, me, { voutput: serializeVoutput(voutput) });
    const done = trustees.every((t) => t.position === me.position || t.voutput);
    if (done) {
      const voutputs = trustees.map((t) =>
        t.position === me.position ? voutput : readVoutput(t.voutput!)!,
      );
      const params = thresholdParameters(
        ceremony.threshold,
        certsOf(trustees),
        polynomials,
        voutputs,
      );
      const checked = checkThresholdParameters(params);
      if ('problem' in checked) throw new Error(`ceremony parameters: ${checked.problem}`);
      const parameters = serializeTrustees([{ kind: 'Pedersen', params }]);
      await tx
        .update(keyCeremonies)
        .set({ parameters, completedAt: new Date() })
        .where(eq(keyCeremonies.electionId, electionId));
      await appendAudit(tx, {
        ...auditActor(actor, me.role),
        action: 'ceremony.completed',
        entityType: 'election',
        entityId: electionId,
        electionId,
        summary: `Upacara kunci selesai: ${ceremony.threshold} dari ${trustees.length} wali kunci dapat membuka hasil`,
        details: {
          threshold: ceremony.threshold,
          attempt: ceremony.attempt,
          verificationKeys: voutputs.map((v) => String(v.publicKey.publicKey)),
        },
      });
    }
    return (await ceremonyOf(tx, electionId))!;
  });
}

/** The key check: a fresh proof, made from the opened key file, that it holds the trustee's key. */
export async function submitKeyCheck(db: Db, actor: Actor, electionId: string, proof: Proof) {
  return db.transaction(async (tx) => {
    const { ceremony, phase, me } = await myTrusteeRow(tx, actor, electionId);
    if (phase !== 'keycheck' && phase !== 'ready') throw wrongStep(phase);
    const key = readVoutput(me.voutput!)!.publicKey.publicKey;
    if (!verifyKeyCheck(ceremony.uuid, me.keyCheckNonce, key, proof))
      throw refuse(
        400,
        'KEY_MISMATCH',
        'Berkas kunci ini tidak cocok dengan kunci verifikasi Anda pada upacara ini.',
      );
    if (!me.keyCheckedAt) {
      await updateTrustee(tx, me, { keyCheckedAt: new Date() });
      await appendAudit(tx, {
        ...auditActor(actor, me.role),
        action: 'ceremony.key_checked',
        entityType: 'election',
        entityId: electionId,
        electionId,
        summary: `${me.namaLengkap} memeriksa berkas kuncinya: cocok`,
        details: { position: me.position },
      });
    }
    return (await ceremonyOf(tx, electionId))!;
  });
}

/**
 * What a trustee's browser needs for their next step: the certificates, the threshold, their
 * routed vinput, and — once they hold a key — their own voutput's private_key (encrypted to
 * themselves: what the paper backup's seed opens) and the key check's challenge.
 */
export function trusteeView(
  state: NonNullable<Awaited<ReturnType<typeof ceremonyOf>>>,
  me: TrusteeRow,
) {
  const { ceremony, trustees, phase } = state;
  const certs = phase === 'certs' ? null : trustees.map((t) => t.cert!);
  const vinput =
    phase === 'voutputs' && !me.voutput
      ? serializeVinput(routeVinputs(polynomialsOf(trustees))[me.position - 1]!)
      : null;
  return {
    position: me.position,
    uuid: ceremony.uuid,
    threshold: ceremony.threshold,
    attempt: ceremony.attempt,
    certs,
    vinput,
    voutput: me.voutput,
    keyCheckNonce: me.keyCheckNonce,
  };
}
