// The committee holds the key (issue 17) over real HTTP: a 2-of-3 ceremony among the committee,
// the key check before lock, voting, decryption by two trustees with the third absent, and the
// record accepted by our verifier and by belenios-tool. Every refusal is tried and changes nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  candidates,
  ceremonyTrustees,
  committeeMembers,
  electionRoll,
  elections,
  keyCeremonies,
  voters,
} from '../../db/schema/index.ts';
import { startTestApp, signedInStaff, type TestApp, type TestClient } from '../../test/app.ts';
import { castThroughBooth } from '../../test/booth.ts';
import { TestTrustee, runCeremony } from '../../test/trustee.ts';
import { SEAL_GRACE_SECONDS } from '../results/seal-results.ts';
import { callTrusteesToDecrypt } from './call-trustees.ts';
import {
  certFor,
  decryptMessage,
  proveKeyCheck,
  readPolynomial,
  readVoutput,
  newSeed,
  recoverShare,
  seedKeys,
  serializeSignedMessage,
} from '../../../shared/crypto/ceremony.ts';
import { readOwned } from '../../../shared/crypto/record/items.ts';
import { readRecord } from '../../../shared/crypto/record/record.ts';
import { decryptTally, tallyToDecrypt } from '../../../shared/crypto/trustee-decryption.ts';
import { randomZq } from '../../../shared/crypto/random.ts';
import { verifyRecord } from '../../../shared/crypto/verify/verify-record.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
let master: TestClient;
let outsider: TestClient;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-trustees-'));

beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
  master = await signedInStaff(app, {
    email: 'master-wali@bem.test',
    password: 'sandi-master-1',
    name: 'Master BEM',
    role: 'master',
  });
  outsider = app.client();
  await outsider.registerVoter();
});
afterAll(async () => {
  await app.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

type Body = { error?: { code: string; message: string } } & Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

/**
 * A draft verifiable election whose committee is `committee` people (signed-in clients) and
 * whose roll holds `voterCount` verified voters (signed-in clients).
 */
async function draft(committee: number, voterCount: number) {
  const members = [];
  for (let i = 0; i < committee; i++) {
    const client = app.client();
    const input = await client.registerVoter({ namaLengkap: `Panitia ${'ABCDEFGH'[i]}` });
    members.push({ client, input });
  }
  const people = [];
  for (let i = 0; i < voterCount; i++) {
    const client = app.client();
    const input = await client.registerVoter();
    people.push({ client, input });
  }
  await db
    .update(voters)
    .set({ status: 'verified' })
    .where(
      inArray(
        voters.nim,
        people.map((p) => p.input.nim),
      ),
    );
  const [e] = await db
    .insert(elections)
    .values({
      title: 'Pemilihan Ketua Himpunan',
      organizer: 'HIMA Uji',
      startsAt: new Date(Date.now() + 3_600_000),
      endsAt: new Date(Date.now() + 7_200_000),
      rollMode: 'roll',
      ballotFormat: 2,
      abstain: true,
    })
    .returning();
  await db.insert(candidates).values(
    [1, 2].map((n) => ({
      electionId: e!.id,
      nomorUrut: n,
      namaKetua: `Ketua ${n}`,
      namaWakil: `Wakil ${n}`,
    })),
  );
  if (people.length)
    await db
      .insert(electionRoll)
      .values(people.map((p) => ({ electionId: e!.id, nim: p.input.nim })));
  for (const [i, m] of members.entries()) {
    const [u] = await db
      .select({ id: voters.userId })
      .from(voters)
      .where(eq(voters.nim, m.input.nim));
    await db.insert(committeeMembers).values({
      electionId: e!.id,
      userId: u!.id,
      namaLengkap: m.input.namaLengkap,
      joinedAt: new Date(Date.now() + i),
    });
  }
  return { id: e!.id, members: members.map((m) => m.client), voters: people.map((p) => p.client) };
}

async function openNow(id: string) {
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 3_600_000) })
    .where(eq(elections.id, id));
}
async function closeNow(id: string) {
  await db
    .update(elections)
    .set({
      startsAt: new Date(Date.now() - 7_200_000),
      endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 2) * 1000),
    })
    .where(eq(elections.id, id));
}

