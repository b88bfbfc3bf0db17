import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './errors.ts';

/** An error as pg or PGlite raises it: a message and a SQLSTATE or system code. */
const dbError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As Drizzle wraps it: "Failed query: …" with the driver's error as its cause. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1'), { name: 'DrizzleQueryError', cause });

describe('databaseUnavailable', () => {
  it('recognises a full disk (SQLSTATE 53100), also wrapped by Drizzle', () => {
    expect(databaseUnavailable(dbError('53100', 'could not extend file'))).toBe('disk-full');
    expect(databaseUnavailable(wrapped(dbError('53100')))).toBe('disk-full');
  });

  it('recognises a database that is down, restarting or unreachable', () => {
    for (const e of [
      dbError('57P01', 'terminating connection due to administrator command'),
      dbError('57P03', 'the database system is starting up'),
      dbError('08006'),
      dbError('53300', 'too many connections'),
      wrapped(dbError('ECONNREFUSED')),
      new AggregateError([dbError('ECONNREFUSED')], 'connect failed'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(databaseUnavailable(e), String(e)).toBe('unavailable');
  });

  it('leaves every other error alone', () => {
    for (const e of [
      new Error('boom'),
      dbError('23505', 'duplicate key value violates unique constraint'),
      wrapped(dbError('22P02', 'invalid input syntax for type uuid')),
      dbError('ENOENT'),
      null,
      'text',
    ])
      expect(databaseUnavailable(e), String(e)).toBeUndefined();
  });
});
