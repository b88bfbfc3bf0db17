import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { elections } from '../../server/db/schema/index.ts';
import { castBallot } from '../../server/elections/ballot-box/cast-ballot.ts';
import { ABSTAIN } from '../../server/elections/rules/ballot.ts';
import { insertOpenElection, insertVoters } from '../../server/test/elections.ts';
import { createSessions, startBenchServer, type BenchServer, type Target } from './casting.ts';
import { pgliteTarget, postgresTarget } from './elections.ts';
import { failed, freePort, type Row } from './measure.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Browsers on one election's live stream, all on one server process. */
const CLIENTS = 2000;
/** Ballots cast over HTTP while they listen; each one is an update every client must get. */
const UPDATES = 20;
/** Pause between two casts: longer than the hub's coalescing interval, so each is its own update. */
const SPACING_MS = 500;
/** An update a client has not seen this long after the cast's answer counts as missed. */
const MISS_AFTER_MS = 5000;
/** Streams opened at the same moment while connecting (the listen backlog is 511). */
const CONNECT_BATCH = 200;
/** Voters on the closed election's roll; each cast a ballot before it closed. */
const RESULTS_VOTERS = 5000;
const SEQUENTIAL_REQUESTS = 300;
const LOAD_CONNECTIONS = 16;
const LOAD_REQUESTS = 4000;

export type LiveFigures = {
  clients: number;
  updates: number;
  connectSeconds: number;
  /** Every delivery's latency in ms (cast answered → event read by that client), negatives as 0. */
  latencies: number[];
  /** Deliveries read before the bench had the cast's answer (counted as 0 ms). */
  early: number;
  missed: number;
  /** Server RSS right after it started (before the results were measured). */
  rssStartMb: number;
  rssBeforeMb: number;
  rssConnectedMb: number;
  rssAfterMb: number;
  /** The bench process's own event-loop delay while measuring (it must not be the bottleneck). */
  benchLoopP99Ms: number;
  benchLoopMaxMs: number;
  /** CPU used while the updates were measured, as a share of one core. */
  serverCpu: number;
  benchCpu: number;
};

export type ResultsFigures = {
  voters: number;
  firstMs: number;
  api: Latencies;
  page: Latencies;
  apiLoad: { p50: number; p99: number; rps: number; requests: number };
  notModified: Latencies;
};

type Latencies = { p50: number; p99: number; max: number; n: number };

/**
 * Live turnout and the results page, on PGlite and on PostgreSQL (a database created and dropped
 * here), each on one real server process (scripts/bench/bench-server.ts).
 */
export async function benchLive(
  sizes: { clients?: number; updates?: number; resultsVoters?: number } = {},
): Promise<Row[]> {
  const clients = sizes.clients ?? CLIENTS;
  const updates = sizes.updates ?? UPDATES;
  const resultsVoters = sizes.resultsVoters ?? RESULTS_VOTERS;
  try {
    checkFileLimit(clients);
  } catch (err) {
    return [failed('Live turnout', err)];
  }
  const rows: Row[] = [];
  const load = os.loadavg();
  for (const kind of ['pglite', 'postgres'] as const) {
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    let target: (Target & { dispose: () => Promise<void> }) | undefined;
    try {
      target = kind === 'pglite' ? pgliteTarget() : await postgresTarget();
    } catch (err) {
      rows.push(failed(`${label}: database`, err));
      continue;
    }
    try {
      console.log(`bench: live turnout and results on ${label}`);
      const port = await freePort();
      const seeded = await seed(target, {
        url: `http://127.0.0.1:${port}`,
        voters: clients,
        casters: updates,
        resultsVoters,
      });
      copyWebApp(target.serverEnv.DATA_DIR);
      const server = await startBenchServer(target, port);
      const rssStartMb = rssMb(server.pid);
      try {
        try {
          rows.push(
            ...resultsRows(label, await benchResults(server, seeded.closedId, resultsVoters)),
          );
        } catch (err) {
          rows.push(failed(`Results page, ${label}`, err));
        }
        try {
          const figures = await benchStream(server, seeded, clients, updates);
          rows.push(...liveRows(label, { ...figures, rssStartMb }, load));
        } catch (err) {
          rows.push(failed(`Live turnout, ${label}`, err));
        }
      } finally {
        await server.stop();
      }
    } catch (err) {
      rows.push(failed(`Live turnout and results, ${label}`, err));
    } finally {
      await target.dispose();
    }
  }
  return rows;
}

/** Each open stream is a descriptor in the bench and one in the server (which inherits the limit). */
function checkFileLimit(clients: number) {
  let limit = Infinity;
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(
      fs.readFileSync('/proc/self/limits', 'utf8'),
    );
    if (line && line[1] !== 'unlimited') limit = Number(line[1]);
  } catch {
    return;
  }
  if (limit < clients + 1000)
    throw new Error(
      `open-file limit ${limit} is too low for ${clients} streams; raise it (ulimit -n ${clients * 2}) and run again`,
    );
}

