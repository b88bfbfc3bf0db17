/**
 * The permission matrix (issue 6): every API operation of the OpenAPI document against every kind
 * of caller — anonymous, voter awaiting verification, verified voter, verified voter on another
 * election's roll, committee member of another election, committee member of this election,
 * admin, master — each cell with its expected answer.
 *
 * - The table below has one row per operation. The suite fails when the OpenAPI document has an
 *   operation without a row, or a row names an operation the document does not have.
 * - `deny` means exactly 401 for the anonymous caller and 403 for a signed-in one; anything else
 *   is the exact status (or any 2xx) a caller with the right gets for a well-formed request.
 * - Every request carries a valid body and real ids, so a refusal is never a validation answer.
 *   Every denied mutation is also sent with a malformed JSON body and must get the same 401/403:
 *   callers without the right are refused before their input is read (server/access/route-access.ts).
 *   The one exception is casting, which checks the session inside its single SQL statement.
 * - State: every cell gets its own throwaway target when the operation changes something (a fresh
 *   draft/open/closed election with "this" committee on it and the two voters on its roll, a fresh
 *   admin, pending voter, request, invitation, period, document, article...), so an allowed
 *   mutation never changes what a later cell sees. Shared fixtures (open election A and B, a
 *   closed election awaiting publication, a period, a document, an article) are only read.
 * - Every mutation answered 4xx is checked against a snapshot of the whole database taken after
 *   the cell's target was made: row count and a hash of the rows of every table (request
 *   counters excepted; sessions by id and token only) and the audit log's head.
 * - better-auth's endpoints are not in the OpenAPI document: the ones the product uses are listed
 *   by hand, and every path disabled in its configuration must answer 404 to everyone.
 */
import { recordFigures } from './figures.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../people/admins/create-admin.ts';
import { submitElectionRequest } from '../elections/requests/election-requests.ts';
import { samplePdf } from '../content/documents/sample-pdf.ts';
import {
  admins,
  candidates,
  committeeMembers,
  electionCredentials,
  electionRoll,
  electionWitnesses,
  elections,
  mailOutbox,
  passkey,
  user,
  voters,
} from '../db/schema/index.ts';
import { castBallot } from '../elections/ballot-box/cast-ballot.ts';
import { createInvitation } from '../elections/committee/invitations.ts';
import { startTestApp, voterInput, type TestApp, type TestClient } from '../test/app.ts';
import { IDP_CLIENT, startCampusIdp } from '../test/campus-idp.ts';
import { insertOpenElection, insertVoters } from '../test/elections.ts';
import { ENCRYPTED_BALLOT_FORMAT, setUpRecord } from '../elections/record/setup-record.ts';
import { imageBytes } from '../test/images.ts';
import { CALLERS, matches, send, snapshot, type Caller, type Expect } from './matrix-support.ts';
import { lockElection } from '../elections/setup/lock.ts';
import { closeRecord } from '../elections/record/close-record.ts';
import { recordArchive, recordRow } from '../elections/record/record-store.ts';
import { electionQuestion } from '../elections/record/ballot-question.ts';
import { openableChoice } from '../test/booth.ts';
import { ceremonyOf, trusteeView } from '../elections/trustees/ceremony.ts';
import { holdCeremony, trusteeActor, type CeremonyStage as HeldStage } from '../test/trustee.ts';
import {
  certFor,
  makePolynomial,
  makeVoutput,
  newSeed,
  proveKeyCheck,
  readSignedMessage,
  readVinput,
  serializePolynomial,
  serializeSignedMessage,
  serializeVoutput,
} from '../../shared/crypto/ceremony.ts';
import { decryptTally, tallyToDecrypt } from '../../shared/crypto/trustee-decryption.ts';

type Account = {
  cookie: string | null;
  email: string;
  password: string;
  userId: string;
  profile?: { namaLengkap: string; nim: string; prodi: string };
};
type Request = {
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  form?: FormData;
  /** Overrides the caller's session (e.g. a fresh one that signing out may end). */
  cookie?: string | null;
};
type Row = {
  method: string;
  path: string;
  expect: readonly Expect[];
  prepare?: (caller: Caller) => Promise<Request> | Request;
  /**
   * Reads its input before knowing who asks (casting checks the session inside its one SQL
   * statement), so a malformed body is answered 400 even to a caller without the right.
   */
  validatesFirst?: boolean;
};

let app: TestApp;
let idp: Awaited<ReturnType<typeof startCampusIdp>>;
let db: TestApp['services']['database']['db'];
const people = {} as Record<Caller, Account>;
let seq = 0;
const next = () => `${process.pid % 1000}${++seq}`;

// Shared fixtures: only read.
let openA: { id: string; candidates: { id: string }[] };
let closedC: string;
let verifiableOpen: string;
/** The booth of that election: its stored election object and what each slot counts. */
let verifiableBooth: { election: string; slots: string[]; credential: string };
type CeremonyFixture = Awaited<ReturnType<typeof freshCeremony>>;
/** One election per ceremony stage, only read: denied cells are sent against these. */
let sharedCeremony: Record<CeremonyStage, CeremonyFixture>;
/**
 * The target of a ceremony operation: a fresh one for the one caller whose request changes
 * something ("this" committee member, the trustee), the shared one for callers refused (the
 * database snapshot proves they changed nothing).
 */
const ceremonyFor = async (caller: Caller, stage: CeremonyStage) =>
  caller === 'committee' ? freshCeremony(stage) : sharedCeremony[stage];
