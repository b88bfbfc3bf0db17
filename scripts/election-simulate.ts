// `npm run election:simulate -- --voters N --candidates C --trustees n --threshold k --out DIR`:
// a whole verifiable election without a browser, through the server's own code and database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import {
  candidates,
  electionCredentials,
  electionRoll,
  elections,
  user,
  voters,
} from '../server/db/schema/index.ts';
import { useOpensslModPow } from '../server/crypto/openssl-mod-pow.ts';
import { castEncryptedBallot } from '../server/elections/ballot-box/cast-encrypted.ts';
import { electionQuestion, plaintextFor } from '../server/elections/record/ballot-question.ts';
import { addTrusteeDecryption, closeRecord } from '../server/elections/record/close-record.ts';
import { recordArchive, recordRow } from '../server/elections/record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../server/elections/record/setup-record.ts';
import { SEAL_GRACE_SECONDS } from '../server/elections/results/seal-results.ts';
import { lockElection } from '../server/elections/setup/lock.ts';
import type { Actor } from '../server/auth/actor.ts';
import { buildBallot, serializeBallot } from '../shared/crypto/ballot.ts';
import { credentialSecret } from '../shared/crypto/credentials.ts';
import { partialDecrypt } from '../shared/crypto/decryption.ts';
import { ballotContextOf } from '../shared/crypto/context.ts';
import { readEncryptedTally, readSizedTally } from '../shared/crypto/record/items.ts';
import { readRecord } from '../shared/crypto/record/record.ts';
import { simulatePedersen } from '../shared/crypto/trustees.ts';

