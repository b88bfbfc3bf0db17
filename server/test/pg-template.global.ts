import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database every PostgreSQL test database is created from (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

/**
 * Once per run of the PostgreSQL project: migrate one template database, which each test file's
 * database copies in a few milliseconds instead of migrating from scratch; dropped at the end.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `bem_test_template_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migratePostgres(url.toString());
  project.provide('pgTemplate', name);
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await c.end();
  };
}
