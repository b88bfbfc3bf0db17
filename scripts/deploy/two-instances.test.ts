// Several instances on one PostgreSQL behind nginx (issue 20): two app processes, as systemd runs
// them, behind nginx with the configuration operators install (deploy/nginx/bem.conf, only its
// ports changed to free ones), on a PostgreSQL server of the test's own. Through nginx: a session
// made on one instance used on the other, an upload read back 20 times, voters' mails sent once, a
// verifiable election cast from both instances at once, live turnout seen from the other
// instance, a rolling restart of one instance while voters cast (no cast fails), and the record
// verified by our verifier and by belenios-tool.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwords } from '../../server/auth/passwords.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { electionCredentials, participation, voters } from '../../server/db/schema/index.ts';
import { electionQuestion } from '../../server/elections/record/ballot-question.ts';
import { recordRow } from '../../server/elections/record/record-store.ts';
import {
  ENCRYPTED_BALLOT_FORMAT,
  setUpRecord,
} from '../../server/elections/record/setup-record.ts';
import { SEAL_GRACE_SECONDS } from '../../server/elections/results/box-closed.ts';
import { createAdmin } from '../../server/people/admins/create-admin.ts';
import { createAccount } from '../../server/people/create-account.ts';
import { freePort, TestClient } from '../../server/test/app.ts';
import { insertOpenElection, testNim } from '../../server/test/elections.ts';
import { imageBytes } from '../../server/test/images.ts';
import { startPostgresCluster, type PostgresCluster } from '../../server/test/postgres-cluster.ts';
import { startServerProcess, type ServerProcess } from '../../server/test/server-process.ts';
import { startSmtpCatcher } from '../../server/test/smtp.ts';
import { openEventStream, until } from '../../server/test/sse.ts';
import { encryptChoice } from '../../server/test/booth.ts';
import { elections } from '../../server/db/schema/index.ts';
import { verifyRecord } from '../../shared/crypto/verify/verify-record.ts';
import { buildServer, startNodeArgs } from '../build-server.ts';
import { startNginx, type Nginx } from './nginx.ts';

const PASSWORD = 'sandi-dua-instans-1';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-two-instances-'));

let cluster: PostgresCluster;
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let nginx: Nginx;
let serverEntry: string;
let site: string;
const ports: [number, number] = [0, 0];
const instances: ServerProcess[] = [];

/** One app instance as `npm start` runs it (the one-file build), on its port, behind nginx at `site`. */
function startInstance(i: 0 | 1) {
  const dataDir = path.join(work, `instance-${i}`);
  fs.mkdirSync(dataDir, { recursive: true });
  return startServerProcess({
    entry: serverEntry,
    nodeArgs: startNodeArgs(),
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    PORT: ports[i],
    env: {
      PUBLIC_URL: site,
      TRUSTED_PROXIES: '127.0.0.1,::1',
      SMTP_URL: smtp.url,
      REGISTER_PER_HOUR: '100000',
    },
  });
}