const usage = `Pemakaian:
  npm run election:simulate -- --voters N --candidates C --trustees n --threshold k --out FOLDER
    [--abstain] [--database-url postgres://…]

Tanpa --database-url, simulasi memakai PGlite sementara di memori.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      voters: { type: 'string' },
      candidates: { type: 'string', default: '2' },
      trustees: { type: 'string', default: '3' },
      threshold: { type: 'string', default: '2' },
      out: { type: 'string' },
      abstain: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
    },
    strict: true,
  }));
} catch (err) {
  fail(`${(err as Error).message}\n\n${usage}`);
}
const int = (v: string | undefined, name: string, min: number, max: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    fail(`--${name} harus bilangan bulat ${min}–${max}.\n\n${usage}`);
  return n;
};
const voterCount = int(values.voters, 'voters', 1, 100_000);
const candidateCount = int(values.candidates, 'candidates', 1, 20);
const trusteeCount = int(values.trustees, 'trustees', 0, 20);
// Without trustees (--trustees 0) the server's key alone decrypts, and --threshold is ignored.
const threshold = trusteeCount ? int(values.threshold, 'threshold', 1, trusteeCount) : 0;
if (!values.out) fail(`--out wajib diisi.\n\n${usage}`);

useOpensslModPow();
const started = performance.now();
const lap = (() => {
  let last = started;
  return () => {
    const now = performance.now();
    const ms = now - last;
    last = now;
    return `${(ms / 1000).toFixed(2)} s`;
  };
})();

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-simulasi-'));
const database = await openDatabase({
  dataDir: scratch,
  databaseUrl: values['database-url'],
  inMemory: !values['database-url'],
});
try {
  const db = database.db;
  const now = Date.now();
  const tag = now.toString(36);
  // The committee member who locks, and the voters, all verified and on the roll.
  const committeeId = `sim-panitia-${tag}`;
  await db.insert(user).values({
    id: committeeId,
    name: 'Panitia Simulasi',
    email: `${committeeId}@simulasi.invalid`,
    emailVerified: true,
  });
  const people = Array.from({ length: voterCount }, (_, i) => ({
    id: `sim-${tag}-${i}`,
    nim: `8${String(now).slice(-5)}${String(i).padStart(6, '0')}`,
  }));
  for (let i = 0; i < people.length; i += 500) {
    const chunk = people.slice(i, i + 500);
    await db.insert(user).values(
      chunk.map((p) => ({
        id: p.id,
        name: 'Pemilih Simulasi',
        email: `${p.id}@simulasi.invalid`,
        emailVerified: true,
      })),
    );
    await db.insert(voters).values(
      chunk.map((p) => ({
        userId: p.id,
        namaLengkap: 'Pemilih Simulasi',
        nim: p.nim,
        prodi: 'Teknokimia Nuklir' as const,
        status: 'verified' as const,
      })),
    );
  }
  const [draft] = await db
    .insert(elections)
    .values({
      title: `Pemilihan Simulasi ${tag}`,
      organizer: 'Simulasi',
      description: `Simulasi ${voterCount} pemilih`,
      startsAt: new Date(now + 3_600_000),
      endsAt: new Date(now + 7_200_000),
      rollMode: 'roll',
      kotakKosong: true,
      abstain: values.abstain,
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    })
    .returning();
  const electionId = draft!.id;
  const cands = await db
    .insert(candidates)
    .values(
      Array.from({ length: candidateCount }, (_, i) => ({
        electionId,
        nomorUrut: i + 1,
        namaKetua: `Ketua ${i + 1}`,
        namaWakil: `Wakil ${i + 1}`,
      })),
    )
    .returning();
  for (let i = 0; i < people.length; i += 1000)
    await db
      .insert(electionRoll)
      .values(people.slice(i, i + 1000).map((p) => ({ electionId, nim: p.nim })));

  // Setup: the trustees' key ceremony, then the lock writes the record's Setup.
  const pedersen = trusteeCount ? simulatePedersen(trusteeCount, threshold) : undefined;
  const actor = {
    user: { id: committeeId, name: 'Panitia Simulasi', email: `${committeeId}@simulasi.invalid` },
    admin: null,
    voter: null,
    committeeOf: [electionId],
  } as unknown as Actor;
  await lockElection(db, actor, electionId, {
    simulated: pedersen ? { pedersen: pedersen.params } : 'none',
  });
  console.log(`Penyiapan (kunci wali, ${voterCount} kredensial, Setup): ${lap()}`);

  // The polls open (the schedule moves instead of the clock).
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 3_600_000) })
    .where(eq(elections.id, electionId));
  const row = (await recordRow(db, electionId))!;
  const ctx = ballotContextOf(row.electionText);

  const { slots } = electionQuestion(cands, draft!);
  const creds = new Map(
    (
      await db
        .select({ nim: electionCredentials.nim, credential: electionCredentials.credential })
        .from(electionCredentials)
        .where(eq(electionCredentials.electionId, electionId))
    ).map((c) => [c.nim, c.credential!]),
  );
  const expected = new Map<string, number>();
  for (const [i, p] of people.entries()) {
    const choice = slots[i % slots.length]!;
    expected.set(choice, (expected.get(choice) ?? 0) + 1);
    // The booth's own code builds the ballot; the server's own code checks and records it.
    const ballot = serializeBallot(
      buildBallot(ctx, credentialSecret(creds.get(p.nim)!, ctx.uuid), [
        plaintextFor(slots, choice)!,
      ]),
    );
    await castEncryptedBallot(db, { electionId, userId: p.id, ballot });
  }
  console.log(`${voterCount} surat suara dibuat dan diterima server: ${lap()}`);

  // The polls close; the tally is computed encrypted and the server decrypts its share.
  await db
    .update(elections)
    .set({ endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 1) * 1000) })
    .where(eq(elections.id, electionId));
  if (!(await closeRecord(db, electionId))) throw new Error('the polls did not close');
  // The first `threshold` trustees decrypt the tally they read from the record.
  if (pedersen) {
    const sofar = readRecord((await recordArchive(db, electionId))!.bytes);
    const tallyEvent = sofar.events.find((e) => e.event.type === 'EncryptedTally')!;
    const sized = readSizedTally(sofar.data.get(tallyEvent.event.payload!)!);
    const tally = readEncryptedTally(sofar.data.get(sized.encrypted_tally)!);
    for (let j = 1; j <= threshold; j++)
      await addTrusteeDecryption(
        db,
        electionId,
        1 + j,
        partialDecrypt(row.fingerprint, pedersen.shares[j - 1]!, tally),
      );
  }
  console.log(`Tally terenkripsi, ${1 + threshold} dekripsi parsial dan hasil: ${lap()}`);

  const record = (await recordArchive(db, electionId))!;
  const final = readRecord(record.bytes);
  const resultEvent = final.events.find((e) => e.event.type === 'Result');
  if (!resultEvent) throw new Error('no result in the record');
  const result = (JSON.parse(final.data.get(resultEvent.event.payload!)!) as { result: number[][] })
    .result[0]!;
  const wrong = slots.filter((s, i) => result[i] !== (expected.get(s) ?? 0));
  if (wrong.length) throw new Error(`the result differs from the votes cast: ${String(result)}`);

  fs.mkdirSync(values.out, { recursive: true });
  const file = path.join(values.out, `${record.uuid}.bel`);
  fs.writeFileSync(file, record.bytes);
  console.log(
    `Hasil: ${result.join(' · ')} (sesuai dengan suara yang diberikan)\n` +
      `Rekaman: ${file} (${(record.bytes.length / 1024).toFixed(0)} KiB, ` +
      `${(record.bytes.length / voterCount / 1024).toFixed(1)} KiB per surat suara)\n` +
      `Head: ${record.head}\n` +
      `Kredensial: ${row.credentialsCount}, sidik ${row.credentialsFingerprint}\n` +
      `Total: ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
} finally {
  await database.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
