import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { voters } from './schema/index.ts';
import { startTestApp } from '../test/app.ts';
import { createPostgresDatabase, testDbKind } from '../test/database.ts';
import { insertOpenElection } from '../test/elections.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run db:roles -- …` the way an operator does (same script, same Node). */
function dbRoles(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/db-roles.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** The database's refusal of a statement run as `url`'s role, or undefined when it ran. */
async function refusal(url: string, statement: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end();
  }
}

if (testDbKind === 'postgres') {
  describe('hardening 13: the app role cannot rewrite history', () => {
    it('db:roles makes a role that casts votes but cannot update, delete, truncate or unguard them', async () => {
      const { url: ownerUrl, drop } = await createPostgresDatabase();
      const role = `bem_app_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const first = dbRoles({ DATABASE_URL: ownerUrl }, '--app-role', role);
        expect(first.code, first.out).toBe(0);
        const password = /Kata sandi peran \S+: (\S+)/.exec(first.out)![1]!;
        // Re-running is idempotent; with APP_ROLE_PASSWORD it sets that one and prints none.
        const again = dbRoles(
          { DATABASE_URL: ownerUrl, APP_ROLE_PASSWORD: password },
          '--app-role',
          role,
        );
        expect(again.code, again.out).toBe(0);
        expect(again.out).not.toContain(password);

        const appUrl = new URL(ownerUrl);
        appUrl.username = role;
        appUrl.password = password;
        // The real app, connected as the role, migrating as the owner.
        const app = await startTestApp({
          DATABASE_URL: appUrl.toString(),
          MIGRATION_DATABASE_URL: ownerUrl,
        });
        try {
          const voter = app.client();
          const input = await voter.registerVoter();
          const db = app.services.database.db;
          await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
          const { election, candidates } = await insertOpenElection(db, { nims: [input.nim] });
          const cast = await voter.post(`/api/voting/${election.id}/cast`, {
            choice: candidates[0]!.id,
          });
          expect(cast.status).toBe(201);
        } finally {
          await app.stop();
        }

        const attempts = [
          `UPDATE ballots SET choice = 'x'`,
          `DELETE FROM ballots`,
          `TRUNCATE ballots`,
          `UPDATE participation SET prodi = 'x'`,
          `DELETE FROM participation`,
          `TRUNCATE participation`,
          `UPDATE audit_log SET summary = 'x'`,
          `DELETE FROM audit_log`,
          `TRUNCATE audit_log`,
          `ALTER TABLE ballots DISABLE TRIGGER ballots_append_only`,
          `ALTER TABLE audit_log DISABLE TRIGGER ALL`,
          `DROP TRIGGER participation_append_only ON participation`,
          `DROP TABLE ballots`,
          `CREATE TABLE sneaky (id int)`,
          `CREATE FUNCTION sneaky() RETURNS int AS 'select 1' LANGUAGE sql`,
          `ALTER TABLE elections OWNER TO ${pg.escapeIdentifier(role)}`,
        ];
        for (const statement of attempts) {
          const message = await refusal(appUrl.toString(), statement);
          expect(message, statement).toMatch(
            /permission denied|must be owner|must be able to SET ROLE/,
          );
        }
        // It owns nothing.
        const owned = await admin.query(
          `select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = $1`,
          [role],
        );
        expect(owned.rows[0].n).toBe(0);
        // The owner still can read what was written through the role.
        const ballots = await refusal(ownerUrl, 'select 1 from ballots');
        expect(ballots).toBeUndefined();
      } finally {
        await drop();
        await admin.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`).catch(() => {});
        await admin.end();
      }
    }, 120_000);
  });
} else {
  describe('hardening 13: db:roles on the embedded database', () => {
    it('refuses with a clear message: PGlite has one user', () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-roles-'));
      try {
        const r = dbRoles({ DATA_DIR: dataDir }, '--app-role', 'bem_app');
        expect(r.code).toBe(1);
        expect(r.out).toMatch(/hanya untuk PostgreSQL/);
        const bad = dbRoles({ DATA_DIR: dataDir }, '--app-role', 'Bem-App');
        expect(bad.code).toBe(1);
        expect(bad.out).toMatch(/Pemakaian/);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
