import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Db } from '../db/client.ts';
import { grantAppRole } from '../db/roles.ts';
import {
  candidates,
  electionCredentials,
  electionRoll,
  elections,
  user,
} from '../db/schema/index.ts';
import { castBallot } from '../elections/ballot-box/cast-ballot.ts';
import { castEncryptedBallot } from '../elections/ballot-box/cast-encrypted.ts';
import { auditBallot } from '../elections/ballot-box/audit-ballot.ts';
import { electionQuestion } from '../elections/record/ballot-question.ts';
import { addTrusteeDecryption, closeRecord } from '../elections/record/close-record.ts';
import { auditedList } from '../elections/record/audited-list.ts';
import { recordArchive, recordRow } from '../elections/record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../elections/record/setup-record.ts';
import { SEAL_GRACE_SECONDS } from '../elections/results/seal-results.ts';
import { verifyElection } from '../elections/results/verify-election.ts';
import { lockElection } from '../elections/setup/lock.ts';
import type { Actor } from '../auth/actor.ts';
import { signedInStaff, startTestApp, type TestApp } from '../test/app.ts';
import { encryptChoice, openableChoice } from '../test/booth.ts';
import { createPostgresDatabase, pgliteEmptyCluster, testDbKind } from '../test/database.ts';
import { insertOpenElection, insertVoters } from '../test/elections.ts';
import { imageBytes } from '../test/images.ts';
import { partialDecrypt } from '../../shared/crypto/decryption.ts';
import { readEncryptedTally, readSizedTally } from '../../shared/crypto/record/items.ts';
import { readRecord } from '../../shared/crypto/record/record.ts';
import { simulatePedersen } from '../../shared/crypto/trustees.ts';
import { verifyRecord } from '../../shared/crypto/verify/verify-record.ts';
import { publicObjects } from './catalog.ts';
import { encryptStream } from './cipher.ts';
import { pgliteConn, postgresConn, type Conn } from './connection.ts';
import { DamagedBackupError, TruncatedBackupError } from './errors.ts';
import type { Header } from './format.ts';
import { codeMigrations } from './migrations.ts';
import { openBackup, readContent } from './read-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import { fileStart, writeBackup } from './write-backup.ts';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-backup-test-'));
const onPostgres = testDbKind === 'postgres';
const hasBelenios = spawnSync('sh', ['-c', 'command -v belenios-tool']).status === 0;
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs `npm run <script> -- …` as an operator does (same script, same Node), without blocking. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  /** Called with the child and its output so far each time it writes. */
  onOutput?: (child: ReturnType<typeof spawn>, out: string) => void,
) {
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      MIGRATION_DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  let out = '';
  const heard = (d: Buffer) => {
    out += d.toString();
    onOutput?.(child, out);
  };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out })),
  );
}

/** Where a database lives: a DATA_DIR (embedded) or a PostgreSQL database, as the commands see it. */
type Target = { dataDir: string; url?: string; env: Record<string, string> };

/** An empty target of the engine this run tests: a DATA_DIR not made yet, or an empty database. */
async function emptyTarget(name: string): Promise<Target> {
  const dataDir = path.join(work, name);
  if (!onPostgres) return { dataDir, env: { DATA_DIR: dataDir } };
  const { url, drop } = await createPostgresDatabase({ empty: true });
  drops.push(drop);
  return { dataDir, url, env: { DATA_DIR: dataDir, DATABASE_URL: url } };
}

/**
 * A connection to a target's database, inside one transaction (the embedded database must not be
 * held by a server: see withAppConn).
 */
async function withConn<T>(target: Target, work: (conn: Conn) => Promise<T>): Promise<T> {
  if (target.url) return withPostgresConn(target.url, work);
  const db = await PGlite.create(path.join(target.dataDir, 'pgdata'));
  try {
    return await db.transaction((tx) => work(pgliteConn(tx)));
  } finally {
    await db.close();
  }
}

async function withPostgresConn<T>(url: string, work: (conn: Conn) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const result = await work(postgresConn(client));
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end();
  }
}

/** A connection to a running test app's database, inside one transaction. */
async function withAppConn<T>(app: TestApp, work: (conn: Conn) => Promise<T>): Promise<T> {
  const url = app.services.env.databaseUrl;
  if (url) return withPostgresConn(url, work);
  const client = (app.services.database.db as unknown as { $client: PGlite }).$client;
  return client.transaction((tx) => work(pgliteConn(tx)));
}

/**
 * Everything a database holds, as text: every table's rows (each row's text form, sorted), the
 * migrations' ledger and the sequences' states.
 */