let periodId: string;
let documentId: string;
let article: { id: string; slug: string };
let pdfHash: string;

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A request by the master that must succeed (fixtures made through the API itself). */
async function asMaster<T>(method: string, path: string, json?: unknown, form?: FormData) {
  const res = await send(app.url, app.services.env.publicUrl, people.master.cookie, method, path, {
    json,
    form,
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return (res.text ? JSON.parse(res.text) : null) as T;
}

async function onCommittee(electionId: string) {
  await db
    .insert(committeeMembers)
    .values({ electionId, userId: people.committee.userId, namaLengkap: 'Bayu Aji' });
}

/** The NIMs of "this" election's roll: the pending and the verified voter. */
const thisRoll = () => [people.pendingVoter.profile!.nim, people.voter.profile!.nim];

/** A fresh draft election of "this" committee, ready to lock (candidates and roll in place). */
async function freshDraft(ballotFormat = 1) {
  const [e] = await db
    .insert(elections)
    .values({
      title: 'Pemilihan Ketua Himpunan',
      organizer: 'HIMA Uji',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
      rollMode: 'roll',
      ballotFormat,
    })
    .returning();
  const cands = await db
    .insert(candidates)
    .values(
      [1, 2].map((n) => ({
        electionId: e!.id,
        nomorUrut: n,
        namaKetua: `Ketua ${n}`,
        namaWakil: `Wakil ${n}`,
      })),
    )
    .returning();
  await db.insert(electionRoll).values(thisRoll().map((nim) => ({ electionId: e!.id, nim })));
  await onCommittee(e!.id);
  return { id: e!.id, candidates: cands };
}

/** A fresh open election of "this" committee with the pending and verified voter on its roll. */
async function freshOpen() {
  const { election, candidates } = await insertOpenElection(db, { nims: thisRoll() });
  await onCommittee(election.id);
  return { id: election.id, candidates };
}

/** A fresh closed election of "this" committee whose results wait to be released by hand. */
async function freshClosed() {
  const castes = await insertVoters(db, 3);
  const { election, candidates } = await insertOpenElection(db, {
    nims: [...thisRoll(), ...castes.map((p) => p.nim)],
  });
  await db.update(elections).set({ resultsRelease: 'manual' }).where(eq(elections.id, election.id));
  for (const [i, c] of [0, 1, 1].entries())
    await castBallot(db, {
      electionId: election.id,
      userId: castes[i]!.id,
      choice: candidates[c]!.id,
    });
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
    .where(eq(elections.id, election.id));
  await onCommittee(election.id);
  return election.id;
}

type CeremonyStage = Exclude<HeldStage, 'checked'> | 'closed';

/**
 * A fresh verifiable draft of "this" committee with a second committee member, its key ceremony
 * (2 of 2) brought to `stage`: "this" committee member is trustee 1 with `seed`. 'closed' is
 * locked, voted by nobody and closed for good.
 */
async function freshCeremony(stage: CeremonyStage) {
  const { id } = await freshDraft(ENCRYPTED_BALLOT_FORMAT);
  const held = await holdCeremony(db, id, [people.committee.userId, await freshAdmin()], {
    stage: stage === 'closed' ? 'checked' : stage,
  });
  const out = { id, seed: held.seeds[0]!, share: held.shares[0] };
  if (stage !== 'closed') return out;
  await lockElection(db, trusteeActor(people.committee.userId, id), id);
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 600_000) })
    .where(eq(elections.id, id));
  await closeRecord(db, id);
  return out;
}

/** "This" committee member's partial decryption of a closed fresh ceremony's tally. */
async function decryptionBody(c: { id: string; share?: bigint }) {
  const bytes = (await recordArchive(db, c.id))!.bytes;
  const tally = tallyToDecrypt(bytes);
  if ('problem' in tally) throw new Error(tally.problem);
  return { dekripsiParsial: decryptTally(tally, c.share!) };
}

async function freshAdmin(deactivated = false) {
  const n = next();
  const { account } = await createAdmin(db, {
    email: `cadangan${n}@bem.test`,
    password: 'sandi-cadangan-1',
    name: 'Admin Cadangan',
    role: 'admin',
  });
  if (deactivated)
    await db.update(admins).set({ deactivatedAt: new Date() }).where(eq(admins.userId, account.id));
  return account.id;
}

/** A mail the outbox gave up, its body kept: the master may send it again. */
async function freshFailedMail() {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: `gagal${next()}@mahasiswa.test`,
      subject: 'Surat uji',
      bodyText: 'Isi surat uji',
      state: 'failed',
      attempts: 3,
      lastError: 'Ditolak server surat (kode 550).',
    })
    .returning({ id: mailOutbox.id });
  return String(row!.id);
}

async function freshRequest() {
  const { mailer, logger, env } = app.services;
  const start = new Date(Date.now() + 7 * 86_400_000);
  const request = await submitElectionRequest(
    { db, mailer, logger, publicUrl: env.publicUrl },
    null,
    {
      namaPemilihan: 'Pemilihan Ketua Himpunan',
      penyelenggara: 'HIMA Uji',
      deskripsi: 'Pemilihan ketua himpunan periode berikutnya.',
      waktuMulai: start,
      waktuSelesai: new Date(start.getTime() + 3_600_000),
      namaPemohon: 'Rina Putri',
      emailPemohon: `pemohon${next()}@uji.test`,
    },
  );
  return request.id;
}

const freshPeriod = async () =>
  (
    await asMaster<{ id: string }>('POST', '/api/structure/periods', {
      label: `Periode ${next()}`,
      cabinetName: 'Kabinet Uji',
    })
  ).id;
const freshDivision = async (periodId: string) =>
  (
    await asMaster<{ id: string }>('POST', `/api/structure/periods/${periodId}/divisions`, {
      name: `Divisi ${next()}`,
    })
  ).id;
const freshMember = async (periodId: string) =>
  (
    await asMaster<{ id: string }>('POST', `/api/structure/periods/${periodId}/members`, {
      name: 'Anggota Uji',
      position: 'Staf Ahli',
    })
  ).id;
const documentBody = () => ({ title: `Dokumen Uji ${next()}`, category: 'Lainnya', file: pdfHash });
const freshDocument = async () =>
  (await asMaster<{ id: string }>('POST', '/api/documents', documentBody())).id;
const serviceBody = () => ({ title: `Layanan Uji ${next()}`, category: 'Lainnya' });
const freshService = async () =>
  (await asMaster<{ id: string }>('POST', '/api/services', serviceBody())).id;
const articleBody = (action = 'draft') => ({
  title: `Berita Uji Matriks ${next()}`,
  category: 'Berita',
  body: '<p>Isi berita uji untuk matriks izin.</p>',
  action,
});
const freshArticle = async (action = 'draft') =>
  asMaster<{ id: string; slug: string }>('POST', '/api/admin/articles', articleBody(action));