async function ceremonyRows(id: string) {
  return {
    ceremony: await db.select().from(keyCeremonies).where(eq(keyCeremonies.electionId, id)),
    trustees: await db
      .select()
      .from(ceremonyTrustees)
      .where(eq(ceremonyTrustees.electionId, id))
      .orderBy(asc(ceremonyTrustees.position)),
    election: await db.select().from(elections).where(eq(elections.id, id)),
  };
}

/** Downloads the record and decrypts the tally it recomputes, as the trustee's browser does. */
async function decryptAs(t: TestTrustee, share = t.share!) {
  const res = await t.client.get(`/api/elections/${t.electionId}/record`);
  expect(res.status).toBe(200);
  const tally = tallyToDecrypt(new Uint8Array(await res.arrayBuffer()));
  if ('problem' in tally) throw new Error(tally.problem);
  return {
    tally,
    res: await t.client.post(`/api/elections/${t.electionId}/decryption`, {
      dekripsiParsial: decryptTally(tally, share),
    }),
  };
}

describe('the key ceremony among the committee', () => {
  it('needs at least two trustees and a threshold from 2 to n', async () => {
    const one = await draft(1, 0);
    const res = await one.members[0]!.post(`/api/elections/${one.id}/ceremony`, { ambang: 2 });
    expect(res.status).toBe(409);
    expect((await body(res)).error!.message).toMatch(/sedikitnya 2 wali kunci/);
    const three = await draft(3, 0);
    const info = await body(await three.members[0]!.get(`/api/elections/${three.id}/ceremony`));
    expect(info).toMatchObject({ ceremony: null, defaultThreshold: 2, canManage: true });
    expect(info.prospective).toHaveLength(3);
    for (const ambang of [1, 4, 2.5, '2']) {
      const r = await three.members[0]!.post(`/api/elections/${three.id}/ceremony`, { ambang });
      expect(r.status).toBe(400);
      expect((await body(r)).error!.message).toMatch(/Ambang/);
    }
    expect((await ceremonyRows(three.id)).ceremony).toEqual([]);
  });

  it('runs 2 of 3, refuses every step out of turn or forged, checks keys before lock, and never receives a secret', async () => {
    const e = await draft(3, 0);
    const [a, b, c] = e.members as [TestClient, TestClient, TestClient];
    const url = (p = '') => `/api/elections/${e.id}/ceremony${p}`;
    // Every request body the trustees send during the ceremony, kept to be inspected.
    const sent: string[] = [];
    for (const m of e.members) {
      const request = m.request.bind(m);
      m.request = (method, p, init = {}) => {
        if (init.json !== undefined) sent.push(JSON.stringify(init.json));
        return request(method, p, init);
      };
    }
    expect((await a.post(url(), { ambang: 2 })).status).toBe(201);
    const again = await b.post(url(), { ambang: 3 });
    expect(again.status).toBe(409);
    const trustees = e.members.map((m) => new TestTrustee(m, e.id));
    const [ta, tb, tc] = trustees as [TestTrustee, TestTrustee, TestTrustee];
    // Mail: each trustee is told it is their turn.
    const mails = () => app.sentMail.filter((m) => m.subject.includes('upacara kunci'));
    expect(mails().length).toBeGreaterThanOrEqual(3);

    // Not a trustee: every trustee endpoint refuses, and nothing changes.
    const before = await ceremonyRows(e.id);
    const cert = { cert: serializeSignedMessage(certFor(ta.seed)), percobaan: 1 };
    for (const [client, status] of [
      [app.client(), 401],
      [outsider, 403],
      [master, 403],
    ] as const) {
      expect((await client.get(url('/me'))).status).toBe(status);
      expect((await client.post(url('/cert'), cert)).status).toBe(status);
      expect(
        (await client.post(url('/polynomial'), { polynomial: '{}', percobaan: 1 })).status,
      ).toBe(status);
      expect((await client.post(url('/voutput'), { voutput: '{}', percobaan: 1 })).status).toBe(
        status,
      );
      const bukti = { challenge: '1', response: '1' };
      expect((await client.post(url('/key-check'), { bukti })).status).toBe(status);
      const d = { dekripsiParsial: '{}' };
      expect((await client.post(`/api/elections/${e.id}/decryption`, d)).status).toBe(status);
      expect((await client.post(url('/restart'), { ambang: 2, alasan: 'coba coba' })).status).toBe(
        status,
      );
    }
    expect(await ceremonyRows(e.id)).toEqual(before);

    // A certificate whose signature is not its key's.
    const forged = certFor(ta.seed);
    forged.signature = certFor(tb.seed).signature;
    const bad = await a.post(url('/cert'), {
      cert: serializeSignedMessage(forged),
      percobaan: 1,
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error!.code).toBe('BAD_CERT');
    // Step 1 for two; a polynomial before every certificate is in is out of turn.
    expect((await ta.step())!.status).toBe(200);
    expect((await a.post(url('/cert'), cert)).status).toBe(409);
    expect((await tb.step())!.status).toBe(200);
    // The same certificate as another trustee's is refused.
    const dup = await c.post(url('/cert'), cert);
    expect(dup.status).toBe(409);
    expect((await a.post(url('/polynomial'), { polynomial: '{}', percobaan: 1 })).status).toBe(409);
    expect((await tc.step())!.status).toBe(200);
    // Locking now: the ceremony blocks it.
    const lockEarly = await a.post(`/api/elections/${e.id}/lock`);
    expect(lockEarly.status).toBe(409);
    expect((await body(lockEarly)).error!.message).toMatch(/Upacara kunci belum selesai/);

    await runCeremony([ta, tb]); // their polynomials; then they wait for c's
    let state = await body(await a.get(url()));
    expect((state.ceremony as { phase: string }).phase).toBe('polynomials');
    expect((await a.post(url('/voutput'), { voutput: '{}', percobaan: 1 })).status).toBe(409);
    await runCeremony(trustees);
    state = await body(await a.get(url()));
    expect((state.ceremony as { phase: string }).phase).toBe('ready');

    // The key check refuses another trustee's key, and a proof for another challenge.
    const round = await ta.round();
    const other = proveKeyCheck(round.uuid, round.keyCheckNonce, tb.share!);
    const wrong = await a.post(url('/key-check'), {
      bukti: { challenge: String(other.challenge), response: String(other.response) },
    });
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).error!.code).toBe('KEY_MISMATCH');

    // Nothing the trustees sent holds a secret: seeds, the derived private keys, polynomial
    // coefficients, the shares each sent and the keys they summed.
    const secrets: string[] = [];
    const rows = (await ceremonyRows(e.id)).trustees;
    for (const [i, t] of trustees.entries()) {
      const k = seedKeys(t.seed);
      secrets.push(t.seed, String(k.signing), String(k.decryption), String(t.share));
      const poly = readPolynomial(rows[i]!.polynomial!)!;
      const raw = JSON.parse(
        JSON.parse(JSON.parse(decryptMessage(k.decryption, poly.polynomial)!).message).message,
      ) as { polynomial: string[] };
      secrets.push(...raw.polynomial);
      for (const [j, s] of poly.secrets.entries()) {
        const inner = decryptMessage(seedKeys(trustees[j]!.seed).decryption, s)!;
        const msg = JSON.parse(JSON.parse(JSON.parse(inner).message).message) as {
          secret: string;
        };
        secrets.push(msg.secret);
      }
      expect(recoverShare(t.seed, readVoutput(rows[i]!.voutput!)!.privateKey)).toBe(t.share);
    }
    expect(secrets.length).toBeGreaterThan(20);
    expect(sent.length).toBeGreaterThan(9);
    for (const s of secrets) for (const b2 of sent) expect(b2.includes(s)).toBe(false);
  });

  it('is restarted by the committee with a reason (audited), and then starts from the beginning', async () => {
    const e = await draft(2, 0);
    const [a, b] = e.members as [TestClient, TestClient];
    const url = (p = '') => `/api/elections/${e.id}/ceremony${p}`;
    expect((await a.post(url(), { ambang: 2 })).status).toBe(201);
    const ta = new TestTrustee(a, e.id);
    await ta.step();
    const uuid = (await ceremonyRows(e.id)).ceremony[0]!.uuid;
    const noReason = await b.post(url('/restart'), { ambang: 2, alasan: '' });
    expect(noReason.status).toBe(400);
    const res = await b.post(url('/restart'), {
      ambang: 2,
      alasan: 'Berkas kunci Panitia A hilang',
    });
    expect(res.status).toBe(200);
    const rows = await ceremonyRows(e.id);
    expect(rows.ceremony[0]).toMatchObject({ attempt: 2, uuid, parameters: null });
    expect(rows.trustees.every((t) => t.cert === null)).toBe(true);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.electionId, e.id), eq(auditLog.action, 'ceremony.restarted')));
    expect(entry!.summary).toContain('Berkas kunci Panitia A hilang');

    // A certificate made for the first attempt and arriving after the restart is not taken for
    // the second; one made for the second is.
    const made = (percobaan: number) => ({
      cert: serializeSignedMessage(certFor(newSeed())),
      percobaan,
    });
    const stale = await b.post(url('/cert'), made(1));
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { code: string; message: string } }).error).toEqual(
      expect.objectContaining({
        code: 'STALE_ATTEMPT',
        message: expect.stringContaining('sudah dimulai ulang') as string,
      }),
    );
    expect((await ceremonyRows(e.id)).trustees.every((t) => t.cert === null)).toBe(true);
    expect((await b.post(url('/cert'), { cert: made(2).cert })).status).toBe(400);
    expect((await b.post(url('/cert'), made(2))).status).toBe(200);
  });
});

