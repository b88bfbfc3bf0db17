import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNginx, type Nginx } from '../deploy/nginx.ts';
import autocannon, { type Result } from 'autocannon';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { testUtils } from 'better-auth/plugins';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { SESSION_IDLE_SECONDS } from '../../server/auth/auth.ts';
import { passwords } from '../../server/auth/passwords.ts';
import { queryRows, type Database, type Db } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema/index.ts';
import { account, ballots, participation, user } from '../../server/db/schema/index.ts';
import { loadAuthSecret } from '../../server/db/secret.ts';
import { insertOpenElection, insertVoters } from '../../server/test/elections.ts';
import { BASELINE_PATH, BASELINE_TABLE_SQL } from './bench-server.ts';
import { freePort, startServerProcess, watchOtherCpu, type ServerProcess } from './measure.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'sandi-bench-1';

/** Where the bench's database lives: how to open it here and what the server process is given. */
export type Target = {
  open: () => Promise<Database>;
  /** DATA_DIR and DATABASE_URL for the server process. */
  serverEnv: { DATA_DIR: string; DATABASE_URL: string };
};

/** The measured rounds of one endpoint: every request answered 2xx, each one checked. */
export type Load = {
  requests: number;
  seconds: number;
  /** Successful requests per second over all rounds. */
  rps: number;
  /** The same, per round. */
  rounds: number[];
  p50: number;
  p99: number;
};

export type CastingFigures = {
  cast: Load;
  baseline: Load;
  voters: number;
  warmup: number;
  connections: number;
  /** Share of the CPUs used by other processes during the measured rounds (undefined: unknown). */
  otherCpu: number | undefined;
  /** Voters signed in through the real sign-in endpoint (the first of the warm-up). */
  signIns: number;
  signInSeconds: number;
};

/** How many warm-up voters sign in through POST /api/auth/sign-in/email. */
const REAL_SIGN_INS = 64;

/** Measured rounds per endpoint (baseline and casting alternate). */
const ROUNDS = 3;
/** Round r's part of n requests. */
const share = (n: number, r: number) => Math.floor(n / ROUNDS) + (r < n % ROUNDS ? 1 : 0);

/**
 * Casting over HTTP: `warmup` + `voters` verified voters (with password accounts) on the roll of
 * an open election; the real server (plus the bench-only baseline endpoint) in its own process;
 * autocannon here with `connections` connections, every request a different voter casting once.
 * The first warm-up voters sign in through the real sign-in endpoint (scrypt makes that ~30 ms of
 * CPU each, too slow for thousands); the others get their sessions from better-auth itself (its
 * test-utils plugin: the session row and the signed cookie, as sign-in makes them). After a
 * warm-up of both endpoints, the baseline and casting are measured in alternating rounds (every
 * answer must be 2xx); then the box must hold one ballot and one participation mark per cast.
 */
