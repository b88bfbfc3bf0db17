import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { authorize, can } from '../../access/authorize.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { ceremonyTrustees, committeeMembers, elections, user } from '../../db/schema/index.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv, Services } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import {
  ceremonyTurnMail,
  decryptionTurnMail,
  resultOpenedMail,
} from '../../mail/templates/trustees.ts';
import { canEditSetup } from '../rules/lifecycle.ts';
import { recordRow } from '../record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { readPartialDecryption } from '../../../shared/crypto/record/items.ts';
import {
  ceremonyOf,
  defaultThreshold,
  ceremonyDrift,
  prospectiveTrustees,
  startCeremony as startCommand,
  submitCert as certCommand,
  submitKeyCheck as keyCheckCommand,
  submitPolynomial as polynomialCommand,
  submitVoutput as voutputCommand,
  trusteeView,
  type CeremonyPhase,
} from './ceremony.ts';
import { decryptionStatus, submitDecryption as decryptionCommand } from './decryption.ts';
import {
  getCeremony,
  getDecryption,
  getTrusteeRound,
  remindTrustees,
  restartCeremony,
  startCeremony,
  submitCert,
  submitDecryption,
  submitKeyCheck,
  submitPolynomial,
  submitVoutput,
} from './trustees.routes.ts';

type Election = typeof elections.$inferSelect;

async function electionFor(
  c: Context<AppEnv>,
  id: string,
  action: 'viewTrustees' | 'prepare' | 'holdKey',
): Promise<{ actor: Actor; election: Election; db: Db; services: Services }> {
  const services = c.get('services');
  const db = services.database.db;
  const actor = await actorOf(c);
  const [election] = await db.select().from(elections).where(eq(elections.id, id));
  if (!election) throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  authorize(actor, 'election', action, election);
  return { actor, election, db, services };
}

const trusteePage = (s: Services, electionId: string) =>
  `${s.env.publicUrl}/wali-kunci/${electionId}`;

/** The next step every trustee is asked to take, by the ceremony's phase. */
const turnText: Record<CeremonyPhase, string | null> = {
  certs: 'Upacara kunci dimulai: langkah 1 dari 3 adalah membuat kunci Anda dan sertifikatnya.',
  polynomials:
    'Semua sertifikat telah masuk: langkah 2 dari 3 adalah membuat dan membagikan bagian kunci.',
  voutputs:
    'Semua bagian kunci telah dibagikan: langkah 3 dari 3 adalah memeriksa bagian yang Anda terima dan menyimpan berkas kunci.',
  keycheck:
    'Upacara kunci selesai: periksa berkas kunci Anda (muat berkasnya dan masukkan kata sandinya) agar pemilihan dapat dikunci.',
  ready: null,
};

/** Mails the trustees (those with `positions`, or all) in the background. */
function mailTrustees(
  c: Context<AppEnv>,
  election: Election,
  make: (url: string) => { subject: string; text: string; html: string },
  positions?: number[],
) {
  const s = c.get('services');
  s.background.run('trustee mail', async () => {
    const rows = await s.database.db
      .select({ email: user.email })
      .from(ceremonyTrustees)
      .innerJoin(user, eq(user.id, ceremonyTrustees.userId))
      .where(
        and(
          eq(ceremonyTrustees.electionId, election.id),
          positions ? inArray(ceremonyTrustees.position, positions) : isNotNull(user.email),
        ),
      );
    const m = make(trusteePage(s, election.id));
    await Promise.all(rows.map((r) => s.mailer.send({ to: r.email, ...m })));
  });
}

function mailTurn(c: Context<AppEnv>, election: Election, phase: CeremonyPhase) {
  const what = turnText[phase];
  if (what)
    mailTrustees(c, election, (url) =>
      ceremonyTurnMail({ namaPemilihan: election.title, what, url }),
    );
}

