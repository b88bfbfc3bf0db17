import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { readSchema, readSequences } from './catalog.ts';
import { BACKUP_KDF, CHUNK_BYTES, associatedData, deriveKey, encryptStream } from './cipher.ts';
import { ident, inPublic, useCanonicalText, type Conn } from './connection.ts';
import { BackupError } from './errors.ts';
import {
  encodeRow,
  FORMAT_VERSION,
  FRAME,
  frame,
  isBinary,
  jsonBytes,
  MAGIC,
  type Envelope,
  type Header,
  type ScryptParams,
  type SequenceState,
  type TableInfo,
} from './format.ts';
import { appliedMigrations, codeMigrations } from './migrations.ts';
import { withSnapshot } from './source.ts';

export type BackupSummary = {
  file: string;
  encrypted: boolean;
  migrationLevel: number;
  lastMigration: string;
  tables: number;
  rows: number;
  uploads: { count: number; bytes: number };
  diskFiles: { count: number; bytes: number };
  /** Size of the backup file. */
  bytes: number;
};

/** Shortest passphrase a backup is sealed with. */
export const BACKUP_PASSPHRASE_MIN = 12;

const say = (progress: ((line: string) => void) | undefined, line: string) => progress?.(line);

/** Where this process writes the backup `out` until it is complete (a hidden file beside it). */
export const partialBackupFile = (out: string) =>
  path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.tmp`);

/**
 * Writes the whole database and the uploaded files to `out` as one file (format.ts), from one
 * snapshot, changing nothing in the database. The file appears only when complete (written under
 * a temporary name, flushed, then renamed); an existing file is never overwritten.
 */
export async function writeBackup(opts: {
  dataDir: string;
  /** PostgreSQL: the owner's connection (it reads Drizzle's ledger of migrations too). */
  databaseUrl?: string | undefined;
  out: string;
  passphrase?: string | undefined;
  progress?: (line: string) => void;
}): Promise<BackupSummary> {
  const { out, progress } = opts;
  if (fs.existsSync(out))
    throw new BackupError(
      `Berkas ${out} sudah ada: cadangan tidak menimpa berkas, pilih nama lain.`,
    );
  if (opts.passphrase !== undefined && [...opts.passphrase].length < BACKUP_PASSPHRASE_MIN)
    throw new BackupError(`Kata sandi cadangan minimal ${BACKUP_PASSPHRASE_MIN} karakter.`);

  // The envelope, and the key derived before the snapshot is taken (it costs about a second).
  if (opts.passphrase !== undefined)
    say(progress, 'Menurunkan kunci enkripsi dari kata sandi (scrypt)…');
  const createdAt = new Date().toISOString();
  const { prefix, sealing } = await fileStart(createdAt, opts.passphrase);

  const diskFiles = scanDiskFiles(opts.dataDir);
  const tmp = partialBackupFile(out);
  let summary: BackupSummary | undefined;
  try {
    // Opened at once, so that whoever stops the command finds the partial file to remove.
    const file = fs.createWriteStream(tmp, { fd: fs.openSync(tmp, 'wx', 0o600), flush: true });
    file.write(prefix);
    const gzip = zlib.createGzip();
    const done = sealing
      ? pipeline(gzip, encryptStream(sealing.key, sealing.aad), file)
      : pipeline(gzip, file);
    done.catch(() => {});
    const hash = createHash('sha256');
    const emit = async (type: number, payload: Uint8Array) => {
      for (const part of frame(type, payload)) {
        hash.update(part);
        if (!gzip.write(part)) await Promise.race([once(gzip, 'drain'), done]);
      }
    };
    try {
      say(
        progress,
        opts.databaseUrl
          ? 'Membaca PostgreSQL dalam satu transaksi baca-saja (satu snapshot; aplikasi boleh tetap berjalan)…'
          : `Membaca basis data bawaan di ${opts.dataDir}…`,
      );
      const counts = await withSnapshot(opts, (conn) =>
        writeContent(conn, { createdAt, diskFiles, emit, hash, progress }),
      );
      gzip.end();
      await done;
      summary = {
        file: out,
        encrypted: Boolean(sealing),
        ...counts,
        diskFiles: { count: diskFiles.length, bytes: sum(diskFiles.map((f) => f.size)) },
        bytes: fs.statSync(tmp).size,
      };
    } catch (err) {
      gzip.destroy();
      await done.catch(() => {});
      throw err;
    }
    fs.renameSync(tmp, out);
    return summary;
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EACCES' || code === 'ENOENT' || code === 'EROFS')
      throw new BackupError(
        `Berkas cadangan ${out} tidak dapat ditulis (${code}). Tidak ada berkas yang dibuat.`,
      );
    throw err;
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The start of a backup file (magic line and envelope) and, with a passphrase, the key that seals
 * its body and the additional data every chunk authenticates (the start's own hash).
 */
export async function fileStart(
  createdAt: string,
  passphrase?: string,
  kdf: ScryptParams = BACKUP_KDF,
): Promise<{ prefix: Buffer; sealing?: { key: Buffer; aad: Buffer } }> {
  const envelope: Envelope = { format: FORMAT_VERSION, createdAt, encryption: null };
  let key: Awaited<ReturnType<typeof deriveKey>> | undefined;
  if (passphrase !== undefined) {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    key = await deriveKey(passphrase, salt, kdf);
    envelope.encryption = {
      kdf: { name: 'scrypt', ...kdf, salt: Buffer.from(salt).toString('base64') },
      cipher: 'AES-256-GCM',
      chunkBytes: CHUNK_BYTES,
      check: key.check.toString('base64'),
    };
  }
  const body = jsonBytes(envelope);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const prefix = Buffer.concat([MAGIC, length, body]);
  return key ? { prefix, sealing: { key: key.key, aad: associatedData(prefix) } } : { prefix };
}

type DiskFile = { hash: string; file: string; size: number };

/**
 * Files an earlier version kept in DATA_DIR/files (ab/abcdef…, named by their SHA-256), not yet
 * moved into the database by a start of this version: they belong in the backup too.
 */
function scanDiskFiles(dataDir: string): DiskFile[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  const found: DiskFile[] = [];
  for (const dir of fs.readdirSync(root).sort()) {
    const sub = path.join(root, dir);
    if (!fs.statSync(sub).isDirectory()) continue;
    for (const name of fs.readdirSync(sub).sort()) {
      if (!/^[0-9a-f]{64}$/.test(name) || name.slice(0, 2) !== dir) continue;
      const file = path.join(sub, name);
      found.push({ hash: name, file, size: fs.statSync(file).size });
    }
  }
  return found;
}

async function writeContent(
  conn: Conn,
  ctx: {
    createdAt: string;
    diskFiles: DiskFile[];
    emit: (type: number, payload: Uint8Array) => Promise<void>;
    hash: ReturnType<typeof createHash>;
    progress: ((line: string) => void) | undefined;
  },
) {
  const { emit, progress } = ctx;
  await useCanonicalText(conn);
  const code = codeMigrations();
  const migrations = await appliedMigrations(conn, code);
  if (!migrations)
    throw new BackupError(
      'Basis data ini belum berisi skema aplikasi (belum pernah dijalankan): tidak ada yang dicadangkan.',
    );
  const last = migrations[migrations.length - 1]!;
  say(
    progress,
    `Tingkat migrasi: ${migrations.length} dari ${code.length} (${last.tag})` +
      (migrations.length < code.length ? ': lebih lama dari kode ini, dicadangkan apa adanya' : ''),
  );
  const schema = await readSchema(conn);
  const tables: TableInfo[] = [];
  for (const t of schema) {
    const [row] = await conn.query<{ n: string }>(
      `select count(*)::text as n from ${inPublic(t.name)}`,
    );
    tables.push({ ...t, rows: Number(row!.n) });
  }
  const uploads = { count: 0, bytes: 0 };
  if (schema.some((t) => t.name === 'files')) {
    const [u] = await conn.query<{ count: string; bytes: string }>(
      'select count(*)::text as count, coalesce(sum(size), 0)::text as bytes from "public".files',
    );
    uploads.count = Number(u!.count);
    uploads.bytes = Number(u!.bytes);
  }
  const sequences = await readSequences(conn);
  const [version] = await conn.query<{ v: string }>(
    `select current_setting('server_version') as v`,
  );
  const header: Header = {
    format: FORMAT_VERSION,
    createdAt: ctx.createdAt,
    source: { engine: conn.engine, version: version!.v },
    migrations,
    tables,
    sequences,
    uploads,
    diskFiles: { count: ctx.diskFiles.length, bytes: sum(ctx.diskFiles.map((f) => f.size)) },
  };
  await emit(FRAME.header, jsonBytes(header));

  let rows = 0;
  const counted: Record<string, number> = {};
  for (const table of tables) {
    await emit(FRAME.table, jsonBytes({ name: table.name }));
    const n = await copyRows(conn, table, (values) => emit(FRAME.row, encodeRow(values)));
    if (n !== table.rows) throw new Error(`${table.name}: ${n} rows read, ${table.rows} counted`);
    counted[table.name] = n;
    rows += n;
    say(progress, `  ${table.name}: ${n} baris`);
  }

  const states: SequenceState[] = [];
  for (const name of sequences) {
    const [s] = await conn.query<{ lastValue: string; isCalled: boolean }>(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${inPublic(name)}`,
    );
    states.push({ name, lastValue: s!.lastValue, isCalled: s!.isCalled });
  }
  await emit(FRAME.sequences, jsonBytes(states));

  if (ctx.diskFiles.length)
    say(
      progress,
      `Berkas lama di DATA_DIR/files (belum dipindah ke basis data): ${ctx.diskFiles.length}`,
    );
  for (const f of ctx.diskFiles) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(f.file);
    } catch (err) {
      throw new BackupError(
        `Berkas ${f.file} tidak dapat dibaca (${(err as NodeJS.ErrnoException).code}): ulangi pencadangan.`,
      );
    }
    if (createHash('sha256').update(bytes).digest('hex') !== f.hash)
      throw new BackupError(
        `Isi berkas ${f.file} tidak cocok dengan namanya (SHA-256): periksa berkas itu, lalu ulangi.`,
      );
    await emit(FRAME.diskFile, Buffer.concat([Buffer.from(f.hash, 'hex'), bytes]));
  }

  await emit(
    FRAME.trailer,
    jsonBytes({
      sha256: ctx.hash.copy().digest('hex'),
      rows,
      tables: counted,
      diskFiles: ctx.diskFiles.length,
    }),
  );
  return {
    migrationLevel: migrations.length,
    lastMigration: last.tag,
    tables: tables.length,
    rows,
    uploads,
  };
}

/**
 * Streams one table's rows through a cursor, a batch at a time (file pieces are large: few per
 * batch), in primary-key order: text columns in their text form, bytea as bytes.
 */
async function copyRows(
  conn: Conn,
  table: TableInfo,
  write: (values: (string | Uint8Array | null)[]) => Promise<void>,
): Promise<number> {
  const select = table.columns
    .map((c, i) => `${ident(c.name)}${isBinary(c) ? '' : '::text'} as c${i}`)
    .join(', ');
  const order = table.primaryKey.length
    ? ` order by ${table.primaryKey.map(ident).join(', ')}`
    : '';
  const batch = table.columns.some(isBinary) ? 16 : 1000;
  await conn.exec(
    `declare backup_rows no scroll cursor for select ${select} from ${inPublic(table.name)}${order}`,
  );
  let n = 0;
  for (;;) {
    const rows = await conn.query<Record<string, string | Uint8Array | null>>(
      `fetch ${batch} from backup_rows`,
    );
    for (const row of rows) {
      await write(table.columns.map((_, i) => row[`c${i}`] ?? null));
      n++;
    }
    if (rows.length < batch) break;
  }
  await conn.exec('close backup_rows');
  return n;
}