/** Each table's columns, in their order. */
async function columnsOf(conn: Conn, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await conn.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = '${table}' order by ordinal_position`,
    );
    out[table] = rows.map((r) => r.name);
  }
  return out;
}

/** A table's rows as `contents` writes them, on the given columns only. */
async function rowsOn(conn: Conn, table: string, columns: string[]): Promise<string[]> {
  await conn.exec(
    "SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL extra_float_digits = 1",
  );
  const list = columns.map((c) => `"${c}"`).join(', ');
  const rows = await conn.query<{ row: string }>(
    `select t::text as row from (select ${list} from "${table}") t`,
  );
  return rows.map((x) => x.row).sort();
}

async function contents(conn: Conn): Promise<Record<string, string[]>> {
  await conn.exec(
    "SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL extra_float_digits = 1",
  );
  const out: Record<string, string[]> = {};
  const relations = await conn.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind::text as kind from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'S')`,
  );
  for (const r of relations) {
    const rows = await conn.query<{ row: string }>(
      r.kind === 'S'
        ? `select last_value::text || ' ' || is_called::text as row from "${r.name}"`
        : `select t::text as row from "${r.name}" t`,
    );
    out[`${r.kind === 'S' ? 'sequence' : 'table'} ${r.name}`] = rows.map((x) => x.row).sort();
  }
  out.migrations = (
    await conn.query<{ row: string }>(
      `select hash || ' ' || created_at::text as row from drizzle.__drizzle_migrations order by id`,
    )
  ).map((x) => x.row);
  return out;
}

/**
 * A finished verifiable election, through the server's own code as `npm run election:simulate`
 * runs one: a 2-of-3 trustee key beside the server's, locked with a credential per voter, one
 * ballot opened to check it ("Periksa surat suara"), every voter's ballot cast, the polls closed,
 * the tally decrypted by two trustees and the result in the record.
 */
async function finishedVerifiableElection(db: Db) {
  const people = await insertVoters(db, 3);
  const committeeId = `panitia-${crypto.randomUUID()}`;
  await db.insert(user).values({
    id: committeeId,
    name: 'Panitia Uji',
    email: `${committeeId}@uji.test`,
    emailVerified: true,
  });
  const [draft] = await db
    .insert(elections)
    .values({
      title: 'Pemilihan Raya Terverifikasi',
      organizer: 'KPU Uji',
      startsAt: new Date(Date.now() + 3_600_000),
      endsAt: new Date(Date.now() + 7_200_000),
      rollMode: 'roll',
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    })
    .returning();
  const id = draft!.id;
  const cands = await db
    .insert(candidates)
    .values(
      [1, 2].map((n) => ({ electionId: id, nomorUrut: n, namaKetua: `Ketua ${n}`, namaWakil: '' })),
    )
    .returning();
  await db.insert(electionRoll).values(people.map((p) => ({ electionId: id, nim: p.nim })));
  const pedersen = simulatePedersen(3, 2);
  const actor = {
    user: { id: committeeId, name: 'Panitia Uji', email: `${committeeId}@uji.test` },
    admin: null,
    voter: null,
    committeeOf: [id],
    witnessOf: [],
    trusteeOf: [],
  } as unknown as Actor;
  await lockElection(db, actor, id, { simulated: { pedersen: pedersen.params } });
  await db
    .update(elections)
    .set({ startsAt: new Date(Date.now() - 60_000) })
    .where(eq(elections.id, id));
  const row = (await recordRow(db, id))!;
  const { slots } = electionQuestion(cands, draft!);
  const booth = async (nim: string) => {
    const [c] = await db
      .select({ credential: electionCredentials.credential })
      .from(electionCredentials)
      .where(and(eq(electionCredentials.electionId, id), eq(electionCredentials.nim, nim)));
    return { election: row.electionText, slots, credential: c!.credential! };
  };
  const opened = openableChoice(await booth(people[0]!.nim), slots[0]!);
  await auditBallot(db, {
    electionId: id,
    ballot: opened.ballot,
    randomness: opened.randomness,
    userId: people[0]!.id,
  });
  for (const [i, p] of people.entries())
    await castEncryptedBallot(db, {
      electionId: id,
      userId: p.id,
      ballot: encryptChoice(await booth(p.nim), slots[i % 2]!),
    });
  await db
    .update(elections)
    .set({ endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 1) * 1000) })
    .where(eq(elections.id, id));
  expect(await closeRecord(db, id)).toBe(true);
  const sofar = readRecord((await recordArchive(db, id))!.bytes);
  const tallyEvent = sofar.events.find((e) => e.event.type === 'EncryptedTally')!;
  const sized = readSizedTally(sofar.data.get(tallyEvent.event.payload!)!);
  const tally = readEncryptedTally(sofar.data.get(sized.encrypted_tally)!);
  for (const j of [1, 2])
    await addTrusteeDecryption(
      db,
      id,
      1 + j,
      partialDecrypt(row.fingerprint, pedersen.shares[j - 1]!, tally),
    );
  return id;
}

