import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../server/db/client.ts';
import { auditLog, elections } from '../server/db/schema/index.ts';
import { castBallot } from '../server/elections/ballot-box/cast-ballot.ts';
import { computeResults } from '../server/elections/results/compute-results.ts';
import { hashReceipt } from '../server/elections/rules/ballot.ts';
import { pgliteTemplate } from '../server/test/database.ts';
import { insertOpenElection, insertVoters } from '../server/test/elections.ts';

const root = path.resolve(import.meta.dirname, '..');
let dataDir: string;
let closedId: string;
let openId: string;
let candidateIds: string[];
let tamperHash: string;

/** Runs `npm run verify-election -- …` the way an operator does (same script, same Node). */
function verify(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/verify-election.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** Opens the on-disk database in this process, runs `fn`, and lets go of the folder again. */
async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-verify-'));
  // Start from the migrated template, written into the folder as a server would leave it.
  const database = await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() });
  try {
    const db = database.db;
    const people = await insertVoters(db, 5);
    const closed = await insertOpenElection(db, { nims: people.map((p) => p.nim) });
    candidateIds = closed.candidates.map((c) => c.id);
    const receipts: string[] = [];
    for (const [i, c] of [0, 0, 1, 0].entries()) {
      const { receipt } = await castBallot(db, {
        electionId: closed.election.id,
        userId: people[i]!.id,
        choice: candidateIds[c]!,
      });
      receipts.push(receipt);
    }
    tamperHash = hashReceipt(receipts[2]!);
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, closed.election.id));
    // Computing the results once seals the ballot chain, as the results page would.
    await computeResults(db, closed.election.id, new Date());
    closedId = closed.election.id;

    const open = await insertOpenElection(db, { nims: [people[4]!.nim] });
    await castBallot(db, {
      electionId: open.election.id,
      userId: people[4]!.id,
      choice: open.candidates[1]!.id,
    });
    openId = open.election.id;
    candidateIds.push(...open.candidates.map((c) => c.id));
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run verify-election', () => {
  it('reports no mismatch for an untouched election, with the recount', () => {
    const r = verify('--', closedId);
    expect(r.out).toContain(`ID: ${closedId}`);
    expect(r.out).toContain('Surat suara: 4; tanda partisipasi: 4 (cocok)');
    expect(r.out).toContain('1. Ketua 1 & Wakil 1: 3 suara (75,00% suara sah)');
    expect(r.out).toContain('2. Ketua 2 & Wakil 2: 1 suara (25,00% suara sah)');
    expect(r.out).toContain('(rantai utuh)');
    expect(r.out).toContain('HASIL: SEMUA COCOK');
    expect(r.code).toBe(0);
  }, 90_000);

  it('shows no count per candidate for an election still open', () => {
    const r = verify(openId);
    expect(r.code).toBe(0);
    expect(r.out).toContain('hasil masih disegel');
    expect(r.out).not.toMatch(/Ketua \d/);
    expect(r.out).not.toMatch(/\d+ suara \(/);
    for (const id of candidateIds) expect(r.out).not.toContain(id);
  }, 90_000);

  it('refuses bad arguments and an unknown election', () => {
    const none = verify();
    expect(none.code).toBe(1);
    expect(none.out).toContain('Pemakaian:');
    const bad = verify('bukan-id');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('ID pemilihan tidak valid');
    const unknown = verify('00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('Pemilihan tidak ditemukan.');
  }, 120_000);

  it('refuses to open the folder while another process holds it, and touches nothing', async () => {
    await withDatabase(async () => {
      const lockBefore = fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8');
      const r = verify(closedId);
      expect(r.code).toBe(1);
      expect(r.out).toContain('sedang dipakai oleh proses lain');
      expect(r.out).toContain('Tidak ada yang diubah');
      expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(lockBefore);
    });
  }, 90_000);

  it('names a ballot changed behind the append-only trigger, and an altered audit entry', async () => {
    await withDatabase(async ({ db }) => {
      await db.execute(sql`ALTER TABLE ballots DISABLE TRIGGER ballots_append_only`);
      await db.execute(
        sql`UPDATE ballots SET choice = ${candidateIds[0]!} WHERE receipt_hash = ${tamperHash}`,
      );
      await db.execute(sql`ALTER TABLE ballots ENABLE TRIGGER ballots_append_only`);
    });
    const ballot = verify(closedId);
    expect(ballot.code).toBe(1);
    expect(ballot.out).toContain('HASIL: DITEMUKAN 2 KETIDAKCOCOKAN:');
    expect(ballot.out).toContain(
      `- Surat suara ${tamperHash.slice(0, 12)}…: isinya tidak cocok dengan digest yang tersimpan.`,
    );
    expect(ballot.out).toContain(
      '- Head rantai surat suara yang dihitung ulang berbeda dengan yang disegel',
    );
    // The recount shows what the box holds now; the mismatch lines say it was changed.
    expect(ballot.out).toContain('1. Ketua 1 & Wakil 1: 4 suara');

    const seq = await withDatabase(async ({ db }) => {
      const [first] = await db.select({ seq: auditLog.seq }).from(auditLog).limit(1);
      await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await db.execute(
        sql`UPDATE audit_log SET summary = 'diubah diam-diam' WHERE seq = ${first!.seq}`,
      );
      await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
      return first!.seq;
    });
    const audit = verify(closedId);
    expect(audit.code).toBe(1);
    expect(audit.out).toContain('(RANTAI RUSAK)');
    expect(audit.out).toContain(`- Log audit, entri #${seq}: isi tidak cocok dengan hash-nya.`);
  }, 120_000);
});
