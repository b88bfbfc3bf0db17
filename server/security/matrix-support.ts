import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/** The eight kinds of caller, in the column order of the permission matrix. */
export const CALLERS = [
  'anonymous',
  'pendingVoter',
  'voter',
  'otherRollVoter',
  'otherCommittee',
  'committee',
  'admin',
  'master',
] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * What one cell expects: `deny` is exactly 401 for the anonymous caller and 403 for anyone signed
 * in; `2xx` is any success; a number is that exact status (a business answer such as 404 or 409
 * for a well-formed request by someone allowed to ask).
 */
export type Expect = 'deny' | '2xx' | number;

export const matches = (caller: Caller, expected: Expect, status: number) =>
  expected === 'deny'
    ? status === (caller === 'anonymous' ? 401 : 403)
    : expected === '2xx'
      ? status >= 200 && status < 300
      : status === expected;

/** Tables whose rows change on any request (request counters): left out of the snapshot. */
const VOLATILE = new Set(['rate_limit', 'request_limits']);
/**
 * Tables whose rows are hashed on some columns only: a session's expiry moves as it is used, and
 * the outbox's worker sends mail queued earlier at any moment (a request adding mail still shows).
 */
const PARTIAL: Record<string, string[]> = {
  session: ['id', 'user_id', 'token'],
  mail_outbox: ['id', 'to_address', 'subject', 'kind', 'election_id', 'nim'],
};

/**
 * Every application table's row count and a hash of its rows (in a stable order), plus the audit
 * log's head, in one query. Two equal snapshots mean nothing was added, changed or removed.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables
    .filter((t) => !VOLATILE.has(t.name))
    .map((t) => {
      const cols = PARTIAL[t.name];
      const row = cols ? `concat_ws('|', ${cols.map((c) => `x.${c}`).join(', ')})` : 'x::text';
      return `select '${t.name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(${row}), ',' order by md5(${row}))), '') as value from "${t.name}" x`;
    });
  const rows = await queryRows<{ name: string; value: string }>(
    db,
    sql.raw(
      `${parts.join(' union all ')} union all select 'audit_log head', coalesce((select hash from audit_log order by seq desc limit 1), '')`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export type Sent = { status: number; text: string };

/**
 * One request as a browser on the site would send it, with the caller's cookies; cookies the
 * answer sets are not kept (a registration that signs someone in must not change who the caller
 * is for the next cell). An event stream is cut off once its status is known.
 */
export async function send(
  base: string,
  origin: string,
  cookie: string | null,
  method: string,
  path: string,
  body?: { json?: unknown; form?: FormData; malformedJson?: boolean },
): Promise<Sent> {
  const headers = new Headers({ origin });
  if (cookie) headers.set('cookie', cookie);
  let payload: RequestInit['body'];
  if (body?.form) payload = body.form;
  else if (body?.malformedJson) {
    headers.set('content-type', 'application/json');
    payload = '{"namaLengkap": <script>';
  } else if (body?.json !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body.json);
  }
  const abort = new AbortController();
  const res = await fetch(base + path, {
    method,
    headers,
    body: payload,
    redirect: 'manual',
    signal: abort.signal,
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status, text: '' };
  }
  return { status: res.status, text: await res.text() };
}