type Seeded = { openId: string; closedId: string; choice: string; cookies: string[] };

/**
 * An open election with `voters` on its roll (the first `casters` of them with sessions, to cast
 * over HTTP), and a published election whose `resultsVoters` voters all voted before it closed.
 */
async function seed(
  target: Target,
  opts: { url: string; voters: number; casters: number; resultsVoters: number },
): Promise<Seeded> {
  const database = await target.open();
  const db = database.db;
  try {
    const people = await insertVoters(db, opts.voters);
    const open = await insertOpenElection(db, { nims: people.map((p) => p.nim), candidates: 2 });
    const cookies = await createSessions(
      db,
      opts.url,
      people.slice(0, opts.casters).map((p) => p.id),
    );

    const prodis = ['Teknokimia Nuklir', 'Elektronika Instrumentasi', 'Elektro Mekanika'] as const;
    const third = Math.ceil(opts.resultsVoters / 3);
    const resultVoters = (
      await Promise.all(
        prodis.map((prodi, i) =>
          insertVoters(db, Math.min(third, opts.resultsVoters - i * third), { prodi }),
        ),
      )
    ).flat();
    const closed = await insertOpenElection(db, {
      nims: resultVoters.map((p) => p.nim),
      candidates: 3,
      abstain: true,
    });
    let next = 0;
    const choices = [...closed.candidates.map((c) => c.id), ABSTAIN];
    const worker = async () => {
      while (next < resultVoters.length) {
        const i = next++;
        await castBallot(db, {
          electionId: closed.election.id,
          userId: resultVoters[i]!.id,
          choice: i % 10 === 9 ? choices[3]! : choices[i % 3]!,
        });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    // The polls closed a minute ago; the committee announced the results.
    await db
      .update(elections)
      .set({
        startsAt: new Date(Date.now() - 7_200_000),
        endsAt: new Date(Date.now() - 60_000),
        resultsRelease: 'manual',
        status: 'published',
        publishedAt: new Date(),
      })
      .where(eq(elections.id, closed.election.id));
    return {
      openId: open.election.id,
      closedId: closed.election.id,
      choice: open.candidates[0]!.id,
      cookies,
    };
  } finally {
    await database.close();
  }
}

/** The built web app's index.html (the page every path falls back to), or a stand-in. */
function copyWebApp(dataDir: string) {
  const web = path.join(dataDir, 'web');
  fs.mkdirSync(web, { recursive: true });
  const built = path.join(root, 'dist/web/index.html');
  fs.writeFileSync(
    path.join(web, 'index.html'),
    fs.existsSync(built)
      ? fs.readFileSync(built)
      : '<!doctype html><html lang="id"><head><title>BEM</title></head><body><div id="root"></div></body></html>',
  );
}

function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

type Stream = {
  /** seenAt[k]: when this client first read a count of at least k (NaN: not yet). */
  seenAt: Float64Array;
  req: http.ClientRequest;
};

/** Opens one stream with node:http; resolves once its first turnout event (the current count) is read. */
function openStream(
  agent: http.Agent,
  url: string,
  updates: number,
  streams: Stream[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const seenAt = new Float64Array(updates + 1).fill(Number.NaN);
    const req = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let first = true;
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: turnout\n')) continue;
          const voted = Number(/"voted":(\d+)/.exec(block)?.[1]);
          for (let k = Math.min(voted, updates); k >= 0 && Number.isNaN(seenAt[k]!); k--)
            seenAt[k] = now;
          if (first) {
            first = false;
            resolve();
          }
        }
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
    streams.push({ seenAt, req });
  });
}

/**
 * `clients` streams of the open election's live turnout, then `updates` casts over HTTP spaced
 * SPACING_MS apart; each client's time from each cast's answer to reading the new count.
 */
