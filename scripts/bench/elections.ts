import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { benchCasting, type CastingFigures, type Load, type Target } from './casting.ts';
import { benchCounting, type CountingFigures } from './counting.ts';
import { failed, median, type Row } from './measure.ts';

/** The PostgreSQL server the bench creates its database on (the test suite's, else the README's local one). */
const adminUrl = () =>
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const VOTERS = 4000;
const WARMUP = 512;
const BASELINE_REQUESTS = 10_000;
const CONNECTIONS = 64;
const BALLOTS = 1_000_000;
const COUNT_RUNS = 3;

/**
 * Casting over HTTP against a bare single-row INSERT endpoint on the same server stack, and
 * counting a million ballots, on PGlite (a temporary DATA_DIR) and on PostgreSQL (a database
 * created here and dropped afterwards).
 */
export async function benchElections(
  sizes: { voters?: number; warmup?: number; baselineRequests?: number; ballots?: number } = {},
): Promise<Row[]> {
  const castingOpts = {
    voters: sizes.voters ?? VOTERS,
    warmup: sizes.warmup ?? WARMUP,
    baselineRequests: sizes.baselineRequests ?? BASELINE_REQUESTS,
    connections: CONNECTIONS,
  };
  const countingOpts = { ballots: sizes.ballots ?? BALLOTS, runs: COUNT_RUNS };
  const rows: Row[] = [];
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
      console.log(`bench: casting on ${label}`);
      try {
        const figures = await benchCasting(target, castingOpts);
        if ((figures.otherCpu ?? 0) > 0.1)
          console.warn(
            `bench: other processes used ${Math.round(figures.otherCpu! * 100)} % of the CPUs while casting on ${label} was measured; its figures are unreliable`,
          );
        rows.push(...castingRows(label, figures));
      } catch (err) {
        rows.push(failed(`Casting over HTTP, ${label}`, err));
      }
      console.log(`bench: counting on ${label}`);
      try {
        rows.push(...countingRows(label, await benchCounting(target, countingOpts)));
      } catch (err) {
        rows.push(
          failed(`Counting ${countingOpts.ballots.toLocaleString('en')} ballots, ${label}`, err),
        );
      }
    } finally {
      await target.dispose();
    }
  }
  return rows;
}

