// `npm run bench [-- --only <suite>]`: measures on this machine and writes BENCHMARKS.md.
// A run with --only replaces its own section and keeps the others as they were; `--only frontend
// --page voting` measures one page of the front end (and the booth when it is that page) and only
// prints, since a partial section would replace the whole one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchCrypto } from './bench/crypto.ts';
import { benchElections, benchInstances } from './bench/elections.ts';
import { benchFrontend } from './bench/frontend.ts';
import { benchLive } from './bench/live.ts';
import { benchMemory } from './bench/memory.ts';
import type { Row } from './bench/measure.ts';
import { benchSafety } from './bench/safety.ts';
import { benchStartup } from './bench/startup.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: '3' },
    page: { type: 'string' },
  },
});
const runs = Number(values.runs);

const suites: { id: string; title: string; run: () => Promise<Row[]> }[] = [
  {
    id: 'startup',
    title: 'Install and start (whole processes, medians)',
    run: () => benchStartup(runs),
  },
  {
    id: 'elections',
    title: 'Elections: casting over HTTP and counting',
    run: () => benchElections(),
  },
  {
    id: 'instances',
    title: 'Several instances: casting through nginx on one PostgreSQL, and idle memory',
    run: async () => [...(await benchMemory(runs)), ...(await benchInstances())],
  },
  {
    id: 'crypto',
    title: 'Verifiable elections: ballots, verifiers, tally and decryption',
    run: () => benchCrypto(),
  },
  {
    id: 'live',
    title: 'Live turnout and the results page (one server process)',
    run: () => benchLive(),
  },
  {
    id: 'safety',
    title: 'Safety: permissions, hostile input, abuse, faults, secrecy',
    run: () => benchSafety(),
  },
  {
    id: 'frontend',
    title: 'Front end: first-view JavaScript and Lighthouse (mobile)',
    run: () => benchFrontend(runs, values.page),
  },
];
// A partial measure (one page, no Lighthouse, or under a trace) is printed, never written.
const partial = Boolean(values.page) || runs === 0 || Boolean(process.env.BENCH_TRACE_DIR);
if ((values.page || runs === 0) && values.only !== 'frontend') {
  console.error('--page and --runs 0 measure the front end only: add --only frontend');
  process.exit(1);
}
if (values.only && !suites.some((s) => s.id === values.only)) {
  console.error(`unknown suite ${values.only}; one of: ${suites.map((s) => s.id).join(', ')}`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'BENCHMARKS.md');
const today = new Date().toISOString().slice(0, 10);

// The sections already in the file, by title; a section without its own date gets the old header's.
const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
const previousDate = /npm run bench` on (\d{4}-\d{2}-\d{2})/.exec(previous)?.[1];
const kept = new Map<string, string>();
for (const part of previous.split(/^(?=## )/m).slice(1)) {
  const title = part.slice(3, part.indexOf('\n')).trim();
  let body = part.trimEnd();
  if (previousDate && !/^Measured on /m.test(body))
    body = body.replace(/\n\n/, `\n\nMeasured on ${previousDate}.\n\n`);
  kept.set(title, `${body}\n`);
}

const sections = new Map<string, string>();
for (const suite of suites) {
  if (values.only && values.only !== suite.id) continue;
  console.log(`bench: ${suite.title}`);
  const rows = await suite.run();
  const table = [
    '| figure | value | budget | result | runs |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.figure} | ${r.value} | ${r.budget ?? '—'} | ${r.pass === undefined ? '—' : r.pass ? 'pass' : 'FAIL'} | ${r.note ?? ''} |`,
    ),
  ].join('\n');
  sections.set(suite.title, `## ${suite.title}\n\nMeasured on ${today}.\n\n${table}\n`);
  console.log(table);
}

// Suites in their order, then any other section the file had.
const ordered = [
  ...suites.map((s) => sections.get(s.title) ?? kept.get(s.title)),
  ...[...kept].filter(([title]) => !suites.some((s) => s.title === title)).map(([, s]) => s),
].filter((s): s is string => s !== undefined);

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = `# Benchmarks

Measured by \`npm run bench\` on ${today}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}.
Figures are whole-process wall times unless a row says otherwise; each row gives the individual runs.
Each section says when it was measured (\`--only <suite>\` re-measures one section and keeps the others).
`;
if (partial) console.log('BENCHMARKS.md not written: a partial measure, or one under a trace');
else {
  fs.writeFileSync(file, `${header}\n${ordered.join('\n')}`);
  console.log('BENCHMARKS.md written');
}
