import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder } from '../db/client.ts';

/** Which database the integration suite runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set for this project. */
export const testDbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

function migrationsHash(): string {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const p = path.join(migrationsFolder, f);
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data folder image, made once per migration set and reused: creating a PGlite
 * runs initdb in WASM (seconds), loading an image takes a fraction of that.
 */
export async function pgliteTemplate(): Promise<Blob> {
  return cachedImage(`bem-pglite-template-${migrationsHash()}.tar`, (db) =>
    migrate(drizzle(db), { migrationsFolder }),
  );
}

/**
 * An empty PGlite data folder image (initdb done, nothing migrated), made once per PGlite version
 * and reused: what a restore or an old-version database starts from without paying for initdb.
 */
export async function pgliteEmptyCluster(): Promise<Blob> {
  const version = (
    JSON.parse(
      fs.readFileSync(
        path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'),
        'utf8',
      ),
    ) as { version: string }
  ).version;
  return cachedImage(`bem-pglite-empty-${version}.tar`, async () => {});
}

/**
 * A PGlite data folder image kept in the temp folder under `name`: made once (a new database,
 * `prepare`d, dumped, written whole then renamed), read back on every later call.
 */
async function cachedImage(name: string, prepare: (db: PGlite) => Promise<unknown>): Promise<Blob> {
  const file = path.join(os.tmpdir(), name);
  if (!fs.existsSync(file)) {
    const db = await PGlite.create();
    await prepare(db);
    const dump = await db.dumpDataDir('none');
    await db.close();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** The migrated template database on the test server (made by pg-template.global.ts). */
function postgresTemplate(): string | undefined {
  try {
    return inject('pgTemplate');
  } catch {
    return undefined;
  }
}

/**
 * Creates a fresh database on the test PostgreSQL server — a copy of the migrated template made
 * once for the run, so no test file migrates from scratch; `empty`: with nothing of ours in it —
 * and returns its URL and how to drop it.
 */
export async function createPostgresDatabase(opts: { empty?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bem_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = opts.empty ? undefined : postgresTemplate();
  await admin.query(
    `CREATE DATABASE ${pg.escapeIdentifier(name)}` +
      (template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''),
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await c.end();
    },
  };
}
