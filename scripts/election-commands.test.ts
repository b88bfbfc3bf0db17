import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { ENCRYPTED_BALLOT_FORMAT, setUpRecord } from '../server/elections/record/setup-record.ts';
import { pgliteTemplate } from '../server/test/database.ts';
import { insertOpenElection, insertVoters } from '../server/test/elections.ts';

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-election-cli-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs `npm run <script> -- …` the way an operator does (same script, same Node). */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

const belenios = (dir: string) =>
  spawnSync('belenios-tool', ['election', 'verify', '--dir', dir], { encoding: 'utf8' });

const recordIn = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.bel'));

// Each run is a new process with its own embedded database: seconds each, more on a busy machine.
describe('npm run election:simulate', { timeout: 240_000 }, () => {
  for (const voters of [3, 50]) {
    it(`runs a ${voters}-voter election through the server's code; both verifiers accept its record`, () => {
      const out = path.join(work, `sim-${voters}`);
      const sim = run('scripts/election-simulate.ts', [
        '--voters',
        String(voters),
        '--candidates',
        '5',
        '--abstain',
        '--trustees',
        '3',
        '--threshold',
        '2',
        '--out',
        out,
      ]);
      expect(sim.out).toContain('sesuai dengan suara yang diberikan');
      expect(sim.code).toBe(0);
      expect(recordIn(out)).toHaveLength(1);
      const theirs = belenios(out);
      expect(theirs.stdout + theirs.stderr).toContain('all checks passed');
      expect(theirs.status).toBe(0);
      const ours = run('scripts/verify-election.ts', [out]);
      expect(ours.out).toContain('rekaman pemilihan SAH');
      expect(ours.code).toBe(0);

      // One byte of one ballot changed: both refuse the record.
      const file = path.join(out, recordIn(out)[0]!);
      const bytes = fs.readFileSync(file);
      const at = bytes.indexOf('"credential":"') + 20;
      bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
      fs.writeFileSync(file, bytes);
      expect(belenios(out).status).not.toBe(0);
      expect(run('scripts/verify-election.ts', [out]).code).toBe(1);
    });
  }

  it('refuses wrong options with a message, and writes nothing', () => {
    const out = path.join(work, 'sim-bad');
    for (const args of [
      ['--voters', '0', '--out', out],
      ['--voters', '3', '--trustees', '2', '--threshold', '3', '--out', out],
      ['--voters', '3'],
      ['--voters', '3', '--out', out, '--unknown'],
    ]) {
      const r = run('scripts/election-simulate.ts', args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out).toContain('Pemakaian:');
    }
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('npm run election:export', { timeout: 240_000 }, () => {
  let dataDir: string;
  let verifiableId: string;
  let plainId: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(work, 'data-'));
    const database = await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() });
    try {
      const db = database.db;
      const people = await insertVoters(db, 2);
      const { election } = await insertOpenElection(db, {
        nims: people.map((p) => p.nim),
        ballotFormat: ENCRYPTED_BALLOT_FORMAT,
      });
      await db.transaction((tx) => setUpRecord(tx, election, new Date()));
      verifiableId = election.id;
      plainId = (await insertOpenElection(db, { nims: [people[0]!.nim] })).election.id;
    } finally {
      await database.close();
    }
  });

  it('writes the record so far as <uuid>.bel, which belenios-tool verifies', () => {
    const out = path.join(work, 'export');
    const r = run('scripts/election-export.ts', [verifiableId, '--out', out], {
      DATA_DIR: dataDir,
    });
    expect(r.out).toContain('Rekaman ditulis');
    expect(r.code).toBe(0);
    expect(recordIn(out)).toHaveLength(1);
    expect(belenios(out).status).toBe(0);
  });

  it('explains an election without a record, and a bad id, and exits 1', () => {
    const out = path.join(work, 'export-none');
    const plain = run('scripts/election-export.ts', [plainId, '--out', out], { DATA_DIR: dataDir });
    expect(plain.code).toBe(1);
    expect(plain.out).toContain('tidak memiliki rekaman publik');
    const bad = run('scripts/election-export.ts', ['bukan-id', '--out', out], {
      DATA_DIR: dataDir,
    });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('ID pemilihan tidak valid');
    expect(fs.existsSync(out)).toBe(false);
  });
});
