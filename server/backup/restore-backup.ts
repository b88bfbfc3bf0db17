import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATION_LOCK_KEY } from '../db/client.ts';
import { DataDirError, fileSystemErrorCode } from '../db/data-dir.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';
import { FILE_CHUNK_BYTES } from '../files/store.ts';
import { beforeInsertTriggers, publicObjects, readSchema } from './catalog.ts';
import {
  ident,
  inPublic,
  pgliteConn,
  postgresConn,
  resetCanonicalText,
  useCanonicalText,
  type Conn,
} from './connection.ts';
import { BackupError } from './errors.ts';
import { isBinary, type Header, type TableInfo } from './format.ts';
import { applyMigrations, codeMigrations, type CodeMigration } from './migrations.ts';
import { openBackup, readContent, type OpenedBackup } from './read-backup.ts';
import { hasPgliteDatabase, pgliteFolder } from './source.ts';

export type RestoreSummary = {
  engine: 'pglite' | 'postgres';
  /** The backup's migration level, and the code's (reached by the restore). */
  fromLevel: number;
  toLevel: number;
  tables: number;
  rows: number;
  uploads: { count: number; bytes: number };
  /** Files of an earlier version's DATA_DIR/files moved into the database. */
  diskFilesImported: number;
};

const say = (progress: ((line: string) => void) | undefined, line: string) => progress?.(line);

const UNCHANGED = 'Tidak ada yang diubah.';

/**
 * Restores a backup into an empty target: the embedded database of `dataDir` (no database there
 * yet), or the PostgreSQL database of `databaseUrl` (no table of ours, no migration applied).
 * The file is read and checked whole first; then the schema is made at the backup's migration
 * level, every row loaded as it was, the sequences set, the newer migrations applied (the upgrade
 * path) and the files an earlier version kept on disk moved in, all in one transaction: on
 * PostgreSQL a failure leaves the database empty; the embedded database is built under a
 * temporary name and renamed into place only when complete.
 */
