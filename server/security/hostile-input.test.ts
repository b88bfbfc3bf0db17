import { recordFigures } from './figures.ts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committeeMembers, elections, user, voters } from '../db/schema/index.ts';
import { createInvitation } from '../elections/committee/invitations.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { IDP_CLIENT, startCampusIdp } from '../test/campus-idp.ts';
import { insertOpenElection } from '../test/elections.ts';
import {
  badQuery,
  garbageMultipart,
  hostileSegment,
  hostileString,
  jsonBodyCase,
  junkQuery,
  looksIndonesian,
  operationsOf,
  pct,
  plausiblePathValue,
  surelyInvalid,
  type HostileRequest,
  type Operation,
} from './hostile-input.fixtures.ts';

/**
 * Hostile input (issue 6): every operation of the OpenAPI document gets schema-violating bodies,
 * query strings and path parameters, as a master admin (so authorization passes and validation is
 * what answers) and anonymously. Every answer is a 4xx in the API's error shape with an Indonesian
 * message, never a 5xx, and the database is unchanged after each operation's batch.
 */

const SEED = 20_260_601;
const RUNS = 20;

let app: TestApp;
let idp: Awaited<ReturnType<typeof startCampusIdp>>;
let db: TestApp['services']['database']['db'];
let master: TestClient;
let anonymous: TestClient;
/** A verified voter on an open election's roll and on a draft election's committee. */
let member: TestClient;
/** Ids of real records, so that a request that slipped past validation would change something. */
const real: { pattern: RegExp; param: string; id: string }[] = [];
let operations: Operation[];
const figures = { operations: 0, requests: 0, serverErrors: 0 };
const messages = new Set<string>();

