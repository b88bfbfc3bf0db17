import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';
import { pgliteConn, postgresConn, type Conn } from './connection.ts';
import { BackupError } from './errors.ts';

/** The embedded database's folder inside DATA_DIR (as server/db/client.ts makes it). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pgdata');

export const hasPgliteDatabase = (dataDir: string) => {
  const dir = pgliteFolder(dataDir);
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
};

/**
 * Runs `read` in one read-only transaction that sees one snapshot of the whole database.
 * PostgreSQL: while the app keeps running (REPEATABLE READ, READ ONLY). The embedded database:
 * only with its folder's lock, so never while a server holds it (PGlite has no lock of its own).
 */
export async function withSnapshot<T>(
  source: { dataDir: string; databaseUrl?: string | undefined },
  read: (conn: Conn) => Promise<T>,
): Promise<T> {
  if (source.databaseUrl) {
    const client = new pg.Client({ connectionString: source.databaseUrl });
    try {
      await client.connect();
    } catch (err) {
      throw new BackupError(
        `Tidak dapat terhubung ke PostgreSQL: ${(err as Error).message}. Tidak ada yang diubah.`,
      );
    }
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const result = await read(postgresConn(client));
      await client.query('COMMIT');
      return result;
    } finally {
      await client.end();
    }
  }
  if (!hasPgliteDatabase(source.dataDir))
    throw new BackupError(
      `Tidak ada basis data di DATA_DIR ${source.dataDir} (folder pgdata tidak ada atau kosong). ` +
        'Periksa DATA_DIR, atau DATABASE_URL untuk PostgreSQL.',
    );
  let lock;
  try {
    lock = lockDataDir(source.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new BackupError(
        `Basis data bawaan (PGlite) hanya dapat dicadangkan saat server berhenti. ${err.message}`,
      );
    throw err;
  }
  try {
    const db = await PGlite.create(pgliteFolder(source.dataDir));
    try {
      return await db.transaction(async (tx) => {
        await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return read(pgliteConn(tx));
      });
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}