export async function restoreBackup(opts: {
  file: string;
  passphrase?: string | undefined;
  dataDir: string;
  /** PostgreSQL: the owner's connection (the restored tables belong to it). */
  databaseUrl?: string | undefined;
  progress?: (line: string) => void;
  /** An empty PGlite cluster image to start from instead of initdb (tests). */
  loadDataDir?: Blob;
}): Promise<RestoreSummary> {
  const { progress } = opts;
  const code = codeMigrations();
  const opened = await openBackup(opts.file, opts.passphrase);
  // Refused before the file is even read through: the target is not empty.
  if (opts.databaseUrl) await withPostgres(opts.databaseUrl, (conn) => requireEmptyPostgres(conn));
  else requireEmptyDataDir(opts.dataDir);

  say(progress, `Memeriksa berkas cadangan ${opts.file} (dibuat ${opened.envelope.createdAt})…`);
  const checked = await readContent(opened);
  const header = checked.header;
  requireKnownMigrations(header, code);
  say(
    progress,
    `Berkas utuh: ${header.tables.length} tabel, ${checked.trailer.rows} baris, ` +
      `${header.uploads.count} berkas unggahan; tingkat migrasi ${header.migrations.length} ` +
      `dari ${code.length}.`,
  );

  const load = (conn: Conn) => loadInto(conn, opened, checked.headerText, code, progress);
  let imported: number;
  if (opts.databaseUrl) {
    say(progress, 'Memulihkan ke PostgreSQL dalam satu transaksi…');
    imported = await withPostgres(opts.databaseUrl, async (conn, client) => {
      await client.query('BEGIN');
      try {
        // Any instance starting meanwhile waits, then finds every migration applied.
        await conn.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        await requireEmptyPostgres(conn);
        const n = await load(conn);
        await client.query('COMMIT');
        return n;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  } else {
    say(progress, `Memulihkan ke basis data bawaan di ${opts.dataDir}…`);
    imported = await restorePglite(opts.dataDir, opts.loadDataDir, load);
  }
  return {
    engine: opts.databaseUrl ? 'postgres' : 'pglite',
    fromLevel: header.migrations.length,
    toLevel: code.length,
    tables: header.tables.length,
    rows: checked.trailer.rows,
    uploads: header.uploads,
    diskFilesImported: imported,
  };
}

async function withPostgres<T>(
  url: string,
  work: (conn: Conn, client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `Tidak dapat terhubung ke PostgreSQL: ${(err as Error).message}. ${UNCHANGED}`,
    );
  }
  try {
    return await work(postgresConn(client), client);
  } finally {
    await client.end();
  }
}

async function requireEmptyPostgres(conn: Conn) {
  const [ledger] = await conn.query<{ name: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  const migrations = ledger?.name
    ? (
        await conn.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        )
      )[0]!.n
    : 0;
  const { tables, relations, types } = await publicObjects(conn);
  const found = [
    tables
      ? `${tables} tabel`
      : relations || types
        ? `${relations + types} objek lain (indeks, sekuens, tipe data…) di skema public`
        : '',
    migrations ? `${migrations} migrasi yang sudah dijalankan` : '',
  ].filter(Boolean);
  if (found.length)
    throw new BackupError(
      `Basis data tujuan tidak kosong: berisi ${found.join(', ')}. Pemulihan hanya ke basis data ` +
        `baru yang kosong (createdb), agar tidak ada data yang tertimpa. ${UNCHANGED}`,
    );
}

function requireEmptyDataDir(dataDir: string) {
  if (hasPgliteDatabase(dataDir))
    throw new BackupError(
      `DATA_DIR ${dataDir} sudah berisi basis data (folder pgdata). Pemulihan hanya ke DATA_DIR ` +
        `yang belum berisi basis data, agar tidak ada data yang tertimpa: pakai DATA_DIR baru. ${UNCHANGED}`,
    );
  const files = path.join(dataDir, 'files');
  if (fs.existsSync(files) && fs.readdirSync(files).length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} berisi berkas unggahan versi lama (folder files). Pemulihan hanya ke ` +
        `DATA_DIR yang kosong: pakai DATA_DIR baru. ${UNCHANGED}`,
    );
}

/** The backup's migrations must be the first of the code's: same names, same order. */
function requireKnownMigrations(header: Header, code: readonly CodeMigration[]) {
  const level = header.migrations.length;
  if (level > code.length)
    throw new BackupError(
      `Cadangan ini dibuat oleh versi aplikasi yang lebih baru (tingkat migrasi ${level}, kode ini ` +
        `${code.length}): pulihkan dengan versi itu atau yang lebih baru. ${UNCHANGED}`,
    );
  const differs = header.migrations.findIndex(
    (m, i) => m.tag !== code[i]!.tag || m.when !== code[i]!.when,
  );
  if (level === 0 || differs >= 0)
    throw new BackupError(
      `Riwayat migrasi di cadangan tidak cocok dengan kode ini` +
        (differs >= 0 ? ` (migrasi ke-${differs + 1}: ${header.migrations[differs]!.tag})` : '') +
        `. ${UNCHANGED}`,
    );
}

/** Builds the embedded database under a temporary name and renames it into place when complete. */
async function restorePglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  load: (conn: Conn) => Promise<number>,
): Promise<number> {
  // A DATA_DIR the restore made is removed again when the restore fails.
  const made = !fs.existsSync(dataDir);
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(err.message);
    const code = fileSystemErrorCode(err);
    throw code ? new DataDirError(dataDir, code) : err;
  }
  const dbDir = pgliteFolder(dataDir);
  const partial = `${dbDir}.partial`;
  let done = false;
  try {
    requireEmptyDataDir(dataDir);
    fs.rmSync(partial, { recursive: true, force: true });
    let imported: number;
    try {
      const db = await PGlite.create(partial, { loadDataDir });
      try {
        imported = await db.transaction((tx) => load(pgliteConn(tx)));
      } finally {
        await db.close();
      }
      fs.rmSync(dbDir, { recursive: true, force: true });
      fs.renameSync(partial, dbDir);
    } catch (err) {
      fs.rmSync(partial, { recursive: true, force: true });
      const code = fileSystemErrorCode(err);
      throw code ? new DataDirError(dataDir, code) : err;
    }
    done = true;
    return imported;
  } finally {
    lock.release();
    if (!done && made) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The restore itself, on a connection inside the target's one transaction: schema at the
 * backup's level, rows, sequences, then the newer migrations and the files kept on disk.
 */
async function loadInto(
  conn: Conn,
  opened: OpenedBackup,
  checkedHeader: string,
  code: readonly CodeMigration[],
  progress: ((line: string) => void) | undefined,
): Promise<number> {
  let level = 0;
  let imported = 0;
  let batch: BatchInsert | undefined;
  await readContent(opened, {
    header: async (header, text) => {
      // This second pass must read the file that was checked.
      if (text !== checkedHeader)
        throw new BackupError(`Berkas cadangan berubah selama pemulihan. ${UNCHANGED}`);
      level = await prepareSchema(conn, header, code);
      await useCanonicalText(conn);
    },
    table: async (table) => {
      await batch?.flush();
      batch = new BatchInsert(conn, table);
    },
    row: async (_table, values) => batch!.add(values),
    sequences: async (states) => {
      await batch?.flush();
      for (const s of states)
        await conn.query('select setval($1::regclass, $2::bigint, $3::boolean)', [
          inPublic(s.name),
          s.lastValue,
          s.isCalled,
        ]);
      say(progress, 'Semua baris dimuat; sekuens dipulihkan.');
      await resetCanonicalText(conn);
      if (level < code.length) {
        say(
          progress,
          `Menjalankan ${code.length - level} migrasi yang lebih baru dari cadangan ` +
            `(${code[level]!.tag} … ${code[code.length - 1]!.tag})…`,
        );
        await applyMigrations(conn, code, level, code.length);
      }
    },
    diskFile: async (hash, bytes) => {
      if (await importDiskFile(conn, hash, bytes)) imported++;
    },
  });
  if (imported) say(progress, `Berkas versi lama dipindah ke basis data: ${imported}`);
  return imported;
}

/**
 * Runs the migrations up to the backup's level and makes sure the schema they made is the one
 * the backup describes, with no trigger that could change a row as it is inserted.
 */
async function prepareSchema(
  conn: Conn,
  header: Header,
  code: readonly CodeMigration[],
): Promise<number> {
  const level = header.migrations.length;
  await applyMigrations(conn, code, 0, level);
  const describe = (tables: { name: string; columns: { name: string; type: string }[] }[]) =>
    tables
      .map((t) => `${t.name}(${t.columns.map((c) => `${c.name} ${c.type}`).join(', ')})`)
      .sort();
  const want = describe(header.tables);
  const got = describe(await readSchema(conn));
  const missing = want.filter((t) => !got.includes(t));
  const extra = got.filter((t) => !want.includes(t));
  if (missing.length || extra.length)
    throw new BackupError(
      `Skema yang dibuat migrasi sampai ${header.migrations[level - 1]!.tag} berbeda dari skema ` +
        `di cadangan (${[...missing.map((t) => `cadangan: ${t}`), ...extra.map((t) => `kode: ${t}`)].join('; ')}). ` +
        UNCHANGED,
    );
  // The application's triggers refuse UPDATE, DELETE and TRUNCATE or notify after a write; one
  // that ran before an insert could change a restored row, which a restore must never do.
  const triggers = await beforeInsertTriggers(conn);
  if (triggers.length)
    throw new Error(
      `triggers run before insert and could change restored rows: ${triggers.join(', ')}`,
    );
  return level;
}

/**
 * Rows of one table inserted many at a time (bounded by count, parameters and bytes), each value
 * cast from its text form to the column's type (bytea sent as bytes).
 */
class BatchInsert {
  readonly #conn: Conn;
  readonly #table: TableInfo;
  readonly #maxRows: number;
  #rows: (string | Buffer | null)[][] = [];
  #bytes = 0;

  constructor(conn: Conn, table: TableInfo) {
    this.#conn = conn;
    this.#table = table;
    this.#maxRows = Math.max(1, Math.min(1000, Math.floor(30_000 / table.columns.length)));
  }

  async add(values: (string | Buffer | null)[]) {
    this.#rows.push(values);
    for (const v of values) this.#bytes += v === null ? 0 : v.length;
    if (this.#rows.length >= this.#maxRows || this.#bytes >= 4 * 1024 * 1024) await this.flush();
  }

  async flush() {
    if (!this.#rows.length) return;
    const columns = this.#table.columns;
    const casts = columns.map((c) =>
      isBinary(c) ? '::bytea' : c.type === 'text' ? '::text' : `::text::${c.type}`,
    );
    const params: unknown[] = [];
    const tuples = this.#rows.map((row) => {
      const slots = row.map((value, i) => {
        params.push(value);
        return `$${params.length}${casts[i]}`;
      });
      return `(${slots.join(', ')})`;
    });
    await this.#conn.query(
      `insert into ${inPublic(this.#table.name)} (${columns.map((c) => ident(c.name)).join(', ')}) ` +
        `values ${tuples.join(', ')}`,
      params,
    );
    this.#rows = [];
    this.#bytes = 0;
  }
}

/**
 * A file an earlier version kept on disk, given to its row in file pieces as the server's start
 * would (server/files/import-disk-files.ts): only when the row exists and has no bytes yet.
 */
async function importDiskFile(conn: Conn, hash: string, bytes: Buffer): Promise<boolean> {
  const [row] = await conn.query<{ stored: boolean }>(
    'select exists (select 1 from public.file_chunks where hash = $1) as stored from public.files where hash = $1',
    [hash],
  );
  if (!row || row.stored) return false;
  for (let seq = 0; seq * FILE_CHUNK_BYTES < bytes.length || seq === 0; seq++)
    await conn.query(
      'insert into public.file_chunks (hash, seq, data) values ($1, $2, $3::bytea)',
      [hash, seq, bytes.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES)],
    );
  return true;
}