describe('an election whose key the committee holds', () => {
  it('is decrypted by 2 of 3 trustees with the third absent; bad factors and early attempts are refused', async () => {
    const e = await draft(3, 3);
    const [a] = e.members as [TestClient];
    expect((await a.post(`/api/elections/${e.id}/ceremony`, { ambang: 2 })).status).toBe(201);
    const trustees = e.members.map((m) => new TestTrustee(m, e.id));
    const [ta, tb, tc] = trustees as [TestTrustee, TestTrustee, TestTrustee];
    await runCeremony(trustees);
    // After lock no restart.
    expect((await a.post(`/api/elections/${e.id}/lock`)).status).toBe(200);
    const restart = await a.post(`/api/elections/${e.id}/ceremony/restart`, {
      ambang: 2,
      alasan: 'terlambat sekali',
    });
    expect(restart.status).toBe(409);

    await openNow(e.id);
    const [cand] = await db
      .select()
      .from(candidates)
      .where(eq(candidates.electionId, e.id))
      .orderBy(asc(candidates.nomorUrut));
    for (const v of e.voters)
      expect((await castThroughBooth(v, e.id, cand!.id)).res.status).toBe(201);

    // Before close: refused.
    const early = await ta.client.post(`/api/elections/${e.id}/decryption`, {
      dekripsiParsial: '{"decryption_factors":[],"decryption_proofs":[]}',
    });
    expect(early.status).toBe(409);
    expect((await body(early)).error!.code).toBe('NOT_CLOSED');

    await closeNow(e.id);
    // The first to fetch the record after the close, before any page asked for the decryption's
    // status, gets it with its encrypted tally (and the head says so too).
    const closedHead = await body(await ta.client.get(`/api/elections/${e.id}/record/head`));
    const copy = await ta.client.get(`/api/elections/${e.id}/record`);
    expect(copy.status).toBe(200);
    const closedRecord = readRecord(new Uint8Array(await copy.arrayBuffer()));
    expect(closedRecord.events.map((ev) => ev.event.type)).toContain('EncryptedTally');
    expect(closedHead.head).toBe(copy.headers.get('X-Record-Head'));
    // The server calls the trustees once the polls have closed for good: once, whichever
    // instance gets there first.
    const mailsBefore = app.sentMail.length;
    const deps = {
      db,
      mailer: app.services.mailer,
      logger: app.services.logger,
      publicUrl: app.services.env.publicUrl,
    };
    const [one, two] = await Promise.all([
      callTrusteesToDecrypt(deps),
      callTrusteesToDecrypt(deps),
    ]);
    expect(one + two).toBe(1);
    expect(await callTrusteesToDecrypt(deps)).toBe(0);
    const called = app.sentMail
      .slice(mailsBefore)
      .filter((m) => m.subject === 'Giliran Anda: membuka hasil pemilihan');
    expect(called).toHaveLength(3);
    expect(called[0]!.text).toContain(`/wali-kunci/${e.id}`);
    const status = await body(await a.get(`/api/elections/${e.id}/decryption`));
    expect(status).toMatchObject({
      tallied: true,
      numTallied: 3,
      threshold: 2,
      resultReady: false,
    });
    const pending = await a.get(`/api/results/${e.id}`);
    expect(pending.status).toBe(409);
    expect((await body(pending)).error!.message).toMatch(/Hasil belum tersedia/);

    // A factor from a wrong key: its proofs fail the server's check.
    const wrongKey = await decryptAs(ta, randomZq());
    expect(wrongKey.res.status).toBe(400);
    expect((await body(wrongKey.res)).error!.code).toBe('BAD_DECRYPTION');
    // Another trustee's factors sent as one's own: refused too.
    const stolen = await decryptAs(ta, tb.share!);
    expect(stolen.res.status).toBe(400);
    // Malformed.
    const junk = await ta.client.post(`/api/elections/${e.id}/decryption`, {
      dekripsiParsial: 'bukan json',
    });
    expect(junk.status).toBe(400);

    const first = await decryptAs(ta);
    expect(first.tally.ballots).toBe(3);
    expect(first.res.status).toBe(200);
    expect(await body(first.res)).toMatchObject({ resultReady: false });
    const twice = await decryptAs(ta);
    expect(twice.res.status).toBe(409);
    // The committee reminds the others.
    const remind = await a.post(`/api/elections/${e.id}/trustees/remind`);
    expect(await body(remind)).toEqual({ sent: 2 });

    const second = await decryptAs(tc);
    expect(second.res.status).toBe(200);
    expect(await body(second.res)).toMatchObject({ resultReady: true });
    const results = await body(await a.get(`/api/results/${e.id}`));
    expect(results.results).toMatchObject({
      totals: { ballots: 3, valid: 3 },
      problems: [],
      options: [
        { nomorUrut: 1, votes: 3 },
        { nomorUrut: 2, votes: 0 },
      ],
    });

    // The record passes our verifier and belenios-tool.
    const rec = await a.get(`/api/elections/${e.id}/record`);
    const bytes = new Uint8Array(await rec.arrayBuffer());
    const ours = verifyRecord(bytes);
    expect(ours.checks.filter((x) => !x.ok)).toEqual([]);
    const dir = fs.mkdtempSync(path.join(work, 'v-'));
    const uuid = /filename="(.+)\.bel"/.exec(rec.headers.get('content-disposition')!)![1]!;
    fs.writeFileSync(path.join(dir, `${uuid}.bel`), bytes);
    const theirs = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], {
      encoding: 'utf8',
    });
    expect(`${theirs.stdout}${theirs.stderr}`).not.toMatch(/error|fail/i);
    expect(theirs.status).toBe(0);
    // The results page's record section and the berita acara name the trustees and the
    // threshold, and give the fingerprint and the way to verify; never a key.
    const head = await body(await outsider.get(`/api/elections/${e.id}/record/head`));
    expect(head).toMatchObject({
      fingerprint: expect.stringMatching(/^[A-Za-z0-9+/]{43}$/),
      keyHolders: {
        threshold: 2,
        trustees: [
          { namaLengkap: 'Panitia A', role: 'panitia' },
          { namaLengkap: 'Panitia B', role: 'panitia' },
          { namaLengkap: 'Panitia C', role: 'panitia' },
        ],
      },
    });
    const pdf = await a.get(`/api/results/${e.id}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())),
      { mergePages: true },
    );
    expect(text).toContain('F. Rekaman Terverifikasi dan Wali Kunci');
    expect(text).toContain(String(head.fingerprint));
    expect(text).toMatch(/hasil dibuka oleh\s+2 wali kunci/);
    expect(text).toContain('3. Panitia C (Panitia)');
    expect(text).toContain('belenios-tool election verify');
    for (const t of trustees) expect(text).not.toContain(String(t.share));

    // The partial decryptions in the record: the server's (owner 1) and trustees 1 and 3's.
    const parsed = readRecord(bytes);
    const owners = parsed.events
      .filter((x) => x.event.type === 'PartialDecryption')
      .map((x) => readOwned(parsed.data.get(x.event.payload!)!).owner);
    expect(owners).toEqual([1, 2, 4]);
    expect(tb.share).toBeDefined();
  });
});
