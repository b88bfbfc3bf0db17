import { recordFigures } from './figures.ts';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../people/admins/create-admin.ts';
import { queryRows } from '../db/client.ts';
import { auditLog, committeeMembers, elections, user } from '../db/schema/index.ts';
import { verifyElection } from '../elections/results/verify-election.ts';
import { hashReceipt } from '../elections/rules/ballot.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { insertOpenElection } from '../test/elections.ts';

/**
 * Ballot secrecy, end to end: the schema has no column or key that could join a voter to a
 * choice, and no artifact of a full election (log line, export, API response, audit row, the
 * verification report) holds a voter identifier together with a choice or a receipt.
 */

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(line);
    done();
  },
});
// The same options as server/runtime/logger.ts, at debug level, into the sink above.
const logger = pino(
  {
    level: 'debug',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password'],
  },
  sink,
);

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: 'debug' }, { logger });
  db = app.services.database.db;
});
afterAll(() => app?.stop());

type Voter = {
  userId: string;
  nim: string;
  email: string;
  name: string;
  choice: string;
  receipt: string;
};

/** Why a link was found in one artifact, or null when the artifact is clean. */
function linkIn(
  text: string,
  voters: Voter[],
  candidateIds: string[],
  receipts: string[],
): string | null {
  const lower = text.toLowerCase();
  const secrets = [...candidateIds, ...receipts.flatMap((r) => [r, hashReceipt(r)])].map((s) =>
    s.toLowerCase(),
  );
  for (const v of voters) {
    const ids = [v.userId, v.nim, v.email, v.name].map((s) => s.toLowerCase());
    const id = ids.find((i) => lower.includes(i));
    if (!id) continue;
    const secret = secrets.find((s) => lower.includes(s));
    if (secret) return `voter identifier ${id} next to ${secret}`;
  }
  return null;
}

