// `npm test`: typecheck, lint, unit + integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and end-to-end tests in Chromium. Every step runs; the run fails if any did.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

type Step = { name: string; cmd: string; args: string[]; env?: Record<string, string> };

// The static checks are single-threaded: they run two at a time, each one's output printed whole
// when it ends. The test steps then run one after the other, each using the whole machine.
const checks: Step[] = [
  { name: 'typecheck (server, web, e2e)', cmd: 'node', args: ['scripts/typecheck.ts'] },
  { name: 'lint', cmd: 'eslint', args: ['.'] },
  { name: 'format', cmd: 'prettier', args: ['--check', '.', '--log-level', 'warn'] },
  { name: 'import cycles', cmd: 'node', args: ['scripts/check-import-cycles.ts'] },
];

const steps: Step[] = [
  {
    name: process.env.TEST_DATABASE_URL
      ? 'unit + integration (PGlite, PostgreSQL)'
      : 'unit + integration (PGlite)',
    cmd: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
  {
    name: 'end-to-end (Chromium)',
    cmd: 'playwright',
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];

function runBuffered(step: Step): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      console.log(`\n▶ ${step.name}`);
      process.stdout.write(Buffer.concat(out));
      results.push({ name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
      resolve();
    });
  });
}

const queue = [...checks];
await Promise.all(
  [0, 1].map(async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await runBuffered(step);
  }),
);

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  results.push({ name: step.name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};
type PwSuite = {
  file?: string;
  specs?: {
    title: string;
    ok: boolean;
    file: string;
    line: number;
    tests?: { status: string }[];
  }[];
  suites?: PwSuite[];
};
const vitest = readJson<VitestReport>(vitestReport);
const pw = readJson<{
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PwSuite[];
  errors?: { message?: string }[];
}>(playwrightReport);

// The failed tests by name, with the first line of what went wrong: the end of a long log is
// often all that is kept of a run. A report shaped otherwise than expected only shortens the list.
const firstLine = (text = '') => text.split('\n').find((l) => l.trim()) ?? '';
const failures: string[] = [];
try {
  for (const file of vitest?.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (!failedTests.length && file.message) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  const walk = (suite: PwSuite) => {
    for (const spec of suite.specs ?? []) {
      const flaky = spec.tests?.some((t) => t.status === 'flaky');
      if (!spec.ok || flaky)
        failures.push(`${spec.file}:${spec.line} › ${spec.title}${flaky ? ' (flaky)' : ''}`);
    }
    suite.suites?.forEach(walk);
  };
  pw?.suites?.forEach(walk);
  for (const e of pw?.errors ?? []) failures.push(`playwright: ${firstLine(e.message)}`);
} catch (err) {
  failures.push(`(the reports could not be read whole: ${String(err)})`);
}
const passed = (vitest?.numPassedTests ?? 0) + (pw?.stats.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (pw?.stats.unexpected ?? 0) + (pw?.stats.flaky ?? 0);
fs.rmSync(reports, { recursive: true, force: true });

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const stepsFailed = results.filter((r) => !r.ok).length;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
for (const f of failures) console.log(`  ✗ ${f.slice(0, 300)}`);
if (stepsFailed || failed || passed === 0) process.exit(1);
