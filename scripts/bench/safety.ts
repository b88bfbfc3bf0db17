// The safety figures: runs the security suites (permission matrix, hostile input, abuse, faults,
// secrecy) on PGlite and PostgreSQL and the browser's hostile text and uploads, and turns the
// figures each suite records (server/security/figures.ts) into rows of BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Row } from './measure.ts';

const root = path.resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

type Recorded = {
  suite: string;
  database: string;
  figures: Record<string, number | string>;
  summary: string;
};

/** Figures that must be zero for the suite to pass, whatever else it reports. */
const mustBeZero = ['serverErrors', 'links', 'votesLost', 'executed', 'unchangedViolations'];

const titles: Record<string, string> = {
  'permission-matrix': 'Permission matrix (operations × callers)',
  'hostile-input': 'Hostile input (property-based)',
  abuse: 'Abuse (sign-in, mail, origin, cookies, headers)',
  faults: 'Faults (kill, database restart, disk)',
  secrecy: 'Secrecy (schema, logs, exports)',
  'browser-hostile-text': 'Hostile text in Chromium (XSS in every rendered field)',
  'browser-hostile-uploads': 'Hostile uploads in Chromium',
};

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  const r = spawnSync('npx', [cmd, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return r.status === 0;
}

export async function benchSafety(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-safety-'));
  try {
    const env = { SAFETY_FIGURES_DIR: dir, TEST_DATABASE_URL: databaseUrl };
    const serverOk = run(
      'vitest',
      ['run', '--project', 'integration', '--project', 'integration-pg', 'server/security/'],
      env,
    );
    const browserOk = run(
      'playwright',
      ['test', 'e2e/hostile-text.spec.ts', 'e2e/hostile-uploads.spec.ts'],
      env,
    );

    const recorded = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Recorded)
      .sort((a, b) =>
        a.suite === b.suite ? a.database.localeCompare(b.database) : a.suite.localeCompare(b.suite),
      );

    const rows: Row[] = recorded.map((r) => {
      const zeros = mustBeZero.filter((k) => typeof r.figures[k] === 'number');
      const suiteOk = r.suite.startsWith('browser-hostile') ? browserOk : serverOk;
      const pass = suiteOk && zeros.every((k) => r.figures[k] === 0);
      return {
        figure: `${titles[r.suite] ?? r.suite}, ${r.database}`,
        value: r.summary,
        budget: zeros.length ? `${zeros.join(', ')}: 0; suite green` : 'suite green',
        pass,
      };
    });

    const sum = (key: string) =>
      recorded.reduce((n, r) => n + (typeof r.figures[key] === 'number' ? r.figures[key] : 0), 0);
    const missing = Object.keys(titles).filter((s) => !recorded.some((r) => r.suite === s));
    rows.push({
      figure: 'Votes lost (all faults, all databases)',
      value: String(sum('votesLost')),
      budget: '0',
      pass: sum('votesLost') === 0 && recorded.some((r) => r.suite === 'faults'),
    });
    rows.push({
      figure: 'Suites that reported figures',
      value: `${new Set(recorded.map((r) => r.suite)).size} of ${Object.keys(titles).length}`,
      budget: 'all',
      pass: missing.length === 0,
      note: missing.length ? `missing: ${missing.join(', ')}` : '',
    });
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
