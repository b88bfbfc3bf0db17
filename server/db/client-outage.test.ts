import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import { openDatabase, type Database } from './client.ts';

let cluster: PostgresCluster;
let database: Database;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-db-outage-'));
  cluster = await startPostgresCluster();
  database = await openDatabase({ dataDir, databaseUrl: cluster.url });
}, 120_000);
afterAll(async () => {
  await database?.close().catch(() => {});
  await cluster?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL stops while a connection is checked out between two queries', () => {
  it('fails that transaction and does not end the process', async () => {
    // A pooled connection that is in use but has no query running gets the server's
    // "terminating connection" as an 'error' event on the connection itself; with no listener
    // for it, Node ends the whole process (every instance's requests, every vote being cast).
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    try {
      const outcome = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await cluster.stop();
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await outcome).toBe('failed');
      await new Promise((r) => setTimeout(r, 300));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await cluster.start();
    }
    // The pool recovers by itself once the server is back.
    await expect(database.ping()).resolves.toBeUndefined();
  }, 60_000);
});