async function presentCeremony(db: Db, actor: Actor, election: Election) {
  const state = await ceremonyOf(db, election.id);
  const prospective = await prospectiveTrustees(db, election.id);
  const drift =
    state && election.status === 'draft'
      ? await ceremonyDrift(db, election.id, state.trustees)
      : undefined;
  return {
    ceremony: state
      ? {
          threshold: state.ceremony.threshold,
          attempt: state.ceremony.attempt,
          phase: state.phase,
          startedAt: state.ceremony.startedAt.toISOString(),
          completedAt: state.ceremony.completedAt?.toISOString() ?? null,
          trustees: state.trustees.map((t) => ({
            position: t.position,
            namaLengkap: t.namaLengkap,
            role: t.role,
            cert: t.cert !== null,
            polynomial: t.polynomial !== null,
            voutput: t.voutput !== null,
            keyChecked: t.keyCheckedAt !== null,
          })),
        }
      : null,
    prospective: prospective.map((p) => ({ namaLengkap: p.namaLengkap, role: p.role })),
    /** Before lock: who joined or left since the ceremony started (then it must restart). */
    drift: drift ?? null,
    defaultThreshold: defaultThreshold(prospective.length),
    canManage: can(actor, 'election', 'prepare', election) && canEditSetup(election),
    canRemind: can(actor, 'election', 'prepare', election),
    myPosition: state?.trustees.find((t) => t.userId === actor.user.id)?.position ?? null,
    verifiable: election.ballotFormat === ENCRYPTED_BALLOT_FORMAT,
    locked: election.status !== 'draft',
  };
}

async function presentRound(db: Db, actor: Actor, election: Election) {
  const state = await ceremonyOf(db, election.id);
  const me = state?.trustees.find((t) => t.userId === actor.user.id);
  if (!state || !me) throw new ApiError(403, 'NOT_TRUSTEE', 'Anda bukan wali kunci pemilihan ini.');
  return {
    ...trusteeView(state, me),
    phase: state.phase,
    done: {
      cert: me.cert !== null,
      polynomial: me.polynomial !== null,
      voutput: me.voutput !== null,
      keyChecked: me.keyCheckedAt !== null,
    },
    electionTitle: election.title,
    trusteeCount: state.trustees.length,
    locked: election.status !== 'draft',
  };
}

async function presentDecryption(db: Db, actor: Actor, electionId: string) {
  const status = await decryptionStatus(db, electionId);
  const row = (await recordRow(db, electionId))!;
  return {
    tallied: status.tallied,
    numTallied: status.numTallied,
    threshold: status.threshold,
    resultReady: status.resultReady,
    trustees: status.trustees.map(({ userId: _u, ...t }) => t),
    myPosition: status.trustees.find((t) => t.userId === actor.user.id)?.position ?? null,
    fingerprint: row.fingerprint,
  };
}

/** Runs a ceremony step and mails the trustees when it opened the next round. */
async function step(
  c: Context<AppEnv>,
  run: (db: Db, actor: Actor, id: string) => Promise<{ phase: CeremonyPhase }>,
) {
  const { actor, election, db } = await electionFor(c, c.req.param('id')!, 'holdKey');
  const before = (await ceremonyOf(db, election.id))?.phase;
  const after = await run(db, actor, election.id);
  if (after.phase !== before) mailTurn(c, election, after.phase);
  return c.json(await presentRound(db, actor, election), 200);
}