beforeAll(async () => {
  // No minute jobs: an open election's opening notice would queue mail in the middle of a check
  // that nothing changed.
  idp = await startCampusIdp({
    redirectUri: 'http://localhost/api/auth/callback/kampus',
    accounts: [],
  });
  app = await startTestApp(
    {
      SIGN_IN_PER_MINUTE: '100000',
      REGISTER_PER_HOUR: '100000',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
    },
    { minuteJobs: false },
  );
  db = app.services.database.db;
  master = await signedInStaff(app, {
    email: 'master.liar@bem.test',
    password: 'sandi-master-liar',
    name: 'Rina Master',
    role: 'master',
  });
  anonymous = app.client();
  member = app.client();
  const voter = await member.registerVoter({ namaLengkap: 'Dewi Panitia' });
  const [account] = await db.select().from(user).where(eq(user.email, voter.email));
  await db.update(voters).set({ status: 'verified' }).where(eq(voters.userId, account!.id));
  const [draft] = await db
    .insert(elections)
    .values({
      title: 'Pemilihan Ketua Himpunan',
      organizer: 'HIMA Uji',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
    })
    .returning();
  await createInvitation(db, draft!.id, null, 'undangan.liar@uji.test');
  await db
    .insert(committeeMembers)
    .values({ electionId: draft!.id, userId: account!.id, namaLengkap: 'Dewi Panitia' });
  const open = await insertOpenElection(db, { nims: [voter.nim] });
  const period = (await (
    await master.post('/api/structure/periods', { label: '2031/2032', cabinetName: 'Kabinet Uji' })
  ).json()) as { id: string };
  const division = (await (
    await master.post(`/api/structure/periods/${period.id}/divisions`, { name: 'Divisi Uji' })
  ).json()) as { id: string };
  const seat = (await (
    await master.post(`/api/structure/periods/${period.id}/members`, {
      name: 'Agus Anggota',
      position: 'Staf',
    })
  ).json()) as { id: string };
  const [masterAccount] = await db
    .select()
    .from(user)
    .where(eq(user.email, 'master.liar@bem.test'));
  real.push(
    { pattern: /^\/api\/(elections|oversight\/elections)\/\{id\}/, param: 'id', id: draft!.id },
    {
      pattern: /^\/api\/elections\/\{id\}\/candidates/,
      param: 'candidateId',
      id: open.candidates[0]!.id,
    },
    { pattern: /^\/api\/(voting|results)\//, param: 'id', id: open.election.id },
    { pattern: /^\/api\/results\//, param: 'electionId', id: open.election.id },
    { pattern: /^\/api\/structure\/periods\//, param: 'id', id: period.id },
    { pattern: /^\/api\/structure\/divisions\//, param: 'id', id: division.id },
    { pattern: /^\/api\/structure\/members\//, param: 'id', id: seat.id },
    { pattern: /^\/api\/admins\//, param: 'userId', id: masterAccount!.id },
    { pattern: /^\/api\/(voters|oversight)\//, param: 'userId', id: account!.id },
  );
  for (const r of [period, division, seat]) expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
  const res = await anonymous.get('/api/openapi.json');
  expect(res.status).toBe(200);
  operations = operationsOf((await res.json()) as Parameters<typeof operationsOf>[0]);
});

afterAll(async () => {
  recordFigures(
    'hostile-input',
    figures,
    `${figures.operations} operations, ${figures.requests} requests, ${figures.serverErrors} server errors`,
  );
  await app?.stop();
  await idp?.stop();
});

// Attempt counters of rate limits change on refused requests by design; everything else may not.
const counters = new Set(['request_limits', 'rate_limit']);

/** Row counts of every table and the hash of the activity log's last entry. */
async function snapshot() {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const tables = rows<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((t) => t.name)
    .filter((t) => !counters.has(t));
  const counts: Record<string, number> = {};
  for (const t of tables)
    counts[t] = Number(
      rows<{ n: number }>(await db.execute(sql`select count(*) as n from ${sql.identifier(t)}`))[0]!
        .n,
    );
  const [last] = rows<{ hash: string }>(
    await db.execute(sql`select hash from audit_log order by seq desc limit 1`),
  );
  return {
    counts,
    auditHead: last?.hash ?? null,
    sessions: [master.cookies.size, member.cookies.size],
  };
}

/** Sends one request and checks the answer; returns a description of what was wrong, if anything. */
async function send(client: TestClient, r: HostileRequest) {
  const headers: Record<string, string> = {};
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  // A refusal answered before a large body is read ends the connection; do not reuse it.
  if ((r.body?.length ?? 0) > 16_384) headers.connection = 'close';
  let res: Response;
  try {
    res = await client.request(r.method, r.path, { body: r.body as RequestInit['body'], headers });
  } catch (err) {
    const cause = err instanceof Error ? String(err.cause ?? err) : String(err);
    return `no answer (${cause}): ${r.kind} ${r.method} ${r.path.slice(0, 160)} body ${r.body?.length ?? 0} ${String(r.body).slice(0, 200)}`;
  }
  figures.requests++;
  // A live stream (GET /api/live/me) never ends: its status is the answer.
  const streaming = res.headers.get('content-type')?.startsWith('text/event-stream');
  if (streaming) await res.body?.cancel();
  const text = streaming ? '' : await res.text();
  const where = `${r.kind} ${r.method} ${r.path.slice(0, 160)} → ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) {
    figures.serverErrors++;
    return `server error: ${where}`;
  }
  if (res.status < 400) return r.invalid ? `accepted invalid input: ${where}` : undefined;
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `not JSON: ${where}`;
  }
  const { code, message } = body.error ?? {};
  if (typeof code !== 'string' || !code || typeof message !== 'string' || !message)
    return `not the error shape: ${where}`;
  messages.add(message);
  if (!looksIndonesian(message)) return `not Indonesian: ${where}`;
  return undefined;
}

/** Checks one request as the master, as a voter on a committee, and anonymously. */
async function check(r: HostileRequest) {
  for (const client of [master, member, anonymous]) {
    const problem = await send(client, r);
    if (problem) throw new Error(problem);
  }
}

/** Runs a property with the fixed seed; a failure reports the problem, not the (huge) input. */
async function holds<T extends [unknown]>(property: fc.IAsyncProperty<T>, numRuns: number) {
  const out = await fc.check(property, { seed: SEED, numRuns, endOnFailure: true });
  if (out.failed) {
    const err = out.errorInstance;
    const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : '';
    throw new Error(`${err instanceof Error ? err.message : String(err)}${cause}`);
  }
}

function fillPath(op: Operation, values: Record<string, string> = {}) {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name];
    const known = real.find((r) => r.param === name && r.pattern.test(op.path));
    if (known) return known.id;
    const p = op.params.find((x) => x.in === 'path' && x.name === name)!;
    return pct(plausiblePathValue(p));
  });
}

/** The hostile requests for one operation. */
function casesFor(op: Operation): fc.Arbitrary<HostileRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const canHaveBody = op.method !== 'GET' && op.method !== 'HEAD';
  const cases: fc.Arbitrary<HostileRequest>[] = [];

  if (pathParams.length)
    cases.push(
      fc.tuple(fc.constantFrom(...pathParams), hostileSegment).map(([p, seg]) => ({
        kind: 'path',
        method: op.method,
        path: fillPath(op, { [p.name]: seg }),
        ...(canHaveBody && op.json ? { body: '{}', contentType: 'application/json' } : {}),
        // Either the value fails the schema or it names nothing: a 4xx either way.
        invalid: true,
      })),
    );

  if (queryParams.length)
    cases.push(
      fc
        .constantFrom(...queryParams)
        .chain((p) => badQuery(p))
        .map(({ query, invalid }) => ({
          kind: 'query',
          method: op.method,
          path: `${fillPath(op)}?${query}`,
          ...(canHaveBody && op.json ? { body: '{}', contentType: 'application/json' } : {}),
          invalid,
        })),
    );

  if (op.json && canHaveBody)
    cases.push(
      jsonBodyCase(op.json).map((b) => ({
        kind: b.kind,
        method: op.method,
        path: fillPath(op),
        body: b.body,
        contentType: b.contentType,
        invalid: true,
      })),
    );

  if (op.multipart)
    cases.push(
      garbageMultipart.map((b) => ({
        kind: b.kind,
        method: op.method,
        path: fillPath(op),
        body: b.body,
        contentType: b.contentType,
        invalid: true,
      })),
    );

  if (!cases.length)
    // No declared input: junk is ignored, but must never break the server or change anything.
    cases.push(
      fc.tuple(junkQuery, hostileString).map(([q, junk]) => ({
        kind: 'junk',
        method: op.method,
        path: `${op.path}?${q}`,
        ...(canHaveBody ? { body: JSON.stringify({ junk }), contentType: 'application/json' } : {}),
        invalid: false,
      })),
    );
  return fc.oneof(...cases);
}

describe('hostile input: every operation of the OpenAPI document', () => {
  it('lists the operations the product serves', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.some((o) => o.multipart)).toBe(true);
  });

  it('answers schema-violating input with an Indonesian 4xx and changes nothing', async () => {
    for (const op of operations) {
      figures.operations++;
      const before = await snapshot();
      await holds(fc.asyncProperty(casesFor(op), check), RUNS);
      expect(await snapshot(), `${op.method} ${op.path} changed the database`).toEqual(before);
    }
    expect(figures.serverErrors).toBe(0);
    // Validation was reached across the API: dozens of distinct field messages, not one refusal.
    expect(messages.size).toBeGreaterThan(40);
  }, 240_000);
});

describe('hostile input: the sign-in and password endpoints', () => {
  const emails = fc.oneof(
    hostileString,
    fc.constantFrom(
      'master.liar@bem.test\u0000',
      'MASTER.LIAR@BEM.TEST ',
      'master.liar@bem.test\u202e',
      "' OR 1=1 --@bem.test",
      `${'a'.repeat(5000)}@bem.test`,
      'a@b',
      '@',
    ),
  );
  const values = fc.oneof(
    hostileString,
    fc.constantFrom<unknown>(null, 1, [], {}, { $ne: '' }, true),
  );

  it('refuses hostile sign-ins, reset requests and resets with an Indonesian 4xx', async () => {
    const before = await snapshot();
    const authCase: fc.Arbitrary<HostileRequest> = fc.oneof(
      fc
        .record({
          email: fc.oneof(emails, values),
          password: fc.oneof(values, fc.constant('sandi-master-liar')),
        })
        .filter((b) => b.password !== 'sandi-master-liar' || b.email !== 'master.liar@bem.test')
        .map((b) => ({
          kind: 'sign-in',
          method: 'POST',
          path: '/api/auth/sign-in/email',
          body: JSON.stringify(b),
          contentType: 'application/json',
          invalid: true,
        })),
      fc
        .record({
          email: fc.oneof(
            values,
            hostileString.filter((e) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e)),
          ),
        })
        .map((b) => ({
          kind: 'password reset request',
          method: 'POST',
          path: '/api/auth/request-password-reset',
          body: JSON.stringify(b),
          contentType: 'application/json',
          invalid: true,
        })),
      fc.record({ token: values, newPassword: values }).map((b) => ({
        kind: 'password reset',
        method: 'POST',
        path: '/api/auth/reset-password',
        body: JSON.stringify(b),
        contentType: 'application/json',
        invalid: true,
      })),
      fc
        .tuple(
          fc.constantFrom(
            '/api/auth/sign-in/email',
            '/api/auth/request-password-reset',
            '/api/auth/reset-password',
          ),
          fc.oneof(
            fc.constantFrom('{', '{"email": ', "{'email': 'a'}", '[]', 'null', '"x"', '', '\u0000'),
            fc.integer({ min: 1000, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
          ),
          fc.constantFrom<string | undefined>('application/json', 'text/plain', undefined),
        )
        .map(([p, body, contentType]) => ({
          kind: 'auth: malformed',
          method: 'POST',
          path: p,
          body,
          contentType,
          invalid: true,
        })),
    );
    await holds(
      fc.asyncProperty(authCase, async (r) => {
        const problem = await send(anonymous, r);
        if (problem) throw new Error(problem);
      }),
      120,
    );
    expect(anonymous.cookies.size).toBe(0);
    expect(await snapshot()).toEqual(before);
    // The master is still signed in: hostile sign-ins did not touch their account or session.
    expect((await master.me()).admin?.role).toBe('master');
    expect(figures.serverErrors).toBe(0);
  });
});

describe('hostile input: the campus SSO endpoints', () => {
  it('refuses a hostile SSO start with an Indonesian 4xx and stores nothing', async () => {
    const before = await snapshot();
    const values = fc.oneof(hostileString, fc.constantFrom<unknown>(null, 7, [], {}, true));
    const offSite = fc.constantFrom(
      'https://penyerang.example/curi',
      '//penyerang.example/curi',
      'javascript:alert(1)',
      'http://localhost.penyerang.example/',
    );
    const startCase: fc.Arbitrary<HostileRequest> = fc
      .record({
        provider: fc.oneof(values, fc.constant('kampus')),
        callbackURL: fc.oneof(values, offSite, fc.constant('/')),
        errorCallbackURL: fc.oneof(offSite, fc.constant('/login-pemilih')),
        disableRedirect: fc.constant(true),
      })
      // One part at least is wrong: a provider we do not have, or a destination off this site.
      .filter(
        (b) =>
          b.provider !== 'kampus' ||
          b.callbackURL !== '/' ||
          b.errorCallbackURL !== '/login-pemilih',
      )
      .map((b) => ({
        kind: 'sso start',
        method: 'POST',
        path: '/api/auth/sign-in/social',
        body: JSON.stringify(b),
        contentType: 'application/json',
        invalid: true,
      }));
    await holds(
      fc.asyncProperty(startCase, async (r) => {
        const problem = await send(anonymous, r);
        if (problem) throw new Error(problem);
      }),
      RUNS * 3,
    );
    expect(await snapshot()).toEqual(before);
    expect(figures.serverErrors).toBe(0);
  });

  it('sends any callback it did not ask for back to the sign-in page, signed out', async () => {
    const before = await snapshot();
    await holds(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('state', 'code', 'iss', 'error', 'error_description', 'user', 'x'),
          hostileString,
        ),
        async (query) => {
          const res = await anonymous.request(
            'GET',
            `/api/auth/callback/kampus?${new URLSearchParams(query)}`,
          );
          await res.text();
          figures.requests++;
          if (res.status >= 500) figures.serverErrors++;
          // An address too long for the server's limits is refused before it reaches better-auth.
          if (res.status === 431 || res.status === 414) return;
          expect(res.status).toBe(302);
          const to = new URL(res.headers.get('location') ?? '', 'http://tanpa-lokasi.invalid');
          expect(to.origin).toBe(new URL(app.services.env.publicUrl).origin);
          expect(to.pathname).toBe('/login-pemilih');
          expect(to.searchParams.get('error')).toBeTruthy();
          expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
        },
      ),
      RUNS * 2,
    );
    expect(anonymous.cookies.size).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile input: the second-factor and passkey endpoints', () => {
  const values = fc.oneof(
    hostileString,
    fc.constantFrom<unknown>(null, 1, [], {}, { $ne: '' }, true, '12345', '1234567', 'AbCd1EfGh2'),
  );
  const endpoints = [
    ['/api/auth/two-factor/verify-totp', ['code', 'trustDevice']],
    ['/api/auth/two-factor/verify-backup-code', ['code', 'trustDevice']],
    ['/api/auth/two-factor/enable', ['password', 'method']],
    ['/api/auth/two-factor/disable', ['password']],
    ['/api/auth/two-factor/generate-backup-codes', ['password']],
    ['/api/auth/passkey/verify-registration', ['response', 'name']],
    ['/api/auth/passkey/verify-authentication', ['response']],
    ['/api/auth/passkey/update-passkey', ['id', 'name']],
    ['/api/auth/passkey/delete-passkey', ['id']],
  ] as const;

  it('refuses hostile codes, passwords and passkey bodies with an Indonesian 4xx, changing nothing', async () => {
    const before = await snapshot();
    const cases: fc.Arbitrary<HostileRequest> = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...endpoints),
          fc.dictionary(fc.constantFrom('code', 'password', 'response', 'name', 'id', 'x'), values),
        )
        .map(([[path, fields], body]) => ({
          kind: 'second factor',
          method: 'POST',
          path,
          // One field of the endpoint's own, with a hostile value, beside whatever else.
          body: JSON.stringify({ [fields[0]]: 'x'.repeat(7), ...body }),
          contentType: 'application/json',
          invalid: true,
        })),
      fc
        .tuple(
          fc.constantFrom(...endpoints.map(([p]) => p)),
          fc.constantFrom('{', '{"code": ', '[]', 'null', '"x"', '', '\u0000'),
          fc.constantFrom<string | undefined>('application/json', 'text/plain', undefined),
        )
        .map(([path, body, contentType]) => ({
          kind: 'second factor: malformed',
          method: 'POST',
          path,
          body,
          contentType,
          invalid: true,
        })),
      fc
        .oneof(
          fc.constant('name=' + 'a'.repeat(61)),
          fc.constant('name=%3Cscript%3E'),
          fc.constant('authenticatorAttachment=usb'),
          hostileString.map((v) => `name=${pct(v)}&x=1`),
        )
        .map((query) => ({
          kind: 'passkey options',
          method: 'GET',
          path: `/api/auth/passkey/generate-register-options?${query}`,
          invalid: true,
        })),
    );
    // Few enough runs to stay under the per-address limits of these endpoints.
    await holds(fc.asyncProperty(cases, check), 40);
    expect(await snapshot()).toEqual(before);
    expect((await master.me()).admin?.role).toBe('master');
    expect(figures.serverErrors).toBe(0);
  });
});

describe('hostile input: plain sentences for structural mistakes', () => {
  it('answers a body that is not an object, and an upload without a file, in plain Indonesian', async () => {
    const before = await snapshot();
    for (const body of ['[]', '"x"', 'null', '1', '[{"label": "2030/2031"}]']) {
      const res = await master.request('POST', '/api/structure/periods', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      expect(error.message).toBe('Isi permintaan harus berupa objek JSON.');
    }
    for (const path of ['/api/uploads/images', '/api/uploads/documents']) {
      const form = new FormData();
      form.set('berkas', 'bukan file');
      const res = await master.request('POST', path, { body: form });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      expect(error.message).toBe('Pilih berkas yang akan diunggah.');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile input: the checks themselves', () => {
  it('would notice an accepted request, a 5xx or an English message', async () => {
    const ok = await send(master, {
      kind: 'control',
      method: 'GET',
      path: '/api/me',
      invalid: true,
    });
    expect(ok).toMatch(/accepted invalid input/);
    // The snapshot sees a real change: a valid new period adds a row and an audit entry.
    const before = await snapshot();
    const created = await master.post('/api/structure/periods', {
      label: '2032/2033',
      cabinetName: 'Kabinet Kontrol',
    });
    expect(created.status).toBe(201);
    const after = await snapshot();
    expect(after.counts.org_periods).toBe(before.counts.org_periods! + 1);
    expect(after.auditHead).not.toBe(before.auditHead);
    // The generator's notion of "surely invalid" matches the schema: a valid body is not flagged.
    const periods = operations.find(
      (o) => o.method === 'POST' && o.path === '/api/structure/periods',
    );
    expect(surelyInvalid(periods!.json!, { label: '2030/2031', cabinetName: 'Kabinet Uji' })).toBe(
      false,
    );
    expect(surelyInvalid(periods!.json!, { label: '2030/2031' })).toBe(true);
    expect(surelyInvalid(periods!.json!, { label: 7, cabinetName: 'Kabinet Uji' })).toBe(true);
    expect(looksIndonesian('Invalid input: expected string, received number')).toBe(false);
    expect(looksIndonesian('Required')).toBe(false);
    expect(looksIndonesian('Malformed JSON in request body')).toBe(false);
    expect(looksIndonesian('Input tidak valid: diharapkan number, diterima NaN')).toBe(false);
    expect(looksIndonesian('Terlalu besar: diharapkan string memiliki <=64 karakter')).toBe(false);
    expect(looksIndonesian('Harus berupa angka.')).toBe(true);
    expect(looksIndonesian('Periode wajib diisi.')).toBe(true);
  });
});