/**
 * Every election of a database checked: a verifiable one from its record with our verifier (and
 * with belenios-tool when installed), the others recounted from the database.
 */
async function verifyEveryElection(db: Db) {
  const all = await db.select({ id: elections.id }).from(elections);
  expect(all.length).toBeGreaterThan(0);
  let records = 0;
  for (const { id } of all) {
    const record = await recordArchive(db, id);
    if (!record) {
      const checked = await verifyElection(db, id);
      expect(checked.problems, checked.report).toEqual([]);
      expect(checked.ok).toBe(true);
      continue;
    }
    records++;
    const audited = await auditedList(db, id);
    const report = verifyRecord(record.bytes, { credentials: record.credentials, audited });
    expect(report.failure).toBeUndefined();
    expect(report.ok).toBe(true);
    expect(report.result).toBeDefined();
    expect(report.audited).toBe(1);
    if (hasBelenios) {
      const dir = fs.mkdtempSync(path.join(work, 'record-'));
      fs.writeFileSync(path.join(dir, `${record.uuid}.bel`), record.bytes);
      const theirs = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], {
        encoding: 'utf8',
      });
      expect(theirs.stdout + theirs.stderr).toContain('all checks passed');
      expect(theirs.status).toBe(0);
    }
  }
  return records;
}

/** A copy of `bytes` with one bit of one byte changed. */
function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

/**
 * A copy of a plain backup with its content frames changed by `change` (the trailer, with its
 * counts and SHA-256, is made again), as a writer with other data would have written it.
 */
async function rewrite(
  file: string,
  change: (frames: { type: number; payload: Buffer }[]) => { type: number; payload: Buffer }[],
): Promise<string> {
  const bytes = fs.readFileSync(file);
  const magic = 'bem-cadangan\n'.length;
  const content = zlib.gunzipSync(bytes.subarray(magic + 4 + bytes.readUInt32BE(magic)));
  const frames: { type: number; payload: Buffer }[] = [];
  for (let at = 0; at < content.length;) {
    const length = content.readUInt32BE(at + 1);
    frames.push({ type: content[at]!, payload: content.subarray(at + 5, at + 5 + length) });
    at += 5 + length;
  }
  const changed = change(frames.slice(0, -1));
  const hash = crypto.createHash('sha256');
  const parts: Buffer[] = [];
  const trailer = { sha256: '', rows: 0, tables: {} as Record<string, number>, diskFiles: 0 };
  let table = '';
  for (const f of changed) {
    const head = Buffer.alloc(5);
    head[0] = f.type;
    head.writeUInt32BE(f.payload.length, 1);
    hash.update(head).update(f.payload);
    parts.push(head, f.payload);
    if (f.type === 0x54) trailer.tables[(table = JSON.parse(f.payload.toString()).name)] = 0;
    if (f.type === 0x52) {
      trailer.tables[table]!++;
      trailer.rows++;
    }
    if (f.type === 0x46) trailer.diskFiles++;
  }
  trailer.sha256 = hash.digest('hex');
  const end = Buffer.from(JSON.stringify(trailer));
  const head = Buffer.alloc(5);
  head[0] = 0x5a;
  head.writeUInt32BE(end.length, 1);
  parts.push(head, end);
  const { prefix } = await fileStart(new Date().toISOString());
  const out = path.join(work, `umpan-${crypto.randomBytes(4).toString('hex')}.bak`);
  fs.writeFileSync(out, Buffer.concat([prefix, zlib.gzipSync(Buffer.concat(parts))]));
  return out;
}