export async function benchCasting(
  target: Target,
  opts: {
    voters: number;
    warmup: number;
    baselineRequests: number;
    connections: number;
    /** Through nginx (deploy/nginx/bem.conf) in front of this many server processes. */
    behindNginx?: 1 | 2;
  },
): Promise<CastingFigures> {
  const { voters, warmup, baselineRequests, connections } = opts;
  const total = warmup + voters;
  const signIns = Math.min(REAL_SIGN_INS, warmup);
  const port = await freePort();
  const ports = [port, opts.behindNginx === 2 ? await freePort() : port] as [number, number];
  const url = `http://127.0.0.1:${port}`;
  const nginxPort = opts.behindNginx ? await freePort() : undefined;
  const site = nginxPort ? `http://127.0.0.1:${nginxPort}` : url;

  const db = await target.open();
  let electionId: string;
  let choices: string[];
  let emails: string[];
  let madeCookies: string[];
  try {
    const passwordHash = await passwords().hash(PASSWORD);
    const people = await insertVoters(db.db, total);
    for (let i = 0; i < people.length; i += 1000) {
      await db.db.insert(account).values(
        people.slice(i, i + 1000).map((p) => ({
          id: crypto.randomUUID(),
          accountId: p.id,
          providerId: 'credential',
          userId: p.id,
          password: passwordHash,
        })),
      );
    }
    const { election, candidates } = await insertOpenElection(db.db, {
      nims: people.map((p) => p.nim),
      candidates: 2,
    });
    electionId = election.id;
    choices = candidates.map((c) => c.id);
    const signingIn = people.slice(0, signIns).map((p) => p.id);
    emails = signIns
      ? (
          await db.db.select({ email: user.email }).from(user).where(inArray(user.id, signingIn))
        ).map((u) => u.email)
      : [];
    madeCookies = await createSessions(
      db.db,
      site,
      people.slice(signIns).map((p) => p.id),
    );
    await db.db.execute(BASELINE_TABLE_SQL);
  } finally {
    await db.close();
  }

  const servers: BenchServer[] = [];
  let nginx: Nginx | undefined;
  let cast: Load;
  let baseline: Load;
  let signInSeconds: number;
  let otherCpu: number | undefined;
  try {
    for (const p of new Set(ports)) servers.push(await startBenchServer(target, p, site));
    if (nginxPort) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-bench-nginx-'));
      fs.chmodSync(dir, 0o755);
      nginx = await startNginx({ dir, listen: nginxPort, upstream: ports });
    }
    const server = { url: site, pid: servers[0]!.pid };
    const started = performance.now();
    const signedIn = await signInAll(server.url, emails, 8);
    signInSeconds = (performance.now() - started) / 1000;
    const cookies = [...signedIn, ...madeCookies];

    const castPath = `/api/voting/${electionId}/cast`;
    const castLoad = (from: number, n: number) =>
      runLoad(server.url, connections, n, castPath, (i) => ({
        cookie: cookies[from + i]!,
        body: JSON.stringify({ choice: choices[(from + i) % choices.length] }),
      }));
    const baselineLoad = (n: number) =>
      runLoad(server.url, connections, n, BASELINE_PATH, () => ({
        body: JSON.stringify({ choice: choices[0] }),
      }));

    await castLoad(0, warmup);
    await baselineLoad(warmup);
    // Rounds alternate, so a disturbance on the machine falls on both endpoints alike.
    const baselineRuns: Run[] = [];
    const castRuns: Run[] = [];
    let from = warmup;
    const stopWatching = watchOtherCpu([...servers.map((s) => s.pid), ...(nginx?.pids() ?? [])]);
    for (let r = 0; r < ROUNDS; r++) {
      baselineRuns.push(await baselineLoad(share(baselineRequests, r)));
      castRuns.push(await castLoad(from, share(voters, r)));
      from += share(voters, r);
    }
    otherCpu = stopWatching();
    baseline = combine(baselineRuns);
    cast = combine(castRuns);
  } finally {
    await nginx?.stop();
    for (const s of servers) await s.stop();
  }

  const check = await target.open();
  try {
    const [b] = await check.db
      .select({ n: count() })
      .from(ballots)
      .where(eq(ballots.electionId, electionId));
    const [p] = await check.db
      .select({ n: count() })
      .from(participation)
      .where(eq(participation.electionId, electionId));
    const [r] = await queryRows<{ n: number }>(
      check.db,
      sql`select count(*)::int as n from bench_baseline`,
    );
    if (b?.n !== total || p?.n !== total)
      throw new Error(
        `${total} casts answered 201, but the box holds ${b?.n} ballots and ${p?.n} participation marks`,
      );
    if (Number(r?.n) !== warmup + baselineRequests)
      throw new Error(`${warmup + baselineRequests} baseline answers, but ${r?.n} rows`);
  } finally {
    await check.close();
  }
  return { cast, baseline, voters, warmup, connections, otherCpu, signIns, signInSeconds };
}

/**
 * Sessions made by better-auth's own test-utils plugin on a bench-only auth instance over the
 * same database and secret: the session row and the signed cookie the server's auth accepts.
 */