const fileForm = (bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

const settingsBody = () => ({
  title: 'Pemilihan Ketua Himpunan',
  description: 'Pemilihan ketua dan wakil ketua himpunan.',
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  kotakKosong: true,
  abstain: false,
  rollMode: 'roll',
  rollProdi: [],
  rollYears: [],
  resultsRelease: 'on-close',
});
const candidateBody = (nomorUrut: number) => ({
  nomorUrut,
  namaKetua: 'Ketua Baru',
  namaWakil: 'Wakil Baru',
  visi: 'Kampus yang terbuka.',
  misi: '1. Transparansi',
  foto: '',
});

// Column order: anonymous, pendingVoter, voter, otherRollVoter, otherCommittee, committee, admin, master.
const D = 'deny';
const everyone = (e: Expect) => [e, e, e, e, e, e, e, e] as const;
const signedIn = (e: Expect) => [D, e, e, e, e, e, e, e] as const;
const admin = (e: Expect) => [D, D, D, D, D, D, e, e] as const;
const master = (e: Expect) => [D, D, D, D, D, D, D, e] as const;
const voterSelf = (e: Expect) => [D, e, e, e, D, D, D, D] as const;
/** The committee of this election (prepare); the master only looks. */
const committee = (e: Expect) => [D, D, D, D, D, e, D, D] as const;
const committeeOrMaster = (e: Expect) => [D, D, D, D, D, e, D, e] as const;
/** Results not yet released: this election's committee and every admin. */
const committeeOrAdmin = (e: Expect) => [D, D, D, D, D, e, e, e] as const;

const op = (
  method: string,
  path: string,
  expect: readonly Expect[],
  prepare?: Row['prepare'],
  opts: Pick<Row, 'validatesFirst'> = {},
): Row => ({ method, path, expect, prepare, ...opts });

/** One row per operation of the OpenAPI document. */
const ROWS: Row[] = [
  // Health
  op('GET', '/healthz', everyone(200)),
  op('GET', '/readyz', everyone(200)),
  // Accounts and profiles
  op('GET', '/api/me', everyone(200)),
  op('GET', '/api/sign-in-options', everyone(200)),
  op('POST', '/api/voters/register', everyone(202), () => ({ json: voterInput() })),
  op('GET', '/api/voters/me', voterSelf(200)),
  // Only an account without a voter record that is no admin's (here the committee members) gives
  // its student data; with a NIM another voter holds it is told so and nothing is stored.
  op('POST', '/api/voters/me', [D, D, D, D, 409, 409, D, D], () => ({
    json: { namaLengkap: 'Bayu Aji', nim: people.voter.profile!.nim, prodi: 'Elektro Mekanika' },
  })),
  op('PUT', '/api/voters/me', voterSelf(200), (caller) => ({
    json: { ...(people[caller].profile ?? people.voter.profile), foto: '' },
  })),
  op('GET', '/api/admins/me', admin(200)),
  op('PUT', '/api/admins/me', admin(200), (caller) => ({
    json: {
      namaTampilan: '',
      namaLengkap: caller === 'master' ? 'Sari Master' : 'Budi Admin',
      foto: '',
    },
  })),
  op('GET', '/api/live/me', signedIn(200)),
  // The live turnout of a running election (participation only): public like its results page
  op('GET', '/api/live/elections/{electionId}', everyone(200), () => ({
    params: { electionId: openA.id },
  })),
  // Managing admins
  op('GET', '/api/admins', master(200)),
  op('POST', '/api/admins', master(201), () => ({
    json: { email: `baru${next()}@bem.test`, namaLengkap: 'Admin Baru', role: 'admin' },
  })),
  op('PUT', '/api/admins/{userId}/role', master(200), async () => ({
    params: { userId: await freshAdmin() },
    json: { role: 'master' },
  })),
  op('POST', '/api/admins/{userId}/deactivate', master(200), async () => ({
    params: { userId: await freshAdmin() },
  })),
  // The escape hatch for an admin who lost their device
  op('POST', '/api/admins/{userId}/reset-second-factor', master(200), async () => ({
    params: { userId: await freshAdmin() },
  })),
  op('POST', '/api/admins/{userId}/reactivate', master(200), async () => ({
    params: { userId: await freshAdmin(true) },
  })),
  // Activity history and dashboard
  op('GET', '/api/activity', admin(200)),
  op('GET', '/api/activity/options', admin(200)),
  op('GET', '/api/activity/export', admin(200)),
  op('GET', '/api/activity/chain', admin(200)),
  op('POST', '/api/metrics/view', everyone(204), () => ({ json: { path: '/' } })),
  op('POST', '/api/metrics/vitals', everyone(204), () => ({
    json: { path: '/', metrics: [{ name: 'LCP', value: 1200 }] },
  })),
  op('GET', '/api/metrics/counts', admin(200)),
  op('GET', '/api/metrics/usage', admin(200)),
  // The mail outbox: what waits and what was given up (addresses of everyone): master only
  op('GET', '/api/mail/outbox', master(200)),
  op('POST', '/api/mail/outbox/{id}/retry', master(204), async () => ({
    params: { id: await freshFailedMail() },
  })),
  // Site settings
  op('GET', '/api/site/footer', everyone(200)),
  op('PUT', '/api/site/footer', admin(200), async () => ({
    json: await asMaster('GET', '/api/site/footer'),
  })),
  op('GET', '/api/site/about', everyone(200)),
  // What second factors admins must have (the master's setting)
  op('GET', '/api/site/security', master(200)),
  op('PUT', '/api/site/security', master(200), () => ({
    json: { requireTotpForAdmins: false, requirePasskeyForAdmins: false },
  })),
  op('PUT', '/api/site/about', admin(200), async () => ({
    json: await asMaster('GET', '/api/site/about'),
  })),
  // Organisation structure
  op('GET', '/api/structure/periods', everyone(200)),
  op('POST', '/api/structure/periods', admin(201), () => ({
    json: { label: `Periode ${next()}`, cabinetName: 'Kabinet Uji' },
  })),
  op('GET', '/api/structure/current', everyone(200)),
  op('GET', '/api/structure/periods/{id}', everyone(200), () => ({ params: { id: periodId } })),
  op('PUT', '/api/structure/periods/{id}', admin(200), async () => ({
    params: { id: await freshPeriod() },
    json: { label: `Periode ${next()}`, cabinetName: 'Kabinet Uji Ubah' },
  })),
  op('DELETE', '/api/structure/periods/{id}', admin(204), async () => ({
    params: { id: await freshPeriod() },
  })),
  op('POST', '/api/structure/periods/{id}/current', admin(200), async () => ({
    params: { id: await freshPeriod() },
  })),
  op('POST', '/api/structure/periods/{id}/divisions', admin(201), async () => ({
    params: { id: await freshPeriod() },
    json: { name: 'Divisi Baru' },
  })),
  op('PUT', '/api/structure/divisions/{id}', admin(200), async () => ({
    params: { id: await freshDivision(await freshPeriod()) },
    json: { name: 'Divisi Ubah' },
  })),
  op('DELETE', '/api/structure/divisions/{id}', admin(204), async () => ({
    params: { id: await freshDivision(await freshPeriod()) },
  })),
  op('POST', '/api/structure/divisions/{id}/move', admin(204), async () => {
    const p = await freshPeriod();
    await freshDivision(p);
    return { params: { id: await freshDivision(p) }, json: { direction: 'up' } };
  }),
  op('POST', '/api/structure/periods/{id}/members', admin(201), async () => ({
    params: { id: await freshPeriod() },
    json: { name: 'Anggota Baru', position: 'Staf Ahli' },
  })),
  op('PUT', '/api/structure/members/{id}', admin(200), async () => ({
    params: { id: await freshMember(await freshPeriod()) },
    json: { name: 'Anggota Ubah', position: 'Staf Ahli' },
  })),
  op('DELETE', '/api/structure/members/{id}', admin(204), async () => ({
    params: { id: await freshMember(await freshPeriod()) },
  })),
  op('POST', '/api/structure/members/{id}/move', admin(204), async () => {
    const p = await freshPeriod();
    await freshMember(p);
    return { params: { id: await freshMember(p) }, json: { direction: 'up' } };
  }),
  // Election requests and committee accounts
  op('POST', '/api/election-requests', everyone(201), () => {
    const start = new Date(Date.now() + 7 * 86_400_000);
    return {
      json: {
        namaPemilihan: 'Pemilihan Ketua Himpunan',
        penyelenggara: 'HIMA Uji',
        deskripsi: 'Pemilihan ketua himpunan periode berikutnya.',
        waktuMulai: start.toISOString(),
        waktuSelesai: new Date(start.getTime() + 3_600_000).toISOString(),
        namaPemohon: 'Rina Putri',
        emailPemohon: `pemohon${next()}@uji.test`,
      },
    };
  }),
  op('GET', '/api/election-requests', master(200)),
  op('POST', '/api/election-requests/{id}/approve', master(200), async () => ({
    params: { id: await freshRequest() },
  })),
  op('POST', '/api/election-requests/{id}/reject', master(200), async () => ({
    params: { id: await freshRequest() },
    json: { alasan: 'Jadwal bentrok dengan ujian.' },
  })),
  op('POST', '/api/committee/register', everyone(201), async () => {
    const email = `panitia${next()}@uji.test`;
    return {
      json: {
        kodeUndangan: (await createInvitation(db, (await freshDraft()).id, null, email)).code,
        namaLengkap: 'Panitia Baru',
        email,
        password: 'sandi-panitia-1',
        confirmPassword: 'sandi-panitia-1',
      },
    };
  }),
  // The code is sent to the caller's own address (a code works only for the address it was sent to).
  op('POST', '/api/committee/join', signedIn(200), async (caller) => ({
    json: {
      kodeUndangan: (
        await createInvitation(
          db,
          (await freshDraft()).id,
          null,
          caller === 'anonymous' ? 'tidak.ada@uji.test' : people[caller].email,
        )
      ).code,
    },
  })),
  op('GET', '/api/committee/elections', signedIn(200)),
  // The key ceremony and the decryption (trustees: here "this" committee member is trustee 1)
  op('GET', '/api/elections/{id}/ceremony', committeeOrMaster(200), () => ({
    params: { id: sharedCeremony.started.id },
  })),
  op('POST', '/api/elections/{id}/ceremony', committee(201), async () => {
    const { id } = await freshDraft(ENCRYPTED_BALLOT_FORMAT);
    const helper = await freshAdmin();
    await db
      .insert(committeeMembers)
      .values({ electionId: id, userId: helper, namaLengkap: 'Dewi Lestari' });
    return { params: { id }, json: { ambang: 2 } };
  }),
  op('POST', '/api/elections/{id}/ceremony/restart', committee(200), async (caller) => ({
    params: { id: (await ceremonyFor(caller, 'certs')).id },
    json: { ambang: 2, alasan: 'Seorang wali kunci berhalangan.' },
  })),
  op('GET', '/api/elections/{id}/ceremony/me', committee(200), () => ({
    params: { id: sharedCeremony.started.id },
  })),
  op('POST', '/api/elections/{id}/ceremony/cert', committee(200), async (caller) => ({
    params: { id: (await ceremonyFor(caller, 'started')).id },
    json: { cert: serializeSignedMessage(certFor(newSeed())), percobaan: 1 },
  })),
  op('POST', '/api/elections/{id}/ceremony/polynomial', committee(200), async (caller) => {
    const c = await ceremonyFor(caller, 'certs');
    const certs = (await ceremonyOf(db, c.id))!.trustees.map((t) => readSignedMessage(t.cert!)!);
    return {
      params: { id: c.id },
      json: { polynomial: serializePolynomial(makePolynomial(c.seed, certs, 2)), percobaan: 1 },
    };
  }),
  op('POST', '/api/elections/{id}/ceremony/voutput', committee(200), async (caller) => {
    const c = await ceremonyFor(caller, 'polynomials');
    const state = (await ceremonyOf(db, c.id))!;
    const made = makeVoutput(
      c.seed,
      state.trustees.map((t) => readSignedMessage(t.cert!)!),
      readVinput(trusteeView(state, state.trustees[0]!).vinput!)!,
    );
    if ('problem' in made) throw new Error(made.problem);
    return {
      params: { id: c.id },
      json: { voutput: serializeVoutput(made.voutput), percobaan: 1 },
    };
  }),
  op('POST', '/api/elections/{id}/ceremony/key-check', committee(200), async (caller) => {
    const c = await ceremonyFor(caller, 'complete');
    const state = (await ceremonyOf(db, c.id))!;
    const proof = proveKeyCheck(state.ceremony.uuid, state.trustees[0]!.keyCheckNonce, c.share!);
    return {
      params: { id: c.id },
      json: { bukti: { challenge: String(proof.challenge), response: String(proof.response) } },
    };
  }),
  op('GET', '/api/elections/{id}/decryption', committeeOrMaster(200), () => ({
    params: { id: sharedCeremony.closed.id },
  })),
  op('POST', '/api/elections/{id}/decryption', committee(200), async (caller) => {
    const c = await ceremonyFor(caller, 'closed');
    return { params: { id: c.id }, json: await decryptionBody(c) };
  }),
  op('POST', '/api/elections/{id}/trustees/remind', committee(200), async (caller) => ({
    params: { id: (await ceremonyFor(caller, 'certs')).id },
  })),
  // Preparing an election (its committee)
  op('GET', '/api/elections/{id}/overview', committeeOrMaster(200), () => ({
    params: { id: openA.id },
  })),
  op('PUT', '/api/elections/{id}/settings', committee(200), async () => ({
    params: { id: (await freshDraft()).id },
    json: settingsBody(),
  })),
  op('POST', '/api/elections/{id}/lock', committee(200), async () => ({
    params: { id: (await freshDraft()).id },
  })),
  op('POST', '/api/elections/{id}/extend', committee(200), async () => ({
    params: { id: (await freshOpen()).id },
    json: {
      endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      alasan: 'Antrean panjang di tempat pemungutan suara.',
    },
  })),
  op('POST', '/api/elections/{id}/candidates', committee(201), async () => ({
    params: { id: (await freshDraft()).id },
    json: candidateBody(3),
  })),
  op('PUT', '/api/elections/{id}/candidates/{candidateId}', committee(200), async () => {
    const e = await freshDraft();
    return { params: { id: e.id, candidateId: e.candidates[0]!.id }, json: candidateBody(1) };
  }),
  op('DELETE', '/api/elections/{id}/candidates/{candidateId}', committee(204), async () => {
    const e = await freshDraft();
    return { params: { id: e.id, candidateId: e.candidates[1]!.id } };
  }),
  op('POST', '/api/elections/{id}/roll/preview', committee(200), async () => ({
    params: { id: (await freshDraft()).id },
    json: { csv: `NIM\n${thisRoll().join('\n')}` },
  })),
  op('POST', '/api/elections/{id}/roll', committee(200), async () => ({
    params: { id: (await freshDraft()).id },
    json: { csv: `NIM\n${thisRoll().join('\n')}` },
  })),
  op('GET', '/api/elections/{id}/roll', committeeOrMaster(200), () => ({
    params: { id: openA.id },
  })),
  op('GET', '/api/elections/{id}/mail-problems', committeeOrMaster(200), () => ({
    params: { id: openA.id },
  })),
  // Witnesses (saksi): the committee invites one per candidate pair; the master only looks
  op('GET', '/api/elections/{id}/witnesses', committeeOrMaster(200), () => ({
    params: { id: openA.id },
  })),
  op('POST', '/api/elections/{id}/witnesses/invitations', committee(201), async () => {
    const e = await freshDraft();
    return {
      params: { id: e.id },
      json: { candidateId: e.candidates[0]!.id, email: `saksi${next()}@uji.test` },
    };
  }),
  op(
    'POST',
    '/api/elections/{id}/witnesses/invitations/{code}/revoke',
    committee(204),
    async () => {
      const e = await freshDraft();
      const { code } = await createInvitation(db, e.id, null, `saksi${next()}@uji.test`, {
        role: 'saksi',
        candidateId: e.candidates[0]!.id,
      });
      return { params: { id: e.id, code } };
    },
  ),
  op('POST', '/api/elections/{id}/witnesses/{candidateId}/remove', committee(204), async () => {
    const e = await freshDraft();
    const witness = (await insertVoters(db, 1))[0]!.id;
    await db.insert(electionWitnesses).values({
      electionId: e.id,
      userId: witness,
      candidateId: e.candidates[0]!.id,
      namaLengkap: 'Saksi Pergi',
    });
    return {
      params: { id: e.id, candidateId: e.candidates[0]!.id },
      json: { alasan: 'Saksi pindah kampus.' },
    };
  }),
  // Oversight (master)
  op('GET', '/api/oversight/elections', master(200)),
  op('POST', '/api/oversight/elections/{id}/committee', master(201), async () => ({
    params: { id: (await freshDraft()).id },
    json: { email: `${(await insertVoters(db, 1))[0]!.id}@uji.test` },
  })),
  op('DELETE', '/api/oversight/elections/{id}/committee/{userId}', master(204), async () => ({
    params: { id: (await freshDraft()).id, userId: people.committee.userId },
  })),
  op('POST', '/api/oversight/elections/{id}/invitations', master(201), async () => ({
    params: { id: (await freshDraft()).id },
    json: { email: `undangan${next()}@uji.test` },
  })),
  op('POST', '/api/oversight/elections/{id}/invitations/{code}/revoke', master(204), async () => {
    const id = (await freshDraft()).id;
    return {
      params: { id, code: (await createInvitation(db, id, null, 'dicabut@uji.test')).code },
    };
  }),
  op('POST', '/api/oversight/elections/{id}/archive', master(200), async () => ({
    params: { id: (await freshDraft()).id },
  })),
  op('POST', '/api/elections/{id}/publish', committeeOrMaster(200), async () => ({
    params: { id: await freshClosed() },
  })),
  // Voting
  op('GET', '/api/elections', everyone(200)),
  op('GET', '/api/elections/{id}/candidates', everyone(200), () => ({ params: { id: openA.id } })),
  op('GET', '/api/voting/{id}', signedIn(200), () => ({ params: { id: openA.id } })),
  op(
    'POST',
    '/api/voting/{id}/cast',
    [D, D, 201, D, D, D, D, D],
    async () => {
      const e = await freshOpen();
      return { params: { id: e.id }, json: { choice: e.candidates[0]!.id } };
    },
    { validatesFirst: true },
  ),
  // Opening a ballot instead of casting it: only the voter on the roll, with their credential.
  op(
    'POST',
    '/api/voting/{id}/audit',
    [D, D, 201, D, D, D, D, D],
    () => {
      const { ballot, randomness } = openableChoice(verifiableBooth, verifiableBooth.slots[0]!);
      return { params: { id: verifiableOpen }, json: { ballot, randomness } };
    },
    { validatesFirst: true },
  ),
  // Sending a credential again: the committee of the election only (election A has plain
  // ballots, so the committee passes the permission and meets the 409 that says so).
  op(
    'POST',
    '/api/elections/{id}/credentials/{nim}/resend',
    committee(409),
    () => ({
      params: { id: openA.id, nim: people.voter.profile!.nim },
      json: { kunciPemulihan: 'ab'.repeat(32), alasan: 'Email pemilih hilang.' },
    }),
    { validatesFirst: true },
  ),
  op('GET', '/api/voters/me/elections', voterSelf(200)),
  // Voter verification (admins)
  op('GET', '/api/voters', admin(200)),
  op('POST', '/api/voters/{userId}/verify', admin(200), async () => ({
    params: { userId: (await insertVoters(db, 1, { status: 'pending' }))[0]!.id },
  })),
  op('POST', '/api/voters/{userId}/reject', admin(200), async () => ({
    params: { userId: (await insertVoters(db, 1, { status: 'pending' }))[0]!.id },
    json: { alasan: 'NIM tidak sesuai dengan data kampus.' },
  })),
  op('POST', '/api/voters/student-list/preview', admin(200), () => ({
    json: { csv: 'NIM,Nama,Prodi\n8800000001,Nama Mahasiswa,Teknokimia Nuklir' },
  })),
  op('POST', '/api/voters/student-list', admin(200), () => ({
    json: { csv: 'NIM,Nama,Prodi\n8800000001,Nama Mahasiswa,Teknokimia Nuklir' },
  })),
  // Results of a closed election whose committee has not released them yet
  op('GET', '/api/results/{electionId}', everyone(200), () => ({
    params: { electionId: closedC },
  })),
  op('GET', '/api/results/{electionId}/csv', committeeOrAdmin(200), () => ({
    params: { electionId: closedC },
  })),
  op('GET', '/api/results/{electionId}/pdf', committeeOrAdmin(200), () => ({
    params: { electionId: closedC },
  })),
  // A verifiable election's public record: anyone, while voting too (the counts' part follows
  // the results' visibility: server/elections/record/verifiable-box.test.ts).
  op('GET', '/api/elections/{id}/record', everyone(200), () => ({
    params: { id: verifiableOpen },
  })),
  op('GET', '/api/elections/{id}/record/head', everyone(200), () => ({
    params: { id: verifiableOpen },
  })),
  op('GET', '/api/elections/{id}/record/ballots', everyone(200), () => ({
    params: { id: verifiableOpen },
  })),
  op('GET', '/api/elections/{id}/record/audited', everyone(200), () => ({
    params: { id: verifiableOpen },
  })),
  op('POST', '/api/results/{electionId}/receipt-check', everyone(200), () => ({
    params: { electionId: openA.id },
    json: { receipt: 'ABCD-EFGH-JKMN-PQRS' },
  })),
  // Documents
  op('GET', '/api/documents', everyone(200)),
  op('POST', '/api/documents', admin(201), () => ({ json: documentBody() })),
  op('GET', '/api/documents/latest', everyone(200)),
  op('GET', '/api/documents/{id}/download', everyone(200), () => ({
    params: { id: documentId },
  })),
  op('PUT', '/api/documents/{id}', admin(200), async () => ({
    params: { id: await freshDocument() },
    json: documentBody(),
  })),
  op('DELETE', '/api/documents/{id}', admin(204), async () => ({
    params: { id: await freshDocument() },
  })),
  op('POST', '/api/documents/{id}/move', admin(204), async () => {
    await freshDocument();
    return { params: { id: await freshDocument() }, json: { direction: 'up' } };
  }),
  // Services
  op('GET', '/api/services', everyone(200)),
  op('POST', '/api/services', admin(201), () => ({ json: serviceBody() })),
  op('PUT', '/api/services/{id}', admin(200), async () => ({
    params: { id: await freshService() },
    json: serviceBody(),
  })),
  op('DELETE', '/api/services/{id}', admin(204), async () => ({
    params: { id: await freshService() },
  })),
  op('POST', '/api/services/{id}/move', admin(204), async () => {
    await freshService();
    return { params: { id: await freshService() }, json: { direction: 'up' } };
  }),
  // News
  op('GET', '/api/articles', everyone(200)),
  op('GET', '/api/articles/{slug}', everyone(200), () => ({ params: { slug: article.slug } })),
  op('GET', '/api/admin/articles', admin(200)),
  op('POST', '/api/admin/articles', admin(201), () => ({ json: articleBody() })),
  op('GET', '/api/admin/articles/{id}', admin(200), () => ({ params: { id: article.id } })),
  op('PUT', '/api/admin/articles/{id}', admin(200), async () => ({
    params: { id: (await freshArticle()).id },
    json: articleBody('keep'),
  })),
  op('DELETE', '/api/admin/articles/{id}', admin(204), async () => ({
    params: { id: (await freshArticle()).id },
  })),
  op('POST', '/api/admin/articles/{id}/publication', admin(200), async () => ({
    params: { id: (await freshArticle()).id },
    json: { action: 'publish' },
  })),
  op('POST', '/api/admin/articles/preview', admin(200), () => ({
    json: { title: 'Pratinjau Berita Uji', category: 'Berita' },
  })),
  // Uploads
  op('POST', '/api/uploads/images', admin(201), async () => ({
    form: fileForm(await imageBytes(64, 48), 'foto.jpg', 'image/jpeg'),
  })),
  op('POST', '/api/uploads/documents', admin(201), async () => ({
    form: fileForm(
      await samplePdf(`Dokumen ${next()}`, ['Isi dokumen.']),
      'dok.pdf',
      'application/pdf',
    ),
  })),
];

/** better-auth's endpoints the product uses (not in the OpenAPI document). */
const AUTH_ROWS: Row[] = [
  op('POST', '/api/auth/sign-in/email', everyone(200), (caller) => {
    const who = people[caller === 'anonymous' ? 'voter' : caller];
    return { json: { email: who.email, password: who.password } };
  }),
  op('POST', '/api/auth/sign-out', everyone(200), async (caller) => {
    if (caller === 'anonymous') return { json: {} };
    // A session of its own, so signing out does not end the caller's session for later cells.
    const c = app.client();
    expect((await c.signIn(people[caller].email, people[caller].password)).status).toBe(200);
    return { json: {}, cookie: cookieOf(c) };
  }),
  op('GET', '/api/auth/get-session', everyone(200)),
  op('POST', '/api/auth/request-password-reset', everyone(200), (caller) => ({
    json: {
      email: caller === 'anonymous' ? 'tidak.ada@uji.test' : people[caller].email,
      redirectTo: '/lupa-sandi',
    },
  })),
  op('POST', '/api/auth/reset-password', everyone(400), () => ({
    json: { newPassword: 'sandi-baru-123', token: 'token-palsu-yang-tidak-ada' },
  })),
  // Campus SSO: anyone may start one (the answer is the provider's address); a callback that
  // answers no request this server made sends the browser back to the sign-in page, signed out.
  op('POST', '/api/auth/sign-in/social', everyone(200), () => ({
    json: {
      provider: 'kampus',
      callbackURL: '/',
      errorCallbackURL: '/login-pemilih',
      disableRedirect: true,
    },
  })),
  op('GET', '/api/auth/callback/kampus?state=state-palsu&code=kode-palsu', everyone(302)),
  // Second factors. A code without a pending sign-in (anonymous) or without an authenticator on
  // the account (everyone else) is refused.
  op('POST', '/api/auth/two-factor/verify-totp', [401, 400, 400, 400, 400, 400, 400, 400], () => ({
    json: { code: '123456' },
  })),
  op(
    'POST',
    '/api/auth/two-factor/verify-backup-code',
    [401, 400, 400, 400, 400, 400, 400, 400],
    () => ({ json: { code: 'AbCd1-EfGh2' } }),
  ),
  op('POST', '/api/auth/two-factor/generate-backup-codes', signedIn(400), (caller) => ({
    json: { password: people[caller].password || 'sandi-apa-saja-1' },
  })),
  // Authenticator apps are for committee members and admins; voters are refused.
  // (The voters of the table joined committees in an earlier row: a voter's cell is sent by a
  // fresh voter in the same state, who is on no committee.)
  op('POST', '/api/auth/two-factor/enable', [D, D, D, D, 200, 200, 200, 200], async (caller) => {
    const json = { password: people[caller].password || 'sandi-apa-saja-1' };
    if (!['pendingVoter', 'voter', 'otherRollVoter'].includes(caller)) return { json };
    const c = app.client();
    const input = await c.registerVoter({ namaLengkap: 'Siti Rahmawati' });
    if (caller !== 'pendingVoter')
      await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
    return { json: { password: input.password }, cookie: cookieOf(c) };
  }),
  op('POST', '/api/auth/two-factor/disable', signedIn(200), async (caller) => {
    if (caller === 'anonymous') return { json: { password: 'sandi-apa-saja-1' } };
    // Disabling replaces the session: a session of its own keeps the caller's for later cells.
    const c = app.client();
    expect((await c.signIn(people[caller].email, people[caller].password)).status).toBe(200);
    return { json: { password: people[caller].password }, cookie: cookieOf(c) };
  }),
  op('GET', '/api/auth/passkey/generate-register-options', signedIn(200)),
  op('POST', '/api/auth/passkey/verify-registration', signedIn(400), () => ({
    json: { response: { id: 'palsu', response: {} }, name: 'Kunci Palsu' },
  })),
  op('GET', '/api/auth/passkey/generate-authenticate-options', everyone(200)),
  op('POST', '/api/auth/passkey/verify-authentication', everyone(400), () => ({
    json: { response: { id: 'palsu', response: {} } },
  })),
  op('GET', '/api/auth/passkey/list-user-passkeys', signedIn(200)),
  // Only the owner (here the master) may rename or remove a passkey; to anyone else it does not exist.
  op(
    'POST',
    '/api/auth/passkey/update-passkey',
    [D, 404, 404, 404, 404, 404, 404, 200],
    async () => ({
      json: { id: await freshPasskey(people.master.userId), name: 'Kunci Baru' },
    }),
  ),
  op(
    'POST',
    '/api/auth/passkey/delete-passkey',
    [D, 404, 404, 404, 404, 404, 404, 200],
    async () => ({
      json: { id: await freshPasskey(people.master.userId) },
    }),
  ),
];

/** A passkey row of an account (its key is never checked by these requests). */
async function freshPasskey(userId: string) {
  const id = `kunci-${next()}`;
  await db.insert(passkey).values({
    id,
    name: 'Kunci Uji',
    publicKey: 'cHVibGlj',
    userId,
    credentialID: `kredensial-${id}`,
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
  });
  return id;
}

let requests = 0;
let refusedMutations = 0;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Runs one row for the eight callers; returns the cells that did not answer as expected. */
async function runRow(row: Row): Promise<string[]> {
  const failures: string[] = [];
  expect(row.expect).toHaveLength(CALLERS.length);
  for (const [i, caller] of CALLERS.entries()) {
    const expected = row.expect[i]!;
    const req = (await row.prepare?.(caller)) ?? {};
    const path =
      row.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = req.params?.[name];
        if (!value) throw new Error(`${row.path}: no value for {${name}}`);
        return encodeURIComponent(value);
      }) + (req.query ? `?${req.query}` : '');
    const mutation = MUTATIONS.has(row.method);
    // What an earlier cell started in the background (its mails into the outbox) is done first.
    await app.services.background.settled();
    const before = mutation ? await snapshot(db) : null;
    const cookie = req.cookie !== undefined ? req.cookie : people[caller].cookie;
    const res = await send(app.url, app.services.env.publicUrl, cookie, row.method, path, {
      json: req.json ?? (row.method === 'GET' || req.form ? undefined : {}),
      form: req.form,
    });
    requests++;
    if (!matches(caller, expected, res.status))
      failures.push(`${caller}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`);
    // Someone without the right is refused before their input is read: a malformed body gets
    // the same 401/403, never a validation answer.
    if (before && expected === 'deny' && !row.validatesFirst) {
      const bad = await send(app.url, app.services.env.publicUrl, cookie, row.method, path, {
        malformedJson: true,
      });
      requests++;
      if (!matches(caller, 'deny', bad.status))
        failures.push(`${caller}: a malformed body got ${bad.status}, not a denial`);
    }
    if (before && res.status >= 400 && res.status < 500) {
      refusedMutations++;
      await app.services.background.settled();
      const after = await snapshot(db);
      const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
      if (changed.length)
        failures.push(`${caller}: refused with ${res.status} but changed ${changed}`);
    }
  }
  return failures;
}