/** A client of the site through nginx, as a browser would be. */
const viaNginx = () => new TestClient(site, site);
/** A client of one instance directly (same origin as the site: the instances serve one site). */
const direct = (i: 0 | 1, from?: TestClient) => {
  const c = new TestClient(`http://127.0.0.1:${ports[i]}`, site);
  if (from) for (const [k, v] of from.cookies) c.cookies.set(k, v);
  return c;
};
/** An instance's count of ballots it accepted (its own /metrics, read on the machine). */
async function castBy(i: 0 | 1): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${ports[i]}/metrics`)).text();
  return [...text.matchAll(/^bem_ballots_cast_total\{[^}]*\} (\d+)/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
}

beforeAll(async () => {
  serverEntry = buildServer();
  cluster = await startPostgresCluster();
  smtp = await startSmtpCatcher();
  const listen = await freePort();
  site = `http://127.0.0.1:${listen}`;
  ports[0] = await freePort();
  ports[1] = await freePort();
  fs.chmodSync(work, 0o755);
  nginx = await startNginx({ dir: path.join(work, 'nginx'), listen, upstream: ports });
  // The first migrates; the second finds the database ready (both would wait on the lock).
  instances[0] = await startInstance(0);
  instances[1] = await startInstance(1);
  database = await openDatabase({ dataDir: path.join(work, 'test'), databaseUrl: cluster.url });
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((s) => s?.kill()));
  await nginx?.stop();
  await database?.close();
  await smtp?.close();
  await cluster?.dispose();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL behind nginx', () => {
  let master: TestClient;
  const people: { id: string; nim: string; email: string }[] = [];

  it('a session made through one instance works on the other', async () => {
    await createAdmin(database.db, {
      email: 'master.dua@bem.test',
      password: PASSWORD,
      name: 'Master Dua',
      role: 'master',
    });
    master = viaNginx();
    expect((await master.signIn('master.dua@bem.test', PASSWORD)).status).toBe(200);
    for (const i of [0, 1] as const) {
      const me = await direct(i, master).me();
      expect(me.admin?.role, `instance ${i}`).toBe('master');
    }
  });

  it('an upload is read back 20 times through nginx, the same bytes and ETag from each instance', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await imageBytes(64, 48, 'png'))]), 'logo.png');
    const res = await master.request('POST', '/api/uploads/images', { body: form });
    expect(res.status).toBe(201);
    const { large } = (await res.json()) as { large: { url: string } };
    const seen = new Set<string>();
    const etags = new Set<string>();
    for (let n = 0; n < 20; n++) {
      const got = await fetch(site + large.url);
      expect(got.status).toBe(200);
      seen.add(Buffer.from(await got.arrayBuffer()).toString('base64'));
      etags.add(got.headers.get('etag') ?? '');
    }
    for (const i of [0, 1] as const) {
      const got = await fetch(`http://127.0.0.1:${ports[i]}${large.url}`);
      expect(got.status).toBe(200);
      seen.add(Buffer.from(await got.arrayBuffer()).toString('base64'));
      etags.add(got.headers.get('etag') ?? '');
    }
    expect(seen.size).toBe(1);
    expect(etags.size).toBe(1);
    // Each instance's metrics are never served through the site.
    expect((await fetch(`${site}/metrics`)).status).toBe(404);
    expect([...etags][0]).toMatch(/^"/);
  });

  it('voters verified through either instance are each mailed once', async () => {
    const hash = await passwords().hash(PASSWORD);
    for (let n = 0; n < 20; n++) {
      const email = `pemilih${n}@mahasiswa.test`;
      const nim = testNim();
      const account = await createAccount(database.db, {
        email,
        name: `Pemilih ${n}`,
        passwordHash: hash,
        emailVerified: true,
      });
      await database.db.insert(voters).values({
        userId: account.id,
        namaLengkap: `Pemilih ${n}`,
        nim,
        prodi: 'Teknokimia Nuklir',
        status: 'pending',
      });
      people.push({ id: account.id, nim, email });
    }
    // Through nginx: the requests alternate between the instances.
    const answers = await Promise.all(
      people.map((p) => master.request('POST', `/api/voters/${p.id}/verify`)),
    );
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    await until(() => people.every((p) => smtp.to(p.email).length >= 1), 20_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(people.map((p) => smtp.to(p.email).length)).toEqual(people.map(() => 1));
  }, 60_000);

  it('a verifiable election is cast from both instances at once, seen live on the other, through a rolling restart, and its record verifies', async () => {
    const { election, candidates } = await insertOpenElection(database.db, {
      nims: people.map((p) => p.nim),
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
      candidates: 2,
      abstain: false,
    });
    const setup = await database.db.transaction((tx) => setUpRecord(tx, election, new Date()));
    const row = (await recordRow(database.db, election.id))!;
    const creds = await database.db
      .select({ nim: electionCredentials.nim, credential: electionCredentials.credential })
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, election.id));
    const { slots } = electionQuestion(candidates, election);
    const choiceOf = (n: number) => candidates[n % 3 === 0 ? 1 : 0]!.id;
    const ballotOf = (n: number) =>
      encryptChoice(
        {
          election: row.electionText,
          slots,
          credential: creds.find((c) => c.nim === people[n]!.nim)!.credential!,
        },
        choiceOf(n),
      );
    const signedIn = await Promise.all(
      people.map(async (p) => {
        const c = viaNginx();
        expect((await c.signIn(p.email, PASSWORD)).status).toBe(200);
        return c;
      }),
    );
    const cast = (n: number, client: TestClient = signedIn[n]!) =>
      client.post(`/api/voting/${election.id}/cast`, { ballot: ballotOf(n) });

    // Live turnout: a visitor on instance 1 sees a ballot cast on instance 0.
    const stream = await openEventStream(
      `http://127.0.0.1:${ports[1]}/api/live/elections/${election.id}`,
    );
    const voted = () =>
      stream.events
        .filter((e) => e.event === 'turnout')
        .map((e) => (JSON.parse(e.data) as { voted: number }).voted)
        .at(-1);
    await until(() => voted() === 0);
    expect((await cast(0, direct(0, signedIn[0]))).status).toBe(201);
    await until(() => voted() === 1, 15_000);

    // Six at once through nginx: both instances take some.
    const before = [await castBy(0), await castBy(1)];
    const batch = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => cast(n)));
    expect(batch.map((r) => r.status)).toEqual(batch.map(() => 201));
    const after = [await castBy(0), await castBy(1)];
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(6);
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);

    // A rolling restart of instance 0 while the others cast, one after another through nginx.
    const statuses: number[] = [];
    let restarting = false;
    let castWhileRestarting = 0;
    const casting = (async () => {
      for (let n = 7; n < people.length; n++) {
        statuses.push((await cast(n)).status);
        if (restarting) castWhileRestarting++;
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    await new Promise((r) => setTimeout(r, 400));
    restarting = true;
    await instances[0]!.stop();
    instances[0] = await startInstance(0);
    restarting = false;
    await casting;
    expect(statuses).toEqual(people.slice(7).map(() => 201));
    // The restart really happened while voters cast.
    expect(castWhileRestarting).toBeGreaterThan(0);
    // Every answered cast is in the box once.
    const [box] = await database.db
      .select({ n: count() })
      .from(participation)
      .where(eq(participation.electionId, election.id));
    expect(box!.n).toBe(people.length);
    expect(
      (
        await database.db
          .select({ n: count() })
          .from(participation)
          .where(
            inArray(
              participation.nim,
              people.map((p) => p.nim),
            ),
          )
      )[0]!.n,
    ).toBe(people.length);

    // Closed: the results are counted once, and the record verifies.
    await database.db
      .update(elections)
      .set({
        startsAt: new Date(Date.now() - 7_200_000),
        endsAt: new Date(Date.now() - (SEAL_GRACE_SECONDS + 2) * 1000),
      })
      .where(eq(elections.id, election.id));
    const results = await master.get(`/api/results/${election.id}`);
    expect(results.status).toBe(200);
    const counted = (await results.json()) as {
      sealed: boolean;
      results: { options: { votes: number }[] };
    };
    expect(counted.sealed).toBe(false);
    const expected = [0, 1].map(
      (k) => people.filter((_, n) => choiceOf(n) === candidates[k]!.id).length,
    );
    expect(counted.results.options.map((o) => o.votes).sort()).toEqual(expected.sort());
    const record = await viaNginx().get(`/api/elections/${election.id}/record`);
    expect(record.status).toBe(200);
    const bytes = new Uint8Array(await record.arrayBuffer());
    const ours = verifyRecord(bytes, {
      credentials: { count: setup.count, fingerprint: setup.credentialsFingerprint },
    });
    expect(ours.checks.filter((c) => !c.ok)).toEqual([]);
    const dir = path.join(work, 'record');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, `${row.uuid}.bel`), bytes);
    const theirs = spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], {
      encoding: 'utf8',
    });
    expect(`${theirs.stdout}${theirs.stderr}`).not.toMatch(/error|fail/i);
    expect(theirs.status).toBe(0);
    stream.close();
  }, 120_000);
});