async function benchStream(
  server: BenchServer,
  seeded: Seeded,
  clients: number,
  updates: number,
): Promise<Omit<LiveFigures, 'rssStartMb'>> {
  const rssBeforeMb = rssMb(server.pid);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: Stream[] = [];
  const streamUrl = `${server.url}/api/live/elections/${seeded.openId}`;
  const connectStarted = performance.now();
  try {
    for (let i = 0; i < clients; i += CONNECT_BATCH) {
      await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, clients - i) }, () =>
          openStream(agent, streamUrl, updates, streams),
        ),
      );
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    const rssConnectedMb = rssMb(server.pid);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const benchCpu0 = process.cpuUsage();
    const serverCpu0 = processCpuMs(server.pid);
    const measured0 = performance.now();
    const answeredAt: number[] = [];
    for (let k = 1; k <= updates; k++) {
      const res = await fetch(`${server.url}/api/voting/${seeded.openId}/cast`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          cookie: seeded.cookies[k - 1]!,
        },
        body: JSON.stringify({ choice: seeded.choice }),
      });
      const text = await res.text();
      answeredAt[k] = performance.now();
      if (res.status !== 201)
        throw new Error(`cast ${k} answered ${res.status}: ${text.slice(0, 200)}`);
      await new Promise((r) => setTimeout(r, SPACING_MS));
    }
    // Give the last update its full chance.
    const deadline = answeredAt[updates]! + MISS_AFTER_MS;
    while (performance.now() < deadline && streams.some((s) => Number.isNaN(s.seenAt[updates]!)))
      await new Promise((r) => setTimeout(r, 50));
    const elapsed = performance.now() - measured0;
    const benchCpuUsed = process.cpuUsage(benchCpu0);
    const serverCpu = (processCpuMs(server.pid) - serverCpu0) / elapsed;
    loop.disable();

    const latencies: number[] = [];
    let missed = 0;
    let early = 0;
    for (const s of streams) {
      for (let k = 1; k <= updates; k++) {
        const at = s.seenAt[k]!;
        const ms = at - answeredAt[k]!;
        if (Number.isNaN(at) || ms > MISS_AFTER_MS) missed++;
        else {
          if (ms < 0) early++;
          latencies.push(Math.max(0, ms));
        }
      }
    }
    for (const s of streams) s.req.destroy();
    agent.destroy();
    await new Promise((r) => setTimeout(r, 2000));
    return {
      clients,
      updates,
      connectSeconds,
      latencies: latencies.sort((a, b) => a - b),
      early,
      missed,
      rssBeforeMb,
      rssConnectedMb,
      rssAfterMb: rssMb(server.pid),
      benchLoopP99Ms: loop.percentile(99) / 1e6,
      benchLoopMaxMs: loop.max / 1e6,
      serverCpu,
      benchCpu: (benchCpuUsed.user + benchCpuUsed.system) / 1000 / elapsed,
    };
  } finally {
    for (const s of streams) s.req.destroy();
    agent.destroy();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

function summarize(xs: number[]): Latencies {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s.at(-1)!, n: s.length };
}

/** `n` requests one after another; every answer must have the expected status. */
async function sequential(
  url: string,
  n: number,
  status: number,
  headers: Record<string, string> = {},
): Promise<Latencies> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== status) throw new Error(`${url} answered ${res.status}, not ${status}`);
  }
  return summarize(times);
}

/**
 * The results of a published election: the first request (counts, seals, fills the cache), then
 * the API the /hasil/{id} page calls and the page itself, one request after another, then the
 * API under LOAD_CONNECTIONS concurrent connections, and a revalidation by ETag.
 */