beforeAll(async () => {
  idp = await startCampusIdp({
    redirectUri: 'http://localhost/api/auth/callback/kampus',
    accounts: [],
  });
  app = await startTestApp(
    {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
    },
    { minuteJobs: false },
  );
  db = app.services.database.db;
  const signIn = async (email: string, password: string) => {
    const c = app.client();
    expect((await c.signIn(email, password)).status).toBe(200);
    return c;
  };
  const userIdOf = async (email: string) =>
    (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

  people.anonymous = { cookie: null, email: '', password: '', userId: '' };
  for (const [role, key, name] of [
    ['master', 'master', 'Sari Master'],
    ['admin', 'admin', 'Budi Admin'],
  ] as const) {
    const email = `${role}.matriks@bem.test`;
    await createAdmin(db, { email, password: `sandi-${role}-1`, name, role });
    people[key] = {
      cookie: cookieOf(await signIn(email, `sandi-${role}-1`)),
      email,
      password: `sandi-${role}-1`,
      userId: await userIdOf(email),
    };
  }
  for (const key of ['pendingVoter', 'voter', 'otherRollVoter'] as const) {
    const c = app.client();
    const input = await c.registerVoter({ namaLengkap: 'Siti Rahmawati' });
    people[key] = {
      cookie: cookieOf(c),
      email: input.email,
      password: input.password,
      userId: await userIdOf(input.email),
      profile: { namaLengkap: input.namaLengkap, nim: input.nim, prodi: input.prodi },
    };
    if (key !== 'pendingVoter')
      await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
  }
  const a = await insertOpenElection(db, { nims: thisRoll() });
  const b = await insertOpenElection(db, { nims: [people.otherRollVoter.profile!.nim] });
  openA = { id: a.election.id, candidates: a.candidates };
  for (const [key, electionId] of [
    ['committee', a.election.id],
    ['otherCommittee', b.election.id],
  ] as const) {
    const c = app.client();
    const email = `${key.toLowerCase()}.matriks@uji.test`;
    // Codes work only before lock: the committee registered while its election was a draft.
    await db.update(elections).set({ status: 'draft' }).where(eq(elections.id, electionId));
    const res = await c.post('/api/committee/register', {
      kodeUndangan: (await createInvitation(db, electionId, null, email)).code,
      namaLengkap: 'Bayu Aji',
      email,
      password: 'sandi-panitia-1',
      confirmPassword: 'sandi-panitia-1',
    });
    await db.update(elections).set({ status: 'ready' }).where(eq(elections.id, electionId));
    expect(res.status).toBe(201);
    people[key] = {
      cookie: cookieOf(c),
      email,
      password: 'sandi-panitia-1',
      userId: await userIdOf(email),
    };
  }
  closedC = await freshClosed();
  const verifiable = await insertOpenElection(db, {
    nims: thisRoll(),
    ballotFormat: ENCRYPTED_BALLOT_FORMAT,
  });
  await db.transaction((tx) => setUpRecord(tx, verifiable.election, new Date()));
  verifiableOpen = verifiable.election.id;
  verifiableBooth = {
    election: (await recordRow(db, verifiableOpen))!.electionText,
    slots: electionQuestion(verifiable.candidates, verifiable.election).slots,
    // The voter's credential as it was mailed (the server erases it once sent).
    credential: (
      await db
        .select({ credential: electionCredentials.credential })
        .from(electionCredentials)
        .where(
          and(
            eq(electionCredentials.electionId, verifiableOpen),
            eq(electionCredentials.nim, people.voter.profile!.nim),
          ),
        )
    )[0]!.credential!,
  };
  sharedCeremony = {} as typeof sharedCeremony;
  for (const stage of ['started', 'certs', 'polynomials', 'complete', 'closed'] as const)
    sharedCeremony[stage] = await freshCeremony(stage);
  periodId = await freshPeriod();
  await freshDivision(periodId);
  await freshMember(periodId);
  pdfHash = (
    await asMaster<{ hash: string }>(
      'POST',
      '/api/uploads/documents',
      undefined,
      fileForm(
        await samplePdf('Dokumen Matriks', ['Isi dokumen.']),
        'matriks.pdf',
        'application/pdf',
      ),
    )
  ).hash;
  documentId = await freshDocument();
  article = await freshArticle('publish');
});

afterAll(async () => {
  recordFigures(
    'permission-matrix',
    {
      operations: ROWS.length,
      callers: CALLERS.length,
      cells: ROWS.length * CALLERS.length,
      authEndpoints: AUTH_ROWS.length,
      disabledAuthEndpoints: disabledCount,
      requests,
      refusedMutations,
    },
    `${ROWS.length} operations × ${CALLERS.length} callers = ${ROWS.length * CALLERS.length} cells; ` +
      `auth: ${AUTH_ROWS.length} endpoints + ${disabledCount} disabled × ${CALLERS.length} callers; ` +
      `${requests} requests checked, ${refusedMutations} refused mutations with the database unchanged`,
  );
  await app.stop();
  await idp.stop();
});

let disabledCount = 0;

describe('permission matrix', () => {
  it('has exactly one row per operation of the OpenAPI document', async () => {
    const res = await send(app.url, app.services.env.publicUrl, null, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const rows = ROWS.map((r) => `${r.method} ${r.path}`);
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
    expect(
      documented.filter((o) => !rows.includes(o)),
      'operations without a row',
    ).toEqual([]);
    expect(
      rows.filter((r) => !documented.includes(r)),
      'rows without an operation',
    ).toEqual([]);
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.path}`, async () => {
      expect(await runRow(row)).toEqual([]);
    });
  }
});

describe('permission matrix: the checks themselves', () => {
  it('notices a changed row, and tells a denial from a business refusal', async () => {
    const { id } = await freshDraft();
    const before = await snapshot(db);
    await db.update(elections).set({ title: 'Judul Diubah Diam-diam' }).where(eq(elections.id, id));
    const after = await snapshot(db);
    expect(Object.keys(before).filter((t) => before[t] !== after[t])).toEqual(['elections']);
    expect(matches('anonymous', 'deny', 403)).toBe(false);
    expect(matches('admin', 'deny', 401)).toBe(false);
    expect(matches('admin', 'deny', 409)).toBe(false);
    expect(matches('master', 200, 201)).toBe(false);
  });
});

describe('permission matrix: better-auth endpoints', () => {
  for (const row of AUTH_ROWS) {
    it(`${row.method} ${row.path}`, async () => {
      expect(await runRow(row)).toEqual([]);
    });
  }

  it('answers 404 to everyone on every disabled endpoint, changing nothing', async () => {
    const disabled = app.services.auth.options.disabledPaths ?? [];
    expect(disabled).toContain('/sign-up/email');
    disabledCount = disabled.length;
    const failures: string[] = [];
    for (const p of disabled) {
      for (const method of ['GET', 'POST']) {
        const row = op(method, `/api/auth${p}`, everyone(404), (caller) =>
          method === 'GET'
            ? {}
            : {
                json: {
                  email: `penyusup${next()}@uji.test`,
                  password: 'sandi-penyusup-1',
                  name: 'Penyusup',
                  ...(caller === 'anonymous' ? {} : { newEmail: `ganti${next()}@uji.test` }),
                },
              },
        );
        failures.push(...(await runRow(row)).map((f) => `${method} ${p} ${f}`));
      }
    }
    expect(failures).toEqual([]);
  });
});