/** A fingerprint of every file under a folder (names and bytes). */
function folderFingerprint(dir: string): string {
  const h = crypto.createHash('sha256');
  for (const f of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest('hex');
}

describe('npm run backup and npm run restore', { timeout: 180_000 }, () => {
  let source: Target;
  let app: TestApp;
  let backupFile: string;
  const voter = { email: '', password: 'sandi-pemilih-1' };
  let cover: { hash: string; bytes: Buffer; etag: string | null; type: string | null };
  let sourceContents: Record<string, string[]>;
  const passphraseFile = path.join(work, 'kata-sandi.txt');
  const sealedFile = path.join(work, 'terenkripsi.bak');
  let sealedMade: { code: number | null; out: string } = { code: null, out: '' };
  fs.writeFileSync(passphraseFile, 'kuda-laut-berenang-di-babarsari\n');

  beforeAll(async () => {
    source = onPostgres
      ? await (async () => {
          const { url, drop } = await createPostgresDatabase();
          drops.push(drop);
          const dataDir = path.join(work, 'source');
          return { dataDir, url, env: { DATA_DIR: dataDir, DATABASE_URL: url } };
        })()
      : { dataDir: path.join(work, 'source'), env: { DATA_DIR: path.join(work, 'source') } };
    fs.mkdirSync(source.dataDir, { recursive: true });
    app = await startTestApp(source.url ? { DATABASE_URL: source.url } : {}, {
      dataDir: source.dataDir,
      minuteJobs: false,
    });
    const db = app.services.database.db;
    const admin = await signedInStaff(app, {
      email: 'ketua@bem.test',
      password: 'sandi-ketua-1',
      name: 'Ketua BEM',
      role: 'master',
    });
    const student = app.client();
    const registered = await student.registerVoter({ password: voter.password });
    voter.email = registered.email;
    await app.client().registerVoter();

    // News with its cover image, and a document of several file pieces.
    const upload = async (kind: 'images' | 'documents', bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await admin.request('POST', `/api/uploads/${kind}`, { body: form });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as {
        hash: string;
        large: { hash: string };
        small: { hash: string };
      };
    };
    const image = await upload(
      'images',
      await imageBytes(800, 420, 'jpeg', { noise: true }),
      'sampul.jpg',
    );
    const article = await admin.request('POST', '/api/admin/articles', {
      json: {
        title: 'Musyawarah Besar Mahasiswa',
        summary: 'Hasil musyawarah.',
        category: 'Kegiatan',
        body: '<p>Berlangsung di Babarsari.</p>',
        cover: image.large.hash,
        coverSmall: image.small.hash,
        action: 'publish',
      },
    });
    expect(article.status, await article.clone().text()).toBe(201);
    // A PDF is kept as uploaded: random bytes inside make it three file pieces that no
    // compression shrinks (so the encrypted backup has many chunks).
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      crypto.randomBytes(600_000),
      Buffer.from('\n%%EOF\n'),
    ]);
    const document = await upload('documents', pdf, 'laporan.pdf');
    const doc = await admin.request('POST', '/api/documents', {
      json: { title: 'Laporan Tahunan', category: 'Formulir', file: document.hash },
    });
    expect(doc.status, await doc.clone().text()).toBe(201);

    // An election with candidates, open, one ballot cast; and a finished verifiable election.
    const people = await insertVoters(db, 2);
    const open = await insertOpenElection(db, { nims: people.map((p) => p.nim) });
    await castBallot(db, {
      electionId: open.election.id,
      userId: people[0]!.id,
      choice: open.candidates[1]!.id,
    });
    await finishedVerifiableElection(db);

    const served = await app.client().get(`/files/${image.large.hash}`);
    expect(served.status).toBe(200);
    cover = {
      hash: image.large.hash,
      bytes: Buffer.from(await served.arrayBuffer()),
      etag: served.headers.get('etag'),
      type: served.headers.get('content-type'),
    };
    // What the backups must bring back (nothing changes the source after this).
    sourceContents = await withAppConn(app, contents);
    expect(sourceContents['table file_chunks']!.length).toBeGreaterThan(3);
  });
  afterAll(async () => {
    await app?.stop().catch(() => {});
  });

  // The embedded database only: PostgreSQL is backed up while the site runs.
  if (!onPostgres)
    it('refuses to back up the embedded database while a server holds it, and says to stop it', async () => {
      const out = path.join(work, 'while-running.bak');
      const r = await run('scripts/backup.ts', ['--out', out], source.env);
      expect(r.out).toContain('hanya dapat dicadangkan saat server berhenti');
      expect(r.out).toContain('Hentikan server');
      expect(r.code).toBe(1);
      expect(fs.existsSync(out)).toBe(false);
      expect(fs.readdirSync(work).filter((f) => f.includes('while-running'))).toEqual([]);
    });

  it('a backup stopped by Ctrl-C, SIGTERM or SIGHUP leaves no file behind, not even a partial one', async () => {
    // PostgreSQL is read while the app runs; the embedded database once the app has stopped.
    if (!onPostgres) await app.stop();
    const codes = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
    for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) {
      const out = path.join(work, `stopped-${signal}.bak`);
      let sent = false;
      const r = await run('scripts/backup.ts', ['--out', out], source.env, (child, text) => {
        // The partial file is open by the time the database is being read.
        if (!sent && text.includes('Membaca')) sent = child.kill(signal);
      });
      expect(r.out).toContain('Cadangan dibatalkan; berkas yang belum selesai dihapus.');
      expect(r.code).toBe(codes[signal]);
      expect(fs.readdirSync(work).filter((f) => f.includes(`stopped-${signal}`))).toEqual([]);
    }
  });

  it('backs up with the command and restores with the command into an empty target: every row, file, account and election comes back', async () => {
    backupFile = path.join(work, 'cadangan.bak');
    // PostgreSQL is backed up while the app runs; the embedded database once it is stopped.
    if (!onPostgres) await app.stop();
    const made = await run('scripts/backup.ts', ['--out', backupFile], source.env);
    expect(made.out).toContain('Cadangan selesai');
    expect(made.out).toMatch(/berkas unggahan: 3 /);
    expect(made.code).toBe(0);
    if (onPostgres) await app.stop();

    // While it is restored, the encrypted backup (next test) is made from the same source.
    const target = await emptyTarget('restored');
    const restoring = run('scripts/restore.ts', [backupFile], target.env);
    sealedMade = await run(
      'scripts/backup.ts',
      ['--out', sealedFile, '--passphrase-file', passphraseFile],
      source.env,
    );
    const restored = await restoring;
    expect(restored.out).toContain('Pemulihan selesai');
    expect(restored.code).toBe(0);

    // The site started on the restored database (nothing left to migrate) holds every row byte
    // for byte, the migrations' ledger and the sequences; it serves the same file, signs the same
    // people in, and every election verifies.
    const again = await startTestApp(target.url ? { DATABASE_URL: target.url } : {}, {
      dataDir: target.dataDir,
      minuteJobs: false,
    });
    try {
      expect(await withAppConn(again, contents)).toEqual(sourceContents);
      const served = await again.client().get(`/files/${cover.hash}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(cover.bytes)).toBe(true);
      expect(served.headers.get('etag')).toBe(cover.etag);
      expect(served.headers.get('content-type')).toBe(cover.type);
      const signIn = await again.client().signIn(voter.email, voter.password);
      expect(signIn.status).toBe(200);
      expect(await verifyEveryElection(again.services.database.db)).toBe(1);
    } finally {
      await again.stop();
    }

    if (target.url) {
      // The app's own role (npm run db:roles) works on the restored tables once granted again.
      const role = `bem_app_${crypto.randomBytes(4).toString('hex')}`;
      // Dropped after the restored database (its grants go with it).
      drops.push(async () => {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`).catch(() => {});
        await admin.end();
      });
      {
        await grantAppRole(target.url, role, 'sandi-peran-aplikasi');
        const appUrl = new URL(target.url);
        appUrl.username = role;
        appUrl.password = 'sandi-peran-aplikasi';
        const asApp = new pg.Client({ connectionString: appUrl.toString() });
        await asApp.connect();
        try {
          const { rows } = await asApp.query('select count(*)::int as n from ballots');
          expect(rows[0].n).toBeGreaterThan(0);
          await expect(asApp.query(`delete from ballots`)).rejects.toThrow(/permission denied/);
        } finally {
          await asApp.end();
        }
      }
    }
  });

  it('encrypts under a passphrase; a wrong passphrase, a changed byte or a cut file restores nothing', async () => {
    // Made by the command while the plain backup was restored (previous test).
    const sealed = sealedFile;
    expect(sealedMade.out).toContain('terenkripsi');
    expect(sealedMade.code).toBe(0);
    expect(fs.readFileSync(sealed).includes(Buffer.from('"encryption":{"kdf"'))).toBe(true);

    // With the right passphrase it restores; meanwhile the command refuses a wrong one.
    const wrongFile = path.join(work, 'salah.txt');
    fs.writeFileSync(wrongFile, 'kuda-laut-berenang-di-kaliurang\n');
    const refused = await emptyTarget('wrong-passphrase');
    const wrongRun = run(
      'scripts/restore.ts',
      [sealed, '--passphrase-file', wrongFile],
      refused.env,
    );
    const passphrase = 'kuda-laut-berenang-di-babarsari';
    const target = await emptyTarget('restored-encrypted');
    await restoreBackup({
      file: sealed,
      passphrase,
      dataDir: target.dataDir,
      databaseUrl: target.url,
      loadDataDir: target.url ? undefined : await pgliteEmptyCluster(),
    });
    expect(await withConn(target, contents)).toEqual(sourceContents);
    const wrong = await wrongRun;
    expect(wrong.out).toContain('Kata sandi salah');
    expect(wrong.code).toBe(1);
    await expect(
      restoreBackup({ file: sealed, dataDir: refused.dataDir, databaseUrl: refused.url }),
    ).rejects.toThrow(/terenkripsi: berikan kata sandinya dengan --passphrase-file/);
    await expectUntouched(refused);

    // Damage of every kind to an encrypted file: the plain backup's content sealed as the writer
    // seals it, at a low scrypt cost (the cost is in the envelope, and these checks need not pay
    // a second per restore).
    const magic = 'bem-cadangan\n'.length;
    const plain = fs.readFileSync(backupFile);
    const { prefix, sealing } = await fileStart(new Date().toISOString(), passphrase, {
      N: 1024,
      r: 8,
      p: 1,
    });
    const pieces: Buffer[] = [prefix];
    const content = async function* () {
      yield plain.subarray(magic + 4 + plain.readUInt32BE(magic));
    };
    for await (const piece of encryptStream(sealing!.key, sealing!.aad)(content()))
      pieces.push(piece);
    const cheap = path.join(work, 'terenkripsi-murah.bak');
    fs.writeFileSync(cheap, Buffer.concat(pieces));
    // Whole, it opens.
    await readContent(await openBackup(cheap, passphrase));
    const bytes = fs.readFileSync(cheap);
    // The encrypted chunks (u32 length + sealed bytes each) after the magic line and envelope.
    const starts: number[] = [];
    for (
      let at = magic + 4 + bytes.readUInt32BE(magic);
      at < bytes.length;
      at += 4 + bytes.readUInt32BE(at)
    )
      starts.push(at);
    expect(starts.length).toBeGreaterThan(3);
    const [first, second, third] = starts as [number, number, number];
    const damaged: [string, Buffer, typeof DamagedBackupError | typeof TruncatedBackupError][] = [
      ['flipped', flip(bytes, Math.floor(bytes.length / 2)), DamagedBackupError],
      [
        'envelope-edited',
        Buffer.from(bytes.toString('latin1').replace('"createdAt":"2', '"createdAt":"1'), 'latin1'),
        DamagedBackupError,
      ],
      [
        'reordered',
        Buffer.concat([
          bytes.subarray(0, first),
          bytes.subarray(second, third),
          bytes.subarray(first, second),
          bytes.subarray(third),
        ]),
        DamagedBackupError,
      ],
      ['cut', bytes.subarray(0, bytes.length - 100), TruncatedBackupError],
      ['last-chunk-dropped', bytes.subarray(0, starts[starts.length - 1]), TruncatedBackupError],
    ];
    for (const [what, copy, error] of damaged) {
      const file = path.join(work, `rusak-${what}.bak`);
      fs.writeFileSync(file, copy);
      const target = await emptyTarget(`damaged-${what}`);
      await expect(
        restoreBackup({ file, passphrase, dataDir: target.dataDir, databaseUrl: target.url }),
        what,
      ).rejects.toThrow(error);
      await expectUntouched(target);
    }
  });

  it('checks a plain backup whole too: a changed byte or a cut file restores nothing', async () => {
    const bytes = fs.readFileSync(backupFile);
    for (const [what, copy] of [
      ['flipped', flip(bytes, bytes.length - 2000)],
      ['cut', bytes.subarray(0, bytes.length - 7)],
    ] as const) {
      const file = path.join(work, `plain-${what}.bak`);
      fs.writeFileSync(file, copy);
      const target = await emptyTarget(`plain-${what}`);
      await expect(
        restoreBackup({ file, dataDir: target.dataDir, databaseUrl: target.url }),
      ).rejects.toThrow(what === 'flipped' ? DamagedBackupError : TruncatedBackupError);
      await expectUntouched(target);
    }
  });

  it('refuses to restore into a target that is not empty, and changes nothing in it', async () => {
    const before = source.url
      ? await withConn(source, contents)
      : folderFingerprint(source.dataDir);
    await expect(
      restoreBackup({ file: backupFile, dataDir: source.dataDir, databaseUrl: source.url }),
    ).rejects.toThrow(
      source.url
        ? /^Basis data tujuan tidak kosong: berisi \d+ tabel.*Tidak ada yang diubah\.$/
        : /sudah berisi basis data.*Tidak ada yang diubah\.$/,
    );
    expect(
      source.url ? await withConn(source, contents) : folderFingerprint(source.dataDir),
    ).toEqual(before);
  });

  it('refuses a backup made by a newer version, and leaves the target empty when loading fails midway', async () => {
    // A newer version's backup: one migration more than this code knows.
    const newer = await rewrite(backupFile, (frames) => {
      const header = JSON.parse(frames[0]!.payload.toString()) as Header;
      header.migrations.push({ tag: '9999_from_the_future', when: 9_999_999_999_999, hash: 'x' });
      frames[0]!.payload = Buffer.from(JSON.stringify(header));
      return frames;
    });
    const refused = await emptyTarget('from-newer');
    await expect(
      restoreBackup({ file: newer, dataDir: refused.dataDir, databaseUrl: refused.url }),
    ).rejects.toThrow(/dibuat oleh versi aplikasi yang lebih baru/);
    await expectUntouched(refused);

    // A whole, well-formed file whose rows the database refuses (one account twice): the load
    // fails after the schema and many rows are in, and all of it is undone.
    const twice = await rewrite(backupFile, (frames) => {
      const header = JSON.parse(frames[0]!.payload.toString()) as Header;
      header.tables.find((t) => t.name === 'user')!.rows++;
      frames[0]!.payload = Buffer.from(JSON.stringify(header));
      const at = frames.findIndex(
        (f) => f.type === 0x54 && JSON.parse(f.payload.toString()).name === 'user',
      );
      return [...frames.slice(0, at + 2), frames[at + 1]!, ...frames.slice(at + 2)];
    });
    const target = await emptyTarget('load-fails');
    await expect(
      restoreBackup({
        file: twice,
        dataDir: target.dataDir,
        databaseUrl: target.url,
        loadDataDir: target.url ? undefined : await pgliteEmptyCluster(),
      }),
    ).rejects.toThrow(/duplicate key/);
    await expectUntouched(target);
  });

  it('refuses to back up a database a newer version migrated, and writes no file', async () => {
    await withConn(source, (c) =>
      c.query(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 9999999999999)`,
      ),
    );
    const out = path.join(work, 'dari-versi-baru.bak');
    await expect(
      writeBackup({ dataDir: source.dataDir, databaseUrl: source.url, out }),
    ).rejects.toThrow(/ditulis oleh versi aplikasi yang lebih baru/);
    expect(fs.readdirSync(work).filter((f) => f.includes('dari-versi-baru'))).toEqual([]);
  });

  /** A refused restore left the target as it was: no folder made, or the database still empty. */
  async function expectUntouched(target: Target) {
    if (target.url) {
      expect(await withConn(target, publicObjects)).toEqual({ tables: 0, relations: 0, types: 0 });
      const [ledger] = await withConn(target, (c) =>
        c.query<{ name: string | null }>(
          `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
        ),
      );
      expect(ledger!.name).toBeNull();
    } else {
      expect(fs.existsSync(target.dataDir)).toBe(false);
    }
  }
});