export function pgliteTarget(): Target & { dispose: () => Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-bench-elections-'));
  return {
    open: () => openDatabase({ dataDir }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(): Promise<Target & { dispose: () => Promise<void> }> {
  const admin = adminUrl();
  const name = `bem_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  // The server process still wants a DATA_DIR (mail folder, web folder).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-bench-elections-'));
  return {
    open: () => openDatabase({ dataDir, databaseUrl: url.toString() }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await run(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const rps = (x: number) => `${Math.round(x)} req/s`;

function castingRows(db: string, f: CastingFigures): Row[] {
  const onPostgres = db === 'PostgreSQL';
  const describe = (l: Load) =>
    `${f.connections} connections, ${l.requests} requests in ${l.seconds.toFixed(1)} s, ` +
    `rounds ${l.rounds.map((x) => Math.round(x)).join(', ')} req/s`;
  const ratio = f.cast.rps / f.baseline.rps;
  return [
    {
      figure: `Casting over HTTP, ${db}: throughput (each request a different signed-in voter)`,
      value: rps(f.cast.rps),
      note:
        `${describe(f.cast)}; after ${f.warmup} casts of warm-up (the first ${f.signIns} voters signed in ` +
        'through the sign-in endpoint, the others got their sessions from better-auth directly); ' +
        'server in its own process, autocannon on the same machine; every answer 201, one ballot per answer',
    },
    { figure: `Casting over HTTP, ${db}: p50 latency`, value: ms(f.cast.p50) },
    {
      figure: `Casting over HTTP, ${db}: p99 latency`,
      value: ms(f.cast.p99),
      ...(onPostgres ? { budget: '< 100 ms', pass: f.cast.p99 < 100 } : {}),
    },
    {
      figure: `Baseline (bare single-row INSERT endpoint, same stack), ${db}: throughput`,
      value: rps(f.baseline.rps),
      note: `${describe(f.baseline)}; rounds alternate with casting's`,
    },
    { figure: `Baseline, ${db}: p50 latency`, value: ms(f.baseline.p50) },
    { figure: `Baseline, ${db}: p99 latency`, value: ms(f.baseline.p99) },
    {
      figure: `Casting / baseline throughput, ${db}`,
      value: ratio.toFixed(2),
      ...(onPostgres ? { budget: '≥ 0.5', pass: ratio >= 0.5 } : {}),
      note:
        `${rps(f.cast.rps)} / ${rps(f.baseline.rps)}; other processes (not the bench, its server or PostgreSQL) ` +
        `used ${f.otherCpu === undefined ? 'an unknown share' : `${Math.round(f.otherCpu * 100)} %`} of the CPUs during the measured rounds`,
    },
  ];
}

function countingRows(db: string, f: CountingFigures): Row[] {
  const n = f.ballots.toLocaleString('en');
  const m = median(f.countMs);
  return [
    {
      figure: `Counting ${n} ballots (countBallots, one GROUP BY), ${db}: median of ${f.countMs.length}`,
      value: ms(m),
      budget: '< 1 s',
      pass: m < 1000,
      note: `${f.countMs.map((x) => x.toFixed(0)).join(', ')} ms, right after loading (no VACUUM or ANALYZE); the ballots were seeded by SQL in ${f.seedSeconds.toFixed(0)} s`,
    },
    {
      figure: `Full computeResults over ${n} ballots (every digest, ballot chain, turnout, seal), ${db}`,
      value: `${(f.computeMs / 1000).toFixed(2)} s`,
      note: 'one run, informational (no budget)',
    },
  ];
}

/**
 * Casting through nginx (deploy/nginx/bem.conf) on PostgreSQL, in front of one and of two server
 * processes: what a second instance buys on this machine. Each setup gets a new database.
 */
export async function benchInstances(
  sizes: { voters?: number; warmup?: number; baselineRequests?: number } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  const results: Partial<Record<1 | 2, CastingFigures>> = {};
  for (const n of [1, 2] as const) {
    const label = n === 1 ? 'one instance' : 'two instances';
    const target = await postgresTarget();
    try {
      console.log(`bench: casting through nginx, ${label}`);
      const f = await benchCasting(target, {
        voters: sizes.voters ?? VOTERS,
        warmup: sizes.warmup ?? WARMUP,
        baselineRequests: sizes.baselineRequests ?? VOTERS,
        connections: CONNECTIONS,
        behindNginx: n,
      });
      results[n] = f;
      const describe = (l: Load) =>
        `${f.connections} connections, ${l.requests} requests in ${l.seconds.toFixed(1)} s, ` +
        `rounds ${l.rounds.map((x) => Math.round(x)).join(', ')} req/s`;
      rows.push(
        {
          figure: `Casting through nginx, PostgreSQL, ${label}: throughput`,
          value: rps(f.cast.rps),
          note:
            `${describe(f.cast)}; after ${f.warmup} casts of warm-up; every answer 201, one ballot per answer; ` +
            `other processes used ${f.otherCpu === undefined ? 'an unknown share' : `${Math.round(f.otherCpu * 100)} %`} of the CPUs`,
        },
        { figure: `Casting through nginx, ${label}: p50 latency`, value: ms(f.cast.p50) },
        { figure: `Casting through nginx, ${label}: p99 latency`, value: ms(f.cast.p99) },
        {
          figure: `Baseline through nginx (bare INSERT endpoint), ${label}: throughput`,
          value: rps(f.baseline.rps),
          note: `${describe(f.baseline)}; rounds alternate with casting's`,
        },
      );
    } catch (err) {
      rows.push(failed(`Casting through nginx, ${label}`, err));
    } finally {
      await target.dispose();
    }
  }
  if (results[1] && results[2])
    rows.push({
      figure: 'Casting through nginx: two instances / one instance',
      value: (results[2].cast.rps / results[1].cast.rps).toFixed(2),
      note:
        'on 2 CPU cores shared by the instances, nginx, PostgreSQL and the load generator, a second ' +
        'instance adds no CPU: it can only overlap one instance’s waits on the database with ' +
        'the other’s work',
    });
  return rows;
}