describe('ballot secrecy', () => {
  it('the schema holds no column or key that joins a voter to a choice', async () => {
    const columns = await queryRows<{
      table_name: string;
      column_name: string;
      data_type: string;
      column_default: string | null;
      is_identity: string;
    }>(
      db,
      sql`select table_name, column_name, data_type, column_default, is_identity
          from information_schema.columns where table_schema = 'public'
          order by table_name, ordinal_position`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const ballotCols = columns.filter((c) => c.table_name === 'ballots');
    expect(ballotCols.map((c) => c.column_name).sort()).toEqual(
      ['choice', 'digest', 'election_id', 'format', 'receipt_hash'].sort(),
    );
    for (const c of ballotCols) {
      expect(c.data_type, c.column_name).not.toMatch(/timestamp|date|time/);
      expect(c.column_default ?? '', c.column_name).not.toMatch(/now\(\)|nextval|current_/i);
      expect(c.is_identity, c.column_name).toBe('NO');
    }

    const fks = await queryRows<{ from_table: string; to_table: string }>(
      db,
      sql`select cl.relname as from_table, ref.relname as to_table
          from pg_constraint con
          join pg_class cl on cl.oid = con.conrelid
          join pg_class ref on ref.oid = con.confrelid
          join pg_namespace n on n.oid = cl.relnamespace
          where con.contype = 'f' and n.nspname = 'public'`,
    );
    // The foreign keys are read at all (participation points at elections and at the user).
    expect(fks.some((f) => f.from_table === 'participation')).toBe(true);
    const fromBallots = fks.filter((f) => f.from_table === 'ballots').map((f) => f.to_table);
    expect(
      fromBallots.every((t) => t === 'elections'),
      fromBallots.join(','),
    ).toBe(true);
    expect(fks.filter((f) => f.to_table === 'ballots')).toEqual([]);

    // No other table holds both a voter identifier and a choice or receipt.
    const voterCol = /^(user_id|nim|email|name|nama_lengkap|voter_id)$/;
    const ballotCol = /(choice|receipt|candidate_id|digest)/;
    // Tables that legitimately look suspicious, with the reason. participation has user_id and
    // nim but no choice, receipt or digest, and only ballots has those.
    const allowed: Record<string, string> = {
      committee_invitations:
        'a witness invitation names the candidate pair the witness watches over, not a vote',
      election_witnesses: 'the witness (saksi) of a candidate pair: a public role, not a vote',
    };
    const byTable = new Map<string, string[]>();
    for (const c of columns)
      byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
    expect(byTable.get('participation')).toEqual(
      expect.arrayContaining(['user_id', 'nim', 'election_id']),
    );
    const offenders: string[] = [];
    for (const [table, cols] of byTable) {
      if (table === 'ballots' || allowed[table]) continue;
      const v = cols.filter((c) => voterCol.test(c));
      const b = cols.filter((c) => ballotCol.test(c));
      if (v.length && b.length) offenders.push(`${table}: ${v.join(',')} + ${b.join(',')}`);
    }
    expect(offenders).toEqual([]);
  });

  it('a full election leaves no artifact joining a voter to a choice or receipt', async () => {
    // Control: the detector flags a constructed artifact that joins a voter to a choice.
    const fake: Voter = {
      userId: 'u-1',
      nim: '0000000001',
      email: 'x@y.test',
      name: 'Fulan',
      choice: 'cand-1',
      receipt: 'RCPT-1',
    };
    expect(linkIn('{"nim":"0000000001","choice":"cand-1"}', [fake], ['cand-1'], [])).not.toBeNull();
    expect(linkIn('Fulan RCPT-1', [fake], [], ['RCPT-1'])).not.toBeNull();
    expect(linkIn(`x@y.test ${hashReceipt('RCPT-1')}`, [fake], [], ['RCPT-1'])).not.toBeNull();
    expect(linkIn('{"nim":"0000000001"}', [fake], ['cand-1'], ['RCPT-1'])).toBeNull();

    await createAdmin(db, {
      email: 'admin.rahasia@bem.test',
      password: 'sandi-admin-1',
      name: 'Rudi Hartono',
      role: 'admin',
    });
    const admin = app.client();
    expect((await admin.signIn('admin.rahasia@bem.test', 'sandi-admin-1')).status).toBe(200);

    // Voters registered and signed in over HTTP, verified by the committee's database.
    const names = ['Bagus Prasetyo', 'Ayu Kartikasari', 'Rina Wulandari', 'Joko Santoso'];
    const people: (Omit<Voter, 'choice' | 'receipt'> & { client: TestClient; password: string })[] =
      [];
    for (const name of names) {
      const client = app.client();
      const input = await client.registerVoter({ namaLengkap: name });
      const [account] = await db.select().from(user).where(eq(user.email, input.email));
      people.push({
        userId: account!.id,
        nim: input.nim,
        email: input.email,
        name,
        client,
        password: input.password,
      });
    }
    await db.execute(
      sql`update voters set status = 'verified' where user_id in (${sql.join(
        people.map((p) => sql`${p.userId}`),
        sql`, `,
      )})`,
    );
    const { election, candidates } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      candidates: 2,
    });
    const candidateIds = candidates.map((c) => c.id);

    // A committee member (also a person with identifiers, but not on the roll).
    const committee = app.client();
    const cInput = await committee.registerVoter({ namaLengkap: 'Dewi Lestari' });
    const [cAccount] = await db.select().from(user).where(eq(user.email, cInput.email));
    await db
      .insert(committeeMembers)
      .values({ electionId: election.id, userId: cAccount!.id, namaLengkap: 'Dewi Lestari' });

    const voters: Voter[] = [];
    const castAnswers: string[] = [];
    for (const [i, p] of people.entries()) {
      const fresh = app.client();
      expect((await fresh.signIn(p.email, p.password)).status).toBe(200);
      const choice = candidateIds[i % 2]!;
      const logsBefore = logLines.length;
      const res = await fresh.post(`/api/voting/${election.id}/cast`, { choice });
      const text = await res.text();
      expect(res.status, text).toBe(201);
      const { receipt } = JSON.parse(text) as { receipt: string };
      castAnswers.push(text);
      // The cast answer and the cast's log lines never carry the choice.
      expect(text).not.toContain(choice);
      for (const line of logLines.slice(logsBefore)) {
        expect(line).not.toContain(choice);
        expect(line).not.toContain(receipt);
        expect(line).not.toContain(hashReceipt(receipt));
      }
      voters.push({ ...p, choice, receipt });
    }
    const receipts = voters.map((v) => v.receipt);

    // Close the election.
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, election.id));

    const artifacts: { kind: string; text: string }[] = [];
    const add = (kind: string, text: string) => artifacts.push({ kind, text });
    const fetchText = async (client: TestClient, url: string) => {
      const res = await client.get(url);
      expect(res.status, url).toBe(200);
      return res.text();
    };

    const base = `/api/results/${election.id}`;
    const results = await fetchText(admin, base);
    expect(results).toContain(candidateIds[0]!);
    add('results', results);
    const csv = await fetchText(admin, `${base}/csv`);
    for (const line of csv.split('\n')) add('results csv line', line);
    add('results csv', csv);
    const pdfRes = await admin.get(`${base}/pdf`);
    expect(pdfRes.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await pdfRes.arrayBuffer()));
    const { text: pdfText } = await extractText(pdf, { mergePages: true });
    expect(pdfText.length).toBeGreaterThan(0);
    add('results pdf', pdfText);

    const overview = await fetchText(committee, `/api/elections/${election.id}/overview`);
    add('committee overview', overview);
    const roll = await fetchText(committee, `/api/elections/${election.id}/roll`);
    // The roll names the voters (that is its purpose) and must say nothing about choices.
    expect(roll).toContain(voters[0]!.nim);
    add('committee roll', roll);

    for (const v of voters) {
      const again = app.client();
      expect((await again.signIn(v.email, 'rahasia-123')).status).toBe(200);
      add('voter dashboard', await fetchText(again, '/api/voters/me/elections'));
    }

    const activity = await fetchText(admin, '/api/activity/export');
    for (const line of activity.split('\n')) add('activity csv line', line);
    add('activity csv', activity);

    for (const row of await db.select().from(auditLog)) add('audit row', JSON.stringify(row));

    const report = await verifyElection(db, election.id);
    add('verify-election', JSON.stringify(report));

    for (const line of logLines) add('log line', line);
    expect(logLines.some((l) => l.includes('/cast'))).toBe(true);

    // Receipts appear nowhere except in the cast answers; no artifact links a voter.
    const links: string[] = [];
    for (const a of artifacts) {
      const why = linkIn(a.text, voters, candidateIds, receipts);
      if (why) links.push(`${a.kind}: ${why}`);
      for (const r of receipts) {
        expect(a.text, a.kind).not.toContain(r);
        expect(a.text, a.kind).not.toContain(hashReceipt(r));
      }
    }
    for (const [i, text] of castAnswers.entries()) {
      // The cast answer carries its own receipt and nothing of any other voter.
      expect(text).toContain(receipts[i]!);
      expect(
        linkIn(
          text,
          voters,
          candidateIds,
          receipts.filter((_, j) => j !== i),
        ),
      ).toBeNull();
    }
    expect(links).toEqual([]);

    const perKind = new Map<string, number>();
    for (const a of artifacts) perKind.set(a.kind, (perKind.get(a.kind) ?? 0) + 1);
    recordFigures(
      'secrecy',
      { artifacts: artifacts.length, links: links.length, ...Object.fromEntries(perKind) },
      `${artifacts.length} artifacts (log lines, exports, responses, audit rows) checked, ${links.length} links; ` +
        `by kind: ${[...perKind].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
  });
});
