// `npm run verify-election -- DIR` on a record folder: each check printed, the verdict, the exit code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256B64 } from '../shared/crypto/hash.ts';
import { readSetupData, serializeSetupData } from '../shared/crypto/record/items.ts';
import { readRecord, RecordWriter } from '../shared/crypto/record/record.ts';
import { simulateElection } from '../shared/crypto/simulate.ts';

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-record-'));
let sim: ReturnType<typeof simulateElection>;

function verify(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/verify-election.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  // A process ended by a signal (a crash, the timeout) says which in its output.
  return { code: r.status, out: r.stdout + r.stderr + (r.signal ? `\n[${r.signal}]` : '') };
}

function folderWith(name: string, bytes: Uint8Array): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, `${sim.uuid}.bel`), bytes);
  return dir;
}

beforeAll(() => {
  const question = {
    answers: ['Paslon 1', 'Paslon 2'],
    blank: true,
    min: 1,
    max: 1,
    question: 'Ketua',
  };
  sim = simulateElection({ voters: 3, questions: [question], trustees: 3, threshold: 2 });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('verify-election on a record folder', () => {
  it('prints every check and a valid verdict, exit 0', () => {
    const { code, out } = verify(folderWith('ok', sim.record.toArchive()));
    expect(code).toBe(0);
    expect(out).toMatch(/✓ Surat suara: 3 surat suara sah/);
    expect(out).toMatch(/✓ Hasil: hasil/);
    expect(out).toMatch(/Kesimpulan: rekaman pemilihan SAH/);
  });

  it('an election object nobody can read: a verdict naming it, not a crash, exit 1', () => {
    // A well-chained record whose Setup names an election object that is not one.
    const record = readRecord(sim.record.toArchive());
    const setup = readSetupData(record.data.get(record.events[0]!.event.payload!)!);
    const writer = new RecordWriter(record.timestamp);
    const e = writer.addData('{"version":1,"bukan":"pemilihan"}');
    const t = writer.addData(record.data.get(setup.trustees)!);
    const c = writer.addData(record.data.get(setup.credentials)!);
    writer.addEvent('Setup', writer.addData(serializeSetupData(e, t, c)));
    for (const { event } of record.events)
      if (event.type === 'Ballot')
        writer.addEvent('Ballot', writer.addData(record.data.get(event.payload!)!));
    const { code, out } = verify(folderWith('unreadable', writer.toArchive()));
    expect(code).toBe(1);
    expect(out).toMatch(/✗ Parameter pemilihan/);
    expect(out).toMatch(/TIDAK SAH — gagal pada "Parameter pemilihan"/);
    expect(out).not.toMatch(/at .*\.ts:\d+/);
  });

  it('names the first check that fails, exit 1', () => {
    const bytes = Uint8Array.from(sim.record.toArchive());
    const at = new TextDecoder().decode(bytes).indexOf('"beta":"') + 10;
    bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
    const { code, out } = verify(folderWith('tampered', bytes));
    expect(code).toBe(1);
    expect(out).toMatch(/✗ Arsip dan rantai hash/);
    expect(out).toMatch(/TIDAK SAH — gagal pada "Arsip dan rantai hash"/);
  });

  it('compares the credentials announced at lock, and refuses a folder without exactly one record', () => {
    const dir = folderWith('announced', sim.record.toArchive());
    const fp = sha256B64(sim.credentialsText);
    expect(verify(dir, '--credentials', `3:${fp}`).code).toBe(0);
    const wrong = verify(dir, '--credentials', `4:${fp}`);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/yang diumumkan saat penguncian 4/);
    fs.mkdirSync(path.join(work, 'empty'));
    expect(verify(path.join(work, 'empty')).out).toMatch(/tepat satu berkas \.bel/);
  });
});