async function benchResults(
  server: BenchServer,
  electionId: string,
  voters: number,
): Promise<ResultsFigures> {
  const apiUrl = `${server.url}/api/results/${electionId}`;
  const started = performance.now();
  const first = await fetch(apiUrl);
  const body = (await first.json()) as {
    sealed: boolean;
    results?: { totals: { ballots: number } };
  };
  const firstMs = performance.now() - started;
  if (first.status !== 200 || body.sealed || body.results?.totals.ballots !== voters)
    throw new Error(`results answered ${first.status}: ${JSON.stringify(body).slice(0, 200)}`);
  const etag = first.headers.get('etag');
  // Warm-up: the JIT and the connection pool.
  await sequential(apiUrl, 50, 200);
  const api = await sequential(apiUrl, SEQUENTIAL_REQUESTS, 200);
  const page = await sequential(`${server.url}/hasil/${electionId}`, SEQUENTIAL_REQUESTS, 200);
  const notModified = etag
    ? await sequential(apiUrl, SEQUENTIAL_REQUESTS, 304, { 'if-none-match': etag })
    : { p50: Number.NaN, p99: Number.NaN, max: Number.NaN, n: 0 };
  const latencies: number[] = [];
  const loadStarted = performance.now();
  let lastAnswer = loadStarted;
  const instance = autocannon({
    url: apiUrl,
    connections: LOAD_CONNECTIONS,
    amount: LOAD_REQUESTS,
    timeout: 30,
  });
  instance.on('response', (_c, _s, _b, responseTime) => {
    latencies.push(responseTime);
    lastAnswer = performance.now();
  });
  const result = await instance;
  if (result['2xx'] !== LOAD_REQUESTS || result.errors || result.timeouts || result.non2xx)
    throw new Error(
      `results under load: ${result['2xx']} of ${LOAD_REQUESTS} answered 2xx, ${result.errors} errors`,
    );
  const load = summarize(latencies);
  return {
    voters,
    firstMs,
    api,
    page,
    notModified,
    apiLoad: {
      p50: load.p50,
      p99: load.p99,
      rps: LOAD_REQUESTS / ((lastAnswer - loadStarted) / 1000),
      requests: LOAD_REQUESTS,
    },
  };
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const mb = (x: number) => `${Math.round(x)} MB`;

function liveRows(db: string, f: LiveFigures, load: number[]): Row[] {
  const deliveries = f.clients * f.updates;
  const max = f.latencies.at(-1) ?? Number.NaN;
  const context =
    `${f.clients.toLocaleString('en')} SSE clients (node:http in the bench process) on one server process; ` +
    `${f.updates} ballots cast over HTTP ${SPACING_MS} ms apart; ${deliveries.toLocaleString('en')} deliveries, ` +
    `each timed from the cast's answer to the client reading the new count` +
    (f.early ? ` (${f.early} read before the answer arrived, counted as 0 ms)` : '') +
    `; bench event loop delay p99 ${ms(f.benchLoopP99Ms)}, max ${ms(f.benchLoopMaxMs)}; ` +
    `CPU while measuring: server ${Math.round(f.serverCpu * 100)} %, bench ${Math.round(f.benchCpu * 100)} % of a core; ` +
    `load average ${load.map((x) => x.toFixed(2)).join(' ')} when the suite started`;
  return [
    {
      figure: `Live turnout, ${db}: delivery latency p50`,
      value: ms(percentile(f.latencies, 0.5)),
      note: context,
    },
    {
      figure: `Live turnout, ${db}: delivery latency p99`,
      value: ms(percentile(f.latencies, 0.99)),
    },
    {
      figure: `Live turnout, ${db}: delivery latency max (every update to every client)`,
      value: ms(max),
      budget: '≤ 1000 ms',
      pass: f.missed === 0 && max <= 1000,
    },
    {
      figure: `Live turnout, ${db}: updates missed`,
      value: `${f.missed} of ${deliveries.toLocaleString('en')}`,
      budget: '0',
      pass: f.missed === 0,
      note: `not read within ${MISS_AFTER_MS / 1000} s of the cast's answer`,
    },
    {
      figure: `Live turnout, ${db}: time to connect ${f.clients.toLocaleString('en')} streams`,
      value: `${f.connectSeconds.toFixed(2)} s`,
      note: `${CONNECT_BATCH} at a time, each until its first event (the current count)`,
    },
    {
      figure: `Live turnout, ${db}: server RSS before clients / with ${f.clients.toLocaleString('en')} connected / after they left`,
      value: `${mb(f.rssBeforeMb)} / ${mb(f.rssConnectedMb)} / ${mb(f.rssAfterMb)}`,
      note:
        `VmRSS of the server process (${mb(f.rssStartMb)} right after it started, before the results page was measured); ` +
        `${(((f.rssConnectedMb - f.rssBeforeMb) * 1024) / f.clients).toFixed(0)} KB per connected client`,
    },
  ];
}

function resultsRows(db: string, f: ResultsFigures): Row[] {
  const seq = (l: Latencies) =>
    `p99 ${ms(l.p99)}, max ${ms(l.max)}; ${l.n} requests one after another`;
  return [
    {
      figure: `Results API of a published election (${f.voters.toLocaleString('en')} ballots), ${db}: p50`,
      value: ms(f.api.p50),
      note: `GET /api/results/{id} as the /hasil/{id} page calls it, anonymous; ${seq(f.api)}, after the first request (which counted, sealed and cached: ${ms(f.firstMs)}) and 50 of warm-up`,
    },
    {
      figure: `Results API, ${db}: p99`,
      value: ms(f.api.p99),
      budget: '< 50 ms',
      pass: f.api.p99 < 50,
    },
    {
      figure: `Results API, ${db}: p99 under ${LOAD_CONNECTIONS} concurrent connections`,
      value: ms(f.apiLoad.p99),
      budget: '< 50 ms',
      pass: f.apiLoad.p99 < 50,
      note: `autocannon, ${f.apiLoad.requests} requests, p50 ${ms(f.apiLoad.p50)}, ${Math.round(f.apiLoad.rps)} req/s`,
    },
    {
      figure: `Results API revalidated by ETag (304), ${db}: p99`,
      value: ms(f.notModified.p99),
      note: `p50 ${ms(f.notModified.p50)}; ${f.notModified.n} requests with If-None-Match`,
    },
    {
      figure: `Results page /hasil/{id} (HTML), ${db}: p99`,
      value: ms(f.page.p99),
      budget: '< 50 ms',
      pass: f.page.p99 < 50,
      note: `p50 ${ms(f.page.p50)}; ${seq(f.page)}`,
    },
  ];
}