export async function createSessions(
  db: Db,
  publicUrl: string,
  userIds: string[],
): Promise<string[]> {
  const auth = betterAuth({
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: await loadAuthSecret(db),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    session: { expiresIn: SESSION_IDLE_SECONDS },
    telemetry: { enabled: false },
    plugins: [testUtils()],
  });
  const { test } = await auth.$context;
  const cookies: string[] = [];
  for (let i = 0; i < userIds.length; i += 32) {
    const batch = await Promise.all(
      userIds.slice(i, i + 32).map(async (userId) => {
        const cookie = (await test.getAuthHeaders({ userId })).get('cookie');
        if (!cookie) throw new Error('better-auth made no session cookie');
        return cookie;
      }),
    );
    cookies.push(...batch);
  }
  return cookies;
}

export type BenchServer = ServerProcess;

/** Starts scripts/bench/bench-server.ts on a free port and waits until /readyz answers 200. */
export const startBenchServer = (
  target: Target,
  port: number,
  publicUrl?: string,
): Promise<BenchServer> =>
  startServerProcess('scripts/bench/bench-server.ts', {
    cwd: root,
    port,
    publicUrl,
    env: {
      ...target.serverEnv,
      WEB_DIST: path.join(target.serverEnv.DATA_DIR, 'web'),
      // Every voter signs in from 127.0.0.1 within a minute or two, and 2,000 live streams come
      // from that one address too.
      SIGN_IN_PER_MINUTE: '1000000',
      LIVE_STREAMS_PER_ADDRESS: '1000000',
    },
  });

/** Signs every voter in through POST /api/auth/sign-in/email; returns each one's Cookie header. */
async function signInAll(url: string, emails: string[], concurrency: number): Promise<string[]> {
  const cookies: string[] = new Array<string>(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const res = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: emails[i], password: PASSWORD }),
      });
      if (res.status !== 200)
        throw new Error(`sign-in answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
      const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
      if (!pairs.some((p) => p.includes('session_token=')))
        throw new Error('sign-in set no session cookie');
      cookies[i] = pairs.join('; ');
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}

/** One autocannon run: how long it took and every answer's latency. */
export type Run = { requests: number; seconds: number; latencies: number[] };

/**
 * `amount` POSTs to `urlPath` over `connections` connections; request i gets `vary(i)` (its
 * cookie and body). With `rate`, requests are sent at that many per second in all (open loop)
 * instead of as fast as answers come. Throws unless every request was answered 2xx with no error
 * or timeout.
 */
export async function runLoad(
  url: string,
  connections: number,
  amount: number,
  urlPath: string,
  vary: (i: number) => { cookie?: string; body: string },
  rate?: number,
): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  let lastAnswer = 0;
  const headers = { 'content-type': 'application/json', origin: url };
  // autocannon's own start and finish are rounded to its one-second sampling; time it here.
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    amount,
    ...(rate ? { overallRate: rate } : {}),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: urlPath,
        headers,
        setupRequest: (req) => {
          const { cookie, body } = vary(next++);
          return { ...req, headers: cookie ? { ...headers, cookie } : headers, body };
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
    lastAnswer = performance.now();
  });
  const result: Result = await instance;
  const answered = result['2xx'];
  if (
    answered !== amount ||
    next !== amount ||
    latencies.length !== amount ||
    result.non2xx ||
    result.errors ||
    result.timeouts ||
    result.resets
  ) {
    throw new Error(
      `${urlPath}: ${amount} requests, ${next} built, ${answered} answered 2xx, ${result.non2xx} non-2xx ` +
        `(${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return { requests: amount, seconds: (lastAnswer - started) / 1000, latencies };
}

/** Runs of one endpoint taken together: throughput over their total time, latency percentiles over every answer. */
export function combine(runs: Run[]): Load {
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const percentile = (p: number) => all[Math.min(all.length - 1, Math.ceil(p * all.length) - 1)]!;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    rounds: runs.map((r) => r.requests / r.seconds),
    p50: percentile(0.5),
    p99: percentile(0.99),
  };
}