describe(
  'upgrading: a backup of an earlier version restores and is migrated',
  { timeout: 120_000 },
  () => {
    it('restores a database migrations behind the code (before the election notices and the files in the database), runs them once, and keeps every row and file', async () => {
      const code = codeMigrations();
      const level = code.findIndex((m) => m.tag === '0016_election_notices');
      expect(level).toBeGreaterThan(0);
      // The earlier release: migrated up to the one before 0016 (its journal cut there), its
      // uploaded files still on disk under DATA_DIR/files as they were then.
      const oldFolder = path.join(work, 'migrations-earlier');
      fs.cpSync(migrationsFolder, oldFolder, { recursive: true });
      const journalFile = path.join(oldFolder, 'meta/_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries = journal.entries.slice(0, level);
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      const oldDir = path.join(work, 'earlier-release');
      fs.mkdirSync(oldDir);
      const old = await PGlite.create(path.join(oldDir, 'pgdata'), {
        loadDataDir: await pgliteEmptyCluster(),
      });
      const photo = await imageBytes(320, 200, 'jpeg', { noise: true });
      const photoHash = crypto.createHash('sha256').update(photo).digest('hex');
      let before: Record<string, string[]>;
      // Later migrations may add columns (with defaults) to these tables: their rows are compared
      // on the columns the earlier release had.
      const kept = ['user', 'admins', 'voters', 'files', 'articles'];
      let oldColumns: Record<string, string[]> = {};
      try {
        await migrate(drizzle(old), { migrationsFolder: oldFolder });
        await old.exec(`
        insert into "user" (id, name, email, email_verified) values
          ('u-admin', 'Ketua Lama', 'ketua.lama@bem.test', true),
          ('u-voter', 'Pemilih Lama', 'pemilih.lama@bem.test', true);
        insert into admins (user_id, role, nama_lengkap) values ('u-admin', 'master', 'Ketua Lama');
        insert into voters (user_id, nama_lengkap, nim, prodi, status)
          values ('u-voter', 'Pemilih Lama', '2101001', 'Teknokimia Nuklir', 'verified');
        insert into files (hash, kind, content_type, size, width, height)
          values ('${photoHash}', 'image', 'image/jpeg', ${photo.length}, 320, 200);
        insert into articles (slug, title, cover, cover_small, status, published_at, author_name)
          values ('berita-lama', 'Berita Lama', '${photoHash}', '${photoHash}', 'published', now(), 'Ketua Lama');
        insert into elections (title, organizer, starts_at, ends_at, status, locked_at)
          values ('Pemilihan Lama', 'KPU', now() - interval '1 hour', now() + interval '1 hour', 'ready', now());
      `);
        before = await old.transaction((tx) => contents(pgliteConn(tx)));
        oldColumns = await old.transaction((tx) => columnsOf(pgliteConn(tx), kept));
      } finally {
        await old.close();
      }
      fs.mkdirSync(path.join(oldDir, 'files', photoHash.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(oldDir, 'files', photoHash.slice(0, 2), photoHash), photo);
      const oldSource: Target = { dataDir: oldDir, env: { DATA_DIR: oldDir } };

      const file = path.join(work, 'rilis-sebelumnya.bak');
      const made = await writeBackup({ dataDir: oldDir, out: file });
      expect(made.migrationLevel).toBe(level);
      expect(made.diskFiles.count).toBe(1);
      // The backup changed nothing in the earlier database.
      expect(await withConn(oldSource, contents)).toEqual(before);

      // Restored into this run's engine: the embedded database, or PostgreSQL (across engines).
      const target = await emptyTarget('upgraded');
      const summary = await restoreBackup({
        file,
        dataDir: target.dataDir,
        databaseUrl: target.url,
        loadDataDir: target.url ? undefined : await pgliteEmptyCluster(),
      });
      expect(summary).toMatchObject({
        fromLevel: level,
        toLevel: code.length,
        diskFilesImported: 1,
      });
      await withConn(target, async (conn) => {
        const after = await contents(conn);
        expect(after.migrations).toEqual(code.map((m) => `${m.hash} ${m.when}`));
        for (const table of kept)
          expect(await rowsOn(conn, table, oldColumns[table]!), table).toEqual(
            before[`table ${table}`],
          );
        // Migration 0016 ran on the restored rows (an election under way is not announced
        // late), and the file the earlier version kept on disk is in the database now.
        const [election] = await conn.query<{ reminder: boolean; mailed: string | null }>(
          'select reminder_enabled as reminder, opening_mailed_at::text as mailed from elections',
        );
        expect(election).toMatchObject({ reminder: true, mailed: expect.any(String) });
        const pieces = await conn.query<{ data: Uint8Array }>(
          'select data from file_chunks where hash = $1 order by seq',
          [photoHash],
        );
        expect(Buffer.concat(pieces.map((p) => p.data)).equals(photo)).toBe(true);
      });
    });
  },
);

// PostgreSQL only: the embedded database cannot be backed up while a server holds it (above).
if (onPostgres)
  describe('PostgreSQL: a backup of a running site', { timeout: 120_000 }, () => {
    it('is one snapshot: ballots cast while it runs are not in it, with or without their participation', async () => {
      const app = await startTestApp({}, { minuteJobs: false });
      const url = app.services.env.databaseUrl!;
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      try {
        const db = app.services.database.db;
        const people = await insertVoters(db, 7);
        const { election, candidates: cands } = await insertOpenElection(db, {
          nims: people.map((p) => p.nim),
        });
        const cast = (i: number) =>
          castBallot(db, {
            electionId: election.id,
            userId: people[i]!.id,
            choice: cands[i % 2]!.id,
          });
        for (const i of [0, 1, 2]) await cast(i);
        // The backup is held up in the middle (a table it reads is locked), after its snapshot.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE services IN ACCESS EXCLUSIVE MODE');
        const file = path.join(work, 'berjalan.bak');
        const backup = run('scripts/backup.ts', ['--out', file], {
          DATA_DIR: app.dataDir,
          DATABASE_URL: url,
        });
        for (let waited = 0; ; waited += 50) {
          const { rows } = await locker.query<{ n: number }>(
            `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
            where not l.granted and c.relname = 'services'`,
          );
          if (rows[0]!.n > 0) break;
          if (waited > 60_000) throw new Error('the backup never reached the locked table');
          await new Promise((r) => setTimeout(r, 50));
        }
        // Meanwhile the site goes on: four more ballots, each with its participation mark.
        for (const i of [3, 4, 5, 6]) await cast(i);
        await locker.query('COMMIT');
        const made = await backup;
        expect(made.code, made.out).toBe(0);

        const target = await emptyTarget('snapshot');
        await restoreBackup({ file, dataDir: target.dataDir, databaseUrl: target.url });
        const [counts] = await withConn(target, (c) =>
          c.query<{ ballots: number; participation: number }>(
            `select (select count(*)::int from ballots where election_id = $1) as ballots,
                  (select count(*)::int from participation where election_id = $1) as participation`,
            [election.id],
          ),
        );
        expect(counts).toEqual({ ballots: 3, participation: 3 });
      } finally {
        await locker.end().catch(() => {});
        await app.stop();
      }
    });
  });
