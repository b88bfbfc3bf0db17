import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../db/client.ts';
import type { Conn } from './connection.ts';
import { BackupError } from './errors.ts';
import type { MigrationInfo } from './format.ts';

export type CodeMigration = MigrationInfo & { statements: string[] };

/**
 * The committed migrations in order, as Drizzle's migrator reads them (the same statements, split
 * at its breakpoints, and the same hash), each with its journal tag.
 */
export function codeMigrations(folder = migrationsFolder): CodeMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    when: entry.when,
    hash: files[i]!.hash,
    statements: files[i]!.sql,
  }));
}

/** Drizzle's own record of the migrations applied (the migrator's schema and table). */
const LEDGER = '"drizzle"."__drizzle_migrations"';

/**
 * The migrations applied to a database, matched with the code's by their journal time (what
 * Drizzle's migrator itself compares). Undefined when the database has never been migrated.
 * A migration the code does not know means a newer version wrote the database.
 */
export async function appliedMigrations(
  conn: Conn,
  code: readonly CodeMigration[],
): Promise<MigrationInfo[] | undefined> {
  const [exists] = await conn.query<{ ledger: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as ledger`,
  );
  if (!exists?.ledger) return undefined;
  const rows = await conn.query<{ hash: string; when: string }>(
    `select hash, created_at::text as "when" from ${LEDGER} order by created_at, id`,
  );
  if (!rows.length) return undefined;
  return rows.map((row, i) => {
    const known = code[i];
    if (!known || String(known.when) !== row.when)
      throw new BackupError(
        `Basis data ini memuat migrasi yang tidak dikenal kode ini (migrasi ke-${i + 1}, waktu ${row.when}): ` +
          'ia ditulis oleh versi aplikasi yang lebih baru. Jalankan perintah ini dari versi itu. ' +
          'Tidak ada yang diubah.',
      );
    return { tag: known.tag, when: known.when, hash: row.hash };
  });
}

/**
 * Applies the code's migrations `from` (inclusive) to `to` (exclusive) on a connection already
 * inside the caller's transaction, recording each in Drizzle's ledger exactly as its migrator
 * does, so the server's start later finds them applied. (Drizzle's migrator opens a transaction
 * of its own; a restore needs the schema, the rows and the upgrade in one.)
 */
export async function applyMigrations(
  conn: Conn,
  code: readonly CodeMigration[],
  from: number,
  to: number,
) {
  await conn.exec('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await conn.exec(
    `CREATE TABLE IF NOT EXISTS ${LEDGER} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of code.slice(from, to)) {
    for (const statement of migration.statements) await conn.exec(statement);
    await conn.query(`insert into ${LEDGER} ("hash", "created_at") values ($1, $2)`, [
      migration.hash,
      migration.when,
    ]);
  }
}