export const trusteesRouter = createRouter()
  .openapi(getCeremony, async (c) => {
    const { actor, election, db } = await electionFor(c, c.req.valid('param').id, 'viewTrustees');
    return c.json(await presentCeremony(db, actor, election), 200);
  })
  .openapi(startCeremony, async (c) => {
    const { actor, election, db } = await electionFor(c, c.req.valid('param').id, 'prepare');
    await startCommand(db, actor, election.id, { threshold: c.req.valid('json').ambang });
    mailTurn(c, election, 'certs');
    return c.json(await presentCeremony(db, actor, election), 201);
  })
  .openapi(restartCeremony, async (c) => {
    const { actor, election, db } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const { ambang, alasan } = c.req.valid('json');
    await startCommand(db, actor, election.id, { threshold: ambang, restart: { alasan } });
    mailTurn(c, election, 'certs');
    return c.json(await presentCeremony(db, actor, election), 200);
  })
  .openapi(getTrusteeRound, async (c) => {
    const { actor, election, db } = await electionFor(c, c.req.valid('param').id, 'holdKey');
    return c.json(await presentRound(db, actor, election), 200);
  })
  .openapi(submitCert, (c) =>
    step(c, (db, actor, id) => {
      const body = c.req.valid('json');
      return certCommand(db, actor, id, body.cert, body.percobaan);
    }),
  )
  .openapi(submitPolynomial, (c) =>
    step(c, (db, actor, id) => {
      const body = c.req.valid('json');
      return polynomialCommand(db, actor, id, body.polynomial, body.percobaan);
    }),
  )
  .openapi(submitVoutput, (c) =>
    step(c, (db, actor, id) => {
      const body = c.req.valid('json');
      return voutputCommand(db, actor, id, body.voutput, body.percobaan);
    }),
  )
  .openapi(submitKeyCheck, (c) =>
    step(c, (db, actor, id) => {
      const { challenge, response } = c.req.valid('json').bukti;
      return keyCheckCommand(db, actor, id, {
        challenge: BigInt(challenge),
        response: BigInt(response),
      });
    }),
  )
  .openapi(getDecryption, async (c) => {
    const { actor, election, db } = await electionFor(c, c.req.valid('param').id, 'viewTrustees');
    return c.json(await presentDecryption(db, actor, election.id), 200);
  })
  .openapi(submitDecryption, async (c) => {
    const { actor, election, db, services } = await electionFor(
      c,
      c.req.valid('param').id,
      'holdKey',
    );
    let decryption;
    try {
      decryption = readPartialDecryption(c.req.valid('json').dekripsiParsial);
    } catch (err) {
      const message = `Dekripsi parsial tidak sesuai format: ${(err as Error).message}.`;
      throw new ApiError(400, 'BAD_DECRYPTION', message, { dekripsiParsial: message });
    }
    const done = await decryptionCommand(db, actor, election.id, decryption);
    if (done)
      services.background.run('result mail', async () => {
        const members = await db
          .select({ email: user.email })
          .from(committeeMembers)
          .innerJoin(user, eq(user.id, committeeMembers.userId))
          .where(eq(committeeMembers.electionId, election.id));
        const m = resultOpenedMail({
          namaPemilihan: election.title,
          url: `${services.env.publicUrl}/panitia/${election.id}`,
        });
        await Promise.all(members.map((r) => services.mailer.send({ to: r.email, ...m })));
      });
    return c.json(await presentDecryption(db, actor, election.id), 200);
  })
  .openapi(remindTrustees, async (c) => {
    const { election, db } = await electionFor(c, c.req.valid('param').id, 'prepare');
    const state = await ceremonyOf(db, election.id);
    if (!state) throw new ApiError(409, 'NO_CEREMONY', 'Upacara kunci belum dimulai.');
    let positions: number[];
    if (election.status === 'draft') {
      const waiting = state.trustees.filter((t) =>
        state.phase === 'certs'
          ? !t.cert
          : state.phase === 'polynomials'
            ? !t.polynomial
            : state.phase === 'voutputs'
              ? !t.voutput
              : !t.keyCheckedAt,
      );
      positions = waiting.map((t) => t.position);
      const what = turnText[state.phase];
      if (what && positions.length)
        mailTrustees(
          c,
          election,
          (url) => ceremonyTurnMail({ namaPemilihan: election.title, what, url }),
          positions,
        );
    } else {
      const status = await decryptionStatus(db, election.id);
      if (!status.tallied)
        throw new ApiError(
          409,
          'NOT_CLOSED',
          'Pemungutan suara belum ditutup: belum ada yang perlu didekripsi.',
        );
      if (status.resultReady) throw new ApiError(409, 'DECRYPTED', 'Hasil pemilihan sudah dibuka.');
      const needed = status.threshold - status.trustees.filter((t) => t.decrypted).length;
      positions = status.trustees.filter((t) => !t.decrypted).map((t) => t.position);
      mailTrustees(
        c,
        election,
        (url) => decryptionTurnMail({ namaPemilihan: election.title, needed, url }),
        positions,
      );
    }
    return c.json({ sent: positions.length }, 200);
  });
