import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * One connection inside one transaction, whichever engine: the embedded PGlite (its transaction
 * object: a query on the PGlite itself would wait forever behind it) or a PostgreSQL client.
 */
export type Conn = {
  engine: 'pglite' | 'postgres';
  /** One statement with $1… parameters; its rows. */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** Statements without parameters, several at once allowed (migrations). */
  exec: (text: string) => Promise<void>;
};

export function pgliteConn(tx: Transaction | PGlite): Conn {
  return {
    engine: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
    exec: async (text) => {
      await tx.exec(text);
    },
  };
}

export function postgresConn(client: pg.Client): Conn {
  return {
    engine: 'postgres',
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
}

/**
 * The session settings both sides of a backup use, so that every value's text form is the same
 * whichever server wrote or reads it: ISO dates, UTC, floats written in full, bytea in hex.
 */
export async function useCanonicalText(conn: Conn) {
  await conn.exec(
    "SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL TimeZone = 'UTC'; " +
      "SET LOCAL IntervalStyle = 'postgres'; SET LOCAL extra_float_digits = 1; " +
      "SET LOCAL bytea_output = 'hex'",
  );
}

/** Back to the database's own settings (before migrations run, as they would at a start). */
export async function resetCanonicalText(conn: Conn) {
  await conn.exec(
    'SET LOCAL DateStyle TO DEFAULT; SET LOCAL TimeZone TO DEFAULT; ' +
      'SET LOCAL IntervalStyle TO DEFAULT; SET LOCAL extra_float_digits TO DEFAULT; ' +
      'SET LOCAL bytea_output TO DEFAULT',
  );
}

/** A quoted identifier (the names come from the catalog, still quoted as any other). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table or sequence of schema `public`, whatever the connection's search_path. */
export const inPublic = (name: string) => `"public".${ident(name)}`;
