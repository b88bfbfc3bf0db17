import pg from 'pg';

/** The tables whose rows are never changed once written: the app role may only add to them. */
export const APPEND_ONLY_TABLES = [
  'ballots',
  'participation',
  'audit_log',
  'record_entries',
  'audited_ballots',
] as const;

/**
 * Creates or updates the app's login role on PostgreSQL, connected as the owner of the tables:
 * it owns nothing, cannot create anything, may read and write the tables it needs, but may only
 * read and add to ballots, participation marks and the audit log (no UPDATE, DELETE or
 * TRUNCATE, and as a non-owner it cannot disable or drop their triggers). Default privileges
 * give it the same rights on tables later migrations create.
 */
export async function grantAppRole(
  ownerUrl: string,
  role: string,
  password: string,
): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const id = pg.escapeIdentifier(role);
    const secret = pg.escapeLiteral(password);
    const [{ owner, database }] = (
      await client.query<{ owner: string; database: string }>(
        'select current_user as owner, current_database() as database',
      )
    ).rows as [{ owner: string; database: string }];
    if (owner === role) throw new Error('Peran aplikasi tidak boleh sama dengan pemilik tabel.');
    await client.query('begin');
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
    await client.query(
      exists.rowCount
        ? `ALTER ROLE ${id} WITH ${attributes} PASSWORD ${secret}`
        : `CREATE ROLE ${id} WITH ${attributes} PASSWORD ${secret}`,
    );
    const ownerId = pg.escapeIdentifier(owner);
    await client.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${id}`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM ${id}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${id}`);
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${id}`);
    await client.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${id}`,
    );
    for (const table of APPEND_ONLY_TABLES) {
      await client.query(
        `REVOKE UPDATE, DELETE, TRUNCATE ON ${pg.escapeIdentifier(table)} FROM ${id}`,
      );
    }
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${id}`);
    await client.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${id}`,
    );
    await client.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${id}`,
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
