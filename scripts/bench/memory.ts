// Idle memory of one instance: the server started as `npm start` starts it (the one-file build and
// package.json's Node options) and, for comparison, from its TypeScript sources with no option;
// its resident set read from /proc a few seconds after it answers /readyz.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, startNodeArgs } from '../build-server.ts';
import { postgresTarget } from './elections.ts';
import { median, type Row } from './measure.ts';
import { startServerProcess } from '../../server/test/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SETTLE_MS = 6_000;

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

async function idleRss(opts: {
  databaseUrl?: string;
  entry: string;
  nodeArgs: string[];
}): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-bench-memory-'));
  try {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      entry: opts.entry,
      nodeArgs: opts.nodeArgs,
    });
    try {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      return rssMb(server.pid);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMemory(runs: number): Promise<Row[]> {
  const bundle = path.relative(root, buildServer());
  const args = startNodeArgs();
  const rows: Row[] = [];
  const target = await postgresTarget();
  try {
    for (const db of ['PostgreSQL', 'PGlite'] as const) {
      const databaseUrl = db === 'PostgreSQL' ? target.serverEnv.DATABASE_URL : undefined;
      for (const how of ['npm start', 'sources'] as const) {
        const values: number[] = [];
        for (let r = 0; r < runs; r++)
          values.push(
            await idleRss(
              how === 'npm start'
                ? { databaseUrl, entry: bundle, nodeArgs: args }
                : { databaseUrl, entry: 'server/main.ts', nodeArgs: [] },
            ),
          );
        const m = median(values);
        rows.push({
          figure:
            how === 'npm start'
              ? `Idle instance, ${db}: resident memory (as npm start runs it)`
              : `Idle instance, ${db}: resident memory from the TypeScript sources, no Node option`,
          value: `${Math.round(m)} MB`,
          ...(how === 'npm start' && db === 'PostgreSQL'
            ? { budget: '≤ 200 MB', pass: m <= 200 }
            : {}),
          note:
            `VmRSS ${SETTLE_MS / 1000} s after /readyz answered; runs ${values.map((v) => Math.round(v)).join(', ')} MB` +
            (how === 'npm start' ? `; ${bundle} with ${args.join(' ') || 'no option'}` : ''),
        });
      }
    }
  } finally {
    await target.dispose();
  }
  return rows;
}
