import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { DataDirError, fileSystemErrorCode } from './data-dir.ts';
import { serverDir } from '../runtime/source-dir.ts';
import { lockDataDir } from './lock.ts';

/** The Drizzle database, whichever PostgreSQL runs behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle; commands take `Db | Tx` so they can join a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query. */
  ping: () => Promise<void>;
  /**
   * LISTEN on a channel; returns the unlisten function. `onReconnect` runs after a lost listening
   * connection is back (notifications sent meanwhile are lost, so listeners should refresh).
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PostgreSQL: the connection pool's use now (metrics); the embedded database has none. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
};

export const migrationsFolder = path.join(serverDir, 'db/migrations');

// An arbitrary constant shared by every instance: only one of them migrates at a time.
export const MIGRATION_LOCK_KEY = 7_204_613_511;

/**
 * Opens the embedded PGlite in `dataDir` (locking the folder for this process), or a pooled
 * connection to `databaseUrl`; then applies the committed migrations.
 */
export async function openDatabase(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** A PGlite data folder image to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** Keep the PGlite database in memory (tests); the folder is still locked. */
  inMemory?: boolean;
  /** PostgreSQL: the owner's connection, used only to migrate (default: databaseUrl). */
  migrationUrl?: string | undefined;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.migrationUrl ?? opts.databaseUrl)
    : openPglite(opts);
}

async function openPglite(opts: {
  dataDir: string;
  loadDataDir?: Blob;
  inMemory?: boolean;
}): Promise<Database> {
  const lock = lockDataDir(opts.dataDir);
  try {
    const dbDir = path.join(opts.dataDir, 'pgdata');
    if (!opts.inMemory) await createPgliteOnce(dbDir, opts.loadDataDir);
    const client = await PGlite.create(opts.inMemory ? undefined : dbDir, {
      loadDataDir: opts.inMemory ? opts.loadDataDir : undefined,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return async () => unlisten();
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * Makes the embedded database folder the first time, all or nothing: it is created and migrated
 * under a temporary name and renamed into place only when complete, so a full disk or a crash
 * during the first start leaves no half-made database (the next start simply tries again).
 */
async function createPgliteOnce(dbDir: string, loadDataDir: Blob | undefined): Promise<void> {
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) return;
  const partial = `${dbDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    const client = await PGlite.create(partial, { loadDataDir });
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    } finally {
      await client.close();
    }
    fs.rmSync(dbDir, { recursive: true, force: true });
    fs.renameSync(partial, dbDir);
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    const code = fileSystemErrorCode(err);
    throw code ? new DataDirError(path.dirname(dbDir), code) : err;
  }
}

async function openPostgres(url: string, migrationUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5000 });
  // A connection lost to a server restart must not end the process. The pool listens on an idle
  // connection ('error' on the pool); one in use with no query running reports on the connection
  // itself, which the pool stops listening to while it is lent out. Its next query fails, and the
  // pool drops it when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await migratePostgres(migrationUrl);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onPayload, onReconnect) =>
      listenWithReconnect(url, channel, onPayload, onReconnect),
    close: async () => {
      await pool.end();
    },
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  };
}

/**
 * LISTEN on a dedicated connection that comes back by itself after the server restarts or the
 * connection drops (with a growing pause between tries), so live updates resume without a restart.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 250;
  let connectedBefore = false;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    // keepAlive: a connection silently dropped by a firewall is noticed and replaced.
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    client = c;
    let failed = false;
    // Each connection fails at most once; then a new one is tried after a pause.
    const fail = () => {
      if (failed || stopped) return;
      failed = true;
      c.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    };
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', fail);
    c.on('end', fail);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      delay = 250;
      if (connectedBefore) onReconnect?.();
      connectedBefore = true;
    } catch (err) {
      fail();
      throw err;
    }
  };
  try {
    await connect();
  } catch (err) {
    stopped = true;
    throw err;
  }
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/** Applies the committed migrations on PostgreSQL, one instance at a time (an advisory lock). */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/** True when the database answers within the time given. */
export async function isReady(database: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs one fixed statement ($1… parameters). On PostgreSQL it is a named prepared statement: each
 * pooled connection plans it once, not on every call (the hot path of casting). PGlite runs in
 * this process and takes it as a parameterised query.
 */
export async function queryPrepared<T>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  throw new Error('queryPrepared needs the database itself, not a transaction');
}
