// `npm run bench [-- --only startup]`: measures on this machine and writes BENCHMARKS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Row } from './bench/measure.ts';
import { benchStartup } from './bench/startup.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);

const suites: { id: string; title: string; run: () => Promise<Row[]> }[] = [
  {
    id: 'startup',
    title: 'Install and start (whole processes, medians)',
    run: () => benchStartup(runs),
  },
];

const root = path.resolve(import.meta.dirname, '..');
const sections: string[] = [];
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
  sections.push(`## ${suite.title}\n\n${table}\n`);
  console.log(table);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}.
Figures are whole-process wall times unless a row says otherwise; each row gives the individual runs.
`;
fs.writeFileSync(path.join(root, 'BENCHMARKS.md'), `${header}\n${sections.join('\n')}`);
console.log('BENCHMARKS.md written');
